import { z } from 'zod';
import type { ServiceContext } from '../core/types';
import { toMinor } from '../operator/queries';
import { hmacKey } from '../core/crypto';
import { companyCurrencyStatement } from './queries';
import { attributeSale, refundSale } from './service';

/**
 * Verifies `X-Shopify-Hmac-Sha256`: the base64 HMAC-SHA256 of the raw body with the app's client secret
 * (shopify.dev/docs/apps/build/webhooks/subscribe/https#step-5-verify-the-webhook), in constant time.
 */
export async function verifyShopifyHmac(secret: string, header: string | undefined, body: Uint8Array): Promise<boolean> {
  if (!header || !/^[A-Za-z0-9+/]{43}=$/.test(header.trim())) return false;
  const mac = Uint8Array.from(atob(header.trim()), (ch) => ch.charCodeAt(0));
  return crypto.subtle.verify('HMAC', await hmacKey(secret), mac, body as Uint8Array<ArrayBuffer>);
}

const money = z.union([z.string().regex(/^\d{1,12}(?:\.\d{1,6})?$/), z.number().nonnegative().transform(String)]);
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
  order_id: orderId,
  refund_line_items: z.array(z.object({ subtotal: money.nullish() })).nullish(),
  transactions: z.array(z.object({ amount: money, kind: z.string().optional(), status: z.string().optional() })).nullish(),
});

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
 * - `refunds/create`: a refund of that order's commission by the refunded line items' subtotal (or the
 *   refund transactions' amount when no line was refunded).
 */
export async function applyShopifyTopic(svc: ServiceContext, companyId: string, topic: string, payload: Record<string, unknown>) {
  if (topic === 'orders/paid') {
    const o = orderSchema.safeParse(payload);
    if (!o.success) return { result: 'ignored', reason: 'Not an order this endpoint can read.' };
    const order = o.data;
    const note = (order.note_attributes ?? []).find((a) => a.name === 'mbsy_cid');
    const landing = landingParams(order.landing_site);
    const currency = order.currency.toUpperCase();
    const name = [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(' ');
    const out = await attributeSale(svc, companyId, {
      source: 'shopify', transactionUid: order.id, revenueMinor: toMinor(order.current_subtotal_price, currency), currency,
      customer: { email: order.email ?? order.customer?.email ?? null, name, externalId: order.customer?.id ?? null },
      clues: {
        clickIds: [typeof note?.value === 'string' ? note.value : null, landing.cid],
        shortCode: landing.code,
        personalCodes: (order.discount_codes ?? []).map((d) => d.code),
      },
      note: `shopify order ${order.id}`,
    });
    return out.result === 'unattributed' ? out : { result: out.result, commission_uid: out.commission.uid };
  }
  if (topic === 'refunds/create') {
    const r = refundSchema.safeParse(payload);
    if (!r.success) return { result: 'ignored', reason: 'Not a refund this endpoint can read.' };
    const { order_id, refund_line_items, transactions } = r.data;
    const { currency } = (await companyCurrencyStatement(svc.db, companyId).first<{ currency: string }>())!;
    const sum = (values: string[]) => values.reduce((total, v) => total + toMinor(v, currency), 0);
    const lines = sum((refund_line_items ?? []).map((l) => l.subtotal ?? '0'));
    const paidBack = sum((transactions ?? []).filter((t) => t.kind === 'refund' && t.status !== 'failure').map((t) => t.amount));
    const amountMinor = lines > 0 ? lines : paidBack;
    if (amountMinor <= 0) return { result: 'ignored', reason: 'Nothing was refunded.' };
    return { result: await refundSale(svc, companyId, [order_id], { amountMinor }) };
  }
  return { result: 'ignored', reason: 'This topic is not used.' };
}
