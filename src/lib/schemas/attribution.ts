import { z } from 'zod';
import { MAX_MONEY_MINOR, moneyTooLargeMessage } from '../money-limits';
import { commissionSchema } from './commissions';
import { EVENT_TYPES } from './operator';
import { queryInteger } from './numbers';
import { components } from './registry';

// Store attribution: what a company sends to connect its store (integration secrets) and, on
// neither Stripe nor Shopify, to report leads and sales itself. Amounts are integer minor units.

/** Stripe's endpoint signing secret, as the Dashboard or `stripe listen` shows it. */
export const stripeIntegrationSchema = z.strictObject({
  webhook_secret: z.string({ error: 'required' }).trim()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,200}$/, 'Paste the signing secret of your Stripe webhook endpoint: it starts with whsec_.')
    .describe("The endpoint's signing secret (whsec_…); never shown again"),
  secret_key: z.string().trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,247}$/, 'Paste your Stripe secret key (sk_live_…, sk_test_…) or a restricted key (rk_…).')
    .nullable().optional()
    .describe('The secret key Stripe Connect payouts are made with (sk_… or a restricted rk_… key with Connect and Transfers write); ' +
      'stored sealed, never shown again. Omitted: the stored one stays; null: removed'),
  connect_webhook_secret: z.string().trim()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,200}$/, 'Paste the signing secret of your Stripe Connect webhook endpoint: it starts with whsec_.')
    .nullable().optional()
    .describe('The signing secret (whsec_…) of a Connect webhook endpoint posting to the same `webhook_url` (events of connected ' +
      'accounts, `account.updated`, go only to such an endpoint). Omitted: the stored one stays; null: removed'),
});

/** The Shopify app's client secret (it signs the shop's webhooks) and the shop it belongs to. */
export const shopifyIntegrationSchema = z.strictObject({
  client_secret: z.string({ error: 'required' }).trim()
    .regex(/^[\x21-\x7e]{8,255}$/, 'Paste the client secret of your Shopify app (8 to 255 characters, no spaces).')
    .describe("The app's client secret, which signs its webhooks; never shown again"),
  shop_domain: z.string({ error: 'required' }).trim().toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/, 'Enter the shop’s myshopify.com domain, e.g. my-store.myshopify.com.')
    .describe('The shop’s permanent domain, e.g. my-store.myshopify.com'),
});

const externalId = z.string().trim().min(1, 'required').max(255, 'maxChars255');
const clickId = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Enter the mbsy_cid of the landing URL (letters, digits, - and _, at most 64).');
const referralCode = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Enter the code as the ambassador shares it (letters, digits, - and _, at most 64).');

/** POST /v1/track/lead: a customer of the store linked to the ambassador of a click or a code. */
export const trackLeadSchema = z.strictObject({
  click_id: clickId.nullish().describe('The mbsy_cid the share link added to the landing URL'),
  referral_code: referralCode.nullish().describe("A code the ambassador shares: a share link's code (mbsy), their share code or a personal code; used when there is no click id"),
  customer_external_id: externalId.describe('Your id of the customer; later sales name it'),
  email: z.string().trim().toLowerCase().max(255, 'maxChars255').pipe(z.email('invalidEmail')).nullish(),
  name: z.string().trim().max(255, 'maxChars255').nullish(),
}).superRefine((v, ctx) => {
  if (!v.click_id && !v.referral_code) ctx.addIssue({ code: 'custom', path: ['click_id'], message: 'Send click_id or referral_code.' });
});
export type TrackLeadInput = z.input<typeof trackLeadSchema>;

