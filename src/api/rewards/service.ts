import { readForTab } from '../companies/tab-access';
import { browserLanguage, type Language } from '../../lib/languages';
import { nameIn, textsIn } from '../../lib/row-language';
import { ledgerStatus } from '../../lib/ledger-status';
import {
  LEDGER_PAGE_SIZE, parseRewardConfig, REWARDS_PAGE_SIZE, rewardTypeName, type GiftCardList, type pageQuerySchema, type RedemptionList, type RedemptionView, type RewardLedger,
  type RewardView, type VaultBalance, type VaultItemList, type vaultItemsQuerySchema,
} from '../../lib/schemas/rewards';
import type { z } from 'zod';
import { ApiError } from '../core/errors';
import { batch, row, rows } from '../core/named-batch';
import type { Caller, ServiceContext } from '../core/types';
import { ensureLoyalty } from '../core/token-auth';
import {
  expiringLotsStatement, lotCountStatement, redemptionItemsStatement, rewardLedgerStatement, type RedemptionItemRow, type RewardLedgerRow, type RewardRow, type VariantRow, type VaultItemRow,
} from './queries';
import { redemptionView } from './redemption-view';
import { REDEMPTION_SQL, type RedemptionRow } from '../money/rows';

// Rewards (spec §3, §7), read-only: the gift-card catalogue, vault items and the vault's balance, the
// caller's redemptions and the rewards ledger. Redeeming is ./redeem.ts (the money moves through
// src/api/money), its confirmation e-mail ./redemption-email.ts, the fulfilment provider ./providers.ts.

export { redemptionView } from './redemption-view';
export { redeemGiftCard, redeemVaultItem, settle, type RedeemOptions, type Recipient } from './redeem';

export { LEDGER_PAGE_SIZE, REWARDS_PAGE_SIZE } from '../../lib/schemas/rewards';

const notFound = () => new ApiError('not_found', 'notFound');

/** The rewards portal of the path must be the caller's company's. */
function ensurePortal(caller: Caller, portal: string) {
  if (portal !== caller.company.portal_uid) throw notFound();
}

/**
 * A reward as the catalogue lists it (spec §3 "Reward": config parsed, the reward type named), its name, brand
 * description and disclaimer in `lang` where the company wrote them.
 */
export function rewardView(r: RewardRow, lang: Language | null = null): RewardView {
  const config = parseRewardConfig(r.config);
  const { name, brand_description, disclaimer } = textsIn(r, lang, ['name', 'brand_description', 'disclaimer']);
  return {
    uid: r.uid, name, type: r.type, reward_type: rewardTypeName(r.type), brand_kind: r.brand_kind, image: r.image,
    points: r.points, value_kind: r.value_kind, min_amount: r.min_amount, max_amount: r.max_amount, value_minor: r.value_minor,
    currency: r.currency, config, brand_description, disclaimer,
    stock: r.stock, in_stock: r.stock === null || r.stock > 0,
  };
}

/** POST /tables/ambassadors/{id}/content/affiliate_gift_card/?page=N - the active gift cards, 12 a page. */
async function listGiftCardsUnchecked(svc: ServiceContext, caller: Caller, { page }: z.output<typeof pageQuerySchema>): Promise<GiftCardList> {
  ensureLoyalty(caller);
  const offset = (page - 1) * REWARDS_PAGE_SIZE;
  const { rewards, count } = await batch(svc.db, {
    rewards: rows<RewardRow>(svc.db.prepare(
      `SELECT * FROM rewards WHERE company_id = ? AND is_active = 1
        ORDER BY (stock IS NOT NULL AND stock = 0), CASE value_kind WHEN 'range' THEN min_amount ELSE points END, name LIMIT ? OFFSET ?`,
    ).bind(caller.company.id, REWARDS_PAGE_SIZE, offset)),
    count: row<{ n: number }>(svc.db.prepare('SELECT COUNT(*) AS n FROM rewards WHERE company_id = ? AND is_active = 1').bind(caller.company.id)),
  });
  const total = count!.n;
  return {
    count: total,
    next: offset + REWARDS_PAGE_SIZE < total ? page + 1 : null,
    previous: page > 1 ? page - 1 : null,
    results: rewards.map((r) => rewardView(r, browserLanguage(svc.acceptLanguage))),
  };
}

interface VaultBalanceRow { cash_available: number; cash_held: number; points_available: number }
const NO_BALANCE: VaultBalanceRow = { cash_available: 0, cash_held: 0, points_available: 0 };
const vaultBalanceStatement = (db: D1Database, caller: Caller) =>
  db.prepare('SELECT cash_available, cash_held, points_available FROM loyalty_balances WHERE company_id = ? AND ambassador_uid = ?')
    .bind(caller.company.id, caller.ambassador.uid);

