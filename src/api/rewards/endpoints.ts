import {
  giftCardPageAnswer, giftCardRedeemSchema, ownVaultItemListAnswer, pageQuerySchema, redeemedAnswer, redemptionAnswer, redemptionPageAnswer,
  rewardLedgerAnswer, vaultBalanceAnswer, vaultItemsQuerySchema, vaultRedeemSchema, type RedeemAnswer,
} from '../../lib/schemas/rewards';
import { endpoint, reply } from '../core/endpoint';
import { idempotencyKey } from '../core/idempotency';
import {
  listGiftCards, listRedemptions, listVaultItems, redeemGiftCard, redeemVaultItem, redemptionDetail, rewardLedger, vaultBalance,
} from './service';

// Rewards of spec §7: the gift-card catalogue and its redeem (legacy), the vault (admin3), the caller's
// redemptions and the rewards ledger. `portal` is the company's rewards portal id (portal.json `portal_uid`).
// The redeem calls honour an Idempotency-Key themselves: the same key and input answer the first answer
// (with `Idempotent-Replayed: true`) and spend once.

const notThePortal = 'Another company\'s rewards portal';

/** A redeem's 201, marked when it is the stored answer of an earlier request with the same key. */
const redeemed = ({ replayed, ...answer }: RedeemAnswer & { replayed: boolean }) =>
  reply(answer, 201, replayed ? { 'Idempotent-Replayed': 'true' } : undefined);

// POST /v1/tables/ambassadors/{id}/content/affiliate_gift_card/?page=N - the gift cards, 12 a page
export const giftCardsEndpoint = endpoint({
  method: 'post',
  path: '/tables/ambassadors/:id/content/affiliate_gift_card/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'giftCards',
  tag: 'Rewards',
  summary: 'The gift-card catalogue',
  description: 'The company\'s active rewards, 12 a page, those out of stock last, then by price. A POST that reads nothing ' +
    'but `page` (spec §7); the caller needs loyalty access and the rewards tab.',
  query: pageQuerySchema,
  answer: { status: 200, schema: giftCardPageAnswer, description: 'One page of gift cards' },
  errors: { 404: 'Another ambassador\'s id' },
  handle: ({ svc, caller, query }) => listGiftCards(svc, caller, query),
});

// POST /v1/loyalty/gift_card/redeem/ - affiliate_uid, gift_card_uid, amount (points); Idempotency-Key honoured
export const redeemGiftCardEndpoint = endpoint({
  method: 'post',
  path: '/loyalty/gift_card/redeem/',
  auth: 'ambassador',
  ownFields: { affiliate_uid: 'ambassador' },
  operationId: 'redeemGiftCard',
  tag: 'Rewards',
  summary: 'Redeem a gift card',
  description: 'Spends the caller\'s points on a gift card: a range reward takes `amount` (points, within its limits), a fixed one its ' +
    'price (an `amount` that is not the price is refused). The points are held, the provider issues the card (the hold is posted) or ' +
    'refuses it (released); an unknown outcome leaves the redemption processing.',
  body: giftCardRedeemSchema,
  example: { affiliate_uid: 'amb-ava', gift_card_uid: 'rwd-demo-amazon', amount: 500 },
  idempotencyKey: true,
  answer: { status: 201, schema: redeemedAnswer, description: 'The redemption' },
  errors: {
    404: 'An `affiliate_uid` that is not the caller, or no such active reward',
    409: { outOfStock: 'the reward is out of stock' },
  },
  handle: async ({ svc, caller, body, header }) =>
    redeemed(await redeemGiftCard(svc, caller, body, { idempotencyKey: idempotencyKey(header('idempotency-key')) })),
});

// GET /v1/rewards/portals/{portal}/vault-items/?campaign_id=
export const vaultItemsEndpoint = endpoint({
  method: 'get',
  path: '/rewards/portals/:portal/vault-items/',
  auth: 'ambassador',
  operationId: 'vaultItems',
  tag: 'Rewards',
  summary: 'The vault',
  description: 'Active vault items, company-wide or of the caller\'s campaigns (`campaign_id`: one of them), with their variants and ' +
    'the balance the vault spends.',
  query: vaultItemsQuerySchema,
  answer: { status: 200, schema: ownVaultItemListAnswer, description: 'The vault items and the balance' },
  errors: { 404: `${notThePortal}, or a \`campaign_id\` that is not one of the caller's campaigns` },
  handle: ({ svc, caller, params, query }) => listVaultItems(svc, caller, params.portal, query),
});

