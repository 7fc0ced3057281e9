import {
  listGiftCards, listRedemptions, listVaultItems, redeemGiftCard, redeemVaultItem, expiringLots, redemptionDetail, rewardLedger, vaultBalance,
  type GiftCardList, type RedemptionList, type RedemptionView, type RewardLedger, type VaultBalance, type VaultItemList,
} from '../../api/rewards/service';
import type { GiftCardRedeemInput, PageQuery, VaultItemsQuery, VaultRedeemInput } from '../../lib/schemas/rewards';
import { asQuery, embedded, type EmbeddedDeps, type RemoteDeps, type RemoteIds } from './core';

export type {
  GiftCardList, RedemptionList, RedemptionView, RewardLedger, RewardView, VaultBalance, VaultItemList, VaultItemView,
} from '../../api/rewards/service';
/** Page sizes of the lists (gift cards; ledger and redemptions), for the pages' pagers. */
export { LEDGER_PAGE_SIZE, REWARDS_PAGE_SIZE } from '../../api/rewards/service';

/** A redeem answer: the redemption, and whether it is the stored answer of an earlier request with the same key. */
export interface RedeemAnswer {
  results: RedemptionView;
  replayed: boolean;
}

/**
 * What the redeem form sends: the reward and the amount (points); the client fills affiliate_uid. The form
 * reads its amount with formInteger (src/lib/schemas/numbers.ts): a number, or the text as typed when it is
 * not decimal digits, which the API refuses with the amount's message (the API takes JSON integers only).
 */
export interface OwnGiftCardRedeem {
  gift_card_uid: string;
  amount?: number | string;
}

/** What the vault's redeem form sends (the amount as above). */
export interface VaultRedeemForm {
  variant_item: string;
  amount?: number | string;
}

/**
 * Rewards calls of spec §7. `portal` is the company's rewards portal id (portal.json `portal_uid`).
 * Redeem calls take an Idempotency-Key: the same key and input answer the first answer and spend once.
 */
export interface RewardsClient {
  /** POST /tables/ambassadors/{id}/content/affiliate_gift_card/?page=N */
  giftCards(query?: PageQuery): Promise<GiftCardList>;
  /** POST /loyalty/gift_card/redeem/ */
  redeemGiftCard(input: OwnGiftCardRedeem, idempotencyKey: string | null): Promise<RedeemAnswer>;
  /** GET rewards/portals/{portal}/vault-items/ */
  vaultItems(portal: string, query?: VaultItemsQuery): Promise<VaultItemList>;
  /** GET rewards/portals/{portal}/vault-items/{item}/balance-available/ */
  vaultBalance(portal: string, itemUid: string): Promise<VaultBalance>;
  /** POST rewards/portals/{portal}/vault-items/{item}/redeem/ */
  redeemVaultItem(portal: string, itemUid: string, input: VaultRedeemForm, idempotencyKey: string | null): Promise<RedeemAnswer>;
  /** GET rewards/portals/{portal}/redemptions/{id}/ */
  redemption(portal: string, id: number | string): Promise<RedemptionView>;
  /** GET rewards/portals/{portal}/redemptions/ */
  redemptions(portal: string, query?: PageQuery): Promise<RedemptionList>;
  /** GET /ambassadors/{id}/loyalty/ledger/ - earnings with derived statuses, and what expires when. */
  rewardLedger(query?: PageQuery): Promise<RewardLedger>;
  /** What expires when (the ledger's `expiring`), without the ledger page: the dashboard's card. */
  expiringLots(): Promise<RewardLedger['expiring']>;
}

export function embeddedRewards(deps: EmbeddedDeps): RewardsClient {
  const { svc } = deps;
  return {
    giftCards: (query) => embedded(async () => listGiftCards(svc, await deps.caller(), query)),
    redeemGiftCard: (input, key) => embedded(async () => {
      const caller = await deps.caller();
      // The service validates: an amount that is not a number is refused there, as over HTTP.
      return redeemGiftCard(svc, caller, { ...input, affiliate_uid: caller.ambassador.uid } as GiftCardRedeemInput, { idempotencyKey: key });
    }),
    vaultItems: (portal, query) => embedded(async () => listVaultItems(svc, await deps.caller(), portal, query)),
    vaultBalance: (portal, item) => embedded(async () => vaultBalance(svc, await deps.caller(), portal, item)),
    redeemVaultItem: (portal, item, input, key) =>
      embedded(async () => redeemVaultItem(svc, await deps.caller(), portal, item, input as VaultRedeemInput, { idempotencyKey: key })),
    redemption: (portal, id) => embedded(async () => redemptionDetail(svc, await deps.caller(), portal, id)),
    redemptions: (portal, query) => embedded(async () => listRedemptions(svc, await deps.caller(), portal, query)),
    rewardLedger: (query) => embedded(async () => rewardLedger(svc, await deps.caller(), query)),
    expiringLots: () => embedded(async () => expiringLots(svc, await deps.caller())),
  };
}

export function remoteRewards(deps: RemoteDeps, ids: RemoteIds | null): RewardsClient {
  const own = () => encodeURIComponent(ids?.ambassadorUid ?? '-');
  const p = (portal: string) => `/rewards/portals/${encodeURIComponent(portal)}`;
  const keyed = (key: string | null) => (key ? { 'idempotency-key': key } : undefined);
  const redeemed = async (answer: Promise<{ results: RedemptionView }>, replayed = false): Promise<RedeemAnswer> => ({ ...(await answer), replayed });
  return {
    giftCards: (query) => deps.call(`/tables/ambassadors/${own()}/content/affiliate_gift_card/`, { method: 'POST', query: asQuery(query) }),
    redeemGiftCard: (input, key) => redeemed(deps.call('/loyalty/gift_card/redeem/', {
      method: 'POST', body: { ...input, affiliate_uid: ids?.ambassadorUid ?? '-' }, headers: keyed(key),
    })),
    vaultItems: (portal, query) => deps.call(`${p(portal)}/vault-items/`, { query: asQuery(query) }),
    vaultBalance: (portal, item) => deps.call(`${p(portal)}/vault-items/${encodeURIComponent(item)}/balance-available/`),
    redeemVaultItem: (portal, item, input, key) => redeemed(deps.call(`${p(portal)}/vault-items/${encodeURIComponent(item)}/redeem/`, {
      method: 'POST', body: input, headers: keyed(key),
    })),
    redemption: (portal, id) => deps.call(`${p(portal)}/redemptions/${encodeURIComponent(String(id))}/`),
    redemptions: (portal, query) => deps.call(`${p(portal)}/redemptions/`, { query: asQuery(query) }),
    rewardLedger: (query) => deps.call(`/ambassadors/${own()}/loyalty/ledger/`, { query: asQuery(query) }),
    expiringLots: async () => (await deps.call<RewardLedger>(`/ambassadors/${own()}/loyalty/ledger/`)).expiring,
  };
}