/** A variant as the vault lists it. */
const variantView = (v: VariantRow, lang: Language | null) => ({
  uid: v.uid, ...textsIn(v, lang, ['name']), cost: v.cost, value_minor: v.value_minor, stock: v.stock, in_stock: v.stock === null || v.stock > 0,
});

/** GET rewards/portals/{portal}/vault-items/?campaign_id= - active items (company-wide or of the caller's campaigns) with variants. */
async function listVaultItemsUnchecked(
  svc: ServiceContext, caller: Caller, portal: string, q: z.output<typeof vaultItemsQuerySchema>,
): Promise<VaultItemList> {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const mine = caller.memberships.map((m) => m.campaign_id);
  if (q.campaign_id !== undefined && !mine.includes(q.campaign_id)) throw notFound();
  const campaigns = q.campaign_id !== undefined ? [q.campaign_id] : mine;
  const { items, variants, balance } = await batch(svc.db, {
    items: rows<VaultItemRow>(svc.db.prepare(
      `SELECT * FROM vault_items WHERE company_id = ? AND is_active = 1
          AND (campaign_id IS NULL OR campaign_id IN (SELECT value FROM json_each(?)))
        ORDER BY campaign_id IS NOT NULL, created_at, uid`,
    ).bind(caller.company.id, JSON.stringify(campaigns))),
    variants: rows<VariantRow>(svc.db.prepare('SELECT * FROM vault_item_variants WHERE company_id = ? AND is_active = 1 ORDER BY cost, uid').bind(caller.company.id)),
    balance: row<VaultBalanceRow>(vaultBalanceStatement(svc.db, caller)),
  });
  const b = balance ?? NO_BALANCE;
  const byItem = new Map<string, VariantRow[]>();
  for (const v of variants) (byItem.get(v.vault_item_uid) ?? byItem.set(v.vault_item_uid, []).get(v.vault_item_uid)!).push(v);
  const lang = browserLanguage(svc.acceptLanguage);
  const results = items.map((i) => ({
    uid: i.uid, ...textsIn(i, lang, ['name', 'description']), image: i.image, payment_type: i.payment_type, currency: i.currency,
    campaign_id: i.campaign_id, variants: (byItem.get(i.uid) ?? []).map((v) => variantView(v, lang)),
  }));
  // The balance the vault spends comes along, so a page needs no second round trip for it.
  return {
    count: results.length, next: null, previous: null, results,
    balance_available: b.cash_available, balance_held: b.cash_held, points_available: b.points_available, currency: caller.company.currency,
  };
}

/** GET rewards/portals/{portal}/vault-items/{item}/balance-available/ - what the vault can spend (cash), and points. */
async function vaultBalanceUnchecked(svc: ServiceContext, caller: Caller, portal: string, itemUid: string): Promise<VaultBalance> {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const { item: i, balance } = await batch(svc.db, {
    item: row<{ currency: string }>(svc.db.prepare('SELECT currency FROM vault_items WHERE company_id = ? AND uid = ? AND is_active = 1').bind(caller.company.id, itemUid)),
    balance: row<VaultBalanceRow>(vaultBalanceStatement(svc.db, caller)),
  });
  if (!i) throw notFound();
  const b = balance ?? NO_BALANCE;
  return { balance_available: b.cash_available, balance_held: b.cash_held, currency: i.currency, points_available: b.points_available };
}

/** GET rewards/portals/{portal}/redemptions/{id}/ - one of the caller's redemptions, with the lots it used. */
async function redemptionDetailUnchecked(svc: ServiceContext, caller: Caller, portal: string, id: string | number): Promise<RedemptionView> {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw notFound();
  const { redemption: r, items } = await batch(svc.db, {
    redemption: row<RedemptionRow>(svc.db.prepare(`${REDEMPTION_SQL} WHERE d.company_id = ? AND d.id = ? AND d.ambassador_uid = ?`)
      .bind(caller.company.id, n, caller.ambassador.uid)),
    items: rows<RedemptionItemRow>(redemptionItemsStatement(svc.db, caller.company.id, n)),
  });
  if (!r) throw notFound();
  return redemptionView(r, items, browserLanguage(svc.acceptLanguage));
}

