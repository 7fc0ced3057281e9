import {
  hookReceipt, integration, leadAnswer, personalCodeAnswer, personalCodeImportCsvSchema, personalCodeImportReport, personalCodeList,
  personalCodeListSchema, personalCodeSchema, saleAnswer, shopifyIntegrationSchema, shopifyPayload, stripeEvent, stripeIntegrationSchema,
  storeDeliveryListAnswer, storeDeliveryQuery, trackLeadSchema, trackSaleSchema,
} from '../../lib/schemas/attribution';
import { transitionSchema } from '../../lib/schemas/operator';
import { endpoint, reply } from '../core/endpoint';
import { readCsvText } from '../people/operator-request';
import { listDeliveries } from './deliveries';
import { HOOK_MAX_BYTES } from './hook-events';
import { getIntegration, setShopifyIntegration, setStripeIntegration } from './integrations';
import { createPersonalCode, listPersonalCodes, revokePersonalCode } from './personal-codes';
import { importPersonalCodes } from './personal-codes-import';
import { readShopifyHook, readStripeHook, receiveShopifyWebhook, receiveStripeEvent } from './store-hooks';
import { trackLead, trackSale } from './track';

// Store attribution: the integration secrets, the stores' signed webhooks, the lead/sale API (a company key
// outside /operator) and the ambassadors' personal discount codes.

/** The console's integrations and webhooks screens are theirs: no other staff role reads them (secrets' tails, URLs, payloads). */
const OWNERS_AND_ADMINS = ['owner', 'admin'] as const;

// GET /v1/operator/integrations/stripe - whether the Stripe signing secret is set (its last 4 characters)
export const getStripeIntegrationEndpoint = endpoint({
  method: 'get',
  path: '/operator/integrations/stripe',
  auth: 'operator',
  operationId: 'getStripeIntegration',
  staffRoles: OWNERS_AND_ADMINS,
  tag: 'Attribution',
  summary: 'Show the Stripe connection',
  description: 'Whether the Stripe secret is set (its last 4 characters, never the secret) and the webhook URL to give Stripe.',
  answer: { status: 200, schema: integration, description: 'The connection' },
  handle: ({ svc, operator }) => getIntegration(svc, operator.companyId, 'stripe'),
});

// GET /v1/operator/integrations/deliveries?source= - the last deliveries of a store and what each became
export const listStoreDeliveriesEndpoint = endpoint({
  method: 'get',
  path: '/operator/integrations/deliveries',
  auth: 'operator',
  operationId: 'listStoreDeliveries',
  tag: 'Attribution',
  summary: 'List the last store deliveries',
  description: 'The last deliveries of `source` (`stripe` events, `shopify` webhooks, `script`: sales reported with POST /v1/track/sale, ' +
    'as the store script\'s checkout does), newest first, the last 200 kept: what each became (`credited` with its commission, ' +
    '`unattributed` with why, `duplicate`, `refused` with why, `refund`, `ignored`). A refused delivery keeps no event id: nothing unverified is shown.',
  query: storeDeliveryQuery,
  staffRoles: OWNERS_AND_ADMINS,
  answer: { status: 200, schema: storeDeliveryListAnswer, description: 'The deliveries' },
  handle: ({ svc, operator, query }) => listDeliveries(svc.db, operator.companyId, query.source, query.limit),
});

// PUT /v1/operator/integrations/stripe - set or replace the Stripe webhook signing secret
export const setStripeIntegrationEndpoint = endpoint({
  method: 'put',
  path: '/operator/integrations/stripe',
  auth: 'operator',
  operationId: 'setStripeIntegration',
  stepUp: true,
  tag: 'Attribution',
  summary: 'Set the Stripe secret',
  description: 'The signing secret (`whsec_…`) of the Stripe webhook endpoint that posts to `webhook_url`. Replaces the one before. ' +
    'For Stripe Connect payouts (docs/payouts.md#stripe-connect) also `secret_key`, the key transfers are made with (sealed at rest, ' +
    'answered masked), and `connect_webhook_secret`, the signing secret of a Connect endpoint posting to the same URL.',
  body: stripeIntegrationSchema,
  example: { webhook_secret: 'whsec_0123456789abcdefABCDEF' },
  answer: { status: 200, schema: integration, description: 'The connection as stored' },
  errors: { 409: { integrationKeyMissing: 'a `secret_key` while the deployment has no INTEGRATION_KEY to seal it with' } },
  handle: ({ svc, operator, body }) => setStripeIntegration(svc, operator.companyId, body),
});

