import { batch, row, rows } from '../core/named-batch';
import { balanceStatement, type LoyaltyBalanceRow } from '../people/ambassador-queries';

/**
 * Counts and sums behind the stats endpoints. For a period, clicks, shares and referrals come from the daily
 * rollups (`stats_daily`, migrations/0004_stats_rollups.sql: kept up to date by triggers on the event tables,
 * clicks only when `counted = 1`), so a graph reads at most one row per campaign, kind and day however many
 * events there are, and commissions are summed from their own rows. All time (the stats call), every number
 * comes from the counters of migrations/0019_counters.sql (`ambassador_counters`, `commission_totals`): one
 * row per campaign, or per campaign, money kind, status and event.
 */

export interface StatsScope {
  companyId: string;
  ambassadorUid: string;
  /** null: every campaign of the ambassador. */
  campaignId: number | null;
  /**
   * ISO bounds, start inclusive and end exclusive; null for open ends. The rollups count whole UTC days,
   * so bounds must fall on midnight (YYYY-MM-DDT00:00:00.000Z), as the service's always do.
   */
  from: string | null;
  to: string | null;
}

function where(s: StatsScope, alias = '') {
  const a = alias ? `${alias}.` : '';
  const parts = [`${a}company_id = ?`, `${a}ambassador_uid = ?`];
  const args: (string | number)[] = [s.companyId, s.ambassadorUid];
  if (s.campaignId !== null) { parts.push(`${a}campaign_id = ?`); args.push(s.campaignId); }
  if (s.from) { parts.push(`${a}created_at >= ?`); args.push(s.from); }
  if (s.to) { parts.push(`${a}created_at < ?`); args.push(s.to); }
  return { sql: parts.join(' AND '), args };
}

/** The same scope on `stats_daily`: days instead of instants (a bound's day: start inclusive, end exclusive). */
function dayWhere(s: StatsScope) {
  const parts = ['company_id = ?', 'ambassador_uid = ?'];
  const args: (string | number)[] = [s.companyId, s.ambassadorUid];
  if (s.campaignId !== null) { parts.push('campaign_id = ?'); args.push(s.campaignId); }
  if (s.from) { parts.push('day >= ?'); args.push(s.from.slice(0, 10)); }
  if (s.to) { parts.push('day < ?'); args.push(s.to.slice(0, 10)); }
  return { sql: parts.join(' AND '), args };
}

export interface LinkTotals { clicks: number; shares: number; referrals: number; earned_minor: number }

export const NO_TOTALS: LinkTotals = { clicks: 0, shares: 0, referrals: 0, earned_minor: 0 };

/** Clicks, shares, referrals (from the rollups) and monetary earnings of the ambassador in one campaign (or all) and a period: one row. */
export function linkTotalsStatement(db: D1Database, s: StatsScope) {
  const d = dayWhere(s);
  const wc = where(s, 'm');
  return db
    .prepare(
      `SELECT COALESCE(SUM(CASE WHEN kind = 'clicks' THEN n END), 0) AS clicks,
              COALESCE(SUM(CASE WHEN kind = 'shares' THEN n END), 0) AS shares,
              COALESCE(SUM(CASE WHEN kind = 'referrals' THEN n END), 0) AS referrals,
              (SELECT COALESCE(SUM(m.amount_minor), 0) FROM commissions m
                WHERE ${wc.sql} AND m.is_monetary = 1 AND m.status IN ('pending', 'approved', 'paid')) AS earned_minor
         FROM stats_daily WHERE ${d.sql}`,
    )
    .bind(...wc.args, ...d.args);
}

export interface CommissionSumRow { is_monetary: number; status: string; event: string; total: number; n: number }

/** Commission sums grouped by money kind, status and event (first or second). */
export function commissionSumsStatement(db: D1Database, s: StatsScope) {
  const w = where(s);
  return db
    .prepare(
      `SELECT is_monetary, status, event, COALESCE(SUM(amount_minor), 0) AS total, COUNT(*) AS n
         FROM commissions WHERE ${w.sql} GROUP BY is_monetary, status, event`,
    )
    .bind(...w.args);
}

