import { z } from 'zod';
import type { createCampaign, listCampaigns, listGroups, createGroup, deleteGroup } from '../campaigns/operator';
import type { deleteCampaignCustomization, putTabAccess } from '../companies/operator-customization';
import type { createBadge, createTask, createTier, listBadges, listTasks, listTiers } from '../loyalty/program';
import type {
  addRewardCodes, createReward, createVariant, createVaultItem, listRewards, listVaultItems,
} from '../rewards/catalog';
import type { RemoveOutcome } from '../core/catalog-queries';
import { components } from './responses';

/**
 * The answers of the catalogue calls for the OpenAPI document, registered in the same
 * `components` registry as ./responses.ts. Each is checked at compile time to infer exactly what its
 * service returns (below), and tests/worker/operator-catalog*.test.ts parse live answers with them.
 */

const isoTime = z.string().describe('ISO 8601 UTC time');
const list = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), results: z.array(item) }).strict();

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

/** A row's texts in other languages: by language code, the texts written for it. */
const translations = z.record(z.string(), z.record(z.string(), z.string()))
  .describe('Texts in other languages, by language code, e.g. {"es": {"name": "..."}}; a text left out shows the row\'s own');

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
export const campaignAnswer = z.object({ campaign: catalogCampaign }).strict().register(components, { id: 'CampaignAnswer' });
export const campaignListAnswer = list(catalogCampaign).register(components, { id: 'CampaignList' });

const group = z
  .object({ uid: z.string(), group_id: z.number().int(), name: z.string(), members: z.number().int() })
  .strict()
  .register(components, { id: 'Group' });
export const groupAnswer = z.object({ group }).strict().register(components, { id: 'GroupAnswer' });
export const groupListAnswer = list(group).register(components, { id: 'GroupList' });

const look = { image: z.string().nullable(), description: z.string(), is_active: z.boolean(), translations };
const tier = z
  .object({ uid: z.string(), name: z.string(), color: z.string(), threshold: z.number().int(), ...look })
  .strict()
  .register(components, { id: 'Tier' });
export const tierAnswer = z.object({ tier }).strict().register(components, { id: 'TierAnswer' });
export const tierListAnswer = list(tier).register(components, { id: 'TierList' });

const badge = z
  .object({ uid: z.string(), name: z.string(), color: z.string(), points: z.number().int(), ...look, awarded: z.number().int() })
  .strict()
  .register(components, { id: 'Badge' });
export const badgeAnswer = z.object({ badge }).strict().register(components, { id: 'BadgeAnswer' });
export const badgeListAnswer = list(badge).register(components, { id: 'BadgeList' });

const task = z
  .object({
    uid: z.string(), name: z.string(), description: z.string(), points: z.number().int(), url: z.string().nullable(), position: z.number().int(),
    campaign_uid: z.string().nullable(), is_active: z.boolean(), completions: z.number().int(), translations,
  })
  .strict()
  .register(components, { id: 'Task' });
export const taskAnswer = z.object({ task }).strict().register(components, { id: 'TaskAnswer' });
export const taskListAnswer = list(task).register(components, { id: 'TaskList' });

const reward = z
  .object({
    uid: z.string(),
    name: z.string(),
    type: z.enum(['custom', 'tango', 'voucher', 'cash', 'prepaid']),
    brand_kind: z.string(),
    image: z.string().nullable(),
    brand_description: z.string(),
    disclaimer: z.string(),
    value_kind: z.enum(['fixed', 'range']),
    points: z.number().int().describe('Price of a fixed reward'),
    min_amount: z.number().int().nullable(),
    max_amount: z.number().int().nullable(),
    value_minor: z.number().int().nullable(),
    currency: z.string(),
    config: z.object({
      field_kind: z.enum(['quantity', 'code', 'balance']),
      points_per_unit: z.number().optional(),
      utid: z.string().optional(),
    }).strict(),
    stock: z.number().int().nullable().describe('null: unlimited'),
    is_active: z.boolean(),
    codes_available: z.number().int().describe('Unused codes in the local pool'),
    created_at: isoTime,
    translations,
  })
  .strict()
  .register(components, { id: 'CatalogReward' });
