import type { z } from 'zod';
import {
  bulkApproveSchema, commissionListSchema, completeRedemptionSchema, conversionSchema, failRedemptionSchema, loyaltyEntrySchema,
  refundSchema, transitionSchema,
} from '../../lib/schemas/operator';
import {
  bulkApproveAnswer, commissionAnswer, commissionListAnswer, conversionAnswer, loyaltyAnswer, loyaltyEntryAnswer, loyaltyRunAnswer,
  redemptionAnswer, refundAnswer,
} from './responses';
import type { AnyEndpoint } from '../core/endpoint';
import { endpoints } from '../endpoints';
import { OPERATIONS_CATALOG } from './ops-catalog';
import { OPERATIONS_ATTRIBUTION } from './ops-attribution';

/**
 * The route table of the OpenAPI document: one row per operator route, naming the SAME zod schemas the
 * route validates with (src/lib/schemas/operator.ts) and the answer schemas of ./responses.ts. The
 * document (./document.ts) turns them into JSON Schema with zod 4's `z.toJSONSchema()`.
 *
 * Why a table and not `@hono/zod-openapi`: that package wants every route rewritten with `createRoute`
 * and its own validator, which would change how the operator routes read their raw body (they hash the
 * exact text for Idempotency-Key) and add a dependency; zod 4 already emits JSON Schema 2020-12, which is
 * what OpenAPI 3.1 uses. The price is that paths live here and in routes.ts: tests/worker/openapi.test.ts
 * fails when an operator route of the Hono app has no row here, or a row has no route.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Errors a route may answer besides 400 / 401 (every route) and the Idempotency-Key ones (every POST). */
export interface RouteErrors {
  404?: string;
  /** Codes of 409 `{ detail, code, params? }` answers, with when. */
  409?: Record<string, string>;
}

export interface Operation {
  method: Method;
  /** Hono path under /v1 (`:param` segments), exactly as the app lists it in `api.routes`. */
  path: string;
  tag: 'Conversions' | 'Commissions' | 'Payouts' | 'Loyalty' | 'Companies' | 'Customization' | 'Campaigns' | 'Programs'
    | 'Ambassadors' | 'Assets' | 'Webhooks' | 'E-mail' | 'Retention' | 'Attribution' | (string & {});
  operationId: string;
  summary: string;
  description: string;
  /** Body schema (POST, PUT, PATCH). */
  body?: z.ZodType;
  /** The body's media type when it is not JSON (e.g. `text/csv`); `example` is then the body text. */
  contentType?: string;
  /** Query schema (GET): each property becomes a query parameter. */
  query?: z.ZodType;
  /** A request body that `body` accepts (checked by the tests). */
  example?: Record<string, unknown> | string;
  /** The success answer (JSON unless `contentType` names another media type, e.g. NDJSON: `schema` is then one line). */
  ok: { status: 200 | 201; schema: z.ZodType; description: string; contentType?: string };
  /** POST /events also answers 200 (a repeat) beside 201. */
  alsoOk?: { status: 200; description: string };
  errors: RouteErrors;
  /**
   * Whose key it takes: a company's (default) or the deployment owner's ADMIN_API_KEY (401 realm "admin",
   * 503 when unset); `signature`: no key, a Standard Webhooks signature of the body (the mail provider's events);
   * `stripe` / `shopify`: no key, the store's own signature header under the company's integration secret.
   */
  auth?: 'company' | 'owner' | 'signature' | 'stripe' | 'shopify' | 'ambassador' | 'public';
  /** An ambassador write that honours Idempotency-Key (documented with its 409 and 422). */
  idempotencyKey?: boolean;
  /** A 413 of this route besides the 6 MB limit of every request (e.g. the import's file size). */
  tooLarge?: string;
}

const conflict409 = { payoutConflict: 'a concurrent write changed the rows; retry' };
const illegal = (what: string) => ({ illegalTransition: `${what}; \`params.status\` names the commission's status` });

