import type { StoreHookReceipt } from '../../lib/schemas/attribution';
import type { RawRequest } from '../core/endpoint';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { recordDelivery, receiptFacts } from './deliveries';
import { applyOnce, eventJson } from './hook-events';
import { companySecretStatement, type Provider } from './queries';
import { applyShopifyTopic, verifyShopifyHmac } from './shopify';
import { applyStripeEvent, stripeEventSchema, type StripeEvent } from './stripe';
import { verifyStripeSignature } from './stripe-signature';

// The stores' webhooks (no company key: each is verified with the company's own secret over the raw body).
// A reader verifies and reads the request (the endpoint's readRequest, before anything is written); the
// handler applies the event once per event id (./hook-events.ts).

/** The path's company's secret (null: none set); an unknown company is a 404. */
async function secretOf(db: D1Database, companyId: string, provider: Provider) {
  const company = companyId.length <= 64
    ? await companySecretStatement(db, companyId, provider)
      .first<{ id: string; secret: string | null; shop_domain: string | null; connect_secret: string | null }>()
    : null;
  if (!company) throw new ApiError('not_found', 'notFound');
  return company.secret === null ? null : { secret: company.secret, shop_domain: company.shop_domain, connect_secret: company.connect_secret };
}

const notSetUp = (provider: string) => `${provider} webhooks are not set up for this company: set the secret with PUT /v1/operator/integrations/${provider.toLowerCase()}.`;

/** What a store's delivery answers: what its event did, or `duplicate` when the event id was applied before. */
const receipt = (out: Omit<StoreHookReceipt, 'received'> | 'duplicate'): StoreHookReceipt =>
  ({ received: true, ...(out === 'duplicate' ? { result: 'duplicate' } : out) });

/**
 * POST /v1/hooks/stripe/{company_id}: the event once `Stripe-Signature` verifies with the company's signing
 * secret (404 unknown company, 400 no secret, a signature that does not verify, or not a Stripe event).
 */
export async function readStripeHook(req: RawRequest, svc: ServiceContext, companyId: string): Promise<StripeEvent> {
  const body = new Uint8Array(await req.arrayBuffer());
  const row = await secretOf(svc.db, companyId, 'stripe');
  if (!row) throw new ApiError('bad_request', notSetUp('Stripe'));
  // The account's endpoint or, for events of connected accounts, the Connect endpoint: each has its own secret.
  const signature = req.header('stripe-signature');
  const verified = await verifyStripeSignature(row.secret, signature, body)
    || (row.connect_secret !== null && await verifyStripeSignature(row.connect_secret, signature, body));
  if (!verified) {
    const message = 'The Stripe-Signature header does not verify with this company’s signing secret.';
    await recordDelivery(svc.db, companyId, 'stripe', { eventId: null, eventType: null, result: 'refused', reason: message });
    throw new ApiError('bad_request', message);
  }
  const parsed = stripeEventSchema.safeParse(eventJson(body));
  if (!parsed.success) throw new ApiError('bad_request', 'Not a Stripe event.');
  return parsed.data;
}

export async function receiveStripeEvent(svc: ServiceContext, companyId: string, event: StripeEvent): Promise<StoreHookReceipt> {
  const out = receipt(await applyOnce(svc.db, companyId, 'stripe', event.id, event.type, (claim) => applyStripeEvent(svc, companyId, event, claim)));
  await recordDelivery(svc.db, companyId, 'stripe', receiptFacts(event.id, event.type, out));
  return out;
}

/** The delivery's id and topic (X-Shopify-Webhook-Id, X-Shopify-Topic). */
const shopifyDelivery = (header: (name: string) => string | undefined) => ({
  webhookId: header('x-shopify-webhook-id')?.trim() ?? '',
  topic: header('x-shopify-topic')?.trim() ?? '',
});

/**
 * POST /v1/hooks/shopify/{company_id}: the payload once X-Shopify-Hmac-Sha256 verifies with the company's
 * client secret and the shop is the company's (404 unknown company, 401 otherwise), with its delivery id
 * and topic (400 without).
 */
export async function readShopifyHook(req: RawRequest, svc: ServiceContext, companyId: string): Promise<Record<string, unknown>> {
  const body = new Uint8Array(await req.arrayBuffer());
  const row = await secretOf(svc.db, companyId, 'shopify');
  const challenge = { 'WWW-Authenticate': 'Signature realm="shopify"' };
  if (!row) throw new ApiError('unauthorized', notSetUp('Shopify'), undefined, challenge);
  const shop = req.header('x-shopify-shop-domain');
  const valid = await verifyShopifyHmac(row.secret, req.header('x-shopify-hmac-sha256'), body);
  if (!valid || (shop !== undefined && shop.toLowerCase() !== row.shop_domain)) {
    const reason = valid ? 'X-Shopify-Shop-Domain is not this company’s shop.' : 'The X-Shopify-Hmac-Sha256 header does not verify.';
    await recordDelivery(svc.db, companyId, 'shopify', { eventId: null, eventType: null, result: 'refused', reason });
    throw new ApiError('unauthorized', 'The X-Shopify-Hmac-Sha256 header does not verify with this company’s client secret.', undefined, challenge);
  }
  const { webhookId, topic } = shopifyDelivery(req.header);
  if (!webhookId || webhookId.length > 255 || !topic) throw new ApiError('bad_request', 'X-Shopify-Webhook-Id and X-Shopify-Topic are required.');
  return eventJson(body);
}

export async function receiveShopifyWebhook(
  svc: ServiceContext, companyId: string, header: (name: string) => string | undefined, payload: Record<string, unknown>,
): Promise<StoreHookReceipt> {
  const { webhookId, topic } = shopifyDelivery(header);
  const out = receipt(await applyOnce(svc.db, companyId, 'shopify', webhookId, topic, (claim) => applyShopifyTopic(svc, companyId, topic, payload, claim)));
  await recordDelivery(svc.db, companyId, 'shopify', receiptFacts(webhookId, topic, out));
  return out;
}
