import {
  payoutItemConfirmSchema, payoutRailsAnswer, payoutRunActionSchema, payoutRunAnswer, payoutRunCreateSchema, payoutRunCsv, payoutRunExportQuery,
  payoutRunListAnswer,
} from '../../lib/schemas/payout-runs';
import { endpoint } from '../core/endpoint';
import { configuredRails } from './rails';
import { exportRun } from './run-export';
import { approveRun, confirmItem, createRun, getRun, listRuns, reconcileRun, retryRun, sendRun } from './runs';

// Payout runs: a batch of payouts drafted, approved by a second actor and sent (docs/payouts.md).

const TAG = 'Payouts';
const PAYERS = ['owner', 'admin', 'finance'] as const;

// POST /v1/operator/payout-runs - draft a run from who can be paid now
export const createPayoutRunEndpoint = endpoint({
  method: 'post',
  path: '/operator/payout-runs',
  auth: 'operator',
  operationId: 'createPayoutRun',
  staffRoles: PAYERS,
  stepUp: true,
  tag: TAG,
  summary: 'Draft a payout run',
  description: 'Optional body `{ rail }`: `manual` (default: the company pays by hand), `paypal`, `stripe` or `external` (the company\'s ' +
    'own system, told by the `payout.requested` webhook). A draft made from exactly what `listPayable` reads: each ambassador without a ' +
    'blocker included with what a payout would pay now (and how many commissions), the others excluded with the first reason ' +
    '(nothing_payable, below_minimum, no_payout_method, on_hold, tax_form_missing). On `paypal` and `stripe` an ambassador counts as having a ' +
    'payout method only with a proven (`ready`) destination on that rail. Nothing is paid until another actor approves it and it is sent.',
  body: payoutRunCreateSchema,
  example: { rail: 'manual' },
  answer: { status: 201, schema: payoutRunAnswer, description: 'The draft and its items' },
  errors: {
    409: {
      payoutRunNobodyReady: 'nobody can be paid now',
      payoutRailNotConfigured: 'the company cannot pay on that rail (no credentials stored; for `external`, no enabled webhook endpoint ' +
        'subscribed to `payout.requested`); `params: { rail }`',
    },
  },
  handle: async ({ svc, operator, body }) => ({ reply: true, status: 201, body: await createRun(svc, operator, body?.rail ?? 'manual') }),
});

// GET /v1/operator/payout-runs - the company's payout runs, newest first
export const listPayoutRunsEndpoint = endpoint({
  method: 'get',
  path: '/operator/payout-runs',
  auth: 'operator',
  operationId: 'listPayoutRuns',
  tag: TAG,
  summary: 'List payout runs',
  description: 'The company\'s payout runs, newest first (at most 100), with their totals and who made and approved them.',
  answer: { status: 200, schema: payoutRunListAnswer, description: 'The runs' },
  handle: ({ svc, operator }) => listRuns(svc, operator),
});

// GET /v1/operator/payout-runs/{uid} - a run and its items
export const getPayoutRunEndpoint = endpoint({
  method: 'get',
  path: '/operator/payout-runs/:uid',
  auth: 'operator',
  operationId: 'getPayoutRun',
  tag: TAG,
  summary: 'Get a payout run',
  description: 'A run and its items: included (with amount), excluded (with why), paid (with the payout) or failed (with why).',
  answer: { status: 200, schema: payoutRunAnswer, description: 'The run and its items' },
  errors: { 404: 'Unknown run (or of another company)' },
  handle: ({ svc, operator, params }) => getRun(svc, operator, params.uid),
});

// POST /v1/operator/payout-runs/{uid}/approve - a second actor approves a draft
export const approvePayoutRunEndpoint = endpoint({
  method: 'post',
  path: '/operator/payout-runs/:uid/approve',
  auth: 'operator',
  operationId: 'approvePayoutRun',
  staffRoles: PAYERS,
  stepUp: true,
  tag: TAG,
  summary: 'Approve a payout run',
  description: 'No body (or `{}`). Draft to approved. The approver must be another actor than the one who made the draft (another staff member, or ' +
    'another key): the same person or the same key is refused.',
  body: payoutRunActionSchema,
  example: {},
  answer: { status: 200, schema: payoutRunAnswer, description: 'The approved run' },
  errors: {
    404: 'Unknown run (or of another company)',
    409: { payoutRunSameApprover: 'the actor who made the draft cannot approve it', payoutRunNotDraft: 'the run is no draft; `params: { status }`' },
  },
  handle: ({ svc, operator, params }) => approveRun(svc, operator, params.uid),
});

