import { Hono } from 'hono';
import { trackLeadSchema, trackSaleSchema } from '../../lib/schemas/attribution';
import { bodyLimit } from '../core/body-limit';
import { ApiError } from '../core/errors';
import { serviceContext } from '../core/service-context';
import type { ApiContext, ApiEnv } from '../core/types';
import { idempotent } from '../core/operator-idempotency';
import { requireOperator, type OperatorEnv } from '../core/operator-keys';
import { jsonBody, svcOf } from '../core/operator-request';
import { HOOK_MAX_BYTES, applyOnce, eventJson } from './hook-events';
import { companySecretStatement, type Provider } from './queries';
import { applyShopifyTopic, verifyShopifyHmac } from './shopify';
import { applyStripeEvent, stripeEventSchema } from './stripe';
import { verifyStripeSignature } from './stripe-signature';
import { trackLead, trackSale } from './track';

/** The raw body, read once and at most HOOK_MAX_BYTES (the bodyLimit in front refuses more with a 413). */
async function rawBody(c: ApiContext): Promise<Uint8Array> {
  return new Uint8Array(await c.req.arrayBuffer());
}

/** The path's company and its secret (row null: none set); an unknown company is a 404. */
async function secretOf(c: ApiContext, provider: Provider) {
  const companyId = c.req.param('company_id') ?? '';
  const company = companyId.length <= 64
    ? await companySecretStatement(c.env.DB, companyId, provider).first<{ id: string; secret: string | null; shop_domain: string | null }>()
    : null;
  if (!company) throw new ApiError('not_found', 'notFound');
  return { companyId, row: company.secret === null ? null : { secret: company.secret, shop_domain: company.shop_domain } };
}

const notSetUp = (provider: string) => `${provider} webhooks are not set up for this company: set the secret with PUT /v1/operator/integrations/${provider.toLowerCase()}.`;

/** The stores' webhooks (no company key: each is verified with the company's own secret). */
export const storeHooks = new Hono<ApiEnv>()
  .use('/hooks/*', bodyLimit({ maxBytes: HOOK_MAX_BYTES }))
  // POST /v1/hooks/stripe/{company_id} - Stripe events, verified by Stripe-Signature with the company's secret
  .post('/hooks/stripe/:company_id', async (c) => {
    const body = await rawBody(c);
    const { companyId, row } = await secretOf(c, 'stripe');
    if (!row) throw new ApiError('bad_request', notSetUp('Stripe'));
    if (!(await verifyStripeSignature(row.secret, c.req.header('stripe-signature'), body))) {
      throw new ApiError('bad_request', 'The Stripe-Signature header does not verify with this company’s signing secret.');
    }
    const parsed = stripeEventSchema.safeParse(eventJson(body));
    if (!parsed.success) throw new ApiError('bad_request', 'Not a Stripe event.');
    const event = parsed.data;
    const svc = serviceContext(c);
    const out = await applyOnce(c.env.DB, companyId, 'stripe', event.id, event.type, (claim) => applyStripeEvent(svc, companyId, event, claim));
    return c.json({ received: true, ...(out === 'duplicate' ? { result: 'duplicate' } : out) });
  })
  // POST /v1/hooks/shopify/{company_id} - Shopify webhooks, verified by X-Shopify-Hmac-Sha256 with the app's client secret
  .post('/hooks/shopify/:company_id', async (c) => {
    const body = await rawBody(c);
    const { companyId, row } = await secretOf(c, 'shopify');
    const challenge = { 'WWW-Authenticate': 'Signature realm="shopify"' };
    if (!row) throw new ApiError('unauthorized', notSetUp('Shopify'), undefined, challenge);
    const shop = c.req.header('x-shopify-shop-domain');
    const valid = await verifyShopifyHmac(row.secret, c.req.header('x-shopify-hmac-sha256'), body);
    if (!valid || (shop !== undefined && shop.toLowerCase() !== row.shop_domain)) {
      throw new ApiError('unauthorized', 'The X-Shopify-Hmac-Sha256 header does not verify with this company’s client secret.', undefined, challenge);
    }
    const webhookId = c.req.header('x-shopify-webhook-id')?.trim() ?? '';
    const topic = c.req.header('x-shopify-topic')?.trim() ?? '';
    if (!webhookId || webhookId.length > 255 || !topic) throw new ApiError('bad_request', 'X-Shopify-Webhook-Id and X-Shopify-Topic are required.');
    const payload = eventJson(body);
    const svc = serviceContext(c);
    const out = await applyOnce(c.env.DB, companyId, 'shopify', webhookId, topic, (claim) => applyShopifyTopic(svc, companyId, topic, payload, claim));
    return c.json({ received: true, ...(out === 'duplicate' ? { result: 'duplicate' } : out) });
  });

/** The lead and sale API (company key), for stores on neither Stripe nor Shopify. */
export const track = new Hono<OperatorEnv>()
  // Only these two: /track/share/ is the ambassadors' share tracking (their token, src/api/sharing).
  .use('/track/lead', requireOperator())
  .use('/track/sale', requireOperator())
  // POST /v1/track/lead - link a customer of the store to the ambassador of a click
  .post('/track/lead', async (c) => {
    const { text, input } = await jsonBody(c, trackLeadSchema);
    return idempotent(c, text, async () => {
      const { created, body } = await trackLead(svcOf(c), c.var.operator.companyId, input);
      return { status: created ? 201 : 200, body };
    });
  })
  // POST /v1/track/sale - a paid sale, credited by its click id or its customer; idempotent by invoice_id
  .post('/track/sale', async (c) => {
    const { text, input } = await jsonBody(c, trackSaleSchema);
    return idempotent(c, text, async () => {
      const { created, body } = await trackSale(svcOf(c), c.var.operator.companyId, input);
      return { status: created ? 201 : 200, body };
    });
  });
