import {
  changePasswordSchema, forgotPasswordSchema, resetPasswordSchema,
  type ChangePasswordInput, type ForgotPasswordInput, type ResetPasswordInput,
} from '../../lib/schemas/passwords';
import { CODE_MAX_ATTEMPTS, codeHash, companyFor, sendCodeEmail } from './codes';
import { isoNow } from '../core/crypto';
import { confirmEmail, consumeCode, countWrongGuess, findLiveCode, setPassword, type CodePurpose } from './queries';
import { sendPayoutNotice } from '../profile/payout-notice';
import { findAmbassadorByUser } from '../profile/ambassador-queries';
import { findUserByEmail, revokeUserTokens } from './user-queries';
import { ApiError, fieldError } from '../core/errors';
import { ensureOwn } from '../core/token-auth';
import { hashPassword, verifyPassword } from './password-hash';
import {
  CHANGE_PASSWORD_LIMITS, clientAndAccount, clientLimit, enforce, FORGOT_LIMITS, refund, RESET_LIMITS,
} from '../core/rate-limit';
import type { Caller, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { t, type MessageKey } from '../../lib/i18n';

// Forgot / reset / set / change password. Answers never tell whether an e-mail has an account: forgot
// always says the e-mail was sent, and a reset for an unknown e-mail is "no verification code found",
// the same as for a known one that never asked. Success answers are `{ detail }` in English (the
// pages show their own text in the page language).

const en = (key: MessageKey) => t('en', key);

function sameHash(a: string, b: string) {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * POST /auth/ambassador/forgot_password/?host= - e-mails a reset code (or a set-password link to an
 * account without a password) after the answer, so the answer takes the same time either way.
 */
export async function forgotPassword(svc: ServiceContext, host: string | null, input: ForgotPasswordInput) {
  const company = await companyFor(svc, host);
  const { email } = parseWith(forgotPasswordSchema, input);
  await enforce(svc.db, await clientAndAccount(svc, 'forgot', company.id, email, FORGOT_LIMITS));
  const work = (async () => {
    const user = await findUserByEmail(svc.db, company.id, email);
    if (!user || !(await findAmbassadorByUser(svc.db, company.id, user.id))) return;
    if (user.password_hash) await sendCodeEmail(svc, company, user, 'reset', 'reset_password', host);
    else await sendCodeEmail(svc, company, user, 'set_password', 'set_password', host);
  })();
  svc.waitUntil(work.catch((err) => console.error('passwords: background work failed', err)));
  return { detail: en('forgotPasswordSuccess'), is_email_sent: true };
}

/** Checks an e-mailed code and sets the new password; ends every session of the account. */
async function confirmCode(svc: ServiceContext, host: string | null, input: ResetPasswordInput, purpose: CodePurpose) {
  const company = await companyFor(svc, host);
  await enforce(svc.db, await clientLimit(svc, 'reset', RESET_LIMITS.client));
  const body = parseWith(resetPasswordSchema, input);
  const noCode = new ApiError('bad_request', 'noVerificationCode');
  const user = await findUserByEmail(svc.db, company.id, body.email);
  if (!user || (purpose === 'set_password' && user.password_hash)) throw noCode;
  const row = await findLiveCode(svc.db, company.id, user.id, purpose, isoNow(), CODE_MAX_ATTEMPTS);
  if (!row) throw noCode;
  if (!sameHash(await codeHash(company.id, user.id, body.code), row.code_hash)) {
    const used = await countWrongGuess(svc.db, company.id, row.id);
    if (used >= CODE_MAX_ATTEMPTS) throw new ApiError('bad_request', 'codeLocked');
    throw fieldError('code', 'invalidCode');
  }
  const hash = await hashPassword(body.password);
  if (!(await consumeCode(svc.db, company.id, row.id, isoNow(), CODE_MAX_ATTEMPTS))) throw noCode;
  await setPassword(svc.db, company.id, user.id, hash, isoNow());
  await revokeUserTokens(svc.db, company.id, user.id, isoNow());
  // The code came by e-mail: the address is proven now, and payout details set before it was are gone.
  const cleared = await confirmEmail(svc.db, company.id, user.id);
  if (cleared) await sendPayoutNotice(svc, company, user, 'cleared', cleared);
  return { detail: en(purpose === 'reset' ? 'resetPasswordSuccess' : 'setPasswordSuccess') };
}

/** POST /auth/ambassador/reset_password/?host= - code, email, password, repeat_password. */
export const resetPassword = (svc: ServiceContext, host: string | null, input: ResetPasswordInput) =>
  confirmCode(svc, host, input, 'reset');

/** POST /auth/ambassador/set_password/?host= - the first password of an account created without one. */
export const setFirstPassword = (svc: ServiceContext, host: string | null, input: ResetPasswordInput) =>
  confirmCode(svc, host, input, 'set_password');

/**
 * POST /users/{id}/password/ - changes the caller's password; the current one is required when the
 * account has one. Every other session of the account ends, this one stays.
 */
export async function changePassword(svc: ServiceContext, caller: Caller, userId: number | string, input: ChangePasswordInput) {
  const p = caller.principal;
  ensureOwn(p.userId, userId);
  const body = parseWith(changePasswordSchema, input);
  const user = caller.user;
  const hits = await enforce(svc.db, [{ key: `pwchange:acct:${p.companyId}:${p.userId}`, ...CHANGE_PASSWORD_LIMITS.account }]);
  // An account created without a password (registration, single sign-on) has no current one to give.
  if (user.password_hash) {
    if (!body.current_password) throw fieldError('current_password', 'required');
    if (!(await verifyPassword(body.current_password, user.password_hash))) {
      throw new ApiError('bad_request', 'currentPasswordWrong');
    }
  }
  await setPassword(svc.db, p.companyId, p.userId, await hashPassword(body.password), isoNow());
  await revokeUserTokens(svc.db, p.companyId, p.userId, isoNow(), p.tokenHash);
  await refund(svc.db, hits);
  return { detail: en('passwordChanged') };
}