// POST /v1/operator/payout-runs/{uid}/send - pay each included item once
export const sendPayoutRunEndpoint = endpoint({
  method: 'post',
  path: '/operator/payout-runs/:uid/send',
  auth: 'operator',
  operationId: 'sendPayoutRun',
  staffRoles: PAYERS,
  stepUp: true,
  tag: TAG,
  summary: 'Send a payout run',
  description: 'No body (or `{}`). Each item still `included` is recorded as a payout (`transaction_id` `run:<uid>`) through the same guarded ' +
    'batch as `createPayout`, in the batch that moves the item, so no item is paid twice; an item whose commissions changed since the draft ' +
    'fails with `payable_changed` and pays nothing. The manual rail (the company pays by hand, e.g. with the export) records it `paid` at once. ' +
    'A rail that pays by itself records it `processing` (its commissions committed to it), marks the item `sent`, then hands every `sent` ' +
    'item to the provider with an item key that stays the same on every retry (`<run uid>-<item id>`, the provider\'s idempotency key); ' +
    'what the provider answers, a webhook or `reconcilePayoutRun` settles each item `paid` or `failed` (the amount given back to the ' +
    'ambassador). The run ends `paid`, `partially_failed` or `failed` once no item is left `included` or `sent`. A send cut short may be ' +
    'sent again: only what is left is done, and items already `sent` are handed over again with the same key.',
  body: payoutRunActionSchema,
  example: {},
  answer: { status: 200, schema: payoutRunAnswer, description: 'The run after sending' },
  errors: {
    404: 'Unknown run (or of another company)',
    409: { payoutRunNotApproved: 'the run is not approved (a draft, or already sent); `params: { status }`' },
  },
  handle: ({ svc, operator, params }) => sendRun(svc, operator, params.uid),
});

// GET /v1/operator/payout-runs/{uid}/export?format=paypal|wise - the batch file to pay by hand
export const exportPayoutRunEndpoint = endpoint({
  method: 'get',
  path: '/operator/payout-runs/:uid/export',
  auth: 'operator',
  operationId: 'exportPayoutRun',
  staffRoles: PAYERS,
  tag: TAG,
  summary: 'Export a payout run as CSV',
  description: 'The run\'s items to pay (included, sent or paid) in the column format of PayPal Payouts\' or Wise\'s batch file. ' +
    'Cells that a spreadsheet would run as a formula start with an apostrophe.',
  query: payoutRunExportQuery,
  answer: { status: 200, schema: payoutRunCsv, description: 'The CSV file', contentType: 'text/csv' },
  errors: { 404: 'Unknown run (or of another company)' },
  handle: ({ svc, operator, params, query }) => exportRun(svc, operator, params.uid, query.format),
});

// POST /v1/operator/payout-runs/{uid}/reconcile - ask the rail what became of the sent items
export const reconcilePayoutRunEndpoint = endpoint({
  method: 'post',
  path: '/operator/payout-runs/:uid/reconcile',
  auth: 'operator',
  operationId: 'reconcilePayoutRun',
  staffRoles: PAYERS,
  stepUp: true,
  tag: TAG,
  summary: 'Reconcile a payout run',
  description: 'No body (or `{}`). Asks the run\'s rail (PayPal, Stripe) what became of each `sent` item and settles what it says, once: ' +
    '`paid`, or `failed` with the amount given back. An item the provider cannot tell about (timeout, 5xx) stays `sent`; the external rail ' +
    'always answers so (the company confirms its items). The hourly schedule does the same for runs `sending` for more than 15 minutes.',
  body: payoutRunActionSchema,
  example: {},
  answer: { status: 200, schema: payoutRunAnswer, description: 'The run after reconciling' },
  errors: { 404: 'Unknown run (or of another company)', 409: { payoutRunWrongRail: 'a manual run has nothing to reconcile; `params: { rail }`' } },
  handle: ({ svc, operator, params }) => reconcileRun(svc, operator, params.uid),
});

