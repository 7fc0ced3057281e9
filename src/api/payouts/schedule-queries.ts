// The SQL of the payout schedule (migration 0041): which companies have one, and the claim of a scheduled day.

export interface ScheduledCompanyRow {
  id: string;
  name: string;
  currency: string;
}

/** Companies whose customization schedules payout runs (the settings are resolved again by the caller). */
export const scheduledCompaniesStatement = (db: D1Database, companyId: string | null) =>
  db.prepare(
    `SELECT c.id, c.name, c.currency FROM companies c
       JOIN customizations cu ON cu.company_id = c.id AND cu.campaign_id IS NULL
      WHERE (?1 IS NULL OR c.id = ?1) AND json_valid(cu.settings)
        AND json_extract(cu.settings, '$.payouts.schedule.every') IN ('monthly', 'weekly')
      ORDER BY c.id`,
  ).bind(companyId);

/** Claims the company's scheduled day: one row, so of two ticks only the first drafts (RETURNING 1 once). */
export const claimDayStatement = (db: D1Database, companyId: string, day: string, now: string) =>
  db.prepare(
    `INSERT INTO payout_schedule_claims (company_id, scheduled_on, created_at) VALUES (?, ?, ?)
     ON CONFLICT (company_id, scheduled_on) DO NOTHING RETURNING 1`,
  ).bind(companyId, day, now);

export const claimRunStatement = (db: D1Database, companyId: string, day: string, runUid: string) =>
  db.prepare('UPDATE payout_schedule_claims SET run_uid = ? WHERE company_id = ? AND scheduled_on = ?').bind(runUid, companyId, day);

/** A claim given back: the draft could not be made for a reason that may pass (the next tick tries again). */
export const releaseDayStatement = (db: D1Database, companyId: string, day: string) =>
  db.prepare('DELETE FROM payout_schedule_claims WHERE company_id = ? AND scheduled_on = ? AND run_uid IS NULL').bind(companyId, day);

export const dayClaimedStatement = (db: D1Database, companyId: string, day: string) =>
  db.prepare('SELECT 1 AS claimed FROM payout_schedule_claims WHERE company_id = ? AND scheduled_on = ?').bind(companyId, day);

/** The company's staff who hear of a scheduled draft: finance and owners, active ones. */
export const financeStaffStatement = (db: D1Database, companyId: string) =>
  db.prepare(
    `SELECT email, name FROM staff_accounts WHERE company_id = ? AND active = 1 AND role IN ('finance', 'owner') ORDER BY email`,
  ).bind(companyId);
