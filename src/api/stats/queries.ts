/** Counts and sums behind the stats endpoints. Clicks count only when `counted = 1` (no bots, no repeats). */

export interface StatsScope {
  companyId: string;
  ambassadorUid: string;
  /** null: every campaign of the ambassador. */
  campaignId: number | null;
  /** ISO bounds, start inclusive and end exclusive; null for open ends. */
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

export interface LinkTotals { clicks: number; shares: number; referrals: number; earned_minor: number }

export const NO_TOTALS: LinkTotals = { clicks: 0, shares: 0, referrals: 0, earned_minor: 0 };

/** Clicks, shares, referrals and monetary earnings of the ambassador in one campaign (or all) and a period: one row. */
export function linkTotalsStatement(db: D1Database, s: StatsScope) {
  const w = where(s);
  const wc = where(s, 'm');
  return db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM clicks WHERE ${w.sql} AND counted = 1) AS clicks,
              (SELECT COUNT(*) FROM shares WHERE ${w.sql}) AS shares,
              (SELECT COUNT(*) FROM referrals WHERE ${w.sql}) AS referrals,
              (SELECT COALESCE(SUM(m.amount_minor), 0) FROM commissions m
                WHERE ${wc.sql} AND m.is_monetary = 1 AND m.status IN ('pending', 'approved', 'paid')) AS earned_minor`,
    )
    .bind(...w.args, ...w.args, ...w.args, ...wc.args);
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

const BUCKET: Record<Interval, string> = {
  day: "substr(created_at, 1, 10)",
  // Weeks start on Monday.
  week: "date(substr(created_at, 1, 10), '-6 days', 'weekday 1')",
  month: "substr(created_at, 1, 7) || '-01'",
};

const TABLE: Record<StatType, { table: string; extra: string }> = {
  clicks: { table: 'clicks', extra: ' AND counted = 1' },
  shares: { table: 'shares', extra: '' },
  referrals: { table: 'referrals', extra: '' },
};

export interface SeriesRow { bucket: string; n: number }

/** Counts per bucket (YYYY-MM-DD of the bucket's first day) for one stat type. */
export function seriesCountsStatement(db: D1Database, s: StatsScope, type: StatType, interval: Interval) {
  const w = where(s);
  const t = TABLE[type];
  return db
    .prepare(`SELECT ${BUCKET[interval]} AS bucket, COUNT(*) AS n FROM ${t.table} WHERE ${w.sql}${t.extra} GROUP BY bucket`)
    .bind(...w.args);
}