export const rewardAnswer = z.object({ reward }).strict().register(components, { id: 'RewardAnswer' });
export const rewardListAnswer = list(reward).register(components, { id: 'RewardList' });

const variant = z
  .object({
    uid: z.string(), name: z.string(), cost: z.number().int(), value_minor: z.number().int(), stock: z.number().int().nullable(),
    is_active: z.boolean(), codes_available: z.number().int(), translations,
  })
  .strict()
  .register(components, { id: 'VaultVariant' });
const vaultItem = z
  .object({
    uid: z.string(), name: z.string(), description: z.string(), image: z.string().nullable(), payment_type: z.enum(['cash', 'prepaid', 'gift-card']),
    currency: z.string(), campaign_uid: z.string().nullable(), is_active: z.boolean(), created_at: isoTime, translations, variants: z.array(variant),
  })
  .strict()
  .register(components, { id: 'VaultItem' });
export const vaultItemAnswer = z.object({ vault_item: vaultItem }).strict().register(components, { id: 'VaultItemAnswer' });
export const vaultItemListAnswer = list(vaultItem).register(components, { id: 'VaultItemList' });
export const variantAnswer = z.object({ variant }).strict().register(components, { id: 'VariantAnswer' });

export const codesAnswer = z
  .object({ added: z.number().int(), codes_available: z.number().int() })
  .strict()
  .register(components, { id: 'CodesAnswer' });
export const removeAnswer = z
  .object({
    uid: z.string(),
    outcome: z.enum(['deleted', 'deactivated']).describe('deactivated: something refers to it (a redemption, an award, a completion)'),
  })
  .strict()
  .register(components, { id: 'RemoveAnswer' });

// Compile-time: each documented answer infers exactly what its service returns (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type _SameAsServices = [
  Expect<Same<z.infer<typeof campaignAnswer>, Answer<typeof createCampaign>>>,
  Expect<Same<z.infer<typeof campaignListAnswer>, Answer<typeof listCampaigns>>>,
  Expect<Same<z.infer<typeof groupAnswer>, Answer<typeof createGroup>>>,
  Expect<Same<z.infer<typeof groupListAnswer>, Answer<typeof listGroups>>>,
  Expect<Same<z.infer<typeof tierAnswer>, Answer<typeof createTier>>>,
  Expect<Same<z.infer<typeof tierListAnswer>, Answer<typeof listTiers>>>,
  Expect<Same<z.infer<typeof badgeAnswer>, Answer<typeof createBadge>>>,
  Expect<Same<z.infer<typeof badgeListAnswer>, Answer<typeof listBadges>>>,
  Expect<Same<z.infer<typeof taskAnswer>, Answer<typeof createTask>>>,
  Expect<Same<z.infer<typeof taskListAnswer>, Answer<typeof listTasks>>>,
  Expect<Same<z.infer<typeof rewardAnswer>, Answer<typeof createReward>>>,
  Expect<Same<z.infer<typeof rewardListAnswer>, Answer<typeof listRewards>>>,
  Expect<Same<z.infer<typeof vaultItemAnswer>, Answer<typeof createVaultItem>>>,
  Expect<Same<z.infer<typeof vaultItemListAnswer>, Answer<typeof listVaultItems>>>,
  Expect<Same<z.infer<typeof variantAnswer>, Answer<typeof createVariant>>>,
  Expect<Same<z.infer<typeof codesAnswer>, Answer<typeof addRewardCodes>>>,
  Expect<Same<z.infer<typeof tabAccessAnswer>, Answer<typeof putTabAccess>>>,
  Expect<Same<z.infer<typeof customizationDeletedAnswer>, Answer<typeof deleteCampaignCustomization>>>,
  Expect<Same<z.infer<typeof removeAnswer>, { uid: string; outcome: RemoveOutcome }>>,
  Expect<Same<Answer<typeof deleteGroup>['outcome'], 'deleted'>>,
];
