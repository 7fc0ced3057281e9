import { batch, row, rows } from '../core/named-batch';

// The console's overview of a company's program: all-time counts from the counters (migrations/0019) and
// its commissions summed by status and currency. Every statement is bound to one company.

export interface ProgramCountsRow { clicks: number; shares: number; referrals: number; ambassadors: number }
export interface CommissionSumRow { status: string; currency: string; is_monetary: number; n: number; amount_minor: number; revenue_minor: number }

/** The company's clicks, shares and referrals (all time), its ambassadors, and its commissions grouped by status and currency. */
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
  });
}
