import type { Detail, ForgotPasswordAnswer } from '../../lib/schemas/accounts';
import {
  changePasswordSchema, forgotPasswordSchema, resetPasswordSchema,
  type ChangePasswordBody, type ForgotPasswordBody, type ResetPasswordBody,
} from '../../lib/schemas/passwords';
import { codeHash, companyFor, sendCodeEmail } from './codes';
import { isoNow } from '../core/crypto';
import { findCodeByHash, hasLiveCode, redeemCode, setPassword, type CodePurpose } from './queries';
import { sendPayoutNotice } from './payout-notice';
import { findAmbassadorByUser, findUserByEmail } from './user-queries';
import { ApiError, fieldError } from '../core/errors';
import { ensureOwn } from '../core/token-auth';
import { hashPassword, verifyPassword } from './password-hash';
import {
  accountId, CHANGE_PASSWORD_LIMITS, clientId, clientLimit, enforce, FORGOT_LIMITS, hit, knownClientKey, peek, refund,
  rememberClientStatement, RESET_LIMITS, tooMany, type Limit,
} from '../core/rate-limit';
import type { Caller, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { t, type MessageKey } from '../../lib/i18n';

// Forgot / reset / set / change password. Answers never tell whether an e-mail has an account: forgot
// always says the e-mail was sent, and a reset for an unknown e-mail is "no verification code found",
// the same as for a known one that never asked. Success answers are `{ detail }` in English (the
// pages show their own text in the page language).

const en = (key: MessageKey) => t('en', key);

/**
 * POST /auth/ambassador/forgot_password/?host= - e-mails a reset code (or a set-password link to an
 * account without a password) after the answer, so the answer takes the same time either way. Past the
 * client's limit: 429. Past the account's e-mail budget (requests from anywhere): the same answer, and
 * no further e-mail; the codes sent before stay valid, so requests by strangers never lock the owner out.
 */
export async function forgotPassword(svc: ServiceContext, host: string | null, input: ForgotPasswordBody): Promise<ForgotPasswordAnswer> {
  const company = await companyFor(svc, host);
  const { email } = parseWith(forgotPasswordSchema, input);
  await enforce(svc.db, await clientLimit(svc, 'forgot', FORGOT_LIMITS.client));
  const budget = await hit(svc.db, { key: `forgot:acct:${await accountId(company.id, email)}`, ...FORGOT_LIMITS.account });
  const work = (async () => {
    if (budget.count > budget.limit) return;
    const user = await findUserByEmail(svc.db, company.id, email);
    if (!user || !(await findAmbassadorByUser(svc.db, company.id, user.id))) return;
    if (user.password_hash) await sendCodeEmail(svc, company, user, 'reset', 'reset_password', host);
    else await sendCodeEmail(svc, company, user, 'set_password', 'set_password', host);
  })();
  svc.waitUntil(work.catch((err) => console.error('passwords: background work failed', err)));
  return { detail: en('forgotPasswordSuccess'), is_email_sent: true };
}

/** Wrong codes of one client for one account (`account`: accountId(); clients without an address share one bucket per account). */
async function guessLimit(svc: ServiceContext, account: string): Promise<Limit> {
  const client = (await clientId(svc)) ?? 'none';
  return { key: `reset:guess:${client}:${account}`, ...RESET_LIMITS.guess };
}

/**
 * Checks an e-mailed code and sets the new password; ends every session of the account. Any live code of
 * the account works (a newer request does not kill the code in the owner's hands). Wrong codes count per
 * client and account: past RESET_LIMITS.guess that client gets 429 for the account, and the codes stay
 * valid for everybody else. Success proves the e-mail (payout details set before are cleared, the owner
 * is told) and makes this client known to the account's login guard.
 */
async function confirmCode(svc: ServiceContext, host: string | null, input: ResetPasswordBody, purpose: CodePurpose): Promise<Detail> {
  const company = await companyFor(svc, host);
  await enforce(svc.db, await clientLimit(svc, 'reset', RESET_LIMITS.client));
  const body = parseWith(resetPasswordSchema, input);
  const account = await accountId(company.id, body.email);
  const guesses = await guessLimit(svc, account);
  if ((await peek(svc.db, guesses)) >= guesses.limit) throw tooMany(guesses);
  const noCode = new ApiError('bad_request', 'noVerificationCode');
  const user = await findUserByEmail(svc.db, company.id, body.email);
  if (!user || (purpose === 'set_password' && user.password_hash)) throw noCode;
  const now = isoNow();
  const row = await findCodeByHash(svc.db, company.id, user.id, purpose, await codeHash(company.id, user.id, body.code), now);
  if (!row) {
    if (!(await hasLiveCode(svc.db, company.id, user.id, purpose, now))) throw noCode;
    const counted = await hit(svc.db, guesses);
    if (counted.count >= guesses.limit) throw tooMany(guesses);
    throw fieldError('code', 'invalidCode');
  }
  const hash = await hashPassword(body.password);
  // The code came by e-mail: using it also proves the address (payout details set before are gone).
  const { consumed, cleared } = await redeemCode(svc.db, company.id, user.id, row.id, hash, isoNow());
  if (!consumed) throw noCode;
  const knownKey = await knownClientKey(svc, account);
  if (knownKey) await rememberClientStatement(svc.db, knownKey).run();
  if (cleared) await sendPayoutNotice(svc, company, user, 'cleared', cleared);
  return { detail: en(purpose === 'reset' ? 'resetPasswordSuccess' : 'setPasswordSuccess') };
}

/** POST /auth/ambassador/reset_password/?host= - code, email, password, repeat_password. */
export const resetPassword = (svc: ServiceContext, host: string | null, input: ResetPasswordBody) =>
  confirmCode(svc, host, input, 'reset');

/** POST /auth/ambassador/set_password/?host= - the first password of an account created without one. */
export const setFirstPassword = (svc: ServiceContext, host: string | null, input: ResetPasswordBody) =>
  confirmCode(svc, host, input, 'set_password');

/**
 * POST /users/{id}/password/ - changes the caller's password; the current one is required when the
 * account has one. Every other session of the account ends, this one stays.
 */
export async function changePassword(svc: ServiceContext, caller: Caller, userId: number | string, input: ChangePasswordBody): Promise<Detail> {
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
  await setPassword(svc.db, p.companyId, p.userId, await hashPassword(body.password), isoNow(), p.tokenHash);
  await refund(svc.db, hits);
  return { detail: en('passwordChanged') };
}