/** POST /v1/track/sale: a paid sale, credited by its click id or its customer's lead. */
export const trackSaleSchema = z
  .strictObject({
    customer_external_id: externalId.nullish().describe('A customer linked by POST /v1/track/lead (or an earlier sale)'),
    click_id: clickId.nullish().describe('The mbsy_cid of the landing URL; tried before the code and the customer'),
    referral_code: referralCode.nullish().describe("A code the ambassador shares (a share link's code, their share code or a personal code); tried before the customer"),
    invoice_id: externalId.describe('Your id of the sale: a second call with it changes nothing'),
    amount: z.number({ error: 'Send the amount as an integer in minor units, e.g. 4999 for 49.99.' })
      .int('Send the amount as an integer in minor units, e.g. 4999 for 49.99.')
      .min(0, 'Send the amount as an integer in minor units, e.g. 4999 for 49.99.').max(MAX_MONEY_MINOR, moneyTooLargeMessage('The amount'))
      .describe(`Revenue in integer minor units of currency, at most ${MAX_MONEY_MINOR}`),
    currency: z.string({ error: 'required' }).trim().regex(/^[A-Za-z]{3}$/, 'Enter a three-letter ISO 4217 currency code, e.g. USD.')
      .transform((v) => v.toUpperCase()),
    event_type: z.enum(EVENT_TYPES, { error: 'invalidField' }).default('first'),
    email: z.string().trim().toLowerCase().max(255, 'maxChars255').pipe(z.email('invalidEmail')).nullish(),
    name: z.string().trim().max(255, 'maxChars255').nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.customer_external_id && !v.click_id && !v.referral_code) {
      ctx.addIssue({ code: 'custom', path: ['customer_external_id'], message: 'Send customer_external_id, click_id or referral_code.' });
    }
  });
export type TrackSaleInput = z.input<typeof trackSaleSchema>;

/** A personal discount code (the code as the store knows it: Stripe promotion code, Shopify discount code). */
export const personalCodeSchema = z.strictObject({
  ambassador_uid: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'maxChars64'),
  campaign_uid: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'maxChars64'),
  code: z.string({ error: 'required' }).trim()
    .regex(/^[A-Za-z0-9_-]{3,64}$/, 'A code of 3 to 64 letters, digits, - and _, as customers type it at checkout.')
    .describe('Unique in the company whatever the case; a revoked code stays taken'),
});
export type PersonalCodeInput = z.input<typeof personalCodeSchema>;

/** POST /v1/operator/personal-codes/import: the CSV body (its rows are checked by the import, row by row). */
export const personalCodeImportCsvSchema = z.string().min(1).describe(
  'UTF-8 CSV (RFC 4180 quoting; a BOM is ignored). Header row: email or ambassador_uid (or both), campaign_uid, code. ' +
  'At most 1000 data rows.',
);

export const personalCodeListSchema = z.object({
  ambassador_uid: z.string().trim().max(64, 'maxChars64').optional().transform((v) => v || null),
});

// Answers ------------------------------------------------------------------------------------------

export const integration = z.object({
  provider: z.enum(['stripe', 'shopify']),
  is_set: z.boolean().describe('Whether a secret is stored'),
  last4: z.string().nullable().describe('The secret\'s last 4 characters (the secret itself is never shown)'),
  shop_domain: z.string().nullable().optional().describe('Shopify only: the shop whose webhooks are accepted'),
  secret_key: z.string().nullable().optional().describe('Stripe only: the payout secret key, masked (`sk_live_…abcd`), or null when none is set'),
  connect_webhook_secret_set: z.boolean().optional().describe('Stripe only: whether a Connect endpoint\'s signing secret is stored'),
  updated_at: z.string().nullable().describe('ISO 8601 UTC time the secret was last set'),
  webhook_url: z.string().describe('The URL to give the store: `/v1/hooks/<provider>/<company id>` on this portal'),
}).strict().register(components, { id: 'Integration' });

export const hookReceipt = z.object({
  received: z.literal(true),
  result: z.string().describe('`created`, `existing`, `unattributed` (kept with `reason`), `refunded`, `clawed_back`, ' +
    '`already_refunded`, `unknown_transaction`, `ignored` (not paid yet, an unused type, recurring off) or `duplicate` (this event id was applied before: nothing changed)'),
  reason: z.string().optional(),
  commission_uid: z.string().optional(),
  refund: z.enum(['refunded', 'clawed_back', 'already_refunded', 'unknown_transaction']).optional()
    .describe('A refund the store reported before this sale arrived, applied to its commission now'),
}).strict().register(components, { id: 'StoreHookReceipt' });

