import {
  giftCardPageAnswer, giftCardRedeemSchema, ownVaultItemListAnswer, pageQuerySchema, redeemedAnswer, redemptionAnswer, redemptionPageAnswer,
  rewardLedgerAnswer, vaultBalanceAnswer, vaultItemsQuerySchema, vaultRedeemSchema, type RedeemAnswer,
} from '../../lib/schemas/rewards';
import { removeAnswer } from '../../lib/schemas/catalog';
import {
  rewardCodesSchema, rewardCreateSchema, rewardPatchSchema, variantCreateSchema, variantPatchSchema, vaultItemCreateSchema, vaultItemPatchSchema,
} from '../../lib/schemas/operator-catalog-rewards';
import {
  codesAnswer, completeRedemptionSchema, failRedemptionSchema, operatorRedemptionListAnswer, redemptionListSchema, rewardAnswer, rewardListAnswer, settledRedemptionAnswer, variantAnswer,
  vaultItemAnswer, vaultItemListAnswer,
} from '../../lib/schemas/rewards-catalog';
import { endpoint, reply } from '../core/endpoint';
import { idempotencyKey } from '../core/idempotency';
import * as catalog from './catalog';
import { completeRedemption, failRedemption, listRedemptions as listOperatorRedemptions } from './operator';
import {
  listGiftCards, listRedemptions, listVaultItems, redeemGiftCard, redeemVaultItem, redemptionDetail, rewardLedger, vaultBalance,
} from './service';

/** Who decides on commissions and redemptions from the console (besides a key): owners, admins and reviewers. */
const REVIEWERS = ['owner', 'admin', 'reviewer'] as const;

// Rewards of spec §7: the gift-card catalogue and its redeem (legacy), the vault (admin3), the caller's
// redemptions and the rewards ledger. `portal` is the company's rewards portal id (portal.json `portal_uid`).
// The redeem calls honour an Idempotency-Key themselves: the same key and input answer the first answer
// (with `Idempotent-Replayed: true`) and spend once. The operator's side: settling a redemption the company
// fulfils itself, and the catalogue (gift cards, vault items and variants, code pools).

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

// Operator: redemptions the company fulfils ----------------------------------------------------------

const unknownRedemption = 'Unknown redemption (or of another company)';
const settledAlready = { redemptionAlreadySettled: 'it was completed or failed already' };

// GET /v1/operator/redemptions?status=processing,failed - the redemptions waiting for the company (or of other statuses)
export const listOperatorRedemptionsEndpoint = endpoint({
  method: 'get',
  path: '/operator/redemptions',
  auth: 'operator',
  operationId: 'listOperatorRedemptions',
  tag: 'Loyalty',
  summary: 'List redemptions',
  description: 'The company\'s redemptions, newest first (at most 500), each with its ambassador. `status`: one status or several ' +
    'comma-separated (processing, canceled, failed, completed, reversed_to_ledger, reversed_to_company); absent, `processing`: ' +
    'those the company still has to complete or fail. `order=oldest`: the oldest first. `campaign_uid`: the campaign of a vault item bound to one.',
  query: redemptionListSchema,
  answer: { status: 200, schema: operatorRedemptionListAnswer, description: 'The redemptions' },
  errors: {},
  handle: ({ svc, operator, query }) => listOperatorRedemptions(svc, operator, query),
});

// POST /v1/operator/redemptions/{id}/complete - the company fulfilled it (e.g. shipped the hoodie): the hold is posted
export const completeRedemptionEndpoint = endpoint({
  method: 'post',
  path: '/operator/redemptions/:id/complete',
  auth: 'operator',
  operationId: 'completeRedemption',
  staffRoles: REVIEWERS,
  tag: 'Loyalty',
  summary: 'Mark a redemption fulfilled',
  description: 'For rewards the company fulfils itself (a shipped item): the held amount becomes redeemed, once. Optional gift card details.',
  body: completeRedemptionSchema,
  example: { details: { order_id: 'SHIP-20931' } },
  answer: { status: 200, schema: settledRedemptionAnswer, description: 'The completed redemption' },
  errors: { 404: unknownRedemption, 409: settledAlready },
  handle: ({ svc, operator, params, body }) => completeRedemption(svc, operator, params.id, body),
});

