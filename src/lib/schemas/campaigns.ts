import { z } from 'zod';
import { listOf, isoTime, translations } from './catalog';
import { isSafeUrl } from './common.ts';
import { amount, flag, imageUrl, longText, name } from './operator-catalog';
import { components } from './registry';
import { rowTranslations } from './row-translations.ts';

// Operator API: a company's campaigns (their landing page and commission rule) and ambassador groups, what
// it sends (create bodies give defaults; PATCH bodies are the same fields, all optional, without defaults)
// and what it reads back. Bodies are strict: a misspelt field is an error, never ignored.

// Campaigns ----------------------------------------------------------------------------------------

/** Where a referral link lands: an absolute http(s) URL (a share link redirects there). */
const landingUrl = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(2048, 'maxChars2048')
  .refine((v) => /^https?:\/\//i.test(v) && isSafeUrl(v), 'invalidUrl');
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, 'A host name, e.g. shop.example.com.');

/**
 * The commission rule (0003_operator): `percentage` pays `rate_bps` basis points of the revenue (1000 =
 * 10 %), `fixed` pays `fixed_minor` minor units per conversion; `is_monetary: false` makes it store
 * credit. `loyalty_points`: points per conversion (0: none). `recurring`: null pays the first sale
 * only; `{ months: N }` also pays a referred customer's recurring invoices for N months after their first
 * sale, `{ months: null }` for good.
 */
const commissionFields = {
  type: z.enum(['percentage', 'fixed'], { error: 'Either "percentage" or "fixed".' }),
  rate_bps: z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.')
    .min(0, 'Must be 0 or more.').max(10_000, 'At most 10000 (100 %).'),
  fixed_minor: amount,
  is_monetary: flag,
  loyalty_points: amount,
  recurring: z.strictObject({
    months: z.number({ error: 'A whole number of months from 1 to 120, or null for lifetime.' }).int('A whole number of months from 1 to 120, or null for lifetime.')
      .min(1, 'A whole number of months from 1 to 120, or null for lifetime.').max(120, 'A whole number of months from 1 to 120, or null for lifetime.')
      .nullable(),
  }, { error: 'null (off) or { "months": N | null }.' }).nullable(),
};
export const commissionRuleSchema = z.strictObject({
  type: commissionFields.type.default('percentage'),
  rate_bps: commissionFields.rate_bps.default(1000),
  fixed_minor: commissionFields.fixed_minor.default(0),
  is_monetary: commissionFields.is_monetary.default(true),
  loyalty_points: commissionFields.loyalty_points.default(0),
  recurring: commissionFields.recurring.default(null),
});

const campaignFields = {
  name,
  description: longText,
  url: landingUrl,
  allowed_hosts: z.array(hostName, { error: 'A list of host names.' }).max(50, 'At most 50 hosts.'),
  native_message: longText,
  portal_logo: imageUrl.nullable(),
  is_active: flag,
  is_hidden_dashboard: flag,
  /** The name, description and share message in other languages, by language code (PATCH replaces the whole object). */
  translations: rowTranslations(z.strictObject({ name: name.optional(), description: longText.optional(), native_message: longText.optional() })),
};

export const campaignCreateSchema = z.strictObject({
  ...campaignFields,
  description: campaignFields.description.default(''),
  allowed_hosts: campaignFields.allowed_hosts.default([]),
  native_message: campaignFields.native_message.default(''),
  portal_logo: campaignFields.portal_logo.default(null),
  is_active: campaignFields.is_active.default(true),
  is_hidden_dashboard: campaignFields.is_hidden_dashboard.default(false),
  translations: campaignFields.translations.default({}),
  commission: commissionRuleSchema.prefault({}),
});
export type CampaignCreate = z.output<typeof campaignCreateSchema>;

/** PATCH: activate (`is_active`), hide from the dashboard, change the commission rule (any of its fields). */
export const campaignPatchSchema = z.strictObject({
  ...campaignFields,
  commission: z.strictObject(commissionFields).partial(),
}).partial();
export type CampaignPatch = z.output<typeof campaignPatchSchema>;

// Groups -------------------------------------------------------------------------------------------

export const groupSchema = z.strictObject({ name });
export type GroupInput = z.output<typeof groupSchema>;

// Answers -------------------------------------------------------------------------------------------

const catalogCampaign = z
  .object({
    uid: z.string(),
    campaign_id: z.number().int().describe('The id customization tab rules (`campaigns_with_tab_access`) use'),
    name: z.string(),
    description: z.string(),
    url: z.string().describe('Landing page of the referral links'),
    allowed_hosts: z.array(z.string()).describe('Other hosts a share link may redirect to'),
    native_message: z.string(),
    portal_logo: z.string().nullable(),
    is_active: z.boolean(),
    is_hidden_dashboard: z.boolean(),
    translations,
    commission: z.object({
      type: z.enum(['percentage', 'fixed']),
      rate_bps: z.number().int().describe('percentage: basis points of revenue (1000 = 10 %)'),
      fixed_minor: z.number().int().describe('fixed: minor units of `currency` per conversion'),
      currency: z.string(),
      is_monetary: z.boolean().describe('false: store credit'),
      loyalty_points: z.number().int().describe('Points per conversion'),
      recurring: z.object({ months: z.number().int().nullable() }).strict().nullable()
        .describe('null: the first sale only; months: recurring invoices of a referred customer pay for that many months (null: for good)'),
    }).strict(),
    members: z.number().int().describe('Ambassadors in the campaign'),
    tab_access: z.array(z.string()).describe('Tabs (keys and custom slugs) its ambassadors may see, group rules aside'),
    created_at: isoTime,
  })
  .strict()
  .register(components, { id: 'CatalogCampaign' });
export type CatalogCampaign = z.output<typeof catalogCampaign>;
export const campaignAnswer = z.object({ campaign: catalogCampaign }).strict().register(components, { id: 'CampaignAnswer' });
export type CampaignAnswer = z.output<typeof campaignAnswer>;
export const campaignListAnswer = listOf(catalogCampaign).register(components, { id: 'CampaignList' });
export type CampaignList = z.output<typeof campaignListAnswer>;

const group = z
  .object({ uid: z.string(), group_id: z.number().int(), name: z.string(), members: z.number().int() })
  .strict()
  .register(components, { id: 'Group' });
export type Group = z.output<typeof group>;
export const groupAnswer = z.object({ group }).strict().register(components, { id: 'GroupAnswer' });
export type GroupAnswer = z.output<typeof groupAnswer>;
export const groupListAnswer = listOf(group).register(components, { id: 'GroupList' });
export type GroupList = z.output<typeof groupListAnswer>;
