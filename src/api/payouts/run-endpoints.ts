import { payoutRunActionSchema, payoutRunAnswer, payoutRunCsv, payoutRunExportQuery, payoutRunListAnswer } from '../../lib/schemas/payout-runs';
import { endpoint } from '../core/endpoint';
import { exportRun } from './run-export';
import { approveRun, createRun, getRun, listRuns, sendRun } from './runs';

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
  description: 'No body (or `{}`). A draft run of the manual rail made from exactly what `listPayable` reads: each ambassador without a blocker ' +
    'included with what a payout would pay now (and how many commissions), the others excluded with the first reason ' +
    '(nothing_payable, below_minimum, no_payout_method, on_hold). Nothing is paid until another actor approves it and it is sent.',
  body: payoutRunActionSchema,
  example: {},
  answer: { status: 201, schema: payoutRunAnswer, description: 'The draft and its items' },
  errors: { 409: { payoutRunNobodyReady: 'nobody can be paid now' } },
  handle: async ({ svc, operator }) => ({ reply: true, status: 201, body: await createRun(svc, operator) }),
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
  description: 'No body (or `{}`). The manual rail (the company pays by hand, e.g. with the export): each item still `included` is recorded as a payout ' +
    '(method 0, `transaction_id` `run:<uid>`) through the same guarded batch as `createPayout`, in the batch that marks the item ' +
    'paid, so no item is paid twice. An item whose commissions changed since the draft fails with `payable_changed` and pays nothing. ' +
    'The run ends `paid`, `partially_failed` or `failed`. A send cut short may be sent again: only what is left is done.',
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

export const payoutRunEndpoints = {
  createPayoutRun: createPayoutRunEndpoint,
  listPayoutRuns: listPayoutRunsEndpoint,
  getPayoutRun: getPayoutRunEndpoint,
  approvePayoutRun: approvePayoutRunEndpoint,
  sendPayoutRun: sendPayoutRunEndpoint,
  exportPayoutRun: exportPayoutRunEndpoint,
};
