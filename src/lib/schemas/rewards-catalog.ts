import { z } from 'zod';
import { isoTime, listOf as list, translations } from './catalog';
import { REDEMPTION_STATUSES, redemptionAnswer, type RedemptionStatus } from './rewards';
import { components } from './registry';

// The operator's rewards: the catalogue (gift cards, vault items and their variants, code pools) and settling
// a redemption the company fulfils itself. The request schemas of the catalogue are ./operator-catalog-rewards.ts
// (the browser reads its lists); this file's answers register with the document at load, so browser code
// imports it as types only.

const optionalText = z.string().trim().max(255, 'maxChars255').nullish().transform((v) => v || null);

/** POST /operator/redemptions/{id}/complete: the gift card details, all optional. */
export const completeRedemptionSchema = z.object({
  details: z.object({
    card_number: optionalText, card_code: optionalText, card_pin: optionalText, redemption_url: optionalText,
    security_url: optionalText, security_code: optionalText, order_id: optionalText,
  }).partial().default({}),
});

/** POST /operator/redemptions/{id}/fail */
export const failRedemptionSchema = z.object({ reason: optionalText });

/** A settled redemption as the operator API answers it (the ambassador API's view, of which the document names a few fields). */
export const settledRedemptionAnswer = z
  .object({
    redemption: z.looseObject({
      id: z.number().int(), status: z.enum(REDEMPTION_STATUSES),
      requested_amount: z.number().int(), spend_kind: z.enum(['points', 'cash']), failure_reason: z.string().nullable(),
      gift_card: z.looseObject({}).nullable().describe('Gift card details (spec §3) once completed'),
    }),
  })
  .register(components, { id: 'RedemptionAnswer' });
export type SettledRedemption = z.output<typeof settledRedemptionAnswer>;

/**
 * GET /operator/redemptions: `status`, one status or several comma-separated (`processing,failed`); absent, the
 * redemptions waiting for the company (`processing`). `order=oldest`: the oldest first (default: newest first).
 */
export const redemptionListSchema = z.object({
  status: z.string().trim().max(120, 'invalidField').optional()
    .transform((v) => [...new Set((v || 'processing').split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(REDEMPTION_STATUSES, { error: 'invalidField' })).min(1, 'invalidField')),
  order: z.enum(['newest', 'oldest'], { error: 'invalidField' }).optional().transform((v) => v ?? 'newest'),
});

/** The operator's list of redemptions: the ambassador API's view, who redeemed it, and a vault item's campaign. */
export const operatorRedemptionListAnswer = list(redemptionAnswer.extend({
  ambassador: z.object({ uid: z.string(), email: z.string().nullable(), name: z.string() }).strict(),
  campaign_uid: z.string().nullable().describe('The campaign of a vault item bound to one; null otherwise'),
})).register(components, { id: 'OperatorRedemptionList' });
export type OperatorRedemptionList = z.output<typeof operatorRedemptionListAnswer>;
export type { RedemptionStatus };

export const catalogReward = z
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
export const rewardAnswer = z.object({ reward: catalogReward }).strict().register(components, { id: 'RewardAnswer' });
export const rewardListAnswer = list(catalogReward).register(components, { id: 'RewardList' });

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

export type CatalogReward = z.output<typeof catalogReward>;
export type RewardAnswer = z.output<typeof rewardAnswer>;
export type RewardList = z.output<typeof rewardListAnswer>;
export type CatalogVaultItemAnswer = z.output<typeof vaultItemAnswer>;
export type CatalogVaultItemList = z.output<typeof vaultItemListAnswer>;
export type CatalogVariantAnswer = z.output<typeof variantAnswer>;
export type CodesAnswer = z.output<typeof codesAnswer>;