const CORE_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/v1/operator/events',
    tag: 'Conversions',
    operationId: 'recordConversion',
    summary: 'Record a conversion',
    description:
      'A purchase made through an ambassador\'s link: creates the referral (a new customer for the ambassador and campaign), ' +
      'the commission by the campaign\'s rule (percentage or fixed; monetary or store credit), the activity and loyalty points. ' +
      '`revenue` is a decimal in the company currency; answers give integer minor units. The referrer is `short_code` ' +
      '(a campaign or share link of that campaign, or the share code an ambassador\'s dashboard shows, any case, for a member of the ' +
      'campaign) or `referrer_email` (a member of the campaign). Idempotent in the database: ' +
      'one commission per (company, `transaction_uid`, `event_type`); the first call answers 201, every repeat 200 with the same commission.',
    body: conversionSchema,
    example: {
      campaign_uid: 'cmp-demo-main',
      transaction_uid: 'ORDER-1001',
      revenue: '49.99',
      short_code: 'ava-demo',
      customer: { email: 'pat@example.com', first_name: 'Pat', last_name: 'Buyer' },
      event_type: 'first',
    },
    ok: { status: 201, schema: conversionAnswer, description: 'Recorded: the referral (null when none) and the new commission' },
    alsoOk: { status: 200, description: 'Already recorded: the same referral and commission as the first time' },
    errors: { 404: 'Unknown campaign (or a campaign of another company)', 409: { conversionConflict: 'a concurrent write of the same conversion; retry' } },
  },
  {
    method: 'post',
    path: '/v1/operator/events/:transaction_uid/refund',
    tag: 'Conversions',
    operationId: 'refundConversion',
    summary: 'Refund a conversion',
    description:
      'Refunds `revenue` (a decimal; absent: all that is left) of the conversion\'s commission. A commission not paid yet is ' +
      'reduced in proportion, or denied when nothing is left. A paid one is never edited: the answer\'s `clawback` is a new ' +
      'approved commission of `kind: "clawback"` with negative amounts, deducted from the next payout. Refunding more than is ' +
      'left is a 400 naming what is left.',
    body: refundSchema,
    example: { revenue: '10.00', event_type: 'first' },
    ok: { status: 200, schema: refundAnswer, description: 'The refunded commission, and the clawback when it was already paid' },
    errors: {
      404: 'No commission for this transaction and event type',
      409: { nothingToRefund: 'the whole revenue is refunded already', ...conflict409 },
    },
  },
  {
    method: 'get',
    path: '/v1/operator/commissions',
    tag: 'Commissions',
    operationId: 'listCommissions',
    summary: 'List commissions, or the fraud holds to review',
    description:
      'The company\'s commissions, newest first (at most 500), each with its ambassador and customer e-mail. ' +
      '`held=true`: only the conversions a fraud rule held and nobody reviewed yet (`held_reason`: own_email, own_click, ' +
      'disposable_email, velocity; `held_at`); `held=false`: the others. Approve or deny each one to release it ' +
      '(docs/fraud-holds.md); a held commission is never paid out.',
    query: commissionListSchema,
    ok: { status: 200, schema: commissionListAnswer, description: 'The commissions' },
    errors: { 404: 'Unknown `ambassador_uid` (or of another company)' },
  },
  {
    method: 'post',
    path: '/v1/operator/commissions/approve',
    tag: 'Commissions',
    operationId: 'approveCommissions',
    summary: 'Approve commissions in bulk',
    description: 'Approves 1-100 pending commissions in one D1 batch: all of them or none. A held commission (fraud hold) is ' +
      'approved alone, after its review: in a bulk it refuses the whole batch (409, `params.status: held`).',
    body: bulkApproveSchema,
    example: { uids: ['com-abc123', 'com-def456'] },
    ok: { status: 200, schema: bulkApproveAnswer, description: 'How many were approved, and the commissions' },
    errors: {
      404: 'A uid is unknown (or of another company); nothing changes',
      409: { ...illegal('a commission is not pending (`params.uid` names the first); nothing changes'), ...conflict409 },
    },
  },
  {
    method: 'post',
    path: '/v1/operator/commissions/:uid/approve',
    tag: 'Commissions',
    operationId: 'approveCommission',
    summary: 'Approve a commission',
    description: 'pending -> approved. No body (or `{}`). A fraud hold is released once: `held_reason` is cleared, the ' +
      'commission becomes payable and earns the referral points it was held without.',
    body: transitionSchema,
    example: {},
    ok: { status: 200, schema: commissionAnswer, description: 'The approved commission' },
    errors: { 404: 'Unknown commission (or of another company)', 409: { ...illegal('not pending (approved twice, paid, ...)'), ...conflict409 } },
  },
  {
    method: 'post',
    path: '/v1/operator/commissions/:uid/deny',
    tag: 'Commissions',
    operationId: 'denyCommission',
    summary: 'Deny a commission',
    description: 'pending, or approved and in no payout -> denied. No body (or `{}`). A fraud hold is released once: ' +
      'denied, `held_reason` kept as the record of why.',
    body: transitionSchema,
    example: {},
    ok: { status: 200, schema: commissionAnswer, description: 'The denied commission' },
    errors: { 404: 'Unknown commission (or of another company)', 409: { ...illegal('paid, denied already, or a clawback'), ...conflict409 } },
  },
  {
    method: 'post',
    path: '/v1/operator/ambassadors/:uid/loyalty/entries',
    tag: 'Loyalty',
    operationId: 'postLoyaltyEntry',
    summary: 'Credit, correct or claw back points or cash',
    description:
      'One ledger entry. A positive `amount` opens a lot that lapses at `expire_at`, after `expire_days`, or after the company\'s ' +
      '`loyalty.points_expire_days`; a negative one (`adjust`, or `reverse` for a clawback) is taken from the soonest-expiring lots. ' +
      'Balances never go below zero: a debit the lots cannot cover is refused whole (400 `notEnoughFunds`). The same `uid` again ' +
      'answers 200 with the first entry and credits nothing.',
    body: loyaltyEntrySchema,
    example: { kind: 'points', amount: 250, description: 'Birthday bonus', expire_days: 90, uid: 'bday-2026-amb-ava' },
    ok: { status: 201, schema: loyaltyEntryAnswer, description: 'The entry and the balances after it' },
    alsoOk: { status: 200, description: 'An entry with this uid already exists: the first one, nothing credited' },
    errors: { 404: 'Unknown ambassador (or of another company)' },
  },
  {
    method: 'get',
    path: '/v1/operator/ambassadors/:uid/loyalty',
    tag: 'Loyalty',
    operationId: 'getLoyalty',
    summary: 'Balances, open lots and entries of an ambassador',
    description: 'Points and cash balances (earned, available, held, redeemed, expired), what is left of each earning and the newest entries.',
    ok: { status: 200, schema: loyaltyAnswer, description: 'The ambassador\'s loyalty ledger' },
    errors: { 404: 'Unknown ambassador (or of another company)' },
  },
  {
    method: 'post',
    path: '/v1/operator/redemptions/:id/complete',
    tag: 'Loyalty',
    operationId: 'completeRedemption',
    summary: 'Mark a redemption fulfilled',
    description: 'For rewards the company fulfils itself (a shipped item): the held amount becomes redeemed, once. Optional gift card details.',
    body: completeRedemptionSchema,
    example: { details: { order_id: 'SHIP-20931' } },
    ok: { status: 200, schema: redemptionAnswer, description: 'The completed redemption' },
    errors: { 404: 'Unknown redemption (or of another company)', 409: { redemptionAlreadySettled: 'it was completed or failed already' } },
  },
  {
    method: 'post',
    path: '/v1/operator/redemptions/:id/fail',
    tag: 'Loyalty',
    operationId: 'failRedemption',
    summary: 'Fail a redemption',
    description: 'The company cannot fulfil it: the hold is released (every lot gets its amount back) and the stock returned, once.',
    body: failRedemptionSchema,
    example: { reason: 'Out of this size' },
    ok: { status: 200, schema: redemptionAnswer, description: 'The failed redemption' },
    errors: { 404: 'Unknown redemption (or of another company)', 409: { redemptionAlreadySettled: 'it was completed or failed already' } },
  },
  {
    method: 'post',
    path: '/v1/operator/loyalty/run',
    tag: 'Loyalty',
    operationId: 'runLoyalty',
    summary: 'Run the loyalty job now',
    description:
      'What the hourly cron does, for this company: expire lapsed lots, void redemptions pending longer than `loyalty.hold_timeout_hours`, ' +
      'and e-mail ambassadors whose points lapse within `loyalty.expiry_warning_days` (once per lot). Safe to repeat.',
    body: transitionSchema,
    example: {},
    ok: { status: 200, schema: loyaltyRunAnswer, description: 'How many lots expired, holds were voided and warnings sent' },
    errors: {},
  },
];

/** An endpoint (src/api/core/endpoint.ts) as a row of this table: the document reads both alike. */
export const operationOfEndpoint = (ep: AnyEndpoint): Operation => ({
  method: ep.method,
  path: `/v1${ep.path}`,
  tag: ep.tag,
  operationId: ep.operationId,
  summary: ep.summary,
  description: ep.description,
  body: ep.body,
  contentType: ep.contentType,
  query: ep.query,
  example: ep.example,
  ok: ep.answer,
  alsoOk: ep.alsoOk,
  errors: ep.errors ?? {},
  auth: ep.auth === 'operator' ? undefined : ep.auth,
  idempotencyKey: ep.idempotencyKey,
  tooLarge: ep.tooLarge,
});

export const OPERATIONS: Operation[] = [
  ...Object.values(endpoints).map(operationOfEndpoint),
  ...CORE_OPERATIONS, ...OPERATIONS_CATALOG, ...OPERATIONS_ATTRIBUTION,
];