export const leadAnswer = z.object({
  customer_external_id: z.string(), ambassador_uid: z.string(), share_link_uid: z.string().nullable(),
  first_seen_at: z.string().describe('When the customer was first linked (the first link wins)'),
}).strict().register(components, { id: 'TrackedLead' });

export const saleAnswer = z.object({
  commission: commissionSchema.nullable().describe('null: nobody could be credited; the sale is kept as unattributed'),
  attributed_by: z.enum(['click_id', 'short_code', 'personal_code', 'customer']).nullable(),
  unattributed_reason: z.string().nullable(),
}).strict().register(components, { id: 'TrackedSale' });

const personalCode = z.object({
  uid: z.string(), code: z.string(), ambassador_uid: z.string(), campaign_uid: z.string(), created_at: z.string(),
  revoked_at: z.string().nullable(), is_active: z.boolean().describe('false once revoked: it credits nothing, and stays taken'),
}).strict().register(components, { id: 'PersonalCode' });
export const personalCodeAnswer = z.object({ personal_code: personalCode }).strict().register(components, { id: 'PersonalCodeAnswer' });
export const personalCodeList = z.object({ count: z.number().int(), results: z.array(personalCode) }).strict()
  .register(components, { id: 'PersonalCodeList' });

export const personalCodeImportReport = z.object({
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

/** What the reference shows of a Stripe event (the route reads more: src/api/attribution/stripe.ts). */
export const stripeEvent = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.object({}).loose() }) }).loose();
/** A Shopify webhook's payload: its topic's object (src/api/attribution/shopify.ts reads it). */
export const shopifyPayload = z.object({}).loose();

export type Integration = z.output<typeof integration>;
export type StoreHookReceipt = z.output<typeof hookReceipt>;
export type TrackedLead = z.output<typeof leadAnswer>;
export type TrackedSale = z.output<typeof saleAnswer>;
export type PersonalCode = z.output<typeof personalCode>;
export type PersonalCodeAnswer = z.output<typeof personalCodeAnswer>;
export type PersonalCodeList = z.output<typeof personalCodeList>;
export type PersonalCodeImportReport = z.output<typeof personalCodeImportReport>;

/** GET /operator/integrations/deliveries: one source's last deliveries. */
export const storeDeliverySources = ['stripe', 'shopify', 'script'] as const;
export const storeDeliveryQuery = z.object({
  source: z.enum(storeDeliverySources, { error: 'invalidField' }),
  limit: queryInteger('invalidField', 1, 100).default(20),
}).strict();

const storeDelivery = z.object({
  id: z.number().int(),
  source: z.enum(storeDeliverySources),
  event_id: z.string().nullable().describe('The store\'s event id (Stripe event, Shopify webhook id, the sale\'s invoice id); null when refused'),
  event_type: z.string().nullable(),
  outcome: z.enum(['credited', 'unattributed', 'duplicate', 'refused', 'refund', 'ignored'])
    .describe('credited (a commission), unattributed (kept with why), duplicate (applied before), refused (signature or amount), refund, ignored'),
  result: z.string().describe('The word the delivery answered the store (`created`, `unattributed`, `duplicate`, `refunded`, ...)'),
  reason: z.string().nullable(),
  commission: z.object({
    uid: z.string(), ambassador_uid: z.string(), amount_minor: z.number().int(), currency: z.string(), is_monetary: z.boolean(), status: z.string(),
  }).strict().nullable().describe('The commission it made (credited)'),
  received_at: z.string().describe('ISO 8601 UTC time'),
}).strict().register(components, { id: 'StoreDelivery' });
export type StoreDelivery = z.output<typeof storeDelivery>;
export const storeDeliveryListAnswer = z.object({ results: z.array(storeDelivery) }).strict().register(components, { id: 'StoreDeliveryList' });
export type StoreDeliveryList = z.output<typeof storeDeliveryListAnswer>;
