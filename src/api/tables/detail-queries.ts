import { commissionStatusSql } from '../stats/activity-queries';
import type { Language } from '../../lib/languages';
import { textInSql } from '../core/row-language-sql';

/** D1 reads of the activity detail (detail.ts): one payout or one redemption of the ambassador. */

export interface PayoutDetailRow {
  id: number; uid: string; amount_minor: number; currency: string; payment_method: number; status: string;
  transaction_id: string | null; paid_at: string | null; created_at: string;
  /** Why a payout of a run failed (payout_run_items.failure), else null. */
  failure: string | null;
}

/** The ambassador's payout by its number (`key` a number) or its uid. */
export const payoutDetailRow = (db: D1Database, companyId: string, ambassadorUid: string, key: number | string) =>
  db.prepare(
    `SELECT id, COALESCE(uid, 'po-' || id) AS uid, amount_minor, currency, payment_method, status, transaction_id, paid_at, created_at,
            (SELECT i.failure FROM payout_run_items i WHERE i.company_id = p.company_id AND i.payout_uid = p.uid AND i.status = 'failed') AS failure
       FROM payouts p WHERE company_id = ? AND ambassador_uid = ? AND ${typeof key === 'number' ? 'id = ?' : 'uid = ?'}`,
  )
    .bind(companyId, ambassadorUid, key)
    .first<PayoutDetailRow>();

export interface RedemptionDetailRow {
  id: number; kind: string; requested_amount: number; spend_kind: 'points' | 'cash'; status: string; details: string; created_at: string;
  reward_name: string | null; brand_kind: string | null; reward_value: number | null; reward_currency: string | null;
  item_name: string | null; variant_name: string | null; variant_value: number | null; item_currency: string | null;
  /** Names per language (migration 0023), JSON; and the name the redemption kept at redeem time (migration 0017). */
  reward_translations: string | null; item_translations: string | null; variant_translations: string | null; kept_name: string | null;
}

/** The ambassador's redemption `id` with what it redeemed (a gift card, or a vault item's variant). */
export const redemptionDetailRow = (db: D1Database, companyId: string, ambassadorUid: string, id: number) =>
  db.prepare(
    `SELECT d.id, d.kind, d.requested_amount, d.spend_kind, d.status, d.details, d.created_at,
            r.name AS reward_name, r.brand_kind, r.value_minor AS reward_value, r.currency AS reward_currency,
            v.name AS item_name, vv.name AS variant_name, vv.value_minor AS variant_value, v.currency AS item_currency,
            r.translations AS reward_translations, v.translations AS item_translations, vv.translations AS variant_translations,
            d.item_name AS kept_name
       FROM redemptions d
       LEFT JOIN rewards r ON r.uid = d.reward_uid AND r.company_id = d.company_id
       LEFT JOIN vault_items v ON v.uid = d.vault_item_uid AND v.company_id = d.company_id
       LEFT JOIN vault_item_variants vv ON vv.uid = d.variant_uid AND vv.company_id = d.company_id
      WHERE d.company_id = ? AND d.ambassador_uid = ? AND d.id = ?`,
  )
    .bind(companyId, ambassadorUid, id)
    .first<RedemptionDetailRow>();

export interface PayoutCommissionRow {
  uid: string; created_at: string; campaign_name: string | null; transaction_id: string | null; customer_name: string | null;
  amount_minor: number; currency: string; status: string; kind: string;
}

/**
 * The commissions a payout of the ambassador paid (clawbacks included), oldest first. The payout is named
 * as payoutDetailRow names it; each row is the ambassador's own in the company, as is the payout.
 */
export const payoutCommissionRows = (db: D1Database, companyId: string, ambassadorUid: string, key: number | string, lang: Language | null) =>
  db.prepare(
    `SELECT c.uid, c.created_at, ${textInSql('cp', 'name', lang)} AS campaign_name, c.transaction_id, r.name AS customer_name, c.amount_minor, c.currency,
            ${commissionStatusSql('c')} AS status, c.kind
       FROM payouts p
       JOIN commissions c ON c.company_id = p.company_id AND c.ambassador_uid = p.ambassador_uid AND c.payout_id = p.id
       LEFT JOIN campaigns cp ON cp.id = c.campaign_id AND cp.company_id = c.company_id
       LEFT JOIN referrals r ON r.id = c.referral_id AND r.company_id = c.company_id
      WHERE p.company_id = ? AND p.ambassador_uid = ? AND ${typeof key === 'number' ? 'p.id = ?' : 'p.uid = ?'}
      ORDER BY c.created_at, c.id`,
  )
    .bind(companyId, ambassadorUid, key)
    .all<PayoutCommissionRow>()
    .then((r) => r.results);
