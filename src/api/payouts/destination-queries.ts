// The SQL of where an ambassador is paid (payout_destinations, migration 0037). Every statement names the
// company and the ambassador; a code is kept only as its hash.

export interface DestinationRow {
  rail: 'paypal' | 'stripe';
  paypal_email: string | null;
  status: 'pending' | 'ready';
  code_hash: string | null;
  code_expires_at: string | null;
  code_attempts: number;
}

/** Wrong codes a PayPal code survives; then a new one must be sent. */
export const MAX_CODE_ATTEMPTS = 5;

export const destinationsStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(
    `SELECT rail, paypal_email, status, code_hash, code_expires_at, code_attempts FROM payout_destinations
      WHERE company_id = ? AND ambassador_uid = ? ORDER BY rail`,
  ).bind(companyId, uid);

/** A PayPal e-mail to prove: pending with a new code's hash (a changed e-mail starts over). */
export const pendingPaypalStatement = (db: D1Database, companyId: string, uid: string, email: string, codeHash: string, expiresAt: string, now: string) =>
  db.prepare(
    `INSERT INTO payout_destinations (company_id, ambassador_uid, rail, paypal_email, status, code_hash, code_expires_at, code_attempts, created_at, updated_at)
     VALUES (?1, ?2, 'paypal', ?3, 'pending', ?4, ?5, 0, ?6, ?6)
     ON CONFLICT (company_id, ambassador_uid, rail) DO UPDATE SET paypal_email = excluded.paypal_email, status = 'pending',
       code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at, code_attempts = 0, updated_at = excluded.updated_at`,
  ).bind(companyId, uid, email, codeHash, expiresAt, now);

/**
 * One guess at the code, counted before it is compared, so that guesses sent at once are each counted and
 * never more than MAX_CODE_ATTEMPTS are compared. Returns the code's hash and expiry (no row: nothing to guess).
 */
export const countGuessStatement = (db: D1Database, companyId: string, uid: string, now: string) =>
  db.prepare(
    `UPDATE payout_destinations SET code_attempts = code_attempts + 1, updated_at = ?3
      WHERE company_id = ?1 AND ambassador_uid = ?2 AND rail = 'paypal' AND status = 'pending' AND code_hash IS NOT NULL
        AND code_attempts < ${MAX_CODE_ATTEMPTS}
      RETURNING code_hash, code_expires_at, paypal_email`,
  ).bind(companyId, uid, now);

/** pending -> ready, only with the code's hash (a code sent later replaced it). */
export const readyPaypalStatement = (db: D1Database, companyId: string, uid: string, codeHash: string, now: string) =>
  db.prepare(
    `UPDATE payout_destinations SET status = 'ready', code_hash = NULL, code_expires_at = NULL, code_attempts = 0, updated_at = ?4
      WHERE company_id = ?1 AND ambassador_uid = ?2 AND rail = 'paypal' AND status = 'pending' AND code_hash = ?3 RETURNING 1`,
  ).bind(companyId, uid, codeHash, now);

/**
 * The ambassador's profile follows a proven PayPal e-mail (the manual export pays `paypal_email`): in the
 * batch of readyPaypalStatement, so only when that one made it ready. Without a rail yet, PayPal becomes it,
 * and the company's payout option named like PayPal (`preference`) the payout preference.
 */
export const profileFollowsPaypalStatement = (db: D1Database, companyId: string, uid: string, email: string, preference: string | null) =>
  db.prepare(
    `UPDATE ambassadors SET paypal_email = ?3,
        payout_preference = CASE WHEN COALESCE(payout_rail, 'paypal') = 'paypal' THEN COALESCE(?4, payout_preference) ELSE payout_preference END,
        payout_rail = COALESCE(payout_rail, 'paypal')
      WHERE company_id = ?1 AND uid = ?2
        AND EXISTS (SELECT 1 FROM payout_destinations d WHERE d.company_id = ?1 AND d.ambassador_uid = ?2 AND d.rail = 'paypal'
                      AND d.status = 'ready' AND d.paypal_email = ?3)`,
  ).bind(companyId, uid, email, preference);

/** The chosen rail, only when its destination is ready; the payout preference follows when the company has a like-named option. */
export const chooseRailStatement = (db: D1Database, companyId: string, uid: string, rail: string, preference: string | null) =>
  db.prepare(
    `UPDATE ambassadors SET payout_rail = ?3, payout_preference = COALESCE(?4, payout_preference)
      WHERE company_id = ?1 AND uid = ?2
        AND EXISTS (SELECT 1 FROM payout_destinations d WHERE d.company_id = ?1 AND d.ambassador_uid = ?2 AND d.rail = ?3 AND d.status = 'ready')
      RETURNING 1`,
  ).bind(companyId, uid, rail, preference);

export const payoutRailStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare('SELECT payout_rail FROM ambassadors WHERE company_id = ? AND uid = ?').bind(companyId, uid);

/** The caller's item in a run not sent yet (drafted, approved or sending): their payout's first step. */
export const pendingRunItemStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(
    `SELECT i.amount_minor, r.status, r.created_at FROM payout_run_items i
       JOIN payout_runs r ON r.company_id = i.company_id AND r.uid = i.run_uid
      WHERE i.company_id = ? AND i.ambassador_uid = ? AND i.status = 'included' AND r.status IN ('draft', 'approved', 'sending')
      ORDER BY r.created_at DESC LIMIT 1`,
  ).bind(companyId, uid);
