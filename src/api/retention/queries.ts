import { batch, write } from '../core/named-batch';

/** SQL of the click retention job (migration 0020): the window, the archive records, a month's clicks. */

/** One raw click as archived: every column of `clicks`, one NDJSON line each. */
export interface ClickRow {
  id: number; company_id: string; share_link_uid: string; campaign_id: number; ambassador_uid: string; referrer_host: string | null;
  country: string | null; client_hash: string; counted: number; created_at: string; click_uid: string | null;
  ip_hash: string | null; device_hash: string | null;
}

export interface ArchiveRow {
  company_id: string; month: string; object_key: string; row_count: number; bytes: number; last_created_at: string | null;
  last_id: number | null; lease_until: string | null; created_at: string; updated_at: string;
}

/** Where a month stops in (created_at, id) order: the last click an archive object holds. */
export interface ClickCursor { createdAt: string; id: number }

const CLICK_COLUMNS = 'id, company_id, share_link_uid, campaign_id, ambassador_uid, referrer_host, country, client_hash, counted, created_at, click_uid, ip_hash, device_hash';

/** The companies and their window in months. */
export const companyWindows = (db: D1Database) =>
  db.prepare('SELECT id, click_retention_months FROM companies ORDER BY id').all<{ id: string; click_retention_months: number }>();

export const retentionMonthsOf = (db: D1Database, companyId: string) =>
  db.prepare('SELECT click_retention_months FROM companies WHERE id = ?').bind(companyId).first<number>('click_retention_months');

export const setRetentionMonths = (db: D1Database, companyId: string, months: number) =>
  db.prepare('UPDATE companies SET click_retention_months = ? WHERE id = ? RETURNING click_retention_months')
    .bind(months, companyId).first<number>('click_retention_months');

/** The company's oldest click before `before` (an ISO time): the next month to archive, or null. */
export const oldestClickBefore = (db: D1Database, companyId: string, before: string) =>
  db.prepare('SELECT created_at FROM clicks WHERE company_id = ? AND created_at < ? ORDER BY created_at LIMIT 1')
    .bind(companyId, before).first<string>('created_at');

/** The next page of a month's clicks after `after` (null: from the month's start), in (created_at, id) order. */
export function clicksAfter(db: D1Database, companyId: string, from: string, to: string, after: ClickCursor | null, limit: number) {
  const statement = after
    ? db.prepare(
      `SELECT ${CLICK_COLUMNS} FROM clicks
        WHERE company_id = ?1 AND created_at < ?3 AND (created_at > ?4 OR (created_at = ?4 AND id > ?5)) AND created_at >= ?2
        ORDER BY created_at, id LIMIT ?6`,
    ).bind(companyId, from, to, after.createdAt, after.id, limit)
    : db.prepare(`SELECT ${CLICK_COLUMNS} FROM clicks WHERE company_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id LIMIT ?`)
      .bind(companyId, from, to, limit);
  return statement.all<ClickRow>();
}

export const archiveOf = (db: D1Database, companyId: string, month: string) =>
  db.prepare('SELECT * FROM click_archives WHERE company_id = ? AND month = ?').bind(companyId, month).first<ArchiveRow>();

export const archivesOf = (db: D1Database, companyId: string) =>
  db.prepare('SELECT * FROM click_archives WHERE company_id = ? ORDER BY month DESC').bind(companyId).all<ArchiveRow>();

/**
 * Takes the month for this run until `until` (creating its record), unless another run holds it: the
 * record back, or null while the month is someone else's.
 */
export const claimMonth = (db: D1Database, companyId: string, month: string, objectKey: string, now: string, until: string) =>
  db.prepare(
    `INSERT INTO click_archives (company_id, month, object_key, lease_until) VALUES (?1, ?2, ?3, ?5)
     ON CONFLICT (company_id, month) DO UPDATE SET lease_until = ?5 WHERE lease_until IS NULL OR lease_until < ?4
     RETURNING *`,
  ).bind(companyId, month, objectKey, now, until).first<ArchiveRow>();

export const releaseMonth = (db: D1Database, companyId: string, month: string) =>
  db.prepare('UPDATE click_archives SET lease_until = NULL WHERE company_id = ? AND month = ?').bind(companyId, month).run();

/** What the object now holds, recorded (after it was written and verified). */
export const recordArchive = (db: D1Database, companyId: string, month: string, rowCount: number, bytes: number, last: ClickCursor, now: string) =>
  db.prepare(
    `UPDATE click_archives SET row_count = ?, bytes = ?, last_created_at = ?, last_id = ?, updated_at = ?
      WHERE company_id = ? AND month = ?`,
  ).bind(rowCount, bytes, last.createdAt, last.id, now, companyId, month).run();

/**
 * Deletes the month's clicks up to `last` (what the archive object holds) as a purge: the company's
 * click_purges row makes the counting triggers skip these deletes, so rollups and counters stay.
 */
export async function purgeClicks(db: D1Database, companyId: string, from: string, last: ClickCursor) {
  const { deleted } = await batch(db, {
    mark: write(db.prepare('INSERT OR IGNORE INTO click_purges (company_id) VALUES (?)').bind(companyId)),
    deleted: write(db.prepare(
      `DELETE FROM clicks WHERE company_id = ?1 AND created_at >= ?2 AND (created_at < ?3 OR (created_at = ?3 AND id <= ?4))`,
    ).bind(companyId, from, last.createdAt, last.id)),
    unmark: write(db.prepare('DELETE FROM click_purges WHERE company_id = ?').bind(companyId)),
  });
  return deleted.changes;
}