// GET /v1/operator/integrations/shopify - whether the Shopify client secret is set, and the shop
export const getShopifyIntegrationEndpoint = endpoint({
  method: 'get',
  path: '/operator/integrations/shopify',
  auth: 'operator',
  operationId: 'getShopifyIntegration',
  staffRoles: OWNERS_AND_ADMINS,
  tag: 'Attribution',
  summary: 'Show the Shopify connection',
  description: 'Whether the Shopify secret is set (its last 4 characters, never the secret) and the webhook URL to give Shopify.',
  answer: { status: 200, schema: integration, description: 'The connection' },
  handle: ({ svc, operator }) => getIntegration(svc, operator.companyId, 'shopify'),
});

// PUT /v1/operator/integrations/shopify - set or replace the Shopify app's client secret and shop domain
export const setShopifyIntegrationEndpoint = endpoint({
  method: 'put',
  path: '/operator/integrations/shopify',
  auth: 'operator',
  operationId: 'setShopifyIntegration',
  stepUp: true,
  tag: 'Attribution',
  summary: 'Set the Shopify secret',
  description: 'The Shopify app\'s client secret (it signs the shop\'s webhooks) and the shop\'s myshopify.com domain. Replaces the ones before.',
  body: shopifyIntegrationSchema,
  example: { client_secret: 'shpss_0123456789abcdef', shop_domain: 'my-store.myshopify.com' },
  answer: { status: 200, schema: integration, description: 'The connection as stored' },
  handle: ({ svc, operator, body }) => setShopifyIntegration(svc, operator.companyId, body),
});

