import { REDEMPTION_SQL, type RedemptionRow } from '../money/rows';

/** Rows of the rewards area: the gift-card catalogue, vault items and variants, a redemption's lots (the redemption row is money's: src/api/money/rows.ts). */

export interface RewardRow {
  uid: string; name: string; type: number; brand_kind: string; image: string | null; brand_description: string; disclaimer: string;
  value_kind: 'fixed' | 'range'; points: number; min_amount: number | null; max_amount: number | null; value_minor: number | null;
  currency: string; config: string; stock: number | null; is_active: number;
  /** Texts per language (migration 0023), JSON: name, brand_description, disclaimer. */
  translations: string;
}

export interface VaultItemRow {
  uid: string; campaign_id: number | null; name: string; description: string; image: string | null; payment_type: 'cash' | 'prepaid' | 'gift-card';
  currency: string; is_active: number;
  /** Texts per language (migration 0023), JSON: name, description. */
  translations: string;
}

export interface VariantRow {
  uid: string; vault_item_uid: string; name: string; cost: number; value_minor: number; stock: number | null; is_active: number;
  /** The name per language (migration 0023), JSON. */
  translations: string;
}

/** The lots a redemption's hold took from (net of what a release gave back), with what the lot was. */
export interface RedemptionItemRow {
  lot_id: number; lot_created_at: string; kind: 'points' | 'cash'; used: number; amount: number; remaining: number;
  spent: number; expired: number; revoked: number; released: number;
}

/** A lot's figures from its uses (l = loyalty_lots): spent net of releases, expired, revoked, released. */
const LOT_FIGURES = `l.entry_id AS lot_id, l.created_at AS lot_created_at, l.kind, l.amount, l.remaining,
    (SELECT COALESCE(SUM(u.amount), 0) FROM loyalty_lot_uses u WHERE u.lot_id = l.entry_id AND u.use IN ('redeem', 'adjust', 'release')) AS spent,
    (SELECT COALESCE(SUM(u.amount), 0) FROM loyalty_lot_uses u WHERE u.lot_id = l.entry_id AND u.use = 'expire') AS expired,
    (SELECT COALESCE(SUM(u.amount), 0) FROM loyalty_lot_uses u WHERE u.lot_id = l.entry_id AND u.use = 'reverse') AS revoked,
    (SELECT COUNT(*) FROM loyalty_lot_uses u WHERE u.lot_id = l.entry_id AND u.use = 'release') AS released`;

export function redemptionItemsStatement(db: D1Database, companyId: string, redemptionId: number) {
  return db
    .prepare(
      `SELECT x.used, ${LOT_FIGURES} FROM (
          SELECT u.lot_id, SUM(u.amount) AS used FROM loyalty_lot_uses u
            JOIN loyalty_ledger e ON e.id = u.entry_id
           WHERE e.company_id = ?1 AND e.redemption_id = ?2 AND e.entry_type IN ('redeem', 'release')
           GROUP BY u.lot_id) x
        JOIN loyalty_lots l ON l.entry_id = x.lot_id AND l.company_id = ?1
       ORDER BY l.entry_id`,
    )
    .bind(companyId, redemptionId);
}

export interface RewardLedgerRow extends Omit<RedemptionItemRow, 'used'> {
  expire_at: string | null; description: string; campaign_name: string | null; referred_name: string | null; referred_email: string | null;
  /** The task of a task's points (migration 0025), as it is now: null for other entries, older ones and a task that is gone. */
  task_name: string | null; task_translations: string | null;
}

/**
 * The ambassador's lots (earnings) with their uses, newest first: the rewards ledger of spec §3. A task's
 * entry brings its task's names (the description keeps the name in the language it was written in).
 */
export function rewardLedgerStatement(db: D1Database, companyId: string, ambassadorUid: string, limit: number, offset: number) {
  return db
    .prepare(
      `SELECT ${LOT_FIGURES}, l.expire_at, e.description, c.name AS campaign_name, r.name AS referred_name, r.email AS referred_email,
              tk.name AS task_name, tk.translations AS task_translations
         FROM loyalty_lots l
         JOIN loyalty_ledger e ON e.id = l.entry_id
         LEFT JOIN campaigns c ON c.company_id = e.company_id AND c.id = e.campaign_id
         LEFT JOIN referrals r ON r.company_id = e.company_id AND r.id = e.referral_id
         LEFT JOIN tasks tk ON tk.company_id = e.company_id AND tk.id = e.task_id
        WHERE l.company_id = ? AND l.ambassador_uid = ?
        ORDER BY l.created_at DESC, l.entry_id DESC
        LIMIT ? OFFSET ?`,
    )
    .bind(companyId, ambassadorUid, limit, offset);
}

export const lotCountStatement = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare('SELECT COUNT(*) AS n FROM loyalty_lots WHERE company_id = ? AND ambassador_uid = ?').bind(companyId, ambassadorUid);

/** Open lots with an expiry, soonest first: what lapses when. */
export function expiringLotsStatement(db: D1Database, companyId: string, ambassadorUid: string) {
  return db
    .prepare(
      `SELECT entry_id AS lot_id, kind, remaining, expire_at FROM loyalty_lots
        WHERE company_id = ? AND ambassador_uid = ? AND remaining > 0 AND expire_at IS NOT NULL
        ORDER BY expire_at, entry_id LIMIT 50`,
    )
    .bind(companyId, ambassadorUid);
}

/** A redemption as the operator's list reads it: who redeemed it, and the campaign of a vault item bound to one. */
export interface OperatorRedemptionRow extends RedemptionRow {
  ambassador_email: string | null;
  ambassador_name: string;
  campaign_uid: string | null;
}

/**
 * The company's redemptions of `statuses`, newest first (`order` oldest: oldest first; at most 500), each with its ambassador and, for a vault
 * item bound to a campaign, the campaign: what the operator settles (processing) or looks into (failed).
 */
export function operatorRedemptionsStatement(db: D1Database, companyId: string, statuses: readonly string[], order: 'newest' | 'oldest' = 'newest') {
  const direction = order === 'oldest' ? 'ASC' : 'DESC';
  return db
    .prepare(
      `SELECT x.*, u.email AS ambassador_email, TRIM(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) AS ambassador_name,
              c.uid AS campaign_uid
         FROM (${REDEMPTION_SQL} WHERE d.company_id = ?1 AND d.status IN (SELECT value FROM json_each(?2))) x
         JOIN ambassadors a ON a.company_id = x.company_id AND a.uid = x.ambassador_uid
         LEFT JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
         LEFT JOIN vault_items v2 ON v2.company_id = x.company_id AND v2.uid = x.vault_item_uid
         LEFT JOIN campaigns c ON c.company_id = x.company_id AND c.id = v2.campaign_id
        ORDER BY x.created_at ${direction}, x.id ${direction} LIMIT 500`,
    )
    .bind(companyId, JSON.stringify(statuses));
}