// POST /v1/operator/payout-runs/{uid}/retry - a new draft of what failed
export const retryPayoutRunEndpoint = endpoint({
  method: 'post',
  path: '/operator/payout-runs/:uid/retry',
  auth: 'operator',
  operationId: 'retryPayoutRun',
  staffRoles: PAYERS,
  stepUp: true,
  tag: TAG,
  summary: 'Retry the failed items of a payout run',
  description: 'No body (or `{}`). A retry pays only what failed: a new draft on the same rail of the failed items\' ambassadors only, with ' +
    'what is payable to them now (a failed payout\'s amount is payable again at once). It is approved and sent like any draft.',
  body: payoutRunActionSchema,
  example: {},
  answer: { status: 201, schema: payoutRunAnswer, description: 'The new draft' },
  errors: {
    404: 'Unknown run (or of another company)',
    409: {
      payoutRunNotRetryable: 'the run is not finished, or has no failed item; `params: { status }`',
      payoutRunNobodyReady: 'none of them can be paid now',
      payoutRailNotConfigured: 'the company can no longer pay on that rail; `params: { rail }`',
    },
  },
  handle: async ({ svc, operator, params }) => ({ reply: true, status: 201, body: await retryRun(svc, operator, params.uid) }),
});

// POST /v1/operator/payout-runs/{uid}/items/{ambassador_uid}/confirm - the external rail's answer for one item
export const confirmPayoutItemEndpoint = endpoint({
  method: 'post',
  path: '/operator/payout-runs/:uid/items/:ambassador_uid/confirm',
  auth: 'operator',
  operationId: 'confirmPayoutRunItem',
  staffRoles: PAYERS,
  stepUp: true,
  tag: TAG,
  summary: 'Confirm an external payout',
  description: 'For a run on the `external` rail: your system tells how the item it was asked to pay (webhook `payout.requested`) went. ' +
    '`status: paid` settles the item paid (`reference`, your id of the payment, becomes the payout\'s `transaction_id`); `status: failed` ' +
    '(`reason`, default `failed`) gives the amount back to the ambassador, who is told why. The same confirmation again answers the item ' +
    'as it is; one that contradicts how the item was settled is 409.',
  body: payoutItemConfirmSchema,
  example: { status: 'paid', reference: 'bank-2026-11-000123' },
  answer: { status: 200, schema: payoutRunAnswer, description: 'The run with the item settled' },
  errors: {
    404: 'Unknown run or item (or of another company)',
    409: {
      payoutRunWrongRail: 'the run is not on the external rail; `params: { rail }`',
      payoutItemNotSent: 'the item was never sent (included, excluded); `params: { status }`',
      payoutItemSettled: 'the item is already settled otherwise; `params: { status }`',
    },
  },
  handle: ({ svc, operator, params, body }) => confirmItem(svc, operator, params.uid, params.ambassador_uid, body),
});

// GET /v1/operator/payout-rails - the rails the company can pay on now
export const listPayoutRailsEndpoint = endpoint({
  method: 'get',
  path: '/operator/payout-rails',
  auth: 'operator',
  operationId: 'listPayoutRails',
  tag: TAG,
  summary: 'List the rails a run can pay on',
  description: 'The rails the company can draft a run on now: `manual` always, `paypal` and `stripe` once their credentials are stored, ' +
    '`external` once an enabled webhook endpoint subscribes to `payout.requested`.',
  answer: { status: 200, schema: payoutRailsAnswer, description: 'The rails' },
  handle: async ({ svc, operator }) => ({ rails: await configuredRails(svc, operator.companyId) }),
});

export const payoutRunEndpoints = {
  createPayoutRun: createPayoutRunEndpoint,
  listPayoutRuns: listPayoutRunsEndpoint,
  getPayoutRun: getPayoutRunEndpoint,
  approvePayoutRun: approvePayoutRunEndpoint,
  sendPayoutRun: sendPayoutRunEndpoint,
  exportPayoutRun: exportPayoutRunEndpoint,
  reconcilePayoutRun: reconcilePayoutRunEndpoint,
  retryPayoutRun: retryPayoutRunEndpoint,
  confirmPayoutRunItem: confirmPayoutItemEndpoint,
  listPayoutRails: listPayoutRailsEndpoint,
};