/** The caller's redemptions, newest first (the "redemptions" half of the v3 ledger). */
async function listRedemptionsUnchecked(
  svc: ServiceContext, caller: Caller, portal: string, { page }: z.output<typeof pageQuerySchema>,
): Promise<RedemptionList> {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const offset = (page - 1) * LEDGER_PAGE_SIZE;
  const { redemptions, count } = await batch(svc.db, {
    redemptions: rows<RedemptionRow>(svc.db.prepare(
      `${REDEMPTION_SQL} WHERE d.company_id = ? AND d.ambassador_uid = ? ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?`,
    ).bind(caller.company.id, caller.ambassador.uid, LEDGER_PAGE_SIZE, offset)),
    count: row<{ n: number }>(svc.db.prepare('SELECT COUNT(*) AS n FROM redemptions WHERE company_id = ? AND ambassador_uid = ?')
      .bind(caller.company.id, caller.ambassador.uid)),
  });
  const total = count!.n;
  return {
    count: total, next: offset + LEDGER_PAGE_SIZE < total ? page + 1 : null, previous: page > 1 ? page - 1 : null,
    results: redemptions.map((r) => redemptionView(r, [], browserLanguage(svc.acceptLanguage))),
  };
}

/** The caller's rewards ledger (spec §3 "Reward ledger"): every earning with its derived status, newest first. */
export async function rewardLedger(svc: ServiceContext, caller: Caller, { page }: z.output<typeof pageQuerySchema>): Promise<RewardLedger> {
  ensureLoyalty(caller);
  const offset = (page - 1) * LEDGER_PAGE_SIZE;
  const { lots, count, expiring } = await batch(svc.db, {
    lots: rows<RewardLedgerRow>(rewardLedgerStatement(svc.db, caller.company.id, caller.ambassador.uid, LEDGER_PAGE_SIZE, offset)),
    count: row<{ n: number }>(lotCountStatement(svc.db, caller.company.id, caller.ambassador.uid)),
    expiring: rows<ExpiringRow>(
      expiringLotsStatement(svc.db, caller.company.id, caller.ambassador.uid)),
  });
  const total = count!.n;
  const lang = browserLanguage(svc.acceptLanguage);
  return {
    count: total, next: offset + LEDGER_PAGE_SIZE < total ? page + 1 : null, previous: page > 1 ? page - 1 : null,
    results: lots.map((l) => ({
      id: l.lot_id, created_at: l.lot_created_at, kind: l.kind, amount: l.amount, remaining: l.remaining,
      status: ledgerStatus({ amount: l.amount, remaining: l.remaining, spent: l.spent, expired: l.expired, revoked: l.revoked, released: l.released > 0 }),
      redeemed_amount: Math.max(0, l.spent), expired_amount: l.expired, expire_at: l.expire_at, description: l.description,
      campaign_name: l.campaign_name, referred_full_name: l.referred_name, referred_email: l.referred_email,
      // A task's points: the task's name in the reader's language; null when the entry names no task that exists.
      task_name: nameIn(l.task_name, l.task_translations, lang),
    })),
    // Open lots that lapse, soonest first: which points (or cash) expire when.
    expiring: expiring.map(expiringView),
  };
}

/** Only the ledger's `expiring` part (the dashboard's "expiring soon"): one statement, not the ledger page. */
export async function expiringLots(svc: ServiceContext, caller: Caller): Promise<RewardLedger['expiring']> {
  ensureLoyalty(caller);
  const { expiring } = await batch(svc.db, {
    expiring: rows<ExpiringRow>(
      expiringLotsStatement(svc.db, caller.company.id, caller.ambassador.uid)),
  });
  return expiring.map(expiringView);
}

type ExpiringRow = { lot_id: number; kind: 'points' | 'cash'; remaining: number; expire_at: string };
const expiringView = (e: ExpiringRow) => ({ id: e.lot_id, kind: e.kind, amount: e.remaining, expire_at: e.expire_at });


// Tab access: these exist only for the 'rewards' tab; see src/api/companies/tab-access.ts.
export const listGiftCards = (...args: Parameters<typeof listGiftCardsUnchecked>) => readForTab(args[0], args[1], 'rewards', () => listGiftCardsUnchecked(...args));
export const listVaultItems = (...args: Parameters<typeof listVaultItemsUnchecked>) => readForTab(args[0], args[1], 'rewards', () => listVaultItemsUnchecked(...args));
export const vaultBalance = (...args: Parameters<typeof vaultBalanceUnchecked>) => readForTab(args[0], args[1], 'rewards', () => vaultBalanceUnchecked(...args));
export const redemptionDetail = (...args: Parameters<typeof redemptionDetailUnchecked>) => readForTab(args[0], args[1], 'rewards', () => redemptionDetailUnchecked(...args));
export const listRedemptions = (...args: Parameters<typeof listRedemptionsUnchecked>) => readForTab(args[0], args[1], 'rewards', () => listRedemptionsUnchecked(...args));
