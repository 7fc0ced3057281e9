import type { FieldSpec } from './fields';

// The fields of each program form, in the order the form shows them (the schemas they follow:
// src/lib/schemas/campaigns.ts, operator-catalog.ts, operator-catalog-rewards.ts).

type Choice = { value: string; label: string };
const P = 'console.programme.';

/** A campaign: its texts per language, landing page, hosts, switches and commission rule. */
export const CAMPAIGN_FIELDS: readonly FieldSpec[] = [
  { path: 'name', kind: 'text', label: `${P}name`, required: true, translatable: true },
  { path: 'description', kind: 'longText', label: `${P}description`, translatable: true },
  { path: 'native_message', kind: 'longText', label: `${P}shareMessage`, hint: `${P}shareMessageHint`, translatable: true },
  { path: 'url', kind: 'url', label: `${P}landingUrl`, hint: `${P}landingUrlHint`, required: true },
  { path: 'allowed_hosts', kind: 'lines', label: `${P}allowedHosts`, hint: `${P}allowedHostsHint` },
  { path: 'portal_logo', kind: 'url', label: `${P}portalLogo`, hint: `${P}imageHint`, empty: 'null' },
  { path: 'commission.type', kind: 'choice', label: `${P}commissionType`,
    options: [{ value: 'percentage', label: `${P}commissionPercentage` }, { value: 'fixed', label: `${P}commissionFixed` }] },
  { path: 'commission.rate_bps', kind: 'percent', label: `${P}commissionRate`, hint: `${P}commissionRateHint` },
  { path: 'commission.fixed_minor', kind: 'money', label: `${P}commissionFixedAmount`, hint: `${P}commissionFixedHint` },
  { path: 'commission.is_monetary', kind: 'flag', label: `${P}commissionMonetary`, hint: `${P}commissionMonetaryHint` },
  { path: 'commission.loyalty_points', kind: 'integer', label: `${P}commissionPoints` },
  { path: 'commission.recurring', kind: 'recurring', label: `${P}recurring` },
  { path: 'is_active', kind: 'flag', label: `${P}active` },
  { path: 'is_hidden_dashboard', kind: 'flag', label: `${P}hiddenDashboard` },
];

/** What a new campaign's form starts with (the API's defaults). */
export const CAMPAIGN_DEFAULTS = {
  is_active: true, is_hidden_dashboard: false, allowed_hosts: [],
  commission: { type: 'percentage', rate_bps: 1000, fixed_minor: 0, is_monetary: true, loyalty_points: 0, recurring: null },
};

const look: readonly FieldSpec[] = [
  { path: 'name', kind: 'text', label: `${P}name`, required: true, translatable: true },
  { path: 'description', kind: 'longText', label: `${P}description`, translatable: true },
  { path: 'color', kind: 'color', label: `${P}color` },
];
const activeAndImage: readonly FieldSpec[] = [
  { path: 'image', kind: 'url', label: `${P}image`, hint: `${P}imageHint`, empty: 'null' },
  { path: 'is_active', kind: 'flag', label: `${P}active` },
];

export const TIER_FIELDS: readonly FieldSpec[] = [
  ...look,
  { path: 'threshold', kind: 'integer', label: `${P}threshold`, hint: `${P}thresholdHint`, required: true },
  ...activeAndImage,
];

export const BADGE_FIELDS: readonly FieldSpec[] = [
  ...look,
  { path: 'points', kind: 'integer', label: `${P}badgePoints` },
  ...activeAndImage,
];

export const LOOK_DEFAULTS = { color: '#3c97d3', is_active: true, points: 0, threshold: 0 };

const campaignChoice = (campaigns: readonly Choice[]): FieldSpec['options'] => [{ value: '', label: `${P}everyAmbassador` }, ...campaigns];

export const taskFields = (campaigns: readonly Choice[]): readonly FieldSpec[] => [
  { path: 'name', kind: 'text', label: `${P}name`, required: true, translatable: true },
  { path: 'description', kind: 'longText', label: `${P}description`, translatable: true },
  { path: 'points', kind: 'integer', label: `${P}taskPoints` },
  { path: 'url', kind: 'url', label: `${P}taskUrl`, empty: 'null' },
  { path: 'position', kind: 'integer', label: `${P}position` },
  { path: 'campaign_uid', kind: 'choice', label: `${P}campaign`, options: campaignChoice(campaigns), empty: 'null' },
  { path: 'is_active', kind: 'flag', label: `${P}active` },
];
export const TASK_DEFAULTS = { points: 0, position: 0, is_active: true, campaign_uid: null };

