import { actForTab, readForTab } from '../core/tab-access';
import { ledgerStatus } from '../../lib/ledger-status';
import {
  giftCardRedeemSchema, pageQuerySchema, parseRewardConfig, rewardTypeName, vaultItemsQuerySchema, vaultRedeemSchema,
  type GiftCardRedeemInput, type PageQuery, type VaultItemsQuery, type VaultRedeemInput,
} from '../../lib/schemas/rewards';
import { t, type MessageKey } from '../../lib/i18n';
import { normalizeLanguage } from '../../lib/languages';
import { newUid, sha256Hex } from '../core/crypto';
import { outboxSender } from '../core/email';
import { ApiError, errorBody, fieldError } from '../core/errors';
import { AnswerError, answerOrThrow, requestHash, withIdempotency, type StoredAnswer } from '../core/idempotency';
import type { Caller, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { ensureLoyalty } from '../loyalty/service';
import { expireDueStatement, guardedBatch, holdStatement, reclaimRevokedStatement, settleStatement } from '../loyalty/ledger';
import { redemptionSettled } from '../webhooks/emit';
import { fulfilmentProvider, type FulfilmentOrder, type FulfilmentResult, type IssuedDetails } from './providers';
import {
  REDEMPTION_SQL, expiringLotsStatement, lotCountStatement, redemptionItemsStatement, rewardLedgerStatement,
  type RedemptionItemRow, type RedemptionRow, type RewardLedgerRow, type RewardRow, type VariantRow, type VaultItemRow,
} from './queries';

// Rewards (spec §3, §7): the gift-card catalogue and its redemption (legacy), vault items and theirs
// (admin3), one redemption's detail, and the rewards ledger. Money moves only through the ledger's
// triggers (migrations/0005): a redemption is ONE batch that sweeps the caller's lapsed lots, writes the
// redemption, takes the stock and holds the amount; every guard is SQL, so a batch that would overspend,
// oversell or settle twice fails whole. Fulfilment then posts or releases the hold exactly once.

export const REWARDS_PAGE_SIZE = 12;
export const LEDGER_PAGE_SIZE = 20;

const notFound = () => new ApiError('not_found', 'notFound');

/** The rewards portal of the path must be the caller's company's. */
function ensurePortal(caller: Caller, portal: string) {
  if (portal !== caller.company.portal_uid) throw notFound();
}

const pointsPerUnit = (r: RewardRow) => parseRewardConfig(r.config).points_per_unit ?? null;

/** Face value of `points` spent on a reward: a fixed reward's own, a range reward's by its rate. */
function valueOf(r: RewardRow, points: number): number | null {
  if (r.value_kind === 'fixed') return r.value_minor;
  const ppu = pointsPerUnit(r);
  return ppu ? Math.round((points * 100) / ppu) : null;
}

/** A reward as the catalogue lists it (spec §3 "Reward": config parsed, the reward type named). */
export function rewardView(r: RewardRow) {
  const config = parseRewardConfig(r.config);
  return {
    uid: r.uid, name: r.name, type: r.type, reward_type: rewardTypeName(r.type), brand_kind: r.brand_kind, image: r.image,
    points: r.points, value_kind: r.value_kind, min_amount: r.min_amount, max_amount: r.max_amount, value_minor: r.value_minor,
    currency: r.currency, config, brand_description: r.brand_description, disclaimer: r.disclaimer,
    stock: r.stock, in_stock: r.stock === null || r.stock > 0,
  };
}
export type RewardView = ReturnType<typeof rewardView>;

/** POST /tables/ambassadors/{id}/content/affiliate_gift_card/?page=N - the active gift cards, 12 a page. */
async function listGiftCardsUnchecked(svc: ServiceContext, caller: Caller, query: PageQuery = {}) {
  ensureLoyalty(caller);
  const { page } = parseWith(pageQuerySchema, query);
  const offset = (page - 1) * REWARDS_PAGE_SIZE;
  const [rows, count] = await svc.db.batch([
    svc.db.prepare(
      `SELECT * FROM rewards WHERE company_id = ? AND is_active = 1
        ORDER BY (stock IS NOT NULL AND stock = 0), CASE value_kind WHEN 'range' THEN min_amount ELSE points END, name LIMIT ? OFFSET ?`,
    ).bind(caller.company.id, REWARDS_PAGE_SIZE, offset),
    svc.db.prepare('SELECT COUNT(*) AS n FROM rewards WHERE company_id = ? AND is_active = 1').bind(caller.company.id),
  ]);
  const total = (count!.results[0] as { n: number }).n;
  return {
    count: total,
    next: offset + REWARDS_PAGE_SIZE < total ? page + 1 : null,
    previous: page > 1 ? page - 1 : null,
    results: (rows!.results as RewardRow[]).map(rewardView),
  };
}
export type GiftCardList = Awaited<ReturnType<typeof listGiftCards>>;

/** A variant as the vault lists it. */
const variantView = (v: VariantRow) => ({
  uid: v.uid, name: v.name, cost: v.cost, value_minor: v.value_minor, stock: v.stock, in_stock: v.stock === null || v.stock > 0,
});

/** GET rewards/portals/{portal}/vault-items/?campaign_id= - active items (company-wide or of the caller's campaigns) with variants. */
async function listVaultItemsUnchecked(svc: ServiceContext, caller: Caller, portal: string, query: VaultItemsQuery = {}) {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const q = parseWith(vaultItemsQuerySchema, query);
  const mine = caller.memberships.map((m) => m.campaign_id);
  if (q.campaign_id !== undefined && !mine.includes(q.campaign_id)) throw notFound();
  const campaigns = q.campaign_id !== undefined ? [q.campaign_id] : mine;
  const [items, variants, balance] = await svc.db.batch([
    svc.db.prepare(
      `SELECT * FROM vault_items WHERE company_id = ? AND is_active = 1
          AND (campaign_id IS NULL OR campaign_id IN (SELECT value FROM json_each(?)))
        ORDER BY campaign_id IS NOT NULL, created_at, uid`,
    ).bind(caller.company.id, JSON.stringify(campaigns)),
    svc.db.prepare('SELECT * FROM vault_item_variants WHERE company_id = ? AND is_active = 1 ORDER BY cost, uid').bind(caller.company.id),
    svc.db.prepare('SELECT cash_available, cash_held, points_available FROM loyalty_balances WHERE company_id = ? AND ambassador_uid = ?')
      .bind(caller.company.id, caller.ambassador.uid),
  ]);
  const b = (balance!.results[0] as { cash_available: number; cash_held: number; points_available: number } | undefined)
    ?? { cash_available: 0, cash_held: 0, points_available: 0 };
  const byItem = new Map<string, VariantRow[]>();
  for (const v of variants!.results as VariantRow[]) (byItem.get(v.vault_item_uid) ?? byItem.set(v.vault_item_uid, []).get(v.vault_item_uid)!).push(v);
  const results = (items!.results as VaultItemRow[]).map((i) => ({
    uid: i.uid, name: i.name, description: i.description, image: i.image, payment_type: i.payment_type, currency: i.currency,
    campaign_id: i.campaign_id, variants: (byItem.get(i.uid) ?? []).map(variantView),
  }));
  // The balance the vault spends comes along, so a page needs no second round trip for it.
  return {
    count: results.length, next: null, previous: null, results,
    balance_available: b.cash_available, balance_held: b.cash_held, points_available: b.points_available, currency: caller.company.currency,
  };
}
export type VaultItemList = Awaited<ReturnType<typeof listVaultItems>>;
export type VaultItemView = VaultItemList['results'][number];

/** GET rewards/portals/{portal}/vault-items/{item}/balance-available/ - what the vault can spend (cash), and points. */
async function vaultBalanceUnchecked(svc: ServiceContext, caller: Caller, portal: string, itemUid: string) {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const [item, balance] = await svc.db.batch([
    svc.db.prepare('SELECT currency FROM vault_items WHERE company_id = ? AND uid = ? AND is_active = 1').bind(caller.company.id, itemUid),
    svc.db.prepare('SELECT cash_available, cash_held, points_available FROM loyalty_balances WHERE company_id = ? AND ambassador_uid = ?')
      .bind(caller.company.id, caller.ambassador.uid),
  ]);
  const i = item!.results[0] as { currency: string } | undefined;
  if (!i) throw notFound();
  const b = (balance!.results[0] as { cash_available: number; cash_held: number; points_available: number } | undefined)
    ?? { cash_available: 0, cash_held: 0, points_available: 0 };
  return { balance_available: b.cash_available, balance_held: b.cash_held, currency: i.currency, points_available: b.points_available };
}
export type VaultBalance = Awaited<ReturnType<typeof vaultBalance>>;

/** A redemption as the API answers it: spec §3 "Redemption" and its gift card details once issued. */
export function redemptionView(r: RedemptionRow, items: RedemptionItemRow[] = []) {
  const details = safeDetails(r.details);
  return {
    id: r.id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    status: r.status,
    kind: r.kind,
    requested_amount: r.requested_amount,
    spend_kind: r.spend_kind,
    value_minor: r.value_minor,
    currency: r.currency,
    reward_uid: r.reward_uid,
    reward_name: r.reward_name,
    reward_type: r.reward_type === null ? null : rewardTypeName(r.reward_type),
    brand_kind: r.brand_kind,
    vault_item_uid: r.vault_item_uid,
    payment_vault_name: r.vault_item_name,
    vault_item_variant_name: r.variant_name,
    variant_name: r.variant_name,
    failure_reason: r.failure_reason,
    gift_card: details && r.status === 'completed' ? { ...details, created_at: r.updated_at ?? r.created_at } : null,
    items: items.map((i) => ({
      id: i.lot_id, created_at: i.lot_created_at, used_amount: i.used,
      ledger_status: ledgerStatus({ amount: i.amount, remaining: i.remaining, spent: i.spent, expired: i.expired, revoked: i.revoked, released: i.released > 0 }),
      payment_vault_currency: i.kind === 'cash' ? r.currency : null, kind: i.kind,
    })),
  };
}
export type RedemptionView = ReturnType<typeof redemptionView>;

function safeDetails(raw: string): IssuedDetails | null {
  try {
    const d = JSON.parse(raw) as Partial<IssuedDetails>;
    return d && typeof d === 'object' && Object.keys(d).length > 0 ? (d as IssuedDetails) : null;
  } catch {
    return null;
  }
}

const redemptionByKey = (db: D1Database, companyId: string, key: string) =>
  db.prepare(`${REDEMPTION_SQL} WHERE d.company_id = ? AND d.idempotency_key = ?`).bind(companyId, key);

/** GET rewards/portals/{portal}/redemptions/{id}/ - one of the caller's redemptions, with the lots it used. */
async function redemptionDetailUnchecked(svc: ServiceContext, caller: Caller, portal: string, id: string | number) {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw notFound();
  const [row, items] = await svc.db.batch([
    svc.db.prepare(`${REDEMPTION_SQL} WHERE d.company_id = ? AND d.id = ? AND d.ambassador_uid = ?`).bind(caller.company.id, n, caller.ambassador.uid),
    redemptionItemsStatement(svc.db, caller.company.id, n),
  ]);
  const r = row!.results[0] as RedemptionRow | undefined;
  if (!r) throw notFound();
  return redemptionView(r, items!.results as RedemptionItemRow[]);
}

/** The caller's redemptions, newest first (the "redemptions" half of the v3 ledger). */
async function listRedemptionsUnchecked(svc: ServiceContext, caller: Caller, portal: string, query: PageQuery = {}) {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const { page } = parseWith(pageQuerySchema, query);
  const offset = (page - 1) * LEDGER_PAGE_SIZE;
  const [rows, count] = await svc.db.batch([
    svc.db.prepare(`${REDEMPTION_SQL} WHERE d.company_id = ? AND d.ambassador_uid = ? ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?`)
      .bind(caller.company.id, caller.ambassador.uid, LEDGER_PAGE_SIZE, offset),
    svc.db.prepare('SELECT COUNT(*) AS n FROM redemptions WHERE company_id = ? AND ambassador_uid = ?').bind(caller.company.id, caller.ambassador.uid),
  ]);
  const total = (count!.results[0] as { n: number }).n;
  return {
    count: total, next: offset + LEDGER_PAGE_SIZE < total ? page + 1 : null, previous: page > 1 ? page - 1 : null,
    results: (rows!.results as RedemptionRow[]).map((r) => redemptionView(r)),
  };
}
export type RedemptionList = Awaited<ReturnType<typeof listRedemptions>>;

/** The caller's rewards ledger (spec §3 "Reward ledger"): every earning with its derived status, newest first. */
export async function rewardLedger(svc: ServiceContext, caller: Caller, query: PageQuery = {}) {
  ensureLoyalty(caller);
  const { page } = parseWith(pageQuerySchema, query);
  const offset = (page - 1) * LEDGER_PAGE_SIZE;
  const [rows, count, expiring] = await svc.db.batch([
    rewardLedgerStatement(svc.db, caller.company.id, caller.ambassador.uid, LEDGER_PAGE_SIZE, offset),
    lotCountStatement(svc.db, caller.company.id, caller.ambassador.uid),
    expiringLotsStatement(svc.db, caller.company.id, caller.ambassador.uid),
  ]);
  const total = (count!.results[0] as { n: number }).n;
  return {
    count: total, next: offset + LEDGER_PAGE_SIZE < total ? page + 1 : null, previous: page > 1 ? page - 1 : null,
    results: (rows!.results as RewardLedgerRow[]).map((l) => ({
      id: l.lot_id, created_at: l.lot_created_at, kind: l.kind, amount: l.amount, remaining: l.remaining,
      status: ledgerStatus({ amount: l.amount, remaining: l.remaining, spent: l.spent, expired: l.expired, revoked: l.revoked, released: l.released > 0 }),
      redeemed_amount: Math.max(0, l.spent), expired_amount: l.expired, expire_at: l.expire_at, description: l.description,
      campaign_name: l.campaign_name, referred_full_name: l.referred_name, referred_email: l.referred_email,
    })),
    /** Open lots that lapse, soonest first: which points (or cash) expire when. */
    expiring: (expiring!.results as { lot_id: number; kind: 'points' | 'cash'; remaining: number; expire_at: string }[])
      .map((e) => ({ id: e.lot_id, kind: e.kind, amount: e.remaining, expire_at: e.expire_at })),
  };
}
export type RewardLedger = Awaited<ReturnType<typeof rewardLedger>>;

// ------------------------------------------------------------------------------------------------------
// Redeem
// ------------------------------------------------------------------------------------------------------

interface Plan {
  kind: 'gift_card' | 'vault';
  spend: 'points' | 'cash';
  amount: number;
  valueMinor: number | null;
  currency: string;
  name: string;
  rewardUid: string | null;
  vaultItemUid: string | null;
  variantUid: string | null;
  fieldKind: FulfilmentOrder['fieldKind'];
  utid: string | null;
  /** The statement that takes one from stock (fails the batch at 0; a release gives it back). */
  takeStock: D1PreparedStatement;
}

/** Options of a redeem call: the Idempotency-Key the client sent (null: none). */
export interface RedeemOptions {
  idempotencyKey?: string | null;
}

/** POST /loyalty/gift_card/redeem/ - spend points on a gift card (spec §3 payload: affiliate_uid, gift_card_uid, amount). */
async function redeemGiftCardUnchecked(svc: ServiceContext, caller: Caller, input: GiftCardRedeemInput, options: RedeemOptions = {}) {
  ensureLoyalty(caller);
  const q = parseWith(giftCardRedeemSchema, input);
  if (q.affiliate_uid !== caller.ambassador.uid) throw notFound();
  return redeem(svc, caller, `gift_card ${q.gift_card_uid}`, q, options, async () => {
    const r = await svc.db.prepare('SELECT * FROM rewards WHERE company_id = ? AND uid = ? AND is_active = 1')
      .bind(caller.company.id, q.gift_card_uid).first<RewardRow>();
    if (!r) throw notFound();
    let amount: number;
    if (r.value_kind === 'range') {
      if (q.amount === undefined) throw fieldError('amount', 'required');
      const min = r.min_amount ?? 1;
      const max = r.max_amount ?? Number.MAX_SAFE_INTEGER;
      if (q.amount < min) throw fieldError('amount', 'minimumAmount', { min });
      if (q.amount > max) throw fieldError('amount', 'maximumAmount', { max });
      amount = q.amount;
    } else {
      if (q.amount !== undefined && q.amount !== r.points) throw fieldError('amount', 'invalidAmount');
      amount = r.points;
    }
    if (r.stock !== null && r.stock <= 0) throw new ApiError('conflict', 'outOfStock');
    const config = parseRewardConfig(r.config);
    const stock = (delta: number) => svc.db.prepare(`UPDATE rewards SET stock = stock + ? WHERE company_id = ? AND uid = ? AND stock IS NOT NULL`)
      .bind(delta, caller.company.id, r.uid);
    return {
      kind: 'gift_card', spend: 'points', amount, valueMinor: valueOf(r, amount), currency: r.currency, name: r.name,
      rewardUid: r.uid, vaultItemUid: null, variantUid: null, fieldKind: config.field_kind, utid: config.utid ?? null,
      takeStock: stock(-1),
    };
  });
}

/** POST rewards/portals/{portal}/vault-items/{item}/redeem/ - spend cash on a vault item's variant (payload: variant_item, amount). */
async function redeemVaultItemUnchecked(
  svc: ServiceContext, caller: Caller, portal: string, itemUid: string, input: VaultRedeemInput, options: RedeemOptions = {},
) {
  ensureLoyalty(caller);
  ensurePortal(caller, portal);
  const q = parseWith(vaultRedeemSchema, input);
  return redeem(svc, caller, `vault ${itemUid}`, q, options, async () => {
    const row = await svc.db
      .prepare(
        `SELECT v.uid AS item_uid, v.name AS item_name, v.payment_type, v.currency, v.campaign_id, vv.uid, vv.name, vv.cost, vv.value_minor, vv.stock
           FROM vault_item_variants vv JOIN vault_items v ON v.company_id = vv.company_id AND v.uid = vv.vault_item_uid
          WHERE vv.company_id = ? AND v.uid = ? AND vv.uid = ? AND v.is_active = 1 AND vv.is_active = 1`,
      )
      .bind(caller.company.id, itemUid, q.variant_item)
      .first<{ item_uid: string; item_name: string; payment_type: string; currency: string; campaign_id: number | null; uid: string; name: string; cost: number; value_minor: number; stock: number | null }>();
    if (!row || (row.campaign_id !== null && !caller.memberships.some((m) => m.campaign_id === row.campaign_id))) throw notFound();
    if (q.amount !== undefined && q.amount !== row.cost) throw fieldError('amount', 'invalidAmount');
    if (row.stock !== null && row.stock <= 0) throw new ApiError('conflict', 'outOfStock');
    const stock = (delta: number) => svc.db.prepare('UPDATE vault_item_variants SET stock = stock + ? WHERE company_id = ? AND uid = ? AND stock IS NOT NULL')
      .bind(delta, caller.company.id, row.uid);
    return {
      kind: 'vault', spend: 'cash', amount: row.cost, valueMinor: row.value_minor, currency: row.currency, name: `${row.item_name} ${row.name}`.trim(),
      rewardUid: null, vaultItemUid: row.item_uid, variantUid: row.uid, fieldKind: row.payment_type === 'cash' ? 'quantity' : 'code', utid: null,
      takeStock: stock(-1),
    };
  });
}

/**
 * The one redeem path of both variants:
 * 1. Idempotency-Key (per ambassador): a replay answers the first answer and spends nothing;
 * 2. one batch: lapse the caller's due lots, write the redemption (processing), take stock, hold the
 *    amount (the ledger's guards refuse an overspend), note the activity, read the redemption back;
 * 3. the provider issues (post the hold, store the gift card details) or refuses (release the hold,
 *    return the stock): one more batch, guarded so it happens once; an unknown outcome leaves it pending.
 */
async function redeem(
  svc: ServiceContext, caller: Caller, operation: string, input: unknown, options: RedeemOptions, plan: () => Promise<Plan>,
) {
  const key = options.idempotencyKey ?? null;
  const scoped = key === null ? null : `redeem:${caller.ambassador.uid}:${key}`;
  const answer = await withIdempotency(svc.db, caller.company.id, scoped, await requestHash(operation, input), async (): Promise<StoredAnswer> => {
    const p = await plan();
    return placeAndFulfil(svc, caller, p, scoped);
  });
  return { ...answerOrThrow<{ results: RedemptionView }>(answer), replayed: answer.replayed };
}

async function placeAndFulfil(svc: ServiceContext, caller: Caller, p: Plan, scopedKey: string | null): Promise<StoredAnswer> {
  const { db } = svc;
  const company = caller.company.id;
  const amb = caller.ambassador.uid;
  // With an Idempotency-Key the redemption's own key follows it (UNIQUE per company): even if the key's
  // record were lost, a second run of the same request could not place a second redemption.
  const rkey = scopedKey ? `idem:${(await sha256Hex(scopedKey)).slice(0, 40)}` : newUid('rdm');
  const description = `Redeemed: ${p.name}`;
  let placed: RedemptionRow;
  try {
    const results = await guardedBatch(db, [
      expireDueStatement(db, { companyId: company, ambassadorUid: amb }),
      db.prepare(
        `INSERT INTO redemptions (company_id, ambassador_uid, kind, reward_uid, vault_item_uid, variant_uid, requested_amount, spend_kind,
           status, idempotency_key, value_minor, currency, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      ).bind(company, amb, p.kind, p.rewardUid, p.vaultItemUid, p.variantUid, p.amount, p.spend, rkey, p.valueMinor, p.currency),
      p.takeStock,
      holdStatement(db, { companyId: company, ambassadorUid: amb, kind: p.spend, amount: p.amount, description, redemptionKey: rkey }),
      db.prepare(
        `INSERT INTO activities (company_id, ambassador_uid, type, amount_minor, currency, points, status, payment_method, event_data1, redemption_id)
         SELECT ?1, ?2, 'redemption', ?3, ?4, ?5, 'processing', 8, ?6, id FROM redemptions WHERE company_id = ?1 AND idempotency_key = ?7`,
      ).bind(company, amb, p.spend === 'cash' ? p.amount : p.valueMinor, p.currency, p.spend === 'points' ? p.amount : null, p.name, rkey),
      redemptionByKey(db, company, rkey),
    ]);
    placed = results.at(-1)!.results[0] as RedemptionRow;
  } catch (err) {
    // The same keyed request placed its redemption before: answer that one, spend nothing.
    if (scopedKey && /UNIQUE constraint failed: redemptions/.test(err instanceof Error ? err.message : '')) {
      const existing = await redemptionByKey(db, company, rkey).first<RedemptionRow>();
      if (existing) return answerOf(caller, existing);
    }
    throw err;
  }

  // From here on the hold exists: whatever fails, the answer is the redemption as it stands (stored under
  // the Idempotency-Key like any answer), never an error that would let a retry spend again.
  try {
    const order: FulfilmentOrder = {
      companyId: company, redemptionId: placed.id, externalRef: `hold:${rkey}`, rewardUid: p.rewardUid, variantUid: p.variantUid,
      utid: p.utid, name: p.name, fieldKind: p.fieldKind, valueMinor: p.valueMinor, currency: p.currency,
      recipient: { email: caller.user.email, firstName: caller.user.first_name, lastName: caller.user.last_name },
    };
    const provider = fulfilmentProvider(svc.env as unknown as Record<string, unknown>, db);
    let outcome: FulfilmentResult | null;
    try {
      outcome = await provider.issue(order);
    } catch (err) {
      console.error('rewards: fulfilment outcome unknown, the hold stays pending', placed.id, err);
      outcome = null;
    }
    const who = { email: caller.user.email, firstName: caller.user.first_name, language: caller.ambassador.language, companyName: caller.company.name };
    if (outcome) {
      try {
        await settle(svc, who, company, rkey, provider.name, outcome);
      } catch (err) {
        // Settled meanwhile (the scheduled run, the company): the redemption's state below says how.
        console.error('rewards: settlement refused', placed.id, err);
      }
    }
  } catch (err) {
    console.error('rewards: after the hold', placed.id, err);
  }
  const row = await redemptionByKey(db, company, rkey).first<RedemptionRow>().catch(() => null);
  return answerOf(caller, row ?? placed);
}

/** The answer of a redeem call for the redemption as it stands: 201, or 502 when fulfilment refused it. */
function answerOf(caller: Caller, row: RedemptionRow): StoredAnswer {
  const view = redemptionView(row);
  if (row.status === 'failed') {
    const reason = (row.failure_reason ?? 'rewardUnavailable') as MessageKey;
    throw new AnswerError({
      status: 502,
      body: { ...errorBody('upstream_failed', 'redemptionUnsuccessful', undefined, { email: caller.company.support_email ?? '' }), error: reason, results: view },
    });
  }
  return { status: 201, body: { results: view } };
}

/** The redemption of key `rkey`, in SQL (the stock and code statements of a settlement find it by its key). */
const BY_KEY = '(SELECT id FROM redemptions WHERE company_id = ?1 AND idempotency_key = ?2)';

/**
 * Posts (issued) or releases (refused) a redemption's hold, once, in one batch. The settlement entry goes
 * first: the redemption's status can only leave `processing` when it exists (migration 0006), and its
 * UNIQUE settles_id refuses a second one, so of any number of racing settlements exactly one lands.
 * A release also gives back the stock and the claimed code, reverses what goes back to a revoked lot
 * (a refunded order's points), and lapses lots that expired while held.
 */
export async function settle(svc: ServiceContext, who: Recipient | null, company: string, rkey: string, providerName: string, outcome: FulfilmentResult) {
  const { db } = svc;
  if (outcome.status === 'issued') {
    await guardedBatch(db, [
      settleStatement(db, company, rkey, 'post'),
      db.prepare(
        `UPDATE redemptions SET status = 'completed', details = ?3, provider = ?4, external_ref = ?5, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE company_id = ?1 AND idempotency_key = ?2 AND status = 'processing'`,
      ).bind(company, rkey, JSON.stringify(outcome.details), providerName, outcome.details.order_id),
      db.prepare(`UPDATE activities SET status = 'redeemed' WHERE company_id = ?1 AND redemption_id = ${BY_KEY}`).bind(company, rkey),
    ]);
    await redemptionSettled(svc, company, rkey);
    if (who) await confirmationEmail(svc, who, company, outcome.details).catch((err) => console.error('rewards: confirmation e-mail', err));
    return;
  }
  await guardedBatch(db, [
    settleStatement(db, company, rkey, 'release'),
    db.prepare(
      `UPDATE redemptions SET status = 'failed', failure_reason = ?3, provider = ?4, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        WHERE company_id = ?1 AND idempotency_key = ?2 AND status = 'processing'`,
    ).bind(company, rkey, outcome.reason, providerName),
    db.prepare(`UPDATE activities SET status = 'denied' WHERE company_id = ?1 AND redemption_id = ${BY_KEY}`).bind(company, rkey),
    db.prepare(`UPDATE rewards SET stock = stock + 1 WHERE company_id = ?1 AND stock IS NOT NULL AND uid = (SELECT reward_uid FROM redemptions WHERE id = ${BY_KEY})`)
      .bind(company, rkey),
    db.prepare(`UPDATE vault_item_variants SET stock = stock + 1 WHERE company_id = ?1 AND stock IS NOT NULL AND uid = (SELECT variant_uid FROM redemptions WHERE id = ${BY_KEY})`)
      .bind(company, rkey),
    db.prepare(`UPDATE reward_codes SET redemption_id = NULL WHERE company_id = ?1 AND redemption_id = ${BY_KEY}`).bind(company, rkey),
    reclaimRevokedStatement(db, company, rkey),
    db.prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, lot_id, description)
       SELECT company_id, ambassador_uid, kind, 'expire', -remaining, entry_id, 'Expired: not redeemed in time' FROM loyalty_lots
        WHERE company_id = ?1 AND ambassador_uid = (SELECT ambassador_uid FROM redemptions WHERE id = ${BY_KEY})
          AND remaining > 0 AND expire_at IS NOT NULL AND expire_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    ).bind(company, rkey),
  ]);
  await redemptionSettled(svc, company, rkey);
}

/** Who gets the confirmation e-mail (none when the scheduled run settles a redemption). */
export interface Recipient {
  email: string;
  firstName: string;
  language: string | null;
  companyName: string;
}

/** "Redemption submitted" (spec §8) by e-mail, with the code, in the person's language. */
async function confirmationEmail(svc: ServiceContext, who: Recipient, company: string, d: IssuedDetails) {
  const lang = normalizeLanguage(who.language) ?? 'en';
  const field = (k: 'card_number' | 'card_code' | 'card_pin' | 'redemption_url' | 'transaction_id', v: string | null) =>
    v ? [`${t(lang, `activityDetail.field.${k}`)}: ${v}`] : [];
  const lines = [
    who.firstName ? t(lang, 'emailHello', { name: who.firstName }) : t(lang, 'emailHelloAnonymous'),
    '',
    t(lang, 'redeemSuccess'),
    '',
    d.card_name,
    ...field('card_number', d.card_number),
    ...field('card_code', d.card_code),
    ...field('card_pin', d.card_pin),
    ...field('redemption_url', d.redemption_url),
    ...field('transaction_id', d.order_id),
  ];
  // Through the sender, so the card details go out at once (queue) rather than at the next sweep.
  await outboxSender(svc.db, svc).send({
    companyId: company, to: who.email, template: 'redemption', subject: t(lang, 'emailRedemptionSubject', { company: who.companyName }), text: lines.join('\n'),
  });
}

// Tab access (issue 17): these exist only for the 'rewards' tab; see src/api/core/tab-access.ts.
export const listGiftCards = (...args: Parameters<typeof listGiftCardsUnchecked>) => readForTab(args[0], args[1], 'rewards', () => listGiftCardsUnchecked(...args));
export const listVaultItems = (...args: Parameters<typeof listVaultItemsUnchecked>) => readForTab(args[0], args[1], 'rewards', () => listVaultItemsUnchecked(...args));
export const vaultBalance = (...args: Parameters<typeof vaultBalanceUnchecked>) => readForTab(args[0], args[1], 'rewards', () => vaultBalanceUnchecked(...args));
export const redemptionDetail = (...args: Parameters<typeof redemptionDetailUnchecked>) => readForTab(args[0], args[1], 'rewards', () => redemptionDetailUnchecked(...args));
export const listRedemptions = (...args: Parameters<typeof listRedemptionsUnchecked>) => readForTab(args[0], args[1], 'rewards', () => listRedemptionsUnchecked(...args));
export const redeemGiftCard = (...args: Parameters<typeof redeemGiftCardUnchecked>) => actForTab(args[0], args[1], 'rewards', () => redeemGiftCardUnchecked(...args));
export const redeemVaultItem = (...args: Parameters<typeof redeemVaultItemUnchecked>) => actForTab(args[0], args[1], 'rewards', () => redeemVaultItemUnchecked(...args));
