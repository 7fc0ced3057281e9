import type {
  RecoveryCodes, StaffMe, StaffMember, StaffSessionAnswer, StaffSessions, StaffStageAnswer, TotpEnrolment,
} from '../../lib/schemas/staff';
import { staffCodeSchema, staffSignInSchema } from '../../lib/schemas/staff';
import { isoIn, isoNow, randomToken, sha256Hex } from '../core/crypto';
import { ApiError } from '../core/errors';
import {
  accountId, accountState, clientId, clientLimit, enforce, hit, LOGIN_ACCOUNT_GUARD, LOGIN_LIMITS, peek, refund, tooMany, type Limit,
} from '../core/rate-limit';
import { stageOf, type Staff } from '../core/staff-auth';
import type { ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { loginGuardWait } from '../auth/login';
import { verifyPassword } from '../auth/password-hash';
import {
  companyName, enableTotp, requiresSecondFactor, insertStaffSession, liveSessionsOf, revokeOwnSession, revokeStaffToken, secondFactorGiven, spendRecoveryCode,
  staffByEmail, staffByUid, startTotp, takeTotpStep, type StaffAccountRow,
} from './queries';
import { isTotpCode, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from './totp';

// A staff member's sign-in (password, then the second factor), sessions and TOTP enrolment.

/** A staff session lasts 12 hours from sign-in. */
export const STAFF_SESSION_TTL_MS = 12 * 3600 * 1000;

/**
 * Wrong codes (TOTP or recovery) per client (429 past it, like the login's client limit) and per account:
 * the caller already knows the password, so past `account.limit` wrong codes in the window the account's
 * codes are refused 429 from anywhere until the window ends (6 digits must not be guessable).
 */
export const STAFF_CODE_LIMITS = { client: { limit: 10, windowSec: 300 }, account: { limit: 5, windowSec: 900 } };

export const memberView = (row: StaffAccountRow): StaffMember => ({
  uid: row.uid, email: row.email, name: row.name, role: row.role, active: row.active === 1, totp_enabled: row.totp_enabled === 1,
  created_at: row.created_at,
});

function tenantOf(svc: ServiceContext): string {
  if (!svc.tenantCompanyId) throw new ApiError('not_found', 'invalidCompany');
  return svc.tenantCompanyId;
}

const loginFailed = () => new ApiError('validation', 'loginFailed', { non_field_errors: ['loginFailed'] });
const codeFailed = () => new ApiError('validation', 'secondFactorFailed', { code: ['secondFactorFailed'] });

/**
 * POST /staff/sessions/ - e-mail and password of a staff member of the company the host serves: a new
 * session, `full` when the account has no second factor and the company does not require one, else
 * waiting for its code (`secondFactor`) or its enrolment (`enrolment`). A wrong password, an unknown
 * e-mail, an inactive account and another company's answer alike (`loginFailed`). Every attempt counts
 * against the client (429 past the login limit); a successful one is given back. Wrong passwords count
 * per account too, as the ambassadors' login guard counts them: past LOGIN_ACCOUNT_GUARD.failures in its
 * window each attempt waits a step longer (at most its maximum) before the password is checked; the right
 * password is never refused for the account's sake.
 */
export async function signIn(svc: ServiceContext, input: unknown): Promise<StaffSessionAnswer> {
  const body = parseWith(staffSignInSchema, input);
  const companyId = tenantOf(svc);
  const hits = await enforce(svc.db, await clientLimit(svc, 'staff-login', LOGIN_LIMITS.client));
  const failures: Limit = {
    key: `staff-login:fail:${await accountId(companyId, body.email)}`, limit: LOGIN_ACCOUNT_GUARD.failures, windowSec: LOGIN_ACCOUNT_GUARD.windowSec,
  };
  const { failures: failed } = await accountState(svc.db, failures, null);
  if (failed >= LOGIN_ACCOUNT_GUARD.failures) {
    await loginGuardWait(Math.min(LOGIN_ACCOUNT_GUARD.maxDelayMs, LOGIN_ACCOUNT_GUARD.stepMs * (failed - LOGIN_ACCOUNT_GUARD.failures + 1)));
  }
  const account = await staffByEmail(svc.db, companyId, body.email);
  // verifyPassword spends the same time without an account, so answers do not reveal which exist.
  const ok = await verifyPassword(body.password, account?.password_hash);
  if (!account || !ok || account.active !== 1) {
    await hit(svc.db, failures);
    throw loginFailed();
  }
  await refund(svc.db, hits);
  const token = `stf_${randomToken(32)}`;
  const nowIso = isoNow();
  const expiresAt = isoIn(STAFF_SESSION_TTL_MS);
  await insertStaffSession(svc.db, {
    tokenHash: await sha256Hex(token), uid: `sts-${randomToken(8)}`, companyId, staffUid: account.uid, nowIso, expiresAt,
    userAgent: svc.userAgent?.slice(0, 300) ?? null, ipHash: await clientId(svc),
  });
  const required = await requiresSecondFactor(svc.db, companyId);
  const stage = stageOf({ secondFactorDone: false, totpEnabled: account.totp_enabled === 1, secondFactorRequired: required });
  return { token, expires_at: expiresAt, stage, member: memberView(account) };
}

const codeFailures = (staff: Staff): Limit => ({ key: `staff-code:fail:${staff.companyId}:${staff.uid}`, ...STAFF_CODE_LIMITS.account });

/** The client's and the account's budgets of wrong codes: 429 when either is spent. */
async function guardCodes(svc: ServiceContext, staff: Staff) {
  const hits = await enforce(svc.db, await clientLimit(svc, 'staff-code', STAFF_CODE_LIMITS.client));
  const failures = codeFailures(staff);
  if ((await peek(svc.db, failures)) >= failures.limit) throw tooMany(failures);
  return hits;
}

/**
 * Checks a TOTP code against `secret` and takes its step, so the same code (or an earlier one) never
 * counts again. Null when it is wrong or used.
 */
async function takeCode(svc: ServiceContext, staff: Staff, secret: string, code: string): Promise<number | null> {
  const step = totpStep(secret, code.replace(/\s/g, ''));
  if (step === null) return null;
  return (await takeTotpStep(svc.db, staff.companyId, staff.uid, step)) === 1 ? step : null;
}

/**
 * POST /staff/sessions/second_factor/ - a TOTP code (or a recovery code, each usable once) completes the
 * session; given again by a complete session, it is the step-up a sensitive action asks for (the session's
 * `second_factor_at` moves to now, STEP_UP_SECONDS). A session of an account without a second factor answers
 * its stage as it is. Wrong and used codes count (STAFF_CODE_LIMITS).
 */
export async function giveSecondFactor(svc: ServiceContext, staff: Staff, input: unknown): Promise<StaffStageAnswer> {
  const body = parseWith(staffCodeSchema, input);
  if (!staff.totpEnabled) return { stage: stageOf(staff) };
  const hits = await guardCodes(svc, staff);
  const account = await staffByUid(svc.db, staff.companyId, staff.uid);
  const nowIso = isoNow();
  const ok = isTotpCode(body.code)
    ? account?.totp_secret != null && (await takeCode(svc, staff, account.totp_secret, body.code)) !== null
    : (await spendRecoveryCode(svc.db, staff.companyId, staff.uid, await recoveryCodeHash(body.code), nowIso)) === 1;
  if (!ok) {
    await hit(svc.db, codeFailures(staff));
    throw codeFailed();
  }
  await Promise.all([refund(svc.db, hits), secondFactorGiven(svc.db, staff.companyId, staff.tokenHash, nowIso).run()]);
  return { stage: 'full' };
}

/** DELETE /staff/sessions/current/ - ends the session the caller used. */
export async function signOut(svc: ServiceContext, staff: Staff): Promise<void> {
  await revokeStaffToken(svc.db, staff.companyId, staff.tokenHash, isoNow());
}

/** GET /staff/me/ - the signed-in staff member, the session's uid and stage. */
export async function me(svc: ServiceContext, staff: Staff): Promise<StaffMe> {
  const account = await staffByUid(svc.db, staff.companyId, staff.uid);
  if (!account) throw new ApiError('not_found', 'notFound');
  return { member: memberView(account), session_uid: staff.sessionUid, stage: stageOf(staff), second_factor_required: staff.secondFactorRequired };
}

/** GET /staff/sessions/ - the caller's own live sessions, the current one marked. */
export async function ownSessions(svc: ServiceContext, staff: Staff): Promise<StaffSessions> {
  const rows = await liveSessionsOf(svc.db, staff.companyId, staff.uid, isoNow());
  return {
    results: rows.map((r) => ({
      uid: r.uid, current: r.token_hash === staff.tokenHash, second_factor: r.second_factor_at !== null, created_at: r.created_at,
      last_seen_at: r.last_seen_at, expires_at: r.expires_at, user_agent: r.user_agent,
    })),
  };
}

/** DELETE /staff/sessions/{uid}/ - ends one of the caller's own sessions (404 for any other). */
export async function revokeSession(svc: ServiceContext, staff: Staff, uid: string): Promise<void> {
  if ((await revokeOwnSession(svc.db, staff.companyId, staff.uid, uid, isoNow())) !== 1) throw new ApiError('not_found', 'notFound');
}

/**
 * POST /staff/me/totp/ - starts (or starts again) the enrolment of a TOTP second factor: a new secret and
 * its otpauth:// URI. Refused (409 `totpAlreadyEnabled`) once the second factor is on.
 */
export async function enrolTotp(svc: ServiceContext, staff: Staff): Promise<TotpEnrolment> {
  if (staff.totpEnabled) throw new ApiError('conflict', 'totpAlreadyEnabled');
  const secret = newTotpSecret();
  if ((await startTotp(svc.db, staff.companyId, staff.uid, secret)) !== 1) throw new ApiError('conflict', 'totpAlreadyEnabled');
  const issuer = (await companyName(svc.db, staff.companyId)) ?? staff.companyId;
  return { secret, uri: totpUri(secret, staff.email, issuer) };
}

/**
 * POST /staff/me/totp/confirm/ - the first code of the enrolled secret turns the second factor on and
 * completes this session; the answer holds the ten recovery codes, shown this once (stored as hashes).
 */
export async function confirmTotp(svc: ServiceContext, staff: Staff, input: unknown): Promise<RecoveryCodes> {
  const body = parseWith(staffCodeSchema, input);
  if (staff.totpEnabled) throw new ApiError('conflict', 'totpAlreadyEnabled');
  const hits = await guardCodes(svc, staff);
  const account = await staffByUid(svc.db, staff.companyId, staff.uid);
  const secret = account?.totp_secret;
  const step = secret ? totpStep(secret, body.code.replace(/\s/g, '')) : null;
  const codes = newRecoveryCodes();
  const enabled = secret && step !== null
    ? await enableTotp(svc.db, {
      companyId: staff.companyId, staffUid: staff.uid, secret, step, codeHashes: await Promise.all(codes.map(recoveryCodeHash)),
      tokenHash: staff.tokenHash, nowIso: isoNow(),
    })
    : 0;
  if (enabled !== 1) {
    await hit(svc.db, codeFailures(staff));
    throw codeFailed();
  }
  await refund(svc.db, hits);
  return { recovery_codes: codes };
}
