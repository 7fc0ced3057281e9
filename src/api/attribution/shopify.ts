import { z } from 'zod';
import { currencyMinorDigits } from '../../lib/format';
import { MAX_MONEY_MINOR } from '../../lib/money-limits';
import { plainNumber } from '../../lib/schemas/numbers';
import type { OnceClaim } from '../core/batch-claim';
import type { ServiceContext } from '../core/types';
import { hmacKey } from '../core/crypto';
import { companyCurrencyStatement } from './queries';
import { applyKnownRefunds, refundSale } from './refunds';
import { attributeSale } from './service';
import { recordText } from '../../lib/system-text';

/**
 * Verifies `X-Shopify-Hmac-Sha256`: the base64 HMAC-SHA256 of the raw body with the app's client secret
 * (shopify.dev/docs/apps/build/webhooks/subscribe/https#step-5-verify-the-webhook), in constant time.
 */
export async function verifyShopifyHmac(secret: string, header: string | undefined, body: Uint8Array): Promise<boolean> {
  if (!header || !/^[A-Za-z0-9+/]{43}=$/.test(header.trim())) return false;
  const mac = Uint8Array.from(atob(header.trim()), (ch) => ch.charCodeAt(0));
  return crypto.subtle.verify('HMAC', await hmacKey(secret), mac, body as Uint8Array<ArrayBuffer>);
}

// Up to 20 digits are read, so that an amount above MAX_MONEY_MINOR is refused by name rather than ignored as unreadable.
const money = z.preprocess(plainNumber, z.union([z.string().regex(/^\d{1,20}(?:\.\d{1,6})?$/), z.number().nonnegative().transform(String)]));
const orderId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,30}$/)]).transform(String);

const orderSchema = z.object({
  id: orderId,
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  current_subtotal_price: money,
  email: z.string().max(255).nullish(),
  landing_site: z.string().max(4000).nullish(),
  note_attributes: z.array(z.object({ name: z.string().max(255), value: z.unknown() })).nullish(),
  discount_codes: z.array(z.object({ code: z.string().max(255) })).nullish(),
  customer: z.object({
    id: orderId.nullish(), email: z.string().max(255).nullish(), first_name: z.string().max(255).nullish(), last_name: z.string().max(255).nullish(),
  }).nullish(),
});

const refundSchema = z.object({
  id: orderId,
  order_id: orderId,
  refund_line_items: z.array(z.object({ subtotal: money.nullish() })).nullish(),
  transactions: z.array(z.object({ amount: money, kind: z.string().optional(), status: z.string().optional() })).nullish(),
});

/**
 * A Shopify price ("80.00", as `money` reads it) in minor units of `currency`: null when it has more decimals
 * than the currency, Infinity above MAX_MONEY_MINOR (src/lib/money-limits.ts).
 */
function priceMinor(price: string, currency: string): number | null {
  const digits = currencyMinorDigits(currency);
  const [whole = '0', frac = ''] = price.split('.');
  if (frac.slice(digits).replace(/0+$/, '')) return null;
  const minor = Number(whole) * 10 ** digits + Number(frac.slice(0, digits).padEnd(digits, '0') || '0');
  return minor <= MAX_MONEY_MINOR ? minor : Infinity;
}

/** `refused` (an amount above the bound, named) or `ignored` (more decimals than the currency has), or null: all read. */
function unreadable(prices: Record<string, string>, currency: string) {
  for (const [field, value] of Object.entries(prices)) {
    const minor = priceMinor(value, currency);
    if (minor === null) return { result: 'ignored', reason: `${field} ${value} has more decimals than ${currency} has.` };
    if (minor === Infinity) return { result: 'refused', reason: `${field} ${value} is above the largest amount accepted (${MAX_MONEY_MINOR} minor units).` };
  }
  return null;
}

/** `mbsy_cid` and `mbsy` of the landing URL (Shopify keeps it as a path with its query). */
function landingParams(landing: string | null | undefined) {
  if (!landing) return { cid: null, code: null };
  try {
    const url = new URL(landing, 'https://shop.invalid');
    return { cid: url.searchParams.get('mbsy_cid'), code: url.searchParams.get('mbsy') };
  } catch {
    return { cid: null, code: null };
  }
}

