import type { RewardCodesInput } from '../../lib/schemas/operator-catalog-rewards';
import { batch, row, rows, write } from '../core/named-batch';

/** D1 reads and writes of the rewards catalogue: gift cards, vault items, their variants and the code pool. */

export interface RewardRow {
  uid: string; name: string; type: number; brand_kind: string; image: string | null; brand_description: string; disclaimer: string;
  value_kind: 'fixed' | 'range'; points: number; min_amount: number | null; max_amount: number | null; value_minor: number | null;
  currency: string; config: string; stock: number | null; is_active: number; created_at: string; codes_available?: number; translations: string;
}
export interface VaultItemRow {
  uid: string; name: string; description: string; image: string | null; payment_type: 'cash' | 'prepaid' | 'gift-card'; currency: string;
  is_active: number; created_at: string; campaign_uid?: string | null; translations: string;
}
export interface VariantRow {
  uid: string; vault_item_uid: string; name: string; cost: number; value_minor: number; stock: number | null; is_active: number; codes_available?: number;
  translations: string;
}

const FREE_CODES = (column: 'reward_uid' | 'variant_uid', table: string) =>
  `(SELECT COUNT(*) FROM reward_codes rc WHERE rc.company_id = ${table}.company_id AND rc.${column} = ${table}.uid AND rc.redemption_id IS NULL) AS codes_available`;

const REWARD_SQL = `SELECT rewards.*, ${FREE_CODES('reward_uid', 'rewards')} FROM rewards WHERE rewards.company_id = ?`;

export const rewardRows = (db: D1Database, companyId: string) =>
  db.prepare(`${REWARD_SQL} ORDER BY rewards.created_at, rewards.uid`).bind(companyId).all<RewardRow>();

export const rewardRow = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${REWARD_SQL} AND rewards.uid = ?`).bind(companyId, uid).first<RewardRow>();

const ITEM_SQL = `SELECT v.*, c.uid AS campaign_uid FROM vault_items v
  LEFT JOIN campaigns c ON c.company_id = v.company_id AND c.id = v.campaign_id WHERE v.company_id = ?`;
const VARIANT_SQL = `SELECT vault_item_variants.*, ${FREE_CODES('variant_uid', 'vault_item_variants')}
  FROM vault_item_variants WHERE vault_item_variants.company_id = ?`;

/** Every vault item of the company and every variant, in one batch. */
export const vaultItemRows = (db: D1Database, companyId: string) =>
  batch(db, {
    items: rows<VaultItemRow>(db.prepare(`${ITEM_SQL} ORDER BY v.created_at, v.uid`).bind(companyId)),
    variants: rows<VariantRow>(db.prepare(`${VARIANT_SQL} ORDER BY cost, uid`).bind(companyId)),
  });

/** One vault item (null when the company has none of this uid) and its variants, in one batch. */
export const vaultItemRow = (db: D1Database, companyId: string, uid: string) =>
  batch(db, {
    item: row<VaultItemRow>(db.prepare(`${ITEM_SQL} AND v.uid = ?`).bind(companyId, uid)),
    variants: rows<VariantRow>(db.prepare(`${VARIANT_SQL} AND vault_item_uid = ? ORDER BY cost, uid`).bind(companyId, uid)),
  });

export const variantRow = (db: D1Database, companyId: string, itemUid: string, variantUid: string) =>
  db.prepare(`${VARIANT_SQL} AND vault_item_uid = ? AND uid = ?`).bind(companyId, itemUid, variantUid).first<VariantRow>();

/**
 * Adds codes to the pool of a reward or a variant in one statement (the list travels as one JSON parameter:
 * D1 binds at most 100 values a statement) and counts the free ones after, in one batch.
 */
export const insertRewardCodes = (db: D1Database, companyId: string, rewardUid: string | null, variantUid: string | null, codes: RewardCodesInput['codes']) =>
  batch(db, {
    inserted: write(db.prepare(
      `INSERT INTO reward_codes (company_id, reward_uid, variant_uid, card_number, card_code, card_pin, redemption_url, security_url, security_code)
       SELECT ?1, ?2, ?3, json_extract(value, '$.card_number'), json_extract(value, '$.card_code'), json_extract(value, '$.card_pin'),
              json_extract(value, '$.redemption_url'), json_extract(value, '$.security_url'), json_extract(value, '$.security_code')
         FROM json_each(?4)`,
    ).bind(companyId, rewardUid, variantUid, JSON.stringify(codes))),
    free: row<{ n: number }>(db.prepare('SELECT COUNT(*) AS n FROM reward_codes WHERE company_id = ?1 AND reward_uid IS ?2 AND variant_uid IS ?3 AND redemption_id IS NULL')
      .bind(companyId, rewardUid, variantUid)),
  });