// POST /v1/operator/redemptions/{id}/fail - the company cannot fulfil it: the hold is released, the stock returned
export const failRedemptionEndpoint = endpoint({
  method: 'post',
  path: '/operator/redemptions/:id/fail',
  auth: 'operator',
  operationId: 'failRedemption',
  staffRoles: REVIEWERS,
  tag: 'Loyalty',
  summary: 'Fail a redemption',
  description: 'The company cannot fulfil it: the hold is released (every lot gets its amount back) and the stock returned, once.',
  body: failRedemptionSchema,
  example: { reason: 'Out of this size' },
  answer: { status: 200, schema: settledRedemptionAnswer, description: 'The failed redemption' },
  errors: { 404: unknownRedemption, 409: settledAlready },
  handle: ({ svc, operator, params, body }) => failRedemption(svc, operator, params.id, body),
});

// Operator: the catalogue -----------------------------------------------------------------------------

/** The texts per language of campaigns, tiers, badges, tasks and rewards. */
const TRANSLATIONS_NOTE = '`translations`: the texts in other portal languages, by language code (e.g. `{"es": {"name": "..."}}`); ' +
  'a page in that language shows them, and the row\'s own texts (written in the company\'s default language) wherever a language leaves one out.';
/** What an edit (PATCH) says of the fields it takes. */
const EDIT_RULE = ' Only the fields sent change; unknown fields are refused.';
const unknown = (what: string) => `Unknown ${what} (or one of another company)`;
const removed = { status: 200, schema: removeAnswer, description: '`deleted`, or `deactivated` when something refers to it' } as const;
const codesExample = { codes: [{ card_code: 'ACME-7Q2K-91XZ', card_pin: '4821' }, { card_code: 'ACME-3JD8-55LM' }] };

// GET /v1/operator/rewards - every reward (gift card) of the company
export const listRewardsEndpoint = endpoint({
  method: 'get',
  path: '/operator/rewards',
  auth: 'operator',
  operationId: 'listRewards',
  tag: 'Programs',
  summary: 'List rewards',
  description: 'Every reward of the company, active or not.',
  answer: { status: 200, schema: rewardListAnswer, description: 'The company\'s rewards' },
  handle: ({ svc, operator }) => catalog.listRewards(svc.db, operator.companyId),
});

// POST /v1/operator/rewards - a reward (gift card) spent in points
export const createRewardEndpoint = endpoint({
  method: 'post',
  path: '/operator/rewards',
  auth: 'operator',
  operationId: 'createReward',
  tag: 'Programs',
  summary: 'Create a reward (gift card)',
  description: 'Spent in points: `fixed` costs `points`, `range` lets the ambassador choose `min_amount`..`max_amount` points ' +
    '(`config.points_per_unit` sets the value). `stock` null is unlimited. `config.field_kind`: `code` (from the code pool, see the codes ' +
    'call, or a real provider with `config.utid`), `balance`, or `quantity` (e.g. a shipped item). `currency` defaults to the company\'s. ' +
    TRANSLATIONS_NOTE + ' A reward translates `name`, `brand_description` and `disclaimer`.',
  body: rewardCreateSchema,
  example: {
    name: 'Trail map voucher', type: 'voucher', brand_kind: 'promo', points: 150, value_minor: 1200, stock: 100, config: { field_kind: 'code' },
    translations: { es: { name: 'Vale para un mapa de senderos' }, fr: { name: 'Bon pour une carte de randonnée' } },
  },
  answer: { status: 201, schema: rewardAnswer, description: 'Created' },
  handle: ({ svc, operator, body }) => catalog.createReward(svc.db, operator, body),
});

// PATCH /v1/operator/rewards/{uid} - price, stock, texts, activation
export const editRewardEndpoint = endpoint({
  method: 'patch',
  path: '/operator/rewards/:uid',
  auth: 'operator',
  operationId: 'editReward',
  tag: 'Programs',
  summary: 'Edit a reward',
  description: 'Price, stock, texts, activation. The price rules hold for the reward as edited. Redemptions already made keep their value. ' +
    '`translations` is replaced whole.' + EDIT_RULE,
  body: rewardPatchSchema,
  example: { points: 175, stock: 40 },
  answer: { status: 200, schema: rewardAnswer, description: 'The reward as it is now' },
  errors: { 404: unknown('reward') },
  handle: ({ svc, operator, params, body }) => catalog.patchReward(svc.db, operator.companyId, params.uid, body),
});

