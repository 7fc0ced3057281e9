import { z } from 'zod';
import { MAX_MONEY_MINOR, moneyTooLargeMessage } from '../money-limits';
import { EVENT_TYPES } from './operator';

// Store attribution: what a company sends to connect its store (integration secrets) and, on
// neither Stripe nor Shopify, to report leads and sales itself. Amounts are integer minor units.

/** Stripe's endpoint signing secret, as the Dashboard or `stripe listen` shows it. */
export const stripeIntegrationSchema = z.strictObject({
  webhook_secret: z.string({ error: 'required' }).trim()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,200}$/, 'Paste the signing secret of your Stripe webhook endpoint: it starts with whsec_.')
    .describe("The endpoint's signing secret (whsec_…); never shown again"),
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