// POST /v1/hooks/stripe/{company_id} - Stripe events, verified by Stripe-Signature with the company's secret
export const receiveStripeEventEndpoint = endpoint({
  method: 'post',
  path: '/hooks/stripe/:company_id',
  auth: 'stripe',
  operationId: 'receiveStripeEvent',
  tag: 'Attribution',
  summary: 'Receive Stripe events',
  description: 'Stripe\'s webhook for the company: `Stripe-Signature` must verify with the company\'s signing secret (HMAC-SHA256 of ' +
    '`t.body`, any `v1`, 300 s tolerance), else 400. `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` ' +
    'make a conversion credited by `client_reference_id` (the click id), `metadata.mbsy_cid`, `metadata.mbsy`, then a promotion code ' +
    'that is a personal code; `invoice.paid` of a remembered customer a recurring commission when the campaign allows it; ' +
    '`charge.refunded` refunds (or claws back); for Stripe Connect payouts `account.updated` sets a connected account\'s readiness ' +
    'and `transfer.reversed` (in full) fails the payout it paid (signed with the Connect endpoint\'s secret or the account\'s; ' +
    'docs/payouts.md#stripe-connect). Each event id applies once; other types answer 200 and do nothing. See docs/stripe.md.',
  body: stripeEvent,
  maxBytes: HOOK_MAX_BYTES,
  // The signature covers the raw bytes: verified before the event is read (./store-hooks.ts).
  readRequest: (req, { svc, params }) => readStripeHook(req, svc, params.company_id),
  example: { id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1', payment_status: 'paid', amount_total: 4999, currency: 'usd', client_reference_id: '2f1c7a52-8a4e-4a0b-9d1e-0c1f2a3b4c5d' } } },
  answer: { status: 200, schema: hookReceipt, description: 'Received' },
  errors: { 404: 'No company has this id' },
  handle: ({ svc, params, body }) => receiveStripeEvent(svc, params.company_id, body),
});

// POST /v1/hooks/shopify/{company_id} - Shopify webhooks, verified by X-Shopify-Hmac-Sha256 with the app's client secret
export const receiveShopifyWebhookEndpoint = endpoint({
  method: 'post',
  path: '/hooks/shopify/:company_id',
  auth: 'shopify',
  operationId: 'receiveShopifyWebhook',
  tag: 'Attribution',
  summary: 'Receive Shopify webhooks',
  description: '`X-Shopify-Hmac-Sha256` must be the base64 HMAC-SHA256 of the body with the company\'s client secret, else 401. ' +
    '`X-Shopify-Topic: orders/paid` makes a conversion (the `mbsy_cid` note attribute, then `mbsy_cid` / `mbsy` of `landing_site`, then a ' +
    'discount code that is a personal code; revenue `current_subtotal_price`); `refunds/create` refunds the order\'s commission. ' +
    'Each `X-Shopify-Webhook-Id` applies once. See docs/shopify.md.',
  body: shopifyPayload,
  maxBytes: HOOK_MAX_BYTES,
  readRequest: (req, { svc, params }) => readShopifyHook(req, svc, params.company_id),
  example: { id: 820982911946154500, currency: 'USD', current_subtotal_price: '49.99', landing_site: '/?mbsy=ava-demo' },
  answer: { status: 200, schema: hookReceipt, description: 'Received' },
  errors: { 404: 'No company has this id' },
  handle: ({ svc, params, header, body }) => receiveShopifyWebhook(svc, params.company_id, header, body),
});

// POST /v1/track/lead - link a customer of the store to the ambassador of a click
export const trackLeadEndpoint = endpoint({
  method: 'post',
  path: '/track/lead',
  auth: 'company',
  operationId: 'trackLead',
  tag: 'Attribution',
  summary: 'Link a customer to a click',
  description: 'For stores on neither Stripe nor Shopify: the customer (your id) is credited to the ambassador of the click ' +
    '(`mbsy_cid`) from now on. 201 when linked, 200 when the customer was linked before (the first link stays). See docs/track-api.md.',
  body: trackLeadSchema,
  example: { click_id: '2f1c7a52-8a4e-4a0b-9d1e-0c1f2a3b4c5d', customer_external_id: 'user-42', email: 'pat@example.com' },
  answer: { status: 201, schema: leadAnswer, description: 'Linked' },
  alsoOk: { status: 200, description: 'Linked before' },
  handle: async ({ svc, operator, body }) => {
    const { created, body: lead } = await trackLead(svc, operator.companyId, body);
    return reply(lead, created ? 201 : 200);
  },
});

// POST /v1/track/sale - a paid sale, credited by its click id or its customer; idempotent by invoice_id
export const trackSaleEndpoint = endpoint({
  method: 'post',
  path: '/track/sale',
  auth: 'company',
  operationId: 'trackSale',
  tag: 'Attribution',
  summary: 'Report a sale',
  description: 'A paid sale in integer minor units, credited by `click_id`, else the customer\'s lead. Idempotent by `invoice_id` ' +
    '(and `event_type`): 201 when the commission is made, 200 after. A sale nobody can be credited for (or in another currency than ' +
    'the company\'s) answers 200 with `commission: null` and is kept as unattributed.',
  body: trackSaleSchema,
  example: { customer_external_id: 'user-42', invoice_id: 'INV-1001', amount: 4999, currency: 'USD' },
  answer: { status: 201, schema: saleAnswer, description: 'The commission made' },
  alsoOk: { status: 200, description: 'Recorded before, or unattributed' },
  handle: async ({ svc, operator, body }) => {
    const { created, body: sale } = await trackSale(svc, operator.companyId, body);
    return reply(sale, created ? 201 : 200);
  },
});

// POST /v1/operator/personal-codes - give a member of a campaign a personal discount code
export const createPersonalCodeEndpoint = endpoint({
  method: 'post',
  path: '/operator/personal-codes',
  auth: 'operator',
  operationId: 'createPersonalCode',
  tag: 'Attribution',
  summary: 'Give an ambassador a personal discount code',
  description: 'A code (as customers type it: a Stripe promotion code, a Shopify discount code) that credits its sales to the ' +
    'ambassador in the campaign. The ambassador must be a member of the campaign. Codes are unique in the company whatever the ' +
    'case; a taken code is a 400 naming `code`.',
  body: personalCodeSchema,
  example: { ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-main', code: 'AVA10' },
  answer: { status: 201, schema: personalCodeAnswer, description: 'The code' },
  handle: ({ svc, operator, body }) => createPersonalCode(svc.db, operator.companyId, body),
});

// POST /v1/operator/personal-codes/import - personal codes from a CSV file, with a per-row report
export const importPersonalCodesEndpoint = endpoint({
  method: 'post',
  path: '/operator/personal-codes/import',
  auth: 'operator',
  operationId: 'importPersonalCodes',
  tag: 'Attribution',
  summary: 'Import personal discount codes from CSV',
  description: 'Body: the CSV file (`Content-Type: text/csv`, UTF-8). Columns: `email` or `ambassador_uid` (or both, naming the ' +
    'same ambassador), `campaign_uid`, `code`. Every data row gets a line in `rows` (`row` = its line in the file, the header being ' +
    'row 1): `created` with the code\'s uid, or `error` with the reasons per column (an unknown ambassador or campaign, an ambassador ' +
    'not in the campaign, a code taken in the company or repeated in the file, whatever the case). A bad row never stops the others, ' +
    'and a row is written whole or not at all. A missing, unknown or repeated column is a 400 naming it; more than 1000 data rows ' +
    '(or 2 MB) a 413; another content type a 415.',
  body: personalCodeImportCsvSchema,
  // The importer reports on the file itself (an empty one too): the route only reads the text.
  parseIn: 'handler',
  readRequest: readCsvText,
  idempotencyText: (csv) => csv,
  contentType: 'text/csv',
  example: 'email,campaign_uid,code\r\nava@demo.test,cmp-demo-main,AVA10\r\nben@demo.test,cmp-demo-main,BEN10\r\n',
  answer: { status: 200, schema: personalCodeImportReport, description: 'Counts and the report of every data row' },
  tooLarge: 'more than 1000 data rows, or a file over 2 MB',
  handle: ({ svc, operator, body }) => importPersonalCodes(svc.db, operator.companyId, body),
});

// GET /v1/operator/personal-codes - the company's personal codes, newest first (ambassador_uid narrows)
export const listPersonalCodesEndpoint = endpoint({
  method: 'get',
  path: '/operator/personal-codes',
  auth: 'operator',
  operationId: 'listPersonalCodes',
  tag: 'Attribution',
  summary: 'List personal discount codes',
  description: 'The company\'s personal codes, newest first; `ambassador_uid` narrows to one ambassador.',
  query: personalCodeListSchema,
  answer: { status: 200, schema: personalCodeList, description: 'The codes' },
  handle: ({ svc, operator, query }) => listPersonalCodes(svc.db, operator.companyId, query.ambassador_uid),
});

// POST /v1/operator/personal-codes/{uid}/revoke - stop a code crediting sales (it stays taken)
export const revokePersonalCodeEndpoint = endpoint({
  method: 'post',
  path: '/operator/personal-codes/:uid/revoke',
  auth: 'operator',
  operationId: 'revokePersonalCode',
  tag: 'Attribution',
  summary: 'Revoke a personal discount code',
  description: 'The code credits no sale from now on (commissions already made stay). It stays taken, so it never credits someone else.',
  body: transitionSchema,
  example: {},
  answer: { status: 200, schema: personalCodeAnswer, description: 'The code, revoked' },
  errors: { 404: 'Unknown code uid (or another company\'s)' },
  handle: ({ svc, operator, params }) => revokePersonalCode(svc.db, operator.companyId, params.uid),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const operatorEndpoints = {
  getStripeIntegration: getStripeIntegrationEndpoint,
  setStripeIntegration: setStripeIntegrationEndpoint,
  getShopifyIntegration: getShopifyIntegrationEndpoint,
  listStoreDeliveries: listStoreDeliveriesEndpoint,
  setShopifyIntegration: setShopifyIntegrationEndpoint,
  receiveStripeEvent: receiveStripeEventEndpoint,
  receiveShopifyWebhook: receiveShopifyWebhookEndpoint,
  trackLead: trackLeadEndpoint,
  trackSale: trackSaleEndpoint,
  createPersonalCode: createPersonalCodeEndpoint,
  importPersonalCodes: importPersonalCodesEndpoint,
  listPersonalCodes: listPersonalCodesEndpoint,
  revokePersonalCode: revokePersonalCodeEndpoint,
};