// DELETE /v1/operator/rewards/{uid} - deleted, or deactivated when someone redeemed it
export const deleteRewardEndpoint = endpoint({
  method: 'delete',
  path: '/operator/rewards/:uid',
  auth: 'operator',
  operationId: 'deleteReward',
  tag: 'Programs',
  summary: 'Delete a reward',
  description: 'A reward someone redeemed is deactivated (its redemptions stay intact); otherwise it is deleted with its unused codes.',
  answer: removed,
  errors: { 404: unknown('reward') },
  handle: ({ svc, operator, params }) => catalog.deleteReward(svc.db, operator.companyId, params.uid),
});

// POST /v1/operator/rewards/{uid}/codes - codes for the local provider's pool
export const addRewardCodesEndpoint = endpoint({
  method: 'post',
  path: '/operator/rewards/:uid/codes',
  auth: 'operator',
  operationId: 'addRewardCodes',
  tag: 'Programs',
  summary: 'Add codes to a reward\'s pool',
  description: 'Codes the local fulfilment provider hands out, one per redemption (a `code` reward with an empty pool is refused and the points come back).',
  body: rewardCodesSchema,
  example: codesExample,
  answer: { status: 201, schema: codesAnswer, description: 'Created' },
  errors: { 404: unknown('reward') },
  handle: ({ svc, operator, params, body }) => catalog.addRewardCodes(svc.db, operator.companyId, params.uid, body),
});

// GET /v1/operator/vault-items - every vault item of the company with its variants
export const listVaultItemsEndpoint = endpoint({
  method: 'get',
  path: '/operator/vault-items',
  auth: 'operator',
  operationId: 'listVaultItems',
  tag: 'Programs',
  summary: 'List vault items',
  description: 'Every vault item of the company, active or not.',
  answer: { status: 200, schema: vaultItemListAnswer, description: 'The company\'s vault items' },
  handle: ({ svc, operator }) => catalog.listVaultItems(svc.db, operator.companyId),
});

// POST /v1/operator/vault-items - an item spent in cash, with its first variants
export const createVaultItemEndpoint = endpoint({
  method: 'post',
  path: '/operator/vault-items',
  auth: 'operator',
  operationId: 'createVaultItem',
  tag: 'Programs',
  summary: 'Create a vault item',
  description: 'An item spent in cash (minor units of its currency), with its first variants. `campaign_uid`: only that campaign\'s members see it. ' +
    TRANSLATIONS_NOTE + ' An item translates `name` and `description`, a variant its `name`.',
  body: vaultItemCreateSchema,
  example: {
    name: 'Acme gift card', payment_type: 'gift-card', translations: { es: { name: 'Tarjeta regalo Acme' } },
    variants: [{ name: '€10', cost: 1000 }, { name: '€25', cost: 2500, stock: 20 }],
  },
  answer: { status: 201, schema: vaultItemAnswer, description: 'Created' },
  handle: ({ svc, operator, body }) => catalog.createVaultItem(svc.db, operator, body),
});

// PATCH /v1/operator/vault-items/{uid} - the item's own fields
export const editVaultItemEndpoint = endpoint({
  method: 'patch',
  path: '/operator/vault-items/:uid',
  auth: 'operator',
  operationId: 'editVaultItem',
  tag: 'Programs',
  summary: 'Edit a vault item',
  description: 'The item\'s own fields (variants have their own calls); `translations` is replaced whole.' + EDIT_RULE,
  body: vaultItemPatchSchema,
  example: { description: 'Use it on all Acme gear.' },
  answer: { status: 200, schema: vaultItemAnswer, description: 'The vault item as it is now' },
  errors: { 404: unknown('vault item') },
  handle: ({ svc, operator, params, body }) => catalog.patchVaultItem(svc.db, operator.companyId, params.uid, body),
});

// DELETE /v1/operator/vault-items/{uid} - deleted, or deactivated when it has redemptions
export const deleteVaultItemEndpoint = endpoint({
  method: 'delete',
  path: '/operator/vault-items/:uid',
  auth: 'operator',
  operationId: 'deleteVaultItem',
  tag: 'Programs',
  summary: 'Delete a vault item',
  description: 'An item with redemptions is deactivated; otherwise it is deleted with its variants and their unused codes.',
  answer: removed,
  errors: { 404: unknown('vault item') },
  handle: ({ svc, operator, params }) => catalog.deleteVaultItem(svc.db, operator.companyId, params.uid),
});