// GET /v1/rewards/portals/{portal}/vault-items/{item}/balance-available/
export const vaultBalanceEndpoint = endpoint({
  method: 'get',
  path: '/rewards/portals/:portal/vault-items/:item/balance-available/',
  auth: 'ambassador',
  operationId: 'vaultBalance',
  tag: 'Rewards',
  summary: 'What the vault can spend',
  description: 'The caller\'s cash available and held, in the item\'s currency, and their points.',
  answer: { status: 200, schema: vaultBalanceAnswer, description: 'The balance' },
  errors: { 404: `${notThePortal}, or no such active item` },
  handle: ({ svc, caller, params }) => vaultBalance(svc, caller, params.portal, params.item),
});

// POST /v1/rewards/portals/{portal}/vault-items/{item}/redeem/ - variant_item, amount; Idempotency-Key honoured
export const redeemVaultItemEndpoint = endpoint({
  method: 'post',
  path: '/rewards/portals/:portal/vault-items/:item/redeem/',
  auth: 'ambassador',
  operationId: 'redeemVaultItem',
  tag: 'Rewards',
  summary: 'Redeem a vault item',
  description: 'Spends the caller\'s cash on a variant of the item (`variant_item`); `amount`, when sent, must be the variant\'s ' +
    'price (a price that changed since the form was shown is refused). Held, then posted or released as the provider answers.',
  body: vaultRedeemSchema,
  example: { variant_item: 'var-demo-paypal-10', amount: 1000 },
  idempotencyKey: true,
  answer: { status: 201, schema: redeemedAnswer, description: 'The redemption' },
  errors: {
    404: `${notThePortal}, or no such active item or variant of the caller's`,
    409: { outOfStock: 'the variant is out of stock' },
  },
  handle: async ({ svc, caller, params, body, header }) =>
    redeemed(await redeemVaultItem(svc, caller, params.portal, params.item, body, { idempotencyKey: idempotencyKey(header('idempotency-key')) })),
});

// GET /v1/rewards/portals/{portal}/redemptions/ - the caller's redemptions, newest first
export const redemptionsEndpoint = endpoint({
  method: 'get',
  path: '/rewards/portals/:portal/redemptions/',
  auth: 'ambassador',
  operationId: 'redemptions',
  tag: 'Rewards',
  summary: 'The caller\'s redemptions',
  description: 'The caller\'s redemptions, newest first, 20 a page (without the lots each spent: see the detail).',
  query: pageQuerySchema,
  answer: { status: 200, schema: redemptionPageAnswer, description: 'One page of redemptions' },
  errors: { 404: notThePortal },
  handle: ({ svc, caller, params, query }) => listRedemptions(svc, caller, params.portal, query),
});

// GET /v1/rewards/portals/{portal}/redemptions/{id}/ - one redemption with the lots it used
export const redemptionEndpoint = endpoint({
  method: 'get',
  path: '/rewards/portals/:portal/redemptions/:id/',
  auth: 'ambassador',
  operationId: 'redemption',
  tag: 'Rewards',
  summary: 'One redemption',
  description: 'One of the caller\'s redemptions with the earnings (lots) it spent and, once issued, the gift card.',
  answer: { status: 200, schema: redemptionAnswer, description: 'The redemption' },
  errors: { 404: `${notThePortal}, or not one of the caller's redemptions` },
  handle: ({ svc, caller, params }) => redemptionDetail(svc, caller, params.portal, params.id),
});

// GET /v1/ambassadors/{id}/loyalty/ledger/?page=N - every earning with its derived status, and what expires when
export const rewardLedgerEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/loyalty/ledger/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'rewardLedger',
  tag: 'Rewards',
  summary: 'The rewards ledger',
  description: 'Every earning (lot) of the caller, newest first, 20 a page, with its status derived from what happened to it ' +
    '(spec §4), and the open lots that lapse, soonest first.',
  query: pageQuerySchema,
  answer: { status: 200, schema: rewardLedgerAnswer, description: 'One page of the ledger' },
  errors: { 404: 'Another ambassador\'s id' },
  handle: ({ svc, caller, query }) => rewardLedger(svc, caller, query),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = {
  giftCards: giftCardsEndpoint,
  redeemGiftCard: redeemGiftCardEndpoint,
  vaultItems: vaultItemsEndpoint,
  vaultBalance: vaultBalanceEndpoint,
  redeemVaultItem: redeemVaultItemEndpoint,
  redemptions: redemptionsEndpoint,
  redemption: redemptionEndpoint,
  rewardLedger: rewardLedgerEndpoint,
};
