import { batch, row, rows } from '../core/named-batch';

/** D1 reads and writes of the company's e-mail suppression list (the operator's calls). */

export interface SuppressionView { email: string; reason: 'bounced' | 'complained' | 'rejected'; detail: string; created_at: string }

const WHERE = 'company_id = ?1 AND (?2 = \'\' OR instr(lower(email), ?2) > 0)';

/** A page of the suppressions whose address contains `needle` (lower case; '' for all), newest first, and how many there are. */
export const suppressionPage = (db: D1Database, companyId: string, needle: string, limit: number, offset: number) =>
  batch(db, {
    count: row<{ n: number }>(db.prepare(`SELECT COUNT(*) AS n FROM email_suppressions WHERE ${WHERE}`).bind(companyId, needle)),
    rows: rows<SuppressionView>(
      db.prepare(`SELECT email, reason, detail, created_at FROM email_suppressions WHERE ${WHERE} ORDER BY created_at DESC, email LIMIT ?3 OFFSET ?4`)
        .bind(companyId, needle, limit, offset)),
  });

/** Lifts one address; the lifted entry, or null when the company has none. */
export const deleteSuppression = (db: D1Database, companyId: string, email: string) =>
  db.prepare('DELETE FROM email_suppressions WHERE company_id = ? AND email = ? RETURNING email, reason, detail, created_at')
    .bind(companyId, email).first<SuppressionView>();
