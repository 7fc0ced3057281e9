import { z } from 'zod';
import { safeUrl } from './common.ts';
import { amount, flag, imageUrl, longText, name, positiveAmount, uidRef } from './operator-catalog.ts';
import { decimalNumber } from './numbers.ts';
import { rowTranslations } from './row-translations.ts';
import { REWARD_FIELD_KINDS, REWARD_TYPES, type RewardTypeName } from './rewards.ts';

// Operator API: the rewards catalogue. Gift cards ("rewards": spent in points) and vault items
// with their variants (spent in cash, minor units of the item's currency), their stock and the codes the
// local fulfilment provider hands out. Same conventions as ./operator-catalog.ts.

const REWARD_TYPE_NAMES = Object.keys(REWARD_TYPES) as [RewardTypeName, ...RewardTypeName[]];
export const BRAND_KINDS = ['amazon', 'bass_pro', 'default', 'promo', 'tango', 'target'] as const;

const currency = z.string({ error: 'invalidField' }).trim().toUpperCase().regex(/^[A-Z]{3}$/, 'A three-letter ISO 4217 code, e.g. USD.');
const nullableText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).nullable();

/**
 * What the portal reads of a reward's config: `field_kind` (what the ambassador receives: a `code` from
 * the pool, a `balance`, or a `quantity`, e.g. a shipped item), `points_per_unit` (range rewards: points for
 * one unit of the currency) and `utid` (the catalogue id at a real provider such as Tango Card).
 */
const rewardConfig = z.strictObject({
  field_kind: z.enum(REWARD_FIELD_KINDS, { error: 'One of quantity, code, balance.' }).default('code'),
  points_per_unit: decimalNumber(z.number({ error: 'A number.' }).positive('Must be more than 0.').max(1_000_000, 'At most 1000000.')).optional(),
  utid: z.string().trim().min(1, 'required').max(64, 'maxChars64').optional(),
});

const rewardFields = {
  name,
  type: z.enum(REWARD_TYPE_NAMES, { error: `One of ${REWARD_TYPE_NAMES.join(', ')}.` }),
  brand_kind: z.enum(BRAND_KINDS, { error: `One of ${BRAND_KINDS.join(', ')}.` }),
  image: imageUrl.nullable(),
  brand_description: longText,
  disclaimer: longText,
  /** fixed: costs `points`; range: the ambassador spends `min_amount`..`max_amount` points. */
  value_kind: z.enum(['fixed', 'range'], { error: 'Either "fixed" or "range".' }),
  points: amount,
  min_amount: positiveAmount.nullable(),
  max_amount: positiveAmount.nullable(),
  /** Face value of a fixed reward, minor units of `currency`. */
  value_minor: amount.nullable(),
  currency,
  config: rewardConfig,
  /** null: unlimited. */
  stock: amount.nullable(),
  is_active: flag,
  /** The name, brand description and disclaimer in other languages, by language code (PATCH replaces the whole object). */
  translations: rowTranslations(z.strictObject({ name: name.optional(), brand_description: longText.optional(), disclaimer: longText.optional() })),
};

/** The price rules of a reward, on a whole reward (a create, or a row with an edit applied): field -> messages. */
export function rewardPriceErrors(r: { value_kind: 'fixed' | 'range'; points: number; min_amount: number | null; max_amount: number | null }) {
  const errors: Record<string, string[]> = {};
  if (r.value_kind === 'fixed' && r.points < 1) errors.points = ['A fixed reward costs at least 1 point.'];
  if (r.value_kind === 'range') {
    if (r.min_amount === null) errors.min_amount = ['A range reward needs min_amount.'];
    if (r.max_amount === null) errors.max_amount = ['A range reward needs max_amount.'];
    if (r.min_amount !== null && r.max_amount !== null && r.max_amount < r.min_amount) errors.max_amount = ['Must be min_amount or more.'];
  }
  return errors;
}