/**
 * Applies one verified Shopify webhook:
 * - `orders/paid`: a conversion of `current_subtotal_price` in the shop currency, transaction the order id,
 *   credited by the `mbsy_cid` note attribute (the store script writes it), else `mbsy_cid` / `mbsy` of
 *   `landing_site`, else a discount code that is a personal code.
 *   Once per order (its id is the commission's transaction), whatever the webhook id.
 * - `refunds/create`: a refund of that order's commission by the refunded line items' subtotal (or the
 *   refund transactions' amount when no line was refunded), once per refund id (./refunds.ts): the same
 *   signed body under another X-Shopify-Webhook-Id (which the HMAC does not cover) refunds nothing more.
 * A price above MAX_MONEY_MINOR minor units: `refused`, nothing booked.
 * `claim`: the delivery's (./hook-events.ts), taken by the batch of the webhook's last write.
 */
export async function applyShopifyTopic(
  svc: ServiceContext, companyId: string, topic: string, payload: Record<string, unknown>, claim: OnceClaim | null = null,
) {
  if (topic === 'orders/paid') {
    const o = orderSchema.safeParse(payload);
    if (!o.success) return { result: 'ignored', reason: 'Not an order this endpoint can read.' };
    const order = o.data;
    const note = (order.note_attributes ?? []).find((a) => a.name === 'mbsy_cid');
    const landing = landingParams(order.landing_site);
    const currency = order.currency.toUpperCase();
    const name = [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(' ');
    const refused = unreadable({ current_subtotal_price: order.current_subtotal_price }, currency);
    if (refused) return refused;
    const out = await attributeSale(svc, companyId, {
      source: 'shopify', transactionUid: order.id, revenueMinor: priceMinor(order.current_subtotal_price, currency)!, currency,
      customer: { email: order.email ?? order.customer?.email ?? null, name, externalId: order.customer?.id ?? null },
      clues: {
        clickIds: [typeof note?.value === 'string' ? note.value : null, landing.cid],
        shortCode: landing.code,
        personalCodes: (order.discount_codes ?? []).map((d) => d.code),
      },
      note: recordText('records.shopifyOrder', String(order.id)),
    }, claim);
    if (out.result === 'unattributed') return out;
    // A refund that arrived before its order (webhooks are not ordered) is applied now.
    const refund = await applyKnownRefunds(svc, companyId, 'shopify', order.id, claim);
    return { result: out.result, commission_uid: out.commission.uid, ...(refund ? { refund } : {}) };
  }
  if (topic === 'refunds/create') {
    const r = refundSchema.safeParse(payload);
    if (!r.success) return { result: 'ignored', reason: 'Not a refund this endpoint can read.' };
    const { id, order_id, refund_line_items, transactions } = r.data;
    const { currency } = (await companyCurrencyStatement(svc.db, companyId).first<{ currency: string }>())!;
    const lineValues = (refund_line_items ?? []).map((l) => l.subtotal ?? '0');
    const paidValues = (transactions ?? []).filter((t) => t.kind === 'refund' && t.status !== 'failure').map((t) => t.amount);
    const refused = unreadable(Object.fromEntries([
      ...lineValues.map((v, i) => [`refund_line_items.${i}.subtotal`, v]), ...paidValues.map((v, i) => [`transactions.${i}.amount`, v]),
    ]), currency);
    if (refused) return refused;
    const sum = (values: string[]) => values.reduce((total, v) => total + priceMinor(v, currency)!, 0);
    const lines = sum(lineValues);
    const amountMinor = lines > 0 ? lines : sum(paidValues);
    if (amountMinor <= 0) return { result: 'ignored', reason: 'Nothing was refunded.' };
    if (amountMinor > MAX_MONEY_MINOR) return { result: 'refused', reason: `The refund is above the largest amount accepted (${MAX_MONEY_MINOR} minor units).` };
    return { result: await refundSale(svc, companyId, { provider: 'shopify', paymentId: order_id, refunds: [{ id, amountMinor }] }, claim) };
  }
  return { result: 'ignored', reason: 'This topic is not used.' };
}
