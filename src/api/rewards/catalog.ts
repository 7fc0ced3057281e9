import {
  rewardPriceErrors, type RewardCodesInput, type RewardCreate, type RewardPatch, type VariantCreate, type VariantPatch, type VaultItemCreate,
  type VaultItemPatch,
} from '../../lib/schemas/operator-catalog-rewards';
import { REWARD_TYPES, parseRewardConfig, rewardTypeName } from '../../lib/schemas/rewards';
import type {
  CatalogVariantAnswer, CatalogVaultItemAnswer, CatalogVaultItemList, CodesAnswer, RewardAnswer, RewardList,
} from '../../lib/schemas/rewards-catalog';
import { parseTranslations } from '../../lib/row-language';
import { newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import {
  insertRewardCodes, rewardRow, rewardRows, variantRow, vaultItemRow, vaultItemRows, type RewardRow, type VariantRow, type VaultItemRow,
} from './catalog-queries';
import { bit, campaignIdOf, storedTranslations, insertStatement, notFound, patchRow, removeOrDeactivate, rowOf } from '../core/catalog-queries';
import type { Operator } from '../core/operator-keys';

/**
 * The rewards catalogue of the company: gift cards ("rewards", spent in points), vault items and
 * their variants (spent in cash), stock (null: unlimited) and the code pool of the local fulfilment
 * provider. An edit never breaks a redemption: a redemption keeps its own value and currency, a release
 * gives stock back whether the reward is active or not, and a reward, item or variant that a redemption
 * refers to is deactivated instead of deleted (SQL foreign keys refuse the delete anyway).
 */

// Gift cards ---------------------------------------------------------------------------------------

function rewardView(r: RewardRow) {
  const { field_kind, points_per_unit, utid } = parseRewardConfig(r.config);
  return {
    uid: r.uid, name: r.name, type: rewardTypeName(r.type), brand_kind: r.brand_kind, image: r.image, brand_description: r.brand_description,
    disclaimer: r.disclaimer, value_kind: r.value_kind, points: r.points, min_amount: r.min_amount, max_amount: r.max_amount,
    value_minor: r.value_minor, currency: r.currency,
    config: { field_kind, ...(points_per_unit !== undefined && { points_per_unit }), ...(utid !== undefined && { utid }) },
    stock: r.stock, is_active: !!r.is_active, codes_available: r.codes_available ?? 0, created_at: r.created_at,
    translations: parseTranslations(r.translations),
  };
}
export type RewardCatalogView = ReturnType<typeof rewardView>;

export async function listRewards(db: D1Database, companyId: string): Promise<RewardList> {
  const { results } = await rewardRows(db, companyId);
  return { count: results.length, results: results.map(rewardView) };
}

async function rewardOf(db: D1Database, companyId: string, uid: string): Promise<RewardAnswer> {
  const row = await rewardRow(db, companyId, uid);
  if (!row) throw notFound();
  return { reward: rewardView(row) };
}

export async function createReward(db: D1Database, operator: Operator, input: RewardCreate): Promise<RewardAnswer> {
  const row = await insertStatement(db, 'rewards', {
    uid: newUid('rwd'), company_id: operator.companyId, ...input, type: REWARD_TYPES[input.type], currency: input.currency ?? operator.currency,
    config: JSON.stringify(input.config), is_active: bit(input.is_active), translations: JSON.stringify(input.translations),
  }).first<RewardRow>();
  return rewardOf(db, operator.companyId, row!.uid);
}

/** PATCH: the price rules hold for the reward as edited (a switch to `range` needs min and max). */
export async function patchReward(db: D1Database, companyId: string, uid: string, input: RewardPatch): Promise<RewardAnswer> {
  const current = await rowOf<RewardRow>(db, 'rewards', companyId, uid);
  const errors = rewardPriceErrors({ ...current, ...input });
  if (Object.keys(errors).length) throw new ApiError('validation', 'invalidInput', errors);
  await patchRow(db, 'rewards', companyId, uid, {
    ...input, type: input.type && REWARD_TYPES[input.type], config: input.config && JSON.stringify(input.config), is_active: bit(input.is_active),
    translations: storedTranslations(input.translations),
  });
  return rewardOf(db, companyId, uid);
}

export const deleteReward = (db: D1Database, companyId: string, uid: string) =>
  removeOrDeactivate(db, 'rewards', companyId, uid,
    'EXISTS (SELECT 1 FROM redemptions d WHERE d.company_id = ?1 AND d.reward_uid = ?2)',
    ['DELETE FROM reward_codes WHERE company_id = ?1 AND reward_uid = ?2 AND redemption_id IS NULL']);

// Vault items and variants --------------------------------------------------------------------------

const variantView = (v: VariantRow) => ({
  uid: v.uid, name: v.name, cost: v.cost, value_minor: v.value_minor, stock: v.stock, is_active: !!v.is_active, codes_available: v.codes_available ?? 0,
  translations: parseTranslations(v.translations),
});
const vaultItemView = (v: VaultItemRow, variants: VariantRow[]) => ({
  uid: v.uid, name: v.name, description: v.description, image: v.image, payment_type: v.payment_type, currency: v.currency,
  campaign_uid: v.campaign_uid ?? null, is_active: !!v.is_active, created_at: v.created_at, translations: parseTranslations(v.translations),
  variants: variants.filter((x) => x.vault_item_uid === v.uid).map(variantView),
});
export type VaultItemView = ReturnType<typeof vaultItemView>;
export type VariantView = ReturnType<typeof variantView>;

export async function listVaultItems(db: D1Database, companyId: string): Promise<CatalogVaultItemList> {
  const { items, variants } = await vaultItemRows(db, companyId);
  return { count: items.length, results: items.map((v) => vaultItemView(v, variants)) };
}

async function vaultItemOf(db: D1Database, companyId: string, uid: string) {
  const { item, variants } = await vaultItemRow(db, companyId, uid);
  if (!item) throw notFound();
  return { vault_item: vaultItemView(item, variants) };
}

const variantValues = (companyId: string, itemUid: string, v: VariantCreate) => ({
  uid: newUid('vv'), company_id: companyId, vault_item_uid: itemUid, name: v.name, cost: v.cost, value_minor: v.value_minor,
  stock: v.stock, is_active: bit(v.is_active), translations: JSON.stringify(v.translations),
});

/** POST /v1/operator/vault-items - the item and its first variants in one batch. */
export async function createVaultItem(db: D1Database, operator: Operator, input: VaultItemCreate): Promise<CatalogVaultItemAnswer> {
  const { variants, campaign_uid, ...fields } = input;
  const campaignId = await campaignIdOf(db, operator.companyId, campaign_uid);
  const uid = newUid('vlt');
  await db.batch([
    insertStatement(db, 'vault_items', {
      uid, company_id: operator.companyId, ...fields, currency: fields.currency ?? operator.currency, campaign_id: campaignId,
      is_active: bit(fields.is_active), translations: JSON.stringify(fields.translations),
    }),
    ...variants.map((v) => insertStatement(db, 'vault_item_variants', variantValues(operator.companyId, uid, v))),
  ]);
  return vaultItemOf(db, operator.companyId, uid);
}

export async function patchVaultItem(db: D1Database, companyId: string, uid: string, input: VaultItemPatch): Promise<CatalogVaultItemAnswer> {
  const { campaign_uid, ...fields } = input;
  const campaignId = campaign_uid === undefined ? undefined : await campaignIdOf(db, companyId, campaign_uid);
  await patchRow(db, 'vault_items', companyId, uid, {
    ...fields, campaign_id: campaignId, is_active: bit(fields.is_active), translations: storedTranslations(fields.translations),
  });
  return vaultItemOf(db, companyId, uid);
}

/** An item any of whose variants was redeemed is deactivated; otherwise it goes with its variants and their unused codes. */
export const deleteVaultItem = (db: D1Database, companyId: string, uid: string) =>
  removeOrDeactivate(db, 'vault_items', companyId, uid,
    `EXISTS (SELECT 1 FROM redemptions d WHERE d.company_id = ?1 AND (d.vault_item_uid = ?2
              OR d.variant_uid IN (SELECT uid FROM vault_item_variants WHERE company_id = ?1 AND vault_item_uid = ?2)))`,
    [
      `DELETE FROM reward_codes WHERE company_id = ?1 AND redemption_id IS NULL
          AND variant_uid IN (SELECT uid FROM vault_item_variants WHERE company_id = ?1 AND vault_item_uid = ?2)`,
      'DELETE FROM vault_item_variants WHERE company_id = ?1 AND vault_item_uid = ?2',
    ]);

/** The variant `variantUid` of the company's item `itemUid`, or a 404. */
async function variantOf(db: D1Database, companyId: string, itemUid: string, variantUid: string) {
  const row = await variantRow(db, companyId, itemUid, variantUid);
  if (!row) throw notFound();
  return { variant: variantView(row) };
}

export async function createVariant(db: D1Database, companyId: string, itemUid: string, input: VariantCreate): Promise<CatalogVariantAnswer> {
  await rowOf(db, 'vault_items', companyId, itemUid);
  const row = await insertStatement(db, 'vault_item_variants', variantValues(companyId, itemUid, input)).first<VariantRow>();
  return variantOf(db, companyId, itemUid, row!.uid);
}

export async function patchVariant(
  db: D1Database, companyId: string, itemUid: string, variantUid: string, input: VariantPatch,
): Promise<CatalogVariantAnswer> {
  await variantOf(db, companyId, itemUid, variantUid);
  await patchRow(db, 'vault_item_variants', companyId, variantUid, { ...input, is_active: bit(input.is_active), translations: storedTranslations(input.translations) });
  return variantOf(db, companyId, itemUid, variantUid);
}

export async function deleteVariant(db: D1Database, companyId: string, itemUid: string, variantUid: string) {
  await variantOf(db, companyId, itemUid, variantUid);
  return removeOrDeactivate(db, 'vault_item_variants', companyId, variantUid,
    'EXISTS (SELECT 1 FROM redemptions d WHERE d.company_id = ?1 AND d.variant_uid = ?2)',
    ['DELETE FROM reward_codes WHERE company_id = ?1 AND variant_uid = ?2 AND redemption_id IS NULL']);
}

// Codes ---------------------------------------------------------------------------------------------

/**
 * Adds codes to the local provider's pool of a reward or a variant, in one statement (the list travels as
 * one JSON parameter: D1 binds at most 100 values a statement). Answers how many are free now.
 */
async function addCodes(db: D1Database, companyId: string, target: { reward_uid: string } | { variant_uid: string }, input: RewardCodesInput) {
  const rewardUid = 'reward_uid' in target ? target.reward_uid : null;
  const variantUid = 'variant_uid' in target ? target.variant_uid : null;
  const { inserted, free } = await insertRewardCodes(db, companyId, rewardUid, variantUid, input.codes);
  return { added: inserted.changes, codes_available: free?.n ?? 0 };
}

export async function addRewardCodes(db: D1Database, companyId: string, uid: string, input: RewardCodesInput): Promise<CodesAnswer> {
  await rowOf(db, 'rewards', companyId, uid);
  return addCodes(db, companyId, { reward_uid: uid }, input);
}

export async function addVariantCodes(
  db: D1Database, companyId: string, itemUid: string, variantUid: string, input: RewardCodesInput,
): Promise<CodesAnswer> {
  await variantOf(db, companyId, itemUid, variantUid);
  return addCodes(db, companyId, { variant_uid: variantUid }, input);
}
