import { z } from 'zod';
import type { createBadge, createTask, createTier, listBadges, listTasks, listTiers } from '../loyalty/program';
import type {
  addRewardCodes, createReward, createVariant, createVaultItem, listRewards, listVaultItems,
} from '../rewards/catalog';
import type { RemoveOutcome } from '../core/catalog-queries';
import { isoTime, listOf as list, removeAnswer, translations } from '../../lib/schemas/catalog';
import { components } from './responses';

/**
 * The answers of the catalogue calls for the OpenAPI document, registered in the same
 * `components` registry as ./responses.ts. Each is checked at compile time to infer exactly what its
 * service returns (below), and tests/worker/operator-catalog*.test.ts parse live answers with them.
 */

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
export { removeAnswer } from '../../lib/schemas/catalog';

// Compile-time: each documented answer infers exactly what its service returns (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type _SameAsServices = [
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
  Expect<Same<z.infer<typeof removeAnswer>, { uid: string; outcome: RemoveOutcome }>>,
];
