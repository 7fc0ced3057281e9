import { z } from 'zod';
import {
  personalCodeImportCsvSchema, personalCodeListSchema, personalCodeSchema, shopifyIntegrationSchema, stripeIntegrationSchema, trackLeadSchema, trackSaleSchema,
} from '../../lib/schemas/attribution';
import { transitionSchema } from '../../lib/schemas/operator';
import type { Operation } from './operations';
import type { importPersonalCodes } from '../attribution/personal-codes-import';
import { commissionSchema } from '../../lib/schemas/commissions';
import { components } from './responses';

// Store attribution: the integration secrets, the stores' signed webhooks and the lead/sale API.

const integration = z.object({
  provider: z.enum(['stripe', 'shopify']),
  is_set: z.boolean().describe('Whether a secret is stored'),
  last4: z.string().nullable().describe('The secret\'s last 4 characters (the secret itself is never shown)'),
  shop_domain: z.string().nullable().optional().describe('Shopify only: the shop whose webhooks are accepted'),
  updated_at: z.string().nullable().describe('ISO 8601 UTC time the secret was last set'),
  webhook_url: z.string().describe('The URL to give the store: `/v1/hooks/<provider>/<company id>` on this portal'),
}).strict().register(components, { id: 'Integration' });

const hookReceipt = z.object({
  received: z.literal(true),
  result: z.string().describe('`created`, `existing`, `unattributed` (kept with `reason`), `refunded`, `clawed_back`, ' +
    '`already_refunded`, `unknown_transaction`, `ignored` (not paid yet, an unused type, recurring off) or `duplicate` (this event id was applied before: nothing changed)'),
  reason: z.string().optional(),
  commission_uid: z.string().optional(),
}).strict().register(components, { id: 'StoreHookReceipt' });

const leadAnswer = z.object({
  customer_external_id: z.string(), ambassador_uid: z.string(), share_link_uid: z.string().nullable(),
  first_seen_at: z.string().describe('When the customer was first linked (the first link wins)'),
}).strict().register(components, { id: 'TrackedLead' });

const saleAnswer = z.object({
  commission: commissionSchema.nullable().describe('null: nobody could be credited; the sale is kept as unattributed'),
  attributed_by: z.enum(['click_id', 'short_code', 'personal_code', 'customer']).nullable(),
  unattributed_reason: z.string().nullable(),
}).strict().register(components, { id: 'TrackedSale' });

const personalCode = z.object({
  uid: z.string(), code: z.string(), ambassador_uid: z.string(), campaign_uid: z.string(), created_at: z.string(),
  revoked_at: z.string().nullable(), is_active: z.boolean().describe('false once revoked: it credits nothing, and stays taken'),
}).strict().register(components, { id: 'PersonalCode' });
const personalCodeAnswer = z.object({ personal_code: personalCode }).strict().register(components, { id: 'PersonalCodeAnswer' });
const personalCodeList = z.object({ count: z.number().int(), results: z.array(personalCode) }).strict()
  .register(components, { id: 'PersonalCodeList' });

const personalCodeImportReport = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  rows: z.array(z.object({
    row: z.number().int().describe('Line of the file the row starts on (the header is row 1)'),
    code: z.string(),
    status: z.enum(['created', 'error']),
    uid: z.string().optional().describe('The new personal code (created)'),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('Per column: what is wrong (status error); nothing of the row was written'),
  }).strict()),
}).strict().register(components, { id: 'PersonalCodeImportReport' });

const stripeEvent = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.object({}).loose() }) }).loose();
const shopifyPayload = z.object({}).loose();

