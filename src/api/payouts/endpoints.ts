import { nextPayoutAnswer, nextPayoutQuery, payableListAnswer, payoutAnswer, payoutListAnswer, payoutListSchema, payoutSchema } from '../../lib/schemas/payouts';
import { endpoint } from '../core/endpoint';
import { nextPayout } from './next-payout';
import { createPayout, listPayable, listPayouts } from './operator';
import { paypalEndpoints } from './paypal-endpoints';
import { payoutRunEndpoints } from './run-endpoints';
import { payoutMethodEndpoints } from './method-endpoints';
import { payoutRuleEndpoints } from './rule-endpoints';
import { stripeConnectEndpoints } from './stripe-connect-endpoints';

// Payouts: the ambassador's "when will I get paid", the operator's payouts.

// GET /v1/ambassadors/{id}/payouts/next/ - payable now, still held, blockers, payouts on the way, the last payout
export const nextPayoutEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/payouts/next/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'nextPayout',
  tag: 'Earnings',
  summary: 'When will I get paid',
  description: 'What the company\'s next payout would pay the caller now, what is still in the holding period and from when, ' +
    'what blocks a payout (`blocked_by`), payouts on the way and the last one. `campaign_uid`: every figure of one of the caller\'s campaigns.',
  query: nextPayoutQuery,
  answer: { status: 200, schema: nextPayoutAnswer, description: 'The caller\'s next payout' },
  errors: { 404: 'A `campaign_uid` that is not one of the caller\'s campaigns' },
  handle: ({ svc, caller, query }) => nextPayout(svc, caller, new Date(), query),
});

// POST /v1/operator/payouts - pay an ambassador what is payable
export const createPayoutEndpoint = endpoint({
  method: 'post',
  path: '/operator/payouts',
  auth: 'operator',
  operationId: 'createPayout',
  staffRoles: ['owner', 'admin', 'finance'],
  stepUp: true,
  tag: 'Payouts',
  summary: 'Pay an ambassador',
  description:
    'Pays the ambassador\'s approved, monetary commissions in no payout that are older than the company\'s holding period ' +
    '(customization `payouts.holding_days`, 0-90), minus approved clawbacks, when the sum reaches the minimum ' +
    '(`payouts.minimum_minor`). One batch inserts the payout (`status: paid`) and marks exactly those commissions paid. ' +
    '`method` is a payment method code of spec §3 (0-8).',
  body: payoutSchema,
  example: { ambassador_uid: 'amb-ava', method: 1, transaction_id: 'PAYPAL-7781' },
  answer: { status: 201, schema: payoutAnswer, description: 'The payout' },
  errors: {
    404: 'Unknown ambassador (or of another company)',
    409: {
      nothingPayable: 'no approved commission is past the holding period',
      payoutBelowMinimum: 'the sum is below the minimum; `params: { amount, minimum }`',
      payoutConflict: 'another payout took some of the commissions; nothing changed, retry',
      taxFormMissing: 'the year\'s payouts with this one pass `payouts.tax_form_threshold_minor` and the ambassador has no tax form on file',
    },
  },
  handle: ({ svc, operator, body }) => createPayout(svc, operator, body),
});

// GET /v1/operator/payouts - the company's payouts, newest first
export const listPayoutsEndpoint = endpoint({
  method: 'get',
  path: '/operator/payouts',
  auth: 'operator',
  operationId: 'listPayouts',
  tag: 'Payouts',
  summary: 'List payouts',
  description: 'The company\'s payouts, newest first (at most 500), optionally of one ambassador.',
  query: payoutListSchema,
  answer: { status: 200, schema: payoutListAnswer, description: 'The payouts' },
  errors: { 404: 'Unknown `ambassador_uid` (or of another company)' },
  handle: ({ svc, operator, query }) => listPayouts(svc, operator, query),
});

// GET /v1/operator/payouts/payable - who a payout would pay today, and who waits and why
export const listPayableEndpoint = endpoint({
  method: 'get',
  path: '/operator/payouts/payable',
  auth: 'operator',
  operationId: 'listPayable',
  tag: 'Payouts',
  summary: 'Who can be paid',
  description: 'Every ambassador with approved monetary commissions in no payout (at most 500, most payable first): what a payout ' +
    'would pay now (commissions past the holding period less clawbacks, as `createPayout` takes them), what is still held and ' +
    'until when, and what blocks a payout (`blocked_by`: nothing_payable, below_minimum, no_payout_method, on_hold, ' +
    'tax_form_missing).',
  answer: { status: 200, schema: payableListAnswer, description: 'Who can be paid' },
  handle: ({ svc, operator }) => listPayable(svc, operator),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = { nextPayout: nextPayoutEndpoint, ...payoutMethodEndpoints, ...stripeConnectEndpoints };
export const operatorEndpoints = {
  createPayout: createPayoutEndpoint, listPayouts: listPayoutsEndpoint, listPayable: listPayableEndpoint, ...payoutRunEndpoints, ...paypalEndpoints,
  ...payoutRuleEndpoints,
};
