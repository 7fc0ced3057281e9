import { z } from 'zod';
import { LEDGER_STATUSES } from '../ledger-status';
import { jsonInteger, queryInteger } from './numbers.ts';
import { components } from './registry';

// Rewards (spec §3 "Reward", "Gift card redemption payload", "Vault item redemption payload"): one schema
// for the redeem forms of /app/rewards and /app/rewards/v3 and the API, and the ambassador API's answers
// (the catalogue, the vault, redemptions, the rewards ledger). Browser code imports this file as types
// only: its answers register with the document at load.

/** Reward type of spec §3. */
export const REWARD_TYPES = { custom: 1, tango: 2, voucher: 3, cash: 4, prepaid: 5 } as const;
export type RewardTypeName = keyof typeof REWARD_TYPES;
export const rewardTypeName = (type: number): RewardTypeName =>
  (Object.entries(REWARD_TYPES).find(([, n]) => n === type)?.[0] as RewardTypeName | undefined) ?? 'custom';

/** Reward field kinds of spec §3: what the ambassador receives. */
export const REWARD_FIELD_KINDS = ['quantity', 'code', 'balance'] as const;

const MAX_AMOUNT = 100_000_000;
/** A JSON integer (a form's decimal string is read as its number by the API and the edge: ./numbers.ts). */
const amount = jsonInteger('invalidAmount', 1, MAX_AMOUNT);
const uid = z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'maxChars64');

/** POST /loyalty/gift_card/redeem/: amount in points (a fixed reward may leave it out: its price). */
export const giftCardRedeemSchema = z.object({
  affiliate_uid: uid,
  gift_card_uid: uid,
  amount: amount.optional(),
});
export type GiftCardRedeemInput = z.input<typeof giftCardRedeemSchema>;

/** POST rewards/portals/{portal}/vault-items/{item}/redeem/: amount in the vault's unit (cash, minor units). */
export const vaultRedeemSchema = z.object({
  variant_item: uid,
  amount: amount.optional(),
});
export type VaultRedeemInput = z.input<typeof vaultRedeemSchema>;

export const pageQuerySchema = z.object({
  page: queryInteger('invalidField', 1, 100_000).default(1),
});
export type PageQuery = z.input<typeof pageQuerySchema>;

export const vaultItemsQuerySchema = z.object({
  campaign_id: queryInteger('invalidField', 1, Number.MAX_SAFE_INTEGER).optional(),
});
export type VaultItemsQuery = z.input<typeof vaultItemsQuerySchema>;

/** Reward config (spec §3: "may be a JSON string, parsed"): what the portal reads of it. */
export const rewardConfigSchema = z.looseObject({
  field_kind: z.enum(REWARD_FIELD_KINDS).catch('code'),
  /** Points for one unit of the reward's currency (range rewards). */
  points_per_unit: z.number().positive().optional().catch(undefined),
  /** The catalogue id at a real provider (e.g. a Tango Card UTID). */
  utid: z.string().optional().catch(undefined),
});
export type RewardConfig = z.infer<typeof rewardConfigSchema>;

export function parseRewardConfig(raw: unknown): RewardConfig {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = {};
    }
  }
  const parsed = rewardConfigSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { field_kind: 'code' };
}

/** Page sizes of the lists: the gift cards; the ledger and the redemptions. */
export const REWARDS_PAGE_SIZE = 12;
export const LEDGER_PAGE_SIZE = 20;

const isoTime = z.string().describe('ISO 8601 UTC time');
const pageNumber = z.number().int().nullable();

/** A reward as the catalogue lists it: spec §3 "Reward", config parsed, the type named, texts in the reader's language. */
export const giftCardAnswer = z
  .object({
    uid: z.string(),
    name: z.string(),
    type: z.number().int().describe('Reward type of spec §3 (1 custom, 2 tango, 3 voucher, 4 cash, 5 prepaid)'),
    reward_type: z.enum(Object.keys(REWARD_TYPES) as [RewardTypeName, ...RewardTypeName[]]),
    brand_kind: z.string(),
    image: z.string().nullable(),
    points: z.number().int().describe('The price in points of a fixed reward'),
    value_kind: z.enum(['fixed', 'range']),
    min_amount: z.number().int().nullable().describe('A range reward\'s least amount, in points'),
    max_amount: z.number().int().nullable(),
    value_minor: z.number().int().nullable().describe('What a fixed reward is worth, integer minor units of `currency`'),
    currency: z.string(),
    config: z.looseObject({
      field_kind: z.enum(REWARD_FIELD_KINDS),
      points_per_unit: z.number().optional(),
      utid: z.string().optional(),
    }),
    brand_description: z.string(),
    disclaimer: z.string(),
    stock: z.number().int().nullable().describe('Left in stock (null: unlimited)'),
    in_stock: z.boolean(),
  })
  .register(components, { id: 'GiftCard' });
export type RewardView = z.output<typeof giftCardAnswer>;

export const giftCardPageAnswer = z
  .object({ count: z.number().int(), next: pageNumber, previous: pageNumber, results: z.array(giftCardAnswer) })
  .register(components, { id: 'GiftCardPage' });
export type GiftCardList = z.output<typeof giftCardPageAnswer>;

