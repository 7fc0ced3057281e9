import { z } from 'zod';
import { components } from './registry';

// Companies: the public portal record (GET /portal.json), a company's customization document and tab rules
// (the operator API), and the deployment owner's companies, hosts and company API keys.

const isoTime = z.string().describe('ISO 8601 UTC time');

/** GET /portal.json?host=: `host` as the edge names it. */
export const portalQuery = z.object({ host: z.string().min(1, 'This field is required.').max(253) });

/** The public company record of spec §3 with its raw customization layers (the edge resolves precedence). */
export const portalRecord = z
  .object({
    uid: z.string().describe('The company id'),
    company_name: z.string(),
    currency: z.string(),
    customization_uid: z.string().nullable(),
    payout_preference_options: z.record(z.string(), z.string()),
    admin3_access: z.boolean(),
    loyalty_tier_stat_metric: z.string(),
    localize_project_id: z.string().nullable(),
    point_name: z.string(),
    groups: z.array(z.object({ group_name: z.string(), group_id: z.number().int(), uid: z.string() })),
    ambassador_state_choices: z.array(z.object({ name: z.string(), value: z.string() })),
    ambassador_state_type: z.string().nullable(),
    recaptcha_enabled: z.boolean(),
    support_email: z.string().nullable(),
    portal_uid: z.string(),
    languages: z.array(z.object({ code: z.string(), name: z.string(), status: z.string() })),
    customization: z.record(z.string(), z.unknown()).describe('The company\'s customization document as stored'),
    campaign_customizations: z.record(z.string(), z.unknown()).describe('Campaign layers by campaign id'),
  })
  .register(components, { id: 'Portal' });
export type PortalView = z.output<typeof portalRecord>;
export const portalListAnswer = z.array(portalRecord).register(components, { id: 'PortalList' });

export const customizationAnswer = z
  .object({
    customization_uid: z.string().nullable().describe('null until a document is stored'),
    campaign_uid: z.string().nullable().describe('The campaign of a campaign layer; null for the company document'),
    settings: z.record(z.string(), z.unknown()).describe('The stored document, as it was sent'),
    effective: z.record(z.string(), z.unknown()).describe('What the portal uses: the document over the defaults (a campaign layer over the company document)'),
    updated_at: isoTime.nullable(),
  })
  .strict()
  .register(components, { id: 'CustomizationAnswer' });
export const customizationDeletedAnswer = z
  .object({ campaign_uid: z.string(), deleted: z.boolean().describe('false: the campaign had no layer') })
  .strict()
  .register(components, { id: 'CampaignCustomizationDeleted' });
export const tabAccessAnswer = z
  .object({ key: z.string(), campaigns: z.array(z.string()), groups: z.array(z.string()) })
  .strict()
  .register(components, { id: 'TabAccess' });
export type CustomizationView = z.output<typeof customizationAnswer>;
export type CustomizationDeleted = z.output<typeof customizationDeletedAnswer>;
export type TabAccess = z.output<typeof tabAccessAnswer>;

export const companySchema = z
  .object({
    id: z.string().describe('The company uid'),
    name: z.string(),
    currency: z.string().describe('ISO 4217 code'),
    default_language: z.string(),
    languages: z.array(z.string()).describe('Languages ambassadors may pick'),
    hosts: z.array(z.string()).describe('Host names the portal is served on'),
    point_name: z.string(),
    support_email: z.string().nullable(),
    portal_uid: z.string().describe('The rewards portal id'),
    active_keys: z.number().int().describe('Company API keys not revoked'),
    created_at: isoTime,
  })
  .strict()
  .register(components, { id: 'Company' });
export const companyAnswer = z.object({ company: companySchema }).strict().register(components, { id: 'CompanyAnswer' });
export const companyListAnswer = z
  .object({ count: z.number().int(), results: z.array(companySchema) })
  .strict()
  .register(components, { id: 'CompanyList' });
export const hostAnswer = z.object({ host: z.string(), company_id: z.string() }).strict().register(components, { id: 'HostAnswer' });

export const apiKeySchema = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    prefix: z.string().describe('The first characters of the key, to tell keys apart'),
    label: z.string(),
    created_at: isoTime,
    revoked_at: isoTime.nullable(),
  })
  .strict()
  .register(components, { id: 'ApiKey' });
export const newApiKeyAnswer = apiKeySchema
  .extend({
    key: z.string().nullable().describe('The key itself (`Authorization: Bearer opk_...`): in this answer only. null in an Idempotency-Key replay'),
  })
  .strict()
  .register(components, { id: 'NewApiKey' });
export const apiKeyListAnswer = z
  .object({ count: z.number().int(), results: z.array(apiKeySchema) })
  .strict()
  .register(components, { id: 'ApiKeyList' });
export type CompanyAnswer = z.output<typeof companyAnswer>;
export type CompanyList = z.output<typeof companyListAnswer>;
export type HostAnswer = z.output<typeof hostAnswer>;
export type ApiKey = z.output<typeof apiKeySchema>;
export type NewApiKey = z.output<typeof newApiKeyAnswer>;
export type ApiKeyList = z.output<typeof apiKeyListAnswer>;
