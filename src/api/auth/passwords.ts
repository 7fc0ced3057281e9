import { Hono } from 'hono';
import { t } from '../../lib/i18n';
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '../../lib/schemas/passwords';
import { CODE_MAX_ATTEMPTS, codeHash, companyFromRequest, sendCodeEmail } from './codes';
import { isoNow } from '../core/crypto';
import { consumeCode, countWrongGuess, findLiveCode, setPassword, type CodePurpose } from './queries';
import { findAmbassadorByUser } from '../profile/ambassador-queries';
import { findUser, findUserByEmail, revokeUserTokens } from './user-queries';
import { ApiError, fieldError } from '../core/errors';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import { hashPassword, verifyPassword } from './password-hash';
import {
  CHANGE_PASSWORD_LIMITS, clientAndAccount, clientLimit, enforce, FORGOT_LIMITS, refund, RESET_LIMITS,
} from '../core/rate-limit';
import type { ApiContext, ApiEnv } from '../core/types';
import { readBody } from '../core/validate';

// Forgot / reset / set / change password. Answers never tell whether an e-mail has an account: forgot
// always says the e-mail was sent, and a reset for an unknown e-mail is "no verification code found",
// the same as for a known one that never asked.

const en = (key: Parameters<typeof t>[1]) => t('en', key);

function sameHash(a: string, b: string) {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Runs work after the answer when the runtime allows it, so answers take the same time either way. */
async function later(c: ApiContext, work: Promise<unknown>) {
  const guarded = work.catch((err) => console.error('passwords: background work failed', err));
  try {
    c.executionCtx.waitUntil(guarded);
  } catch {
    await guarded;
  }
}

/** Checks an e-mailed code and sets the new password; ends every session of the account. */
async function confirmCode(c: ApiContext, purpose: CodePurpose) {
  const company = await companyFromRequest(c);
  await enforce(c.env.DB, await clientLimit(c, 'reset', RESET_LIMITS.client));
  const body = await readBody(c, resetPasswordSchema);
  const noCode = new ApiError('bad_request', en('noVerificationCode'));
  const user = await findUserByEmail(c.env.DB, company.id, body.email);
  if (!user || (purpose === 'set_password' && user.password_hash)) throw noCode;
  const row = await findLiveCode(c.env.DB, company.id, user.id, purpose, isoNow(), CODE_MAX_ATTEMPTS);
  if (!row) throw noCode;
  if (!sameHash(await codeHash(company.id, user.id, body.code), row.code_hash)) {
    const used = await countWrongGuess(c.env.DB, company.id, row.id);
    if (used >= CODE_MAX_ATTEMPTS) throw new ApiError('bad_request', en('codeLocked'));
    throw fieldError('code', 'invalidCode');
  }
  const hash = await hashPassword(body.password);
  if (!(await consumeCode(c.env.DB, company.id, row.id, isoNow(), CODE_MAX_ATTEMPTS))) throw noCode;
  await setPassword(c.env.DB, company.id, user.id, hash, isoNow());
  await revokeUserTokens(c.env.DB, company.id, user.id, isoNow());
  return c.json({ detail: en(purpose === 'reset' ? 'resetPasswordSuccess' : 'setPasswordSuccess') });
}

export const passwords = new Hono<ApiEnv>()
  // POST /v1/auth/ambassador/forgot_password/?host= - e-mail a reset code (or a set-password link to an account without a password)
  .post('/auth/ambassador/forgot_password/', async (c) => {
    const company = await companyFromRequest(c);
    const { email } = await readBody(c, forgotPasswordSchema);
    await enforce(c.env.DB, await clientAndAccount(c, 'forgot', company.id, email, FORGOT_LIMITS));
    await later(c, (async () => {
      const user = await findUserByEmail(c.env.DB, company.id, email);
      if (!user || !(await findAmbassadorByUser(c.env.DB, company.id, user.id))) return;
      if (user.password_hash) await sendCodeEmail(c, company, user, 'reset', 'reset_password');
      else await sendCodeEmail(c, company, user, 'set_password', 'set_password');
    })());
    return c.json({ detail: en('forgotPasswordSuccess'), is_email_sent: true });
  })
  // POST /v1/auth/ambassador/reset_password/?host= - code, email, password, repeat_password
  .post('/auth/ambassador/reset_password/', (c) => confirmCode(c, 'reset'))
  // POST /v1/auth/ambassador/set_password/?host= - the first password of an account created without one
  .post('/auth/ambassador/set_password/', (c) => confirmCode(c, 'set_password'))
  // POST /v1/users/{id}/password/ - change the password: {detail}
  .post('/users/:id/password/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.userId, c.req.param('id'));
    const body = await readBody(c, changePasswordSchema);
    const user = await findUser(c.env.DB, p.companyId, p.userId);
    if (!user) throw new ApiError('unauthorized', 'Invalid user.');
    const hits = await enforce(c.env.DB, [{ key: `pwchange:acct:${p.companyId}:${p.userId}`, ...CHANGE_PASSWORD_LIMITS.account }]);
    // An account created without a password (registration, single sign-on) has no current one to give.
    if (user.password_hash) {
      if (!body.current_password) throw fieldError('current_password', 'required');
      if (!(await verifyPassword(body.current_password, user.password_hash))) {
        throw new ApiError('bad_request', en('currentPasswordWrong'));
      }
    }
    await setPassword(c.env.DB, p.companyId, p.userId, await hashPassword(body.password), isoNow());
    await revokeUserTokens(c.env.DB, p.companyId, p.userId, isoNow(), p.tokenHash);
    await refund(c.env.DB, hits);
    return c.json({ detail: en('passwordChanged') });
  });
