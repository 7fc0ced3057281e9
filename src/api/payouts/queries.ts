import { COMMISSION_SQL, type CommissionRow } from '../money/rows';

/** The commissions (and clawbacks) a payout settled. */
export const paidCommissionRows = (db: D1Database, companyId: string, payoutId: number) =>
  db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.payout_id = ? ORDER BY m.id`).bind(companyId, payoutId).all<CommissionRow>();

export interface PayableRow {
  uid: string;
  email: string;
  first_name: string;
  last_name: string;
  payout_preference: string | null;
  paypal_email: string | null;
  deactivated_by_self: number;
  payable: number;
  n: number;
  earned: number;
  later: number;
  next_created: string | null;
}

/**
 * Every ambassador of the company with approved monetary commissions in no payout: what a payout would take
 * now (as money/payout-queries.ts PAYABLE reads it: commissions older than `cutoff`, and every clawback), and
 * what is still in the holding period. Most payable first, at most 500.
 */
export const payableByAmbassador = (db: D1Database, companyId: string, cutoff: string) =>
  db.prepare(
    `SELECT a.uid, u.email, u.first_name, u.last_name, a.payout_preference, a.paypal_email, a.deactivated_by_self,
            COALESCE(SUM(CASE WHEN m.kind = 'clawback' OR m.created_at <= ?2 THEN m.amount_minor END), 0) AS payable,
            COALESCE(SUM(m.kind = 'clawback' OR m.created_at <= ?2), 0) AS n,
            COALESCE(SUM(m.kind = 'commission' AND m.created_at <= ?2), 0) AS earned,
            COALESCE(SUM(CASE WHEN m.kind = 'commission' AND m.created_at > ?2 THEN m.amount_minor END), 0) AS later,
            MIN(CASE WHEN m.kind = 'commission' AND m.created_at > ?2 THEN m.created_at END) AS next_created
       FROM commissions m
       JOIN ambassadors a ON a.company_id = m.company_id AND a.uid = m.ambassador_uid
       JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
      WHERE m.company_id = ?1 AND m.status = 'approved' AND m.payout_id IS NULL AND m.is_monetary = 1
      GROUP BY a.uid ORDER BY payable DESC, a.uid LIMIT 500`,
  ).bind(companyId, cutoff).all<PayableRow>();
