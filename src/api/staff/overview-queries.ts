import { batch, row, rows } from '../core/named-batch';
import { companyCustomizationStatement } from '../payouts/next-payout-queries';

// The console's overview of a company's program: all-time counts from the counters (migrations/0019) and
// its commissions summed by status and currency. Every statement is bound to one company.

export interface ProgramCountsRow { clicks: number; shares: number; referrals: number; ambassadors: number }
export interface BalancesRow { points: number; cash_minor: number; holders: number }
export interface UnpaidCommissionRow { currency: string; amount_minor: number; created_at: string; kind: string }
export interface PayoutSumRow { status: string; currency: string; n: number; amount_minor: number }
export interface CommissionSumRow { status: string; currency: string; is_monetary: number; n: number; amount_minor: number; revenue_minor: number }

/**
 * The company's clicks, shares and referrals (all time), its ambassadors, its commissions grouped by status and
 * currency, the points and cash its ambassadors hold (the loyalty balances), its approved commissions in no
 * payout yet (what the next payouts take, each with its date), its payouts on the way, and its payout rules.
 */
export async function programOverview(db: D1Database, companyId: string) {
  return batch(db, {
    counts: row<ProgramCountsRow>(db.prepare(
      `SELECT COALESCE(SUM(clicks), 0) AS clicks, COALESCE(SUM(shares), 0) AS shares, COALESCE(SUM(referrals), 0) AS referrals,
              (SELECT COUNT(*) FROM ambassadors WHERE company_id = ?1) AS ambassadors
         FROM ambassador_counters WHERE company_id = ?1`,
    ).bind(companyId)),
    commissions: rows<CommissionSumRow>(db.prepare(
      `SELECT status, currency, is_monetary, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS amount_minor,
              COALESCE(SUM(revenue_minor), 0) AS revenue_minor
         FROM commissions WHERE company_id = ? GROUP BY status, currency, is_monetary ORDER BY status, currency, is_monetary`,
    ).bind(companyId)),
    balances: row<BalancesRow>(db.prepare(
      `SELECT COALESCE(SUM(points_available), 0) AS points, COALESCE(SUM(cash_available), 0) AS cash_minor,
              COUNT(CASE WHEN points_available > 0 OR cash_available > 0 THEN 1 END) AS holders
         FROM loyalty_balances WHERE company_id = ?`,
    ).bind(companyId)),
    unpaid: rows<UnpaidCommissionRow>(db.prepare(
      `SELECT currency, amount_minor, created_at, kind FROM commissions
        WHERE company_id = ? AND status = 'approved' AND payout_id IS NULL AND is_monetary = 1`,
    ).bind(companyId)),
    payouts: rows<PayoutSumRow>(db.prepare(
      `SELECT status, currency, COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS amount_minor FROM payouts
        WHERE company_id = ? AND status IN ('pending', 'processing') GROUP BY status, currency ORDER BY status, currency`,
    ).bind(companyId)),
    settings: row<{ settings: string }>(companyCustomizationStatement(db, companyId)),
  });
}