export type StatType = 'clicks' | 'shares' | 'referrals';
export type Interval = 'day' | 'week' | 'month';

/** The bucket of a rollup day: the day itself, its week (weeks start on Monday) or its month, as YYYY-MM-DD. */
const BUCKET: Record<Interval, string> = {
  day: 'day',
  week: "date(day, '-6 days', 'weekday 1')",
  month: "substr(day, 1, 7) || '-01'",
};

export interface SeriesRow { bucket: string; n: number }

/** Counts per bucket (YYYY-MM-DD of the bucket's first day) for one stat type, summed from the daily rollups. */
export function seriesCountsStatement(db: D1Database, s: StatsScope, type: StatType, interval: Interval) {
  const d = dayWhere(s);
  return db
    .prepare(`SELECT ${BUCKET[interval]} AS bucket, SUM(n) AS n FROM stats_daily WHERE ${d.sql} AND kind = ? GROUP BY bucket`)
    .bind(...d.args, type);
}

/** The all-time scope of the counters: the ambassador, one campaign or all. */
function counterWhere(s: StatsScope) {
  const parts = ['company_id = ?', 'ambassador_uid = ?'];
  const args: (string | number)[] = [s.companyId, s.ambassadorUid];
  if (s.campaignId !== null) { parts.push('campaign_id = ?'); args.push(s.campaignId); }
  return { sql: parts.join(' AND '), args };
}

/** All-time clicks, shares, referrals and monetary earnings, from the counters: one row. */
export function counterTotalsStatement(db: D1Database, s: StatsScope) {
  const w = counterWhere(s);
  return db
    .prepare(
      `SELECT COALESCE(SUM(clicks), 0) AS clicks, COALESCE(SUM(shares), 0) AS shares, COALESCE(SUM(referrals), 0) AS referrals,
              (SELECT COALESCE(SUM(amount_minor), 0) FROM commission_totals
                WHERE ${w.sql} AND is_monetary = 1 AND status IN ('pending', 'approved', 'paid')) AS earned_minor
         FROM ambassador_counters WHERE ${w.sql}`,
    )
    .bind(...w.args, ...w.args);
}

/** All-time commission sums grouped by money kind, status and event, from the counters. */
export function commissionTotalsStatement(db: D1Database, s: StatsScope) {
  const w = counterWhere(s);
  return db
    .prepare(
      `SELECT is_monetary, status, event, SUM(amount_minor) AS total, SUM(n) AS n
         FROM commission_totals WHERE ${w.sql} GROUP BY is_monetary, status, event`,
    )
    .bind(...w.args);
}

/**
 * The stats call's reads in one batch: commission sums, link totals and the loyalty balance (null: none
 * yet). All time (no bounds) from the counters, a period from the rollups and the commission rows.
 */
export const statsRows = (db: D1Database, s: StatsScope) => {
  const allTime = s.from === null && s.to === null;
  return batch(db, {
    sums: rows<CommissionSumRow>(allTime ? commissionTotalsStatement(db, s) : commissionSumsStatement(db, s)),
    totals: row<LinkTotals>(allTime ? counterTotalsStatement(db, s) : linkTotalsStatement(db, s)),
    balance: row<LoyaltyBalanceRow>(balanceStatement(db, s.companyId, s.ambassadorUid)),
  });
};

/** The counts by bucket of each stat type, in the order given, in one batch. */
export async function seriesCounts(db: D1Database, s: StatsScope, types: readonly StatType[], interval: Interval): Promise<SeriesRow[][]> {
  const answers = await batch(db, Object.fromEntries(types.map((type, i) => [`series${i}`, rows<SeriesRow>(seriesCountsStatement(db, s, type, interval))])));
  return types.map((_, i) => answers[`series${i}`] ?? []);
}