export const rewardCreateSchema = z
  .strictObject({
    ...rewardFields,
    type: rewardFields.type.default('custom'),
    brand_kind: rewardFields.brand_kind.default('default'),
    image: rewardFields.image.default(null),
    brand_description: rewardFields.brand_description.default(''),
    disclaimer: rewardFields.disclaimer.default(''),
    value_kind: rewardFields.value_kind.default('fixed'),
    points: rewardFields.points.default(0),
    min_amount: rewardFields.min_amount.default(null),
    max_amount: rewardFields.max_amount.default(null),
    value_minor: rewardFields.value_minor.default(null),
    /** Absent: the company currency. */
    currency: rewardFields.currency.optional(),
    config: rewardConfig.prefault({}),
    stock: rewardFields.stock.default(null),
    is_active: rewardFields.is_active.default(true),
    translations: rewardFields.translations.default({}),
  })
  .superRefine((r, ctx) => {
    for (const [field, messages] of Object.entries(rewardPriceErrors(r))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type RewardCreate = z.infer<typeof rewardCreateSchema>;

/** PATCH: the price rules are checked on the reward with the edit applied. `config` is replaced whole. */
export const rewardPatchSchema = z.strictObject(rewardFields).partial();
export type RewardPatch = z.infer<typeof rewardPatchSchema>;

// Vault items and variants ------------------------------------------------------------------------

const variantFields = {
  name,
  /** What the ambassador spends, minor units of the item's currency. */
  cost: positiveAmount,
  /** What the ambassador receives, minor units (absent on create: the cost). */
  value_minor: amount,
  stock: amount.nullable(),
  is_active: flag,
  /** The name in other languages, by language code (PATCH replaces the whole object). */
  translations: rowTranslations(z.strictObject({ name: name.optional() })),
};
export const variantCreateSchema = z
  .strictObject({
    ...variantFields,
    value_minor: variantFields.value_minor.optional(),
    stock: variantFields.stock.default(null),
    is_active: variantFields.is_active.default(true),
    translations: variantFields.translations.default({}),
  })
  .transform((v) => ({ ...v, value_minor: v.value_minor ?? v.cost }));
export const variantPatchSchema = z.strictObject(variantFields).partial();
export type VariantCreate = z.infer<typeof variantCreateSchema>;
export type VariantPatch = z.infer<typeof variantPatchSchema>;

const vaultItemFields = {
  name,
  description: longText,
  image: imageUrl.nullable(),
  payment_type: z.enum(['cash', 'prepaid', 'gift-card'], { error: 'One of cash, prepaid, gift-card.' }),
  currency,
  /** A campaign's item shows to its members only; null: to every ambassador. */
  campaign_uid: uidRef.nullable(),
  is_active: flag,
  /** The name and description in other languages, by language code (PATCH replaces the whole object). */
  translations: rowTranslations(z.strictObject({ name: name.optional(), description: longText.optional() })),
};
export const vaultItemCreateSchema = z.strictObject({
  ...vaultItemFields,
  description: vaultItemFields.description.default(''),
  image: vaultItemFields.image.default(null),
  payment_type: vaultItemFields.payment_type.default('gift-card'),
  currency: vaultItemFields.currency.optional(),
  campaign_uid: vaultItemFields.campaign_uid.default(null),
  is_active: vaultItemFields.is_active.default(true),
  translations: vaultItemFields.translations.default({}),
  variants: z.array(variantCreateSchema, { error: 'A list of variants.' }).max(50, 'At most 50 variants.').default([]),
});
/** PATCH: the item's own fields; variants have their own calls. */
export const vaultItemPatchSchema = z.strictObject(vaultItemFields).partial();
export type VaultItemCreate = z.infer<typeof vaultItemCreateSchema>;
export type VaultItemPatch = z.infer<typeof vaultItemPatchSchema>;

// Codes -------------------------------------------------------------------------------------------

/** Gift card codes for the local provider's pool: each goes to one redemption, ever. */
export const rewardCodesSchema = z.strictObject({
  codes: z
    .array(
      z.strictObject({
        card_code: z.string({ error: 'required' }).trim().min(1, 'required').max(255, 'maxChars255'),
        card_number: nullableText(255).default(null),
        card_pin: nullableText(64).default(null),
        redemption_url: safeUrl.nullable().default(null),
        security_url: safeUrl.nullable().default(null),
        security_code: nullableText(255).default(null),
      }),
      { error: 'A list of codes.' },
    )
    .min(1, 'At least one code.')
    .max(1000, 'At most 1000 codes a request.'),
});
export type RewardCodesInput = z.infer<typeof rewardCodesSchema>;
