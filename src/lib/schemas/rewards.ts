import { z } from 'zod';
import { jsonInteger, queryInteger } from './numbers.ts';

// Rewards (spec §3 "Reward", "Gift card redemption payload", "Vault item redemption payload"): one schema
// for the redeem forms of /app/rewards and /app/rewards/v3 and the API.

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