const vaultFigures = {
  balance_available: z.number().int().describe('Cash the vault can spend, integer minor units of `currency`'),
  balance_held: z.number().int().describe('Cash held by redemptions not fulfilled yet'),
  points_available: z.number().int(),
  currency: z.string(),
};

/** A vault item (admin3) with its variants, texts in the reader's language. */
export const ownVaultItemAnswer = z
  .object({
    uid: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    payment_type: z.enum(['cash', 'prepaid', 'gift-card']),
    currency: z.string(),
    campaign_id: z.number().int().nullable().describe('The campaign it is limited to (null: company-wide)'),
    variants: z.array(z.object({
      uid: z.string(),
      name: z.string(),
      cost: z.number().int().describe('The price, integer minor units of the vault\'s cash'),
      value_minor: z.number().int(),
      stock: z.number().int().nullable(),
      in_stock: z.boolean(),
    })),
  })
  .register(components, { id: 'OwnVaultItem' });

export const ownVaultItemListAnswer = z
  .object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(ownVaultItemAnswer), ...vaultFigures })
  .register(components, { id: 'OwnVaultItemList' });
export type VaultItemList = z.output<typeof ownVaultItemListAnswer>;
export type VaultItemView = VaultItemList['results'][number];

export const vaultBalanceAnswer = z.object(vaultFigures).register(components, { id: 'VaultBalance' });
export type VaultBalance = z.output<typeof vaultBalanceAnswer>;

/** A redemption's status (the redemptions table's CHECK). */
export const REDEMPTION_STATUSES = ['processing', 'canceled', 'failed', 'completed', 'reversed_to_ledger', 'reversed_to_company'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** A redemption as the ambassador API answers it: spec §3 "Redemption" and its gift card details once issued. */
export const redemptionAnswer = z
  .object({
    id: z.number().int(),
    created_at: isoTime,
    updated_at: isoTime.nullable(),
    status: z.enum(REDEMPTION_STATUSES),
    kind: z.enum(['gift_card', 'vault']),
    requested_amount: z.number().int(),
    spend_kind: z.enum(['points', 'cash']),
    value_minor: z.number().int().nullable(),
    currency: z.string().nullable(),
    reward_uid: z.string().nullable(),
    reward_name: z.string().nullable(),
    reward_type: z.enum(Object.keys(REWARD_TYPES) as [RewardTypeName, ...RewardTypeName[]]).nullable(),
    brand_kind: z.string().nullable(),
    vault_item_uid: z.string().nullable(),
    payment_vault_name: z.string().nullable(),
    vault_item_variant_name: z.string().nullable(),
    variant_name: z.string().nullable(),
    failure_reason: z.string().nullable(),
    gift_card: z.object({
      card_name: z.string(),
      card_number: z.string().nullable(),
      card_pin: z.string().nullable(),
      card_code: z.string().nullable(),
      redemption_url: z.string().nullable(),
      security_url: z.string().nullable(),
      security_code: z.string().nullable(),
      order_id: z.string(),
      created_at: isoTime,
    }).nullable().describe('The gift card once issued (status completed)'),
    items: z.array(z.object({
      id: z.number().int(),
      created_at: isoTime,
      used_amount: z.number().int(),
      ledger_status: z.enum(LEDGER_STATUSES),
      payment_vault_currency: z.string().nullable(),
      kind: z.enum(['points', 'cash']),
    })).describe('The earnings (lots) it spent: the detail only'),
  })
  .register(components, { id: 'Redemption' });
export type RedemptionView = z.output<typeof redemptionAnswer>;

export const redemptionPageAnswer = z
  .object({ count: z.number().int(), next: pageNumber, previous: pageNumber, results: z.array(redemptionAnswer) })
  .register(components, { id: 'RedemptionPage' });
export type RedemptionList = z.output<typeof redemptionPageAnswer>;

/** A redeem's answer (201; `Idempotent-Replayed: true` when it is the stored answer of an earlier request with the same key). */
export const redeemedAnswer = z.object({ results: redemptionAnswer }).register(components, { id: 'Redeemed' });
export type RedeemAnswer = z.output<typeof redeemedAnswer>;

const expiringLot = z.object({
  id: z.number().int(),
  kind: z.enum(['points', 'cash']),
  amount: z.number().int().describe('What is left of the earning and lapses then'),
  expire_at: isoTime,
});

export const rewardLedgerAnswer = z
  .object({
    count: z.number().int(),
    next: pageNumber,
    previous: pageNumber,
    results: z.array(z.object({
      id: z.number().int(),
      created_at: isoTime,
      kind: z.enum(['points', 'cash']),
      amount: z.number().int(),
      remaining: z.number().int(),
      status: z.enum(LEDGER_STATUSES),
      redeemed_amount: z.number().int(),
      expired_amount: z.number().int(),
      expire_at: isoTime.nullable(),
      description: z.string(),
      campaign_name: z.string().nullable(),
      referred_full_name: z.string().nullable(),
      referred_email: z.string().nullable(),
      task_name: z.string().nullable().describe('A task\'s points: the task\'s name in the reader\'s language'),
    })),
    expiring: z.array(expiringLot).describe('Open lots that lapse, soonest first: which points (or cash) expire when'),
  })
  .register(components, { id: 'RewardLedger' });
export type RewardLedger = z.output<typeof rewardLedgerAnswer>;
