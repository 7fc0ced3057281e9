import type { MiddlewareHandler } from 'hono';
import { isoNow, sha256Hex } from './crypto';
import { ApiError } from './errors';
import { liveStaffSession } from './staff-queries';

/** The roles of a company's staff, most powerful first. */
export const STAFF_ROLES = ['owner', 'admin', 'reviewer', 'finance', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * How far a staff session must be for an endpoint: `full` (the default: the second factor given, or the
 * account has none and its company does not require one), `enrolment` (also an account without a second
 * factor whose company requires one: it may read itself and enrol), `pending` (any live session: give the
 * second factor, log out).
 */
export type StaffStage = 'full' | 'enrolment' | 'pending';

/** A verified staff member: what every staff service function receives. */
export interface Staff {
  companyId: string;
  uid: string;
  email: string;
  name: string;
  role: StaffRole;
  totpEnabled: boolean;
  /** The session's public id and token hash (its own sessions list, log out). */
  sessionUid: string;
  tokenHash: string;
  /** Whether the session gave its second factor, and when it last did (a step-up gives it again). */
  secondFactorDone: boolean;
  secondFactorAt: string | null;
  /** The company's currency (a staff member calling an operator endpoint acts as its key would). */
  currency: string;
  /** Whether the company requires a second factor of everyone. */
  secondFactorRequired: boolean;
}

/** How recent a second factor a sensitive action (an endpoint's `stepUp`) needs: 10 minutes. */
export const STEP_UP_SECONDS = 600;

/** The challenge of every staff 401: `Authorization: Staff <token>`. */
export const STAFF_CHALLENGE = { 'WWW-Authenticate': 'Staff realm="console"' } as const;

/** `stf_` and 64 hex digits: never the shape of an ambassador's token (letters and digits only). */
export const STAFF_TOKEN_PATTERN = /^stf_[a-f0-9]{64}$/;

/** Where a session stands: `full`, or what it still lacks. */
export function stageOf(staff: Pick<Staff, 'secondFactorDone' | 'totpEnabled' | 'secondFactorRequired'>): 'full' | 'secondFactor' | 'enrolment' {
  if (staff.secondFactorDone) return 'full';
  if (staff.totpEnabled) return 'secondFactor';
  return staff.secondFactorRequired ? 'enrolment' : 'full';
}

/**
 * `Authorization: Staff <token>` of a live session on the company the request's host serves (the edge's
 * tenant header): the staff member becomes `c.var.staff`; anything else is a 401. A session that still
 * lacks its second factor (or, where the company requires one, its enrolment) is refused 403
 * `secondFactorRequired` / `secondFactorEnrolmentRequired` unless the endpoint accepts that stage; a role
 * the endpoint does not name is refused 403 `roleRequired`.
 */
export function requireStaff(stage: StaffStage = 'full', roles?: readonly StaffRole[], stepUp = false): MiddlewareHandler {
  return async function requireStaff(c, next) {
    const header = c.req.header('authorization') ?? '';
    const match = /^Staff\s+(\S+)$/.exec(header.trim());
    if (!match) throw new ApiError('unauthorized', 'notAuthenticated', undefined, STAFF_CHALLENGE);
    const staff = await verifyStaffToken(c.env.DB, match[1]!, c.req.header('x-portal-company') ?? null);
    if (!staff) throw new ApiError('unauthorized', 'invalidToken', undefined, STAFF_CHALLENGE);
    admitStaff(staff, stage, roles, stepUp);
    c.set('staff', staff);
    await next();
  };
}

/** Refuses (403) a session short of the stage an endpoint needs, or of a role it does not name. The console's pages call endpoints through it too. */
export function admitStaff(staff: Staff, stage: StaffStage = 'full', roles?: readonly StaffRole[], stepUp = false, nowMs = Date.now()): void {
  const at = stageOf(staff);
  if (at === 'secondFactor' && stage !== 'pending') throw new ApiError('forbidden', 'secondFactorRequired');
  if (at === 'enrolment' && stage === 'full') throw new ApiError('forbidden', 'secondFactorEnrolmentRequired');
  if (roles && !roles.includes(staff.role)) throw new ApiError('forbidden', 'roleRequired');
  // A sensitive action asks for the second factor again: given in the last STEP_UP_SECONDS, by an account that has one.
  if (stepUp && !recentSecondFactor(staff, nowMs)) throw new ApiError('forbidden', 'stepUpRequired');
}

/** Whether the session gave its second factor in the last STEP_UP_SECONDS (an account without one never has). */
export const recentSecondFactor = (staff: Pick<Staff, 'totpEnabled' | 'secondFactorAt'>, nowMs = Date.now()): boolean =>
  staff.totpEnabled && staff.secondFactorAt !== null && nowMs - Date.parse(staff.secondFactorAt) <= STEP_UP_SECONDS * 1000;

/** The staff member of a token on the tenant `tenantCompanyId`, or null (unknown, revoked, expired, another company's). */
export async function verifyStaffToken(db: D1Database, token: string, tenantCompanyId: string | null): Promise<Staff | null> {
  if (!tenantCompanyId || !STAFF_TOKEN_PATTERN.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const row = await liveStaffSession(db, tenantCompanyId, tokenHash, isoNow());
  if (!row) return null;
  return {
    companyId: row.company_id, uid: row.staff_uid, email: row.email, name: row.name, role: row.role,
    totpEnabled: row.totp_enabled === 1, sessionUid: row.session_uid, tokenHash,
    secondFactorDone: row.second_factor_at !== null, secondFactorAt: row.second_factor_at, currency: row.currency,
    secondFactorRequired: row.require_second_factor === 1,
  };
}
