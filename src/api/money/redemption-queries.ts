import { REDEMPTION_SQL } from './rows';

/**
 * The redemptions' statements: place (the redemption, the stock it takes, its activity) and settle
 * (post or void, with what a void gives back). The hold and its settlement are ledger entries
 * (./ledger-queries.ts). A redemption is found by its key (`idempotency_key`, UNIQUE per company).
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
/** The redemption of key ?2 in company ?1. */
const BY_KEY = '(SELECT id FROM redemptions WHERE company_id = ?1 AND idempotency_key = ?2)';

export const redemptionByKeyStatement = (db: D1Database, companyId: string, key: string) =>
  db.prepare(`${REDEMPTION_SQL} WHERE d.company_id = ? AND d.idempotency_key = ?`).bind(companyId, key);

export interface PlacedRedemption {
  companyId: string;
  ambassadorUid: string;
  kind: 'gift_card' | 'vault';
  rewardUid: string | null;
  vaultItemUid: string | null;
  variantUid: string | null;
  /** What is spent, in `spend` units. */
  amount: number;
  spend: 'points' | 'cash';
  valueMinor: number | null;
  currency: string;
  /** The name of what is redeemed, kept on the redemption (the hold's and the release's descriptions say it). */
  itemName: string;
  key: string;
}

/** The redemption, `processing`. */
export const placeStatement = (db: D1Database, p: PlacedRedemption) =>
  db.prepare(
    `INSERT INTO redemptions (company_id, ambassador_uid, kind, reward_uid, vault_item_uid, variant_uid, requested_amount, spend_kind,
       status, idempotency_key, value_minor, currency, item_name, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, ?, ${NOW})`,
  ).bind(p.companyId, p.ambassadorUid, p.kind, p.rewardUid, p.vaultItemUid, p.variantUid, p.amount, p.spend, p.key, p.valueMinor, p.currency, p.itemName);

/** One taken from the reward's or variant's stock (NULL stock: unlimited); below 0 is `out_of_stock`. */
export const takeStockStatement = (db: D1Database, p: PlacedRedemption) =>
  p.variantUid
    ? db.prepare('UPDATE vault_item_variants SET stock = stock - 1 WHERE company_id = ? AND uid = ? AND stock IS NOT NULL').bind(p.companyId, p.variantUid)
    : db.prepare('UPDATE rewards SET stock = stock - 1 WHERE company_id = ? AND uid = ? AND stock IS NOT NULL').bind(p.companyId, p.rewardUid);

/** The redemption's activity row. */
export const placeActivityStatement = (db: D1Database, p: PlacedRedemption) =>
  db.prepare(
    `INSERT INTO activities (company_id, ambassador_uid, type, amount_minor, currency, points, status, payment_method, event_data1, redemption_id)
     SELECT ?1, ?2, 'redemption', ?3, ?4, ?5, 'processing', 8, ?6, id FROM redemptions WHERE company_id = ?1 AND idempotency_key = ?7`,
  ).bind(p.companyId, p.ambassadorUid, p.spend === 'cash' ? p.amount : p.valueMinor, p.currency, p.spend === 'points' ? p.amount : null,
    p.itemName, p.key);

/** Fulfilled: `completed` with the gift card's details (only from `processing`; the hold's post must exist: migration 0006). */
export const completeStatement = (db: D1Database, companyId: string, key: string, details: string, provider: string, externalRef: string) =>
  db.prepare(
    `UPDATE redemptions SET status = 'completed', details = ?3, provider = ?4, external_ref = ?5, updated_at = ${NOW}
      WHERE company_id = ?1 AND idempotency_key = ?2 AND status = 'processing'`,
  ).bind(companyId, key, details, provider, externalRef);

/** Voided: `failed` with the reason (only from `processing`; the hold's release must exist: migration 0006). */
export const failStatement = (db: D1Database, companyId: string, key: string, reason: string, provider: string) =>
  db.prepare(
    `UPDATE redemptions SET status = 'failed', failure_reason = ?3, provider = ?4, updated_at = ${NOW}
      WHERE company_id = ?1 AND idempotency_key = ?2 AND status = 'processing'`,
  ).bind(companyId, key, reason, provider);

/** The redemption's activity row follows its settlement: `redeemed` or `denied`. */
export const settleActivityStatement = (db: D1Database, companyId: string, key: string, status: 'redeemed' | 'denied') =>
  db.prepare(`UPDATE activities SET status = ?3 WHERE company_id = ?1 AND redemption_id = ${BY_KEY}`).bind(companyId, key, status);

/** A void gives back the stock it took and the code it claimed. */
export const returnStockStatements = (db: D1Database, companyId: string, key: string) => ({
  rewardStock: db.prepare(
    `UPDATE rewards SET stock = stock + 1 WHERE company_id = ?1 AND stock IS NOT NULL AND uid = (SELECT reward_uid FROM redemptions WHERE id = ${BY_KEY})`,
  ).bind(companyId, key),
  variantStock: db.prepare(
    `UPDATE vault_item_variants SET stock = stock + 1 WHERE company_id = ?1 AND stock IS NOT NULL AND uid = (SELECT variant_uid FROM redemptions WHERE id = ${BY_KEY})`,
  ).bind(companyId, key),
  code: db.prepare(`UPDATE reward_codes SET redemption_id = NULL WHERE company_id = ?1 AND redemption_id = ${BY_KEY}`).bind(companyId, key),
});
