import type { SignedIn } from '../../lib/schemas/accounts';
import { rememberAmbassadorClient } from '../commissions/fraud-holds';
import { isoNow, isoIn, randomToken, sha256Hex } from '../core/crypto';
import { ApiError } from '../core/errors';
import {
  accountId, accountState, clientLimit, enforce, hit, knownClientKey, LOGIN_ACCOUNT_GUARD, LOGIN_LIMITS, refund, rememberClientStatement,
  type Limit,
} from '../core/rate-limit';
import type { Caller, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import type { CompanyRow, UserRow } from '../core/rows';
import { loginSchema, type LoginInput } from '../../lib/schemas/auth';
import { botCheckFor, passesBotCheck } from './bot-check';
import { companyFor } from './codes';
import { verifyPassword } from './password-hash';
import { findAmbassadorByUser, findUserByEmail, insertToken, revokeToken } from './user-queries';

// Log in and log out (spec §7 POST /auth/ambassador/?host=, POST /auth/logout/).

export const TOKEN_TTL_MS = 14 * 24 * 3600 * 1000;

/** Issues a new API token for a user; only its hash is stored. */
export async function issueToken(db: D1Database, companyId: string, userId: number) {
  const token = randomToken(32);
  const expiresAt = isoIn(TOKEN_TTL_MS);
  await insertToken(db, { tokenHash: await sha256Hex(token), companyId, userId, expiresAt });
  return { token, expiresAt };
}

/** The answer of every call that starts a session (log in, single sign-on). */
export async function sessionAnswer(db: D1Database, company: CompanyRow, user: UserRow, ambassadorUid: string): Promise<SignedIn> {
  const { token, expiresAt } = await issueToken(db, company.id, user.id);
  return {
    token,
    expires_at: expiresAt,
    account: accountView(user),
    ambassador_uid: ambassadorUid,
    company_id: company.id,
  };
}

export const accountView = (user: UserRow) => ({ userid: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let waitFor: (ms: number) => Promise<void> = sleep;

/**
 * How the guard below waits (tests: a clock that records each wait instead of spending it, so the suite
 * proves the slowing down without sleeping through it). Production never calls this.
 */
export function configureLoginWait(wait: (ms: number) => Promise<void>) {
  waitFor = wait;
}

/** Waits as the login guard waits (the console's staff sign-in slows repeated failures down the same way). */
export const loginGuardWait = (ms: number) => waitFor(ms);

/**
 * The per-account guard (30 wrong passwords from other clients used to answer 429 to the
 * owner's right one). Below LOGIN_ACCOUNT_GUARD.failures wrong passwords in the window nothing happens.
 * Past it, an attempt for the account:
 * - where the company has the bot check (`recaptcha_enabled`), must bring a passing token unless it comes
 *   from a known client (one that logged in to this account, or proved its e-mail, recently): else 400
 *   `{detail, code: "loginChallengeRequired"}` and the password is not looked at. The login page then
 *   sends a token; when the provider cannot be asked (no secret, outage) the wait below applies alone;
 * - always waits a little longer per failure (at most LOGIN_ACCOUNT_GUARD.maxDelayMs) before its password
 *   is checked.
 * The right password is never refused for the account's sake: an attacker who passes challenges only
 * slows the owner down by a few seconds.
 */
async function guardAccount(svc: ServiceContext, company: CompanyRow, failures: Limit, knownKey: string | null, token: string | undefined) {
  const state = await accountState(svc.db, failures, knownKey);
  if (state.failures < LOGIN_ACCOUNT_GUARD.failures) return;
  if (company.recaptcha_enabled && !state.known) {
    const check = botCheckFor(svc.env);
    const verdict = token && check.available ? await check.verify(token, 'login', svc.clientIp ?? undefined) : null;
    const passed = verdict !== null && passesBotCheck(verdict);
    if (!passed && check.available && !verdict?.unavailable) throw new ApiError('bad_request', 'loginChallengeRequired');
  }
  const over = state.failures - LOGIN_ACCOUNT_GUARD.failures + 1;
  await waitFor(Math.min(LOGIN_ACCOUNT_GUARD.maxDelayMs, LOGIN_ACCOUNT_GUARD.stepMs * over));
}

/** The counter of wrong passwords for an account (`account`: accountId(); whether or not it exists). */
const loginFailures = (account: string): Limit => ({
  key: `login:fail:${account}`, limit: LOGIN_ACCOUNT_GUARD.failures, windowSec: LOGIN_ACCOUNT_GUARD.windowSec,
});

/**
 * POST /auth/ambassador/?host= - log in with e-mail and password: a new token, the account and the
 * ambassador uid. A wrong password, an unknown e-mail and an account of another company answer alike.
 * Limits: the client's (429), and the account guard above (never 429).
 */
export async function logIn(svc: ServiceContext, host: string, input: LoginInput): Promise<SignedIn> {
  const body = parseWith(loginSchema, input);
  const company = await companyFor(svc, host);
  // Every attempt counts against the client (429 past its limit); a successful one is given back.
  const hits = await enforce(svc.db, await clientLimit(svc, 'login', LOGIN_LIMITS.client));
  const account = await accountId(company.id, body.email);
  const failures = loginFailures(account);
  const knownKey = await knownClientKey(svc, account);
  await guardAccount(svc, company, failures, knownKey, body.recaptchaToken);
  const user = await findUserByEmail(svc.db, company.id, body.email);
  // verifyPassword spends the same time when there is no user, so answers do not reveal accounts.
  const ok = await verifyPassword(body.password, user?.password_hash);
  const ambassador = user && ok ? await findAmbassadorByUser(svc.db, company.id, user.id) : null;
  if (!user || !ok || !ambassador) {
    await hit(svc.db, failures);
    throw new ApiError('validation', 'loginFailed', { non_field_errors: ['loginFailed'] });
  }
  // The failures stay counted (the owner getting in must not give an attacker a fresh start); this
  // client is known to the account from now on, and as the ambassador's own (fraud holds: own_click).
  await Promise.all([
    refund(svc.db, hits), knownKey ? rememberClientStatement(svc.db, knownKey).run() : null,
    rememberAmbassadorClient(svc, company.id, ambassador.uid),
  ]);
  return sessionAnswer(svc.db, company, user, ambassador.uid);
}

/** POST /auth/logout/ - revokes the token the caller used. */
export async function logOut(svc: ServiceContext, caller: Caller): Promise<void> {
  await revokeToken(svc.db, caller.principal.tokenHash, isoNow());
}