// POST /v1/operator/vault-items/{uid}/variants - a variant: what it costs and what it is worth
export const createVariantEndpoint = endpoint({
  method: 'post',
  path: '/operator/vault-items/:uid/variants',
  auth: 'operator',
  operationId: 'createVariant',
  tag: 'Programs',
  summary: 'Add a variant to a vault item',
  description: '`cost` is what the ambassador spends, `value_minor` what they receive (default: the cost), both minor units.',
  body: variantCreateSchema,
  example: { name: '€50', cost: 5000, stock: 10 },
  answer: { status: 201, schema: variantAnswer, description: 'Created' },
  errors: { 404: unknown('vault item') },
  handle: ({ svc, operator, params, body }) => catalog.createVariant(svc.db, operator.companyId, params.uid, body),
});

// PATCH /v1/operator/vault-items/{uid}/variants/{variant_uid} - price, value, stock, activation
export const editVariantEndpoint = endpoint({
  method: 'patch',
  path: '/operator/vault-items/:uid/variants/:variant_uid',
  auth: 'operator',
  operationId: 'editVariant',
  tag: 'Programs',
  summary: 'Edit a variant',
  description: 'Price, value, stock, activation.' + EDIT_RULE,
  body: variantPatchSchema,
  example: { stock: 25 },
  answer: { status: 200, schema: variantAnswer, description: 'The variant as it is now' },
  errors: { 404: unknown('variant') },
  handle: ({ svc, operator, params, body }) => catalog.patchVariant(svc.db, operator.companyId, params.uid, params.variant_uid, body),
});

// DELETE /v1/operator/vault-items/{uid}/variants/{variant_uid} - deleted, or deactivated when someone redeemed it
export const deleteVariantEndpoint = endpoint({
  method: 'delete',
  path: '/operator/vault-items/:uid/variants/:variant_uid',
  auth: 'operator',
  operationId: 'deleteVariant',
  tag: 'Programs',
  summary: 'Delete a variant',
  description: 'A variant someone redeemed is deactivated; otherwise it is deleted with its unused codes.',
  answer: removed,
  errors: { 404: unknown('variant') },
  handle: ({ svc, operator, params }) => catalog.deleteVariant(svc.db, operator.companyId, params.uid, params.variant_uid),
});

// POST /v1/operator/vault-items/{uid}/variants/{variant_uid}/codes - codes for the variant's pool
export const addVariantCodesEndpoint = endpoint({
  method: 'post',
  path: '/operator/vault-items/:uid/variants/:variant_uid/codes',
  auth: 'operator',
  operationId: 'addVariantCodes',
  tag: 'Programs',
  summary: 'Add codes to a variant\'s pool',
  description: 'Codes the local fulfilment provider hands out for this variant, one per redemption.',
  body: rewardCodesSchema,
  example: codesExample,
  answer: { status: 201, schema: codesAnswer, description: 'Created' },
  errors: { 404: unknown('vault item or variant') },
  handle: ({ svc, operator, params, body }) =>
    catalog.addVariantCodes(svc.db, operator.companyId, params.uid, params.variant_uid, body),
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
export const operatorEndpoints = {
  listOperatorRedemptions: listOperatorRedemptionsEndpoint,
  completeRedemption: completeRedemptionEndpoint,
  failRedemption: failRedemptionEndpoint,
  listRewards: listRewardsEndpoint,
  createReward: createRewardEndpoint,
  editReward: editRewardEndpoint,
  deleteReward: deleteRewardEndpoint,
  addRewardCodes: addRewardCodesEndpoint,
  listVaultItems: listVaultItemsEndpoint,
  createVaultItem: createVaultItemEndpoint,
  editVaultItem: editVaultItemEndpoint,
  deleteVaultItem: deleteVaultItemEndpoint,
  createVariant: createVariantEndpoint,
  editVariant: editVariantEndpoint,
  deleteVariant: deleteVariantEndpoint,
  addVariantCodes: addVariantCodesEndpoint,
};