const REWARD_TYPES = ['custom', 'voucher', 'tango', 'cash', 'prepaid'] as const;
const BRANDS = ['default', 'promo', 'amazon', 'target', 'bass_pro', 'tango'] as const;

/** A reward (gift card) spent in points. */
export const REWARD_FIELDS: readonly FieldSpec[] = [
  { path: 'name', kind: 'text', label: `${P}name`, required: true, translatable: true },
  { path: 'brand_description', kind: 'longText', label: `${P}brandDescription`, translatable: true },
  { path: 'disclaimer', kind: 'longText', label: `${P}disclaimer`, translatable: true },
  { path: 'type', kind: 'choice', label: `${P}rewardType`, options: REWARD_TYPES.map((v) => ({ value: v, label: `${P}rewardType.${v}` })) },
  { path: 'brand_kind', kind: 'choice', label: `${P}brand`, options: BRANDS.map((v) => ({ value: v, label: `${P}brand.${v}` })) },
  { path: 'value_kind', kind: 'choice', label: `${P}valueKind`,
    options: [{ value: 'fixed', label: `${P}valueFixed` }, { value: 'range', label: `${P}valueRange` }] },
  { path: 'points', kind: 'integer', label: `${P}pricePoints`, hint: `${P}pricePointsHint` },
  { path: 'min_amount', kind: 'integer', label: `${P}minPoints`, empty: 'null' },
  { path: 'max_amount', kind: 'integer', label: `${P}maxPoints`, empty: 'null' },
  { path: 'config.points_per_unit', kind: 'decimal', label: `${P}pointsPerUnit`, hint: `${P}pointsPerUnitHint`, empty: 'omit' },
  { path: 'value_minor', kind: 'money', label: `${P}faceValue`, empty: 'null' },
  { path: 'config.field_kind', kind: 'choice', label: `${P}fieldKind`,
    options: ['code', 'balance', 'quantity'].map((v) => ({ value: v, label: `${P}fieldKind.${v}` })) },
  { path: 'stock', kind: 'integer', label: `${P}stock`, hint: `${P}stockHint`, empty: 'null' },
  ...activeAndImage,
];
export const REWARD_DEFAULTS = { type: 'custom', brand_kind: 'default', value_kind: 'fixed', points: 100, config: { field_kind: 'code' }, is_active: true };

/** A vault item spent in cash; its variants have their own form. */
export const vaultItemFields = (campaigns: readonly Choice[]): readonly FieldSpec[] => [
  { path: 'name', kind: 'text', label: `${P}name`, required: true, translatable: true },
  { path: 'description', kind: 'longText', label: `${P}description`, translatable: true },
  { path: 'payment_type', kind: 'choice', label: `${P}paymentType`,
    options: ['gift-card', 'cash', 'prepaid'].map((v) => ({ value: v, label: `${P}paymentType.${v}` })) },
  { path: 'campaign_uid', kind: 'choice', label: `${P}campaign`, options: campaignChoice(campaigns), empty: 'null' },
  ...activeAndImage,
];
export const VAULT_ITEM_DEFAULTS = { payment_type: 'gift-card', is_active: true, campaign_uid: null };

export const VARIANT_FIELDS: readonly FieldSpec[] = [
  { path: 'name', kind: 'text', label: `${P}name`, required: true, translatable: true },
  { path: 'cost', kind: 'money', label: `${P}variantCost`, required: true },
  { path: 'value_minor', kind: 'money', label: `${P}variantValue`, hint: `${P}variantValueHint`, empty: 'omit' },
  { path: 'stock', kind: 'integer', label: `${P}stock`, hint: `${P}stockHint`, empty: 'null' },
  { path: 'is_active', kind: 'flag', label: `${P}active` },
];
export const VARIANT_DEFAULTS = { is_active: true };
