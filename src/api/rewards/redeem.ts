import { actForTab } from '../companies/tab-access';
import { browserLanguage } from '../../lib/languages';
import {
  giftCardRedeemSchema, parseRewardConfig, vaultRedeemSchema, type GiftCardRedeemInput, type VaultRedeemInput,
} from '../../lib/schemas/rewards';
import type { MessageKey, MessageParams } from '../../lib/i18n';
import { newUid, sha256Hex } from '../core/crypto';
import { ApiError, errorBody, fieldError } from '../core/errors';
import { AnswerError, answerOrThrow, requestHash, withIdempotency, type StoredAnswer } from '../core/idempotency';
import type { Caller, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { ensureLoyalty } from '../core/token-auth';
import { placeRedemption, redemptionByKey, settleRedemption } from '../money/redemptions';
import { redemptionSettled } from './events';
import { fulfilmentProvider, type FulfilmentOrder, type FulfilmentResult } from './providers';
import type { RewardRow } from './queries';
import { confirmationEmail, type Recipient } from './redemption-email';
import { redemptionView } from './redemption-view';
import type { RedemptionView } from '../../lib/schemas/rewards';
import type { RedemptionRow } from '../money/rows';

// Redeem (spec §3, §7): the gift-card and vault redemptions of an ambassador. The money moves through the
// money operations (src/api/money/redemptions.ts): placeRedemption holds the amount in one guarded batch,
// the fulfilment provider issues or refuses, settleRedemption posts or voids the hold exactly once.

export type { Recipient };

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
      const unit = { unit: 'points', point_name: caller.company.point_name };
      if (q.amount < min) throw fieldError('amount', 'minimumAmount', { min, ...unit });
      if (q.amount > max) throw fieldError('amount', 'maximumAmount', { max, ...unit });
      amount = q.amount;
    } else {
      if (q.amount !== undefined && q.amount !== r.points) throw fieldError('amount', 'invalidAmount');
      amount = r.points;
    }
    if (r.stock !== null && r.stock <= 0) throw new ApiError('conflict', 'outOfStock');
    const config = parseRewardConfig(r.config);
    return {
      kind: 'gift_card', spend: 'points', amount, valueMinor: valueOf(r, amount), currency: r.currency, name: r.name,
      rewardUid: r.uid, vaultItemUid: null, variantUid: null, fieldKind: config.field_kind, utid: config.utid ?? null,
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
    return {
      kind: 'vault', spend: 'cash', amount: row.cost, valueMinor: row.value_minor, currency: row.currency, name: `${row.item_name} ${row.name}`.trim(),
      rewardUid: null, vaultItemUid: row.item_uid, variantUid: row.uid, fieldKind: row.payment_type === 'cash' ? 'quantity' : 'code', utid: null,
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
  const { redemption: placed, replayed } = await placeRedemption(db, {
    companyId: company, ambassadorUid: amb, kind: p.kind, rewardUid: p.rewardUid, vaultItemUid: p.vaultItemUid, variantUid: p.variantUid,
    amount: p.amount, spend: p.spend, valueMinor: p.valueMinor, currency: p.currency, itemName: p.name, key: rkey,
  }).catch(async (err: unknown) => {
    throw err instanceof ApiError && err.messageKey === 'notEnoughFunds' ? await shortOfFunds(db, caller, p) : err;
  });
  // The same keyed request placed its redemption before: answer that one, spend nothing.
  if (replayed) return answerOf(svc, caller, placed);

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
  const row = await redemptionByKey(db, company, rkey).catch(() => null);
  return answerOf(svc, caller, row ?? placed);
}

/**
 * "Not enough funds" with both amounts in their unit (a bare "fondos insuficientes" said neither what
 * it costs nor what there is). The ledger's guards refused the spend; this only reads what is available.
 */
async function shortOfFunds(db: D1Database, caller: Caller, p: Plan): Promise<ApiError> {
  const b = await db.prepare('SELECT points_available, cash_available FROM loyalty_balances WHERE company_id = ? AND ambassador_uid = ?')
    .bind(caller.company.id, caller.ambassador.uid).first<{ points_available: number; cash_available: number }>();
  const unit: MessageParams = p.spend === 'points' ? { unit: 'points', point_name: caller.company.point_name } : { unit: p.currency };
  const available = (p.spend === 'points' ? b?.points_available : b?.cash_available) ?? 0;
  return new ApiError('validation', 'notEnoughFundsFor', undefined, undefined, { cost: p.amount, available, ...unit });
}

/**
 * The answer of a redeem call for the redemption as it stands: 201, or 502 when fulfilment refused it. What was
 * redeemed is named in the caller's language, like the redemption's page names it later.
 */
function answerOf(svc: ServiceContext, caller: Caller, row: RedemptionRow): StoredAnswer {
  const view = redemptionView(row, [], browserLanguage(svc.acceptLanguage));
  if (row.status === 'failed') {
    const reason = (row.failure_reason ?? 'rewardUnavailable') as MessageKey;
    throw new AnswerError({
      status: 502,
      body: { ...errorBody('upstream_failed', 'redemptionUnsuccessful', undefined, { email: caller.company.support_email ?? '' }), error: reason, results: view },
    });
  }
  return { status: 201, body: { results: view } };
}

/**
 * Posts (issued) or voids (refused) a redemption's hold, once (the money operation settleRedemption), then
 * tells the webhooks and, when someone is waiting for it, e-mails the confirmation. Of any number of racing
 * settlements exactly one lands; the others are refused (409 redemptionAlreadySettled).
 */
export async function settle(svc: ServiceContext, who: Recipient | null, company: string, rkey: string, providerName: string, outcome: FulfilmentResult) {
  await settleRedemption(svc.db, company, rkey, outcome.status === 'issued'
    ? { status: 'issued', details: JSON.stringify(outcome.details), provider: providerName, externalRef: outcome.details.order_id }
    : { status: 'failed', reason: outcome.reason, provider: providerName });
  await redemptionSettled(svc, company, rkey);
  if (outcome.status === 'issued' && who) {
    await confirmationEmail(svc, who, company, rkey, outcome.details).catch((err) => console.error('rewards: confirmation e-mail', err));
  }
}

// Tab access: these exist only for the 'rewards' tab; see src/api/companies/tab-access.ts.
export const redeemGiftCard = (...args: Parameters<typeof redeemGiftCardUnchecked>) => actForTab(args[0], args[1], 'rewards', () => redeemGiftCardUnchecked(...args));
export const redeemVaultItem = (...args: Parameters<typeof redeemVaultItemUnchecked>) => actForTab(args[0], args[1], 'rewards', () => redeemVaultItemUnchecked(...args));
