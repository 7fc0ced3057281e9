import type { StaffRole } from './staff-auth';

/** A staff session with its account, as the staff token check reads it. */
export interface StaffSessionRow {
  session_uid: string;
  company_id: string;
  staff_uid: string;
  second_factor_at: string | null;
  email: string;
  name: string;
  role: StaffRole;
  totp_enabled: number;
  require_second_factor: number;
  currency: string;
}

/**
 * The live session of a token hash on the company `companyId` (its account active, the session neither
 * revoked nor expired), with the company's second-factor setting; refreshes its `last_seen_at` in the same
 * batch. Null when there is none.
 */
export async function liveStaffSession(db: D1Database, companyId: string, tokenHash: string, nowIso: string) {
  const [found] = await db.batch([
    db.prepare(
      `SELECT s.uid AS session_uid, s.company_id, s.staff_uid, s.second_factor_at, a.email, a.name, a.role, a.totp_enabled,
              c.console_require_second_factor AS require_second_factor, c.currency
         FROM staff_sessions s
         JOIN staff_accounts a ON a.company_id = s.company_id AND a.uid = s.staff_uid
         JOIN companies c ON c.id = s.company_id
        WHERE s.token_hash = ? AND s.company_id = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND a.active = 1`,
    ).bind(tokenHash, companyId, nowIso),
    db.prepare('UPDATE staff_sessions SET last_seen_at = ? WHERE token_hash = ? AND company_id = ? AND revoked_at IS NULL')
      .bind(nowIso, tokenHash, companyId),
  ]);
  return (found!.results[0] as StaffSessionRow | undefined) ?? null;
}