export const OPERATIONS_ATTRIBUTION: Operation[] = [
  ...(['stripe', 'shopify'] as const).flatMap((provider): Operation[] => {
    const name = provider === 'stripe' ? 'Stripe' : 'Shopify';
    return [{
      method: 'get',
      path: `/v1/operator/integrations/${provider}`,
      tag: 'Attribution',
      operationId: `get${name}Integration`,
      summary: `Show the ${name} connection`,
      description: `Whether the ${name} secret is set (its last 4 characters, never the secret) and the webhook URL to give ${name}.`,
      ok: { status: 200, schema: integration, description: 'The connection' },
      errors: {},
    }, {
      method: 'put',
      path: `/v1/operator/integrations/${provider}`,
      tag: 'Attribution',
      operationId: `set${name}Integration`,
      summary: `Set the ${name} secret`,
      description: provider === 'stripe'
        ? 'The signing secret (`whsec_…`) of the Stripe webhook endpoint that posts to `webhook_url`. Replaces the one before.'
        : 'The Shopify app\'s client secret (it signs the shop\'s webhooks) and the shop\'s myshopify.com domain. Replaces the ones before.',
      body: provider === 'stripe' ? stripeIntegrationSchema : shopifyIntegrationSchema,
      example: provider === 'stripe'
        ? { webhook_secret: 'whsec_0123456789abcdefABCDEF' }
        : { client_secret: 'shpss_0123456789abcdef', shop_domain: 'my-store.myshopify.com' },
      ok: { status: 200, schema: integration, description: 'The connection as stored' },
      errors: {},
    }];
  }),
  {
    method: 'post',
    path: '/v1/hooks/stripe/:company_id',
    tag: 'Attribution',
    operationId: 'receiveStripeEvent',
    summary: 'Receive Stripe events',
    description: 'Stripe\'s webhook for the company: `Stripe-Signature` must verify with the company\'s signing secret (HMAC-SHA256 of ' +
      '`t.body`, any `v1`, 300 s tolerance), else 400. `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` ' +
      'make a conversion credited by `client_reference_id` (the click id), `metadata.mbsy_cid`, `metadata.mbsy`, then a promotion code ' +
      'that is a personal code; `invoice.paid` of a remembered customer a recurring commission when the campaign allows it; ' +
      '`charge.refunded` refunds (or claws back). Each event id applies once; other types answer 200 and do nothing. See docs/stripe.md.',
    auth: 'stripe',
    body: stripeEvent,
    example: { id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1', payment_status: 'paid', amount_total: 4999, currency: 'usd', client_reference_id: '2f1c7a52-8a4e-4a0b-9d1e-0c1f2a3b4c5d' } } },
    ok: { status: 200, schema: hookReceipt, description: 'Received' },
    errors: { 404: 'No company has this id' },
  },
  {
    method: 'post',
    path: '/v1/hooks/shopify/:company_id',
    tag: 'Attribution',
    operationId: 'receiveShopifyWebhook',
    summary: 'Receive Shopify webhooks',
    description: '`X-Shopify-Hmac-Sha256` must be the base64 HMAC-SHA256 of the body with the company\'s client secret, else 401. ' +
      '`X-Shopify-Topic: orders/paid` makes a conversion (the `mbsy_cid` note attribute, then `mbsy_cid` / `mbsy` of `landing_site`, then a ' +
      'discount code that is a personal code; revenue `current_subtotal_price`); `refunds/create` refunds the order\'s commission. ' +
      'Each `X-Shopify-Webhook-Id` applies once. See docs/shopify.md.',
    auth: 'shopify',
    body: shopifyPayload,
    example: { id: 820982911946154500, currency: 'USD', current_subtotal_price: '49.99', landing_site: '/?mbsy=ava-demo' },
    ok: { status: 200, schema: hookReceipt, description: 'Received' },
    errors: { 404: 'No company has this id' },
  },
  {
    method: 'post',
    path: '/v1/track/lead',
    tag: 'Attribution',
    operationId: 'trackLead',
    summary: 'Link a customer to a click',
    description: 'For stores on neither Stripe nor Shopify: the customer (your id) is credited to the ambassador of the click ' +
      '(`mbsy_cid`) from now on. 201 when linked, 200 when the customer was linked before (the first link stays). See docs/track-api.md.',
    body: trackLeadSchema,
    example: { click_id: '2f1c7a52-8a4e-4a0b-9d1e-0c1f2a3b4c5d', customer_external_id: 'user-42', email: 'pat@example.com' },
    ok: { status: 201, schema: leadAnswer, description: 'Linked' },
    alsoOk: { status: 200, description: 'Linked before' },
    errors: {},
  },
  {
    method: 'post',
    path: '/v1/track/sale',
    tag: 'Attribution',
    operationId: 'trackSale',
    summary: 'Report a sale',
    description: 'A paid sale in integer minor units, credited by `click_id`, else the customer\'s lead. Idempotent by `invoice_id` ' +
      '(and `event_type`): 201 when the commission is made, 200 after. A sale nobody can be credited for (or in another currency than ' +
      'the company\'s) answers 200 with `commission: null` and is kept as unattributed.',
    body: trackSaleSchema,
    example: { customer_external_id: 'user-42', invoice_id: 'INV-1001', amount: 4999, currency: 'USD' },
    ok: { status: 201, schema: saleAnswer, description: 'The commission made' },
    alsoOk: { status: 200, description: 'Recorded before, or unattributed' },
    errors: {},
  },
  {
    method: 'post',
    path: '/v1/operator/personal-codes',
    tag: 'Attribution',
    operationId: 'createPersonalCode',
    summary: 'Give an ambassador a personal discount code',
    description: 'A code (as customers type it: a Stripe promotion code, a Shopify discount code) that credits its sales to the ' +
      'ambassador in the campaign. The ambassador must be a member of the campaign. Codes are unique in the company whatever the ' +
      'case; a taken code is a 400 naming `code`.',
    body: personalCodeSchema,
    example: { ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-main', code: 'AVA10' },
    ok: { status: 201, schema: personalCodeAnswer, description: 'The code' },
    errors: {},
  },
  {
    method: 'post',
    path: '/v1/operator/personal-codes/import',
    tag: 'Attribution',
    operationId: 'importPersonalCodes',
    summary: 'Import personal discount codes from CSV',
    description: 'Body: the CSV file (`Content-Type: text/csv`, UTF-8). Columns: `email` or `ambassador_uid` (or both, naming the ' +
      'same ambassador), `campaign_uid`, `code`. Every data row gets a line in `rows` (`row` = its line in the file, the header being ' +
      'row 1): `created` with the code\'s uid, or `error` with the reasons per column (an unknown ambassador or campaign, an ambassador ' +
      'not in the campaign, a code taken in the company or repeated in the file, whatever the case). A bad row never stops the others, ' +
      'and a row is written whole or not at all. A missing, unknown or repeated column is a 400 naming it; more than 1000 data rows ' +
      '(or 2 MB) a 413; another content type a 415.',
    body: personalCodeImportCsvSchema,
    contentType: 'text/csv',
    example: 'email,campaign_uid,code\r\nava@demo.test,cmp-demo-main,AVA10\r\nben@demo.test,cmp-demo-main,BEN10\r\n',
    ok: { status: 200, schema: personalCodeImportReport, description: 'Counts and the report of every data row' },
    errors: {},
    tooLarge: 'more than 1000 data rows, or a file over 2 MB',
  },
  {
    method: 'get',
    path: '/v1/operator/personal-codes',
    tag: 'Attribution',
    operationId: 'listPersonalCodes',
    summary: 'List personal discount codes',
    description: 'The company\'s personal codes, newest first; `ambassador_uid` narrows to one ambassador.',
    query: personalCodeListSchema,
    ok: { status: 200, schema: personalCodeList, description: 'The codes' },
    errors: {},
  },
  {
    method: 'post',
    path: '/v1/operator/personal-codes/:uid/revoke',
    tag: 'Attribution',
    operationId: 'revokePersonalCode',
    summary: 'Revoke a personal discount code',
    description: 'The code credits no sale from now on (commissions already made stay). It stays taken, so it never credits someone else.',
    body: transitionSchema,
    example: {},
    ok: { status: 200, schema: personalCodeAnswer, description: 'The code, revoked' },
    errors: { 404: 'Unknown code uid (or another company\'s)' },
  },
];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type _PersonalCodeImportAnswerMatches = Expect<Same<z.infer<typeof personalCodeImportReport>, Awaited<ReturnType<typeof importPersonalCodes>>>>;
