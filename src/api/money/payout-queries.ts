import { PAYOUT_SQL } from './rows';

/**
 * What a payout takes: approved monetary commissions in no payout, older than the holding period, and
 * every approved clawback in no payout (a clawback is deducted whatever its age).
 * Parameters: ?1 company, ?2 ambassador, ?3 cutoff (ISO time).
 */
const PAYABLE = `company_id = ?1 AND ambassador_uid = ?2 AND status = 'approved' AND payout_id IS NULL AND is_monetary = 1
  AND (kind = 'clawback' OR created_at <= ?3)`;

/** Count, sum and commissions (not clawbacks) of what is payable now. */
export const payableStatement = (db: D1Database, companyId: string, ambassadorUid: string, cutoff: string) =>
  db.prepare(`SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total, COALESCE(SUM(kind = 'commission'), 0) AS earned
     FROM commissions WHERE ${PAYABLE}`).bind(companyId, ambassadorUid, cutoff);

export interface PayoutInput {
  companyId: string;
  ambassadorUid: string;
  cutoff: string;
  uid: string;
  /** How many payable commissions were read, and their sum: the payout goes in only while both hold. */
  count: number;
  total: number;
  now: string;
  currency: string;
  method: number;
  transactionId: string | null;
  /**
   * `paid` (default): paid when recorded (a payout made by hand). `processing`: handed to a rail that pays by
   * itself; its commissions are committed to it all the same (no other payout can take them) and the rail's
   * answer settles it later (src/api/payouts/settle.ts: paid, or failed with the commissions given back).
   */
  status?: 'paid' | 'processing';
}

const PAYOUT_ID = 'SELECT id FROM payouts WHERE company_id = ?1 AND uid = ?4';
// ?1 company ?2 ambassador ?3 cutoff ?4 payout uid ?5 count ?6 total ?7 now
const base = (p: PayoutInput) => [p.companyId, p.ambassadorUid, p.cutoff, p.uid, p.count, p.total, p.now] as const;

/** 1. The payout row, inserted only while the payable set still has the count and sum that were read. */
export const payoutStatement = (db: D1Database, p: PayoutInput) =>
  db.prepare(
    `INSERT INTO payouts (uid, company_id, ambassador_uid, amount_minor, currency, payment_method, status, transaction_id, paid_at, created_at)
     SELECT ?4, ?1, ?2, ?6, ?8, ?9, ?11, ?10, CASE WHEN ?11 = 'paid' THEN ?7 END, ?7
      WHERE (SELECT COUNT(*) FROM commissions WHERE ${PAYABLE}) = ?5
        AND (SELECT COALESCE(SUM(amount_minor), 0) FROM commissions WHERE ${PAYABLE}) = ?6`,
  ).bind(...base(p), p.currency, p.method, p.transactionId, p.status ?? 'paid');

/** 2. Those commissions marked paid with the payout's id (only rows still `approved` with no payout). */
export const markPaidStatement = (db: D1Database, p: PayoutInput) =>
  db.prepare(`UPDATE commissions SET status = 'paid', payout_id = (${PAYOUT_ID}), updated_at = ?7
     WHERE ${PAYABLE} AND EXISTS (${PAYOUT_ID})`).bind(...base(p));

/**
 * 3. The guard: when the payout's commissions do not number and sum exactly what was read, a payout of 0
 * is written, which the trigger payouts_amount_positive refuses with `payout_amount_invalid` (migration
 * 0017; the CHECK amount_minor > 0 behind it), rolling the whole batch back.
 */
export const payoutGuardStatement = (db: D1Database, p: PayoutInput) =>
  db.prepare(
    `INSERT INTO payouts (company_id, ambassador_uid, amount_minor, currency, payment_method, status)
     SELECT ?1, ?2, 0, 'XXX', 0, 'failed'
      WHERE EXISTS (${PAYOUT_ID}) AND ((SELECT COUNT(*) FROM commissions WHERE company_id = ?1 AND payout_id = (${PAYOUT_ID})) <> ?5
        OR (SELECT COALESCE(SUM(amount_minor), 0) FROM commissions WHERE company_id = ?1 AND payout_id = (${PAYOUT_ID})) <> ?6)
        AND ?7 IS NOT NULL`,
  ).bind(...base(p));

/** 4. The payout's activity row, with the payout's status (`paid`, or `processing` until its rail settles it). */
export const payoutActivityStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(
    `INSERT INTO activities (company_id, ambassador_uid, type, amount_minor, currency, status, payment_method, payout_id, event_data1, created_at)
     SELECT company_id, ambassador_uid, 'payout', amount_minor, currency, status, payment_method, id, transaction_id, created_at
       FROM payouts WHERE company_id = ?1 AND uid = ?2`,
  ).bind(companyId, uid);

export const payoutByUidStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${PAYOUT_SQL} WHERE p.company_id = ? AND p.uid = ?`).bind(companyId, uid);
