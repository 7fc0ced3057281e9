/** The loyalty numbers shown beside an ambassador's profile: balances, tier, badges, standing, referrer. */

export interface LoyaltyBalanceRow {
  points_earned: number; points_available: number; points_redeemed: number; points_expired: number; points_held: number; cash_held: number;
  cash_earned: number; cash_available: number; cash_redeemed: number; cash_expired: number;
}

export const balanceStatement = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare('SELECT * FROM loyalty_balances WHERE company_id = ? AND ambassador_uid = ?').bind(companyId, ambassadorUid);

export interface TierRow {
  id: number; uid: string; name: string; color: string; threshold: number; image: string | null; description: string; is_active: number;
  /** The name and description per language (migration 0024), JSON. */
  translations: string;
}
export interface BadgeRow {
  id: number; uid: string; name: string; color: string; points: number; image: string | null; description: string; is_active: number;
  /** The name and description per language (migration 0024), JSON. */
  translations: string;
  /** When the badge was awarded (null when it is earned by points alone, or not earned). */
  earned_at: string | null;
  /** 1 when awarded, or when the ambassador's points earned reach the badge's threshold. */
  earned: number;
}

export type ReferrerRow = { uid: string; avatar_key: string | null; first_name: string; last_name: string };

/** What the profile shows beside the ambassador's own row, read as one statement (`loyaltyStandingStatement`). */
export interface LoyaltyStandingRow {
  /** JSON: the loyalty balance (LoyaltyBalanceRow), or null before the first ledger entry. */
  balance: string | null;
  /** JSON array of TierRow, lowest threshold first. */
  tiers: string;
  /** JSON array of BadgeRow, by points then id. */
  badges: string;
  /** JSON ReferrerRow, or null. */
  referrer: string | null;
  /** The tier metric. */
  n: number | null;
}

const json = (columns: string[]) => `json_object(${columns.map((c) => `'${c}', ${c}`).join(', ')})`;
const BALANCE_COLUMNS = ['points_earned', 'points_available', 'points_redeemed', 'points_expired', 'points_held', 'cash_held', 'cash_earned', 'cash_available', 'cash_redeemed', 'cash_expired'];
// `translations` (migration 0024) rides along, so the profile names tiers and badges in the page language
// without another statement.
const TIER_COLUMNS = ['id', 'uid', 'name', 'color', 'threshold', 'image', 'description', 'is_active', 'translations'];
const BADGE_COLUMNS = ['id', 'uid', 'name', 'color', 'points', 'image', 'description', 'is_active', 'earned_at', 'earned', 'translations'];

/**
 * The profile's balance, the company's active tiers, its active badges (earned or not), the referrer and
 * the tier metric, as one statement of one row (the shell of every page read them as five
 * statements), the lists as JSON; every part is bound to the company. A badge is earned when it was
 * awarded to the ambassador or when their points earned reach its threshold (spec §9: only active badges
 * and tiers show). The tier metric (spec §3) is points earned (default), the referral count or the
 * referral revenue, the counts from the counters of migrations/0019_counters.sql.
 */
export function loyaltyStandingStatement(db: D1Database, metric: string, companyId: string, ambassadorUid: string, referrerUid: string | null) {
  const metricSql = metric === 'referrals'
    ? 'SELECT COALESCE(SUM(referrals), 0) FROM ambassador_counters WHERE company_id = ?1 AND ambassador_uid = ?2'
    : metric === 'orders_referral_revenue'
      ? "SELECT COALESCE(SUM(revenue_minor), 0) FROM commission_totals WHERE company_id = ?1 AND ambassador_uid = ?2 AND status <> 'denied'"
      : 'SELECT COALESCE(MAX(points_earned), 0) FROM loyalty_balances WHERE company_id = ?1 AND ambassador_uid = ?2';
  return db
    .prepare(
      `SELECT
         (SELECT ${json(BALANCE_COLUMNS)} FROM loyalty_balances WHERE company_id = ?1 AND ambassador_uid = ?2) AS balance,
         (SELECT json_group_array(${json(TIER_COLUMNS)})
            FROM (SELECT * FROM tiers WHERE company_id = ?1 AND is_active = 1 ORDER BY threshold)) AS tiers,
         (SELECT json_group_array(${json(BADGE_COLUMNS)})
            FROM (SELECT b.*, ab.earned_at,
                         (ab.earned_at IS NOT NULL OR COALESCE((SELECT points_earned FROM loyalty_balances
                            WHERE company_id = b.company_id AND ambassador_uid = ?2), 0) >= b.points) AS earned
                    FROM badges b
                    LEFT JOIN ambassador_badges ab ON ab.badge_id = b.id AND ab.ambassador_uid = ?2 AND ab.company_id = b.company_id
                   WHERE b.company_id = ?1 AND b.is_active = 1 ORDER BY b.points, b.id)) AS badges,
         (SELECT json_object('uid', a.uid, 'avatar_key', a.avatar_key, 'first_name', u.first_name, 'last_name', u.last_name)
            FROM ambassadors a JOIN users u ON u.id = a.user_id WHERE a.company_id = ?1 AND a.uid = ?3) AS referrer,
         (${metricSql}) AS n`,
    )
    .bind(companyId, ambassadorUid, referrerUid);
}
