import { bulkApproveAnswer, bulkDenyAnswer, commissionAnswer, commissionListAnswer, conversionAnswer, refundAnswer } from '../../lib/schemas/commissions';
import { bulkApproveSchema, bulkDenySchema, commissionListSchema, conversionSchema, refundSchema, transitionSchema } from '../../lib/schemas/operator';
import { endpoint, reply } from '../core/endpoint';
import { bulkApprove, bulkDeny, getCommission, listCommissions, refund, transition } from './operator';
import { recordConversion } from './service';

/** Who decides on commissions and redemptions from the console (besides a key): owners, admins and reviewers. */
const REVIEWERS = ['owner', 'admin', 'reviewer'] as const;

// The operator's conversions and commissions: report a sale, refund it, review the fraud holds, approve or deny.

const conflict409 = { payoutConflict: 'a concurrent write changed the rows; retry' };
const illegal = (what: string) => ({ illegalTransition: `${what}; \`params.status\` names the commission's status` });

// POST /v1/operator/events - a conversion (201, or 200: the transaction's commission already existed)
export const recordConversionEndpoint = endpoint({
  method: 'post',
  path: '/operator/events',
  auth: 'operator',
  operationId: 'recordConversion',
  // A store's sale as its key records it: the program's event stream, not a person's decision.
  audit: false,
  tag: 'Conversions',
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
  answer: { status: 201, schema: conversionAnswer, description: 'Recorded: the referral (null when none) and the new commission' },
  alsoOk: { status: 200, description: 'Already recorded: the same referral and commission as the first time' },
  errors: { 404: 'Unknown campaign (or a campaign of another company)', 409: { conversionConflict: 'a concurrent write of the same conversion; retry' } },
  handle: async ({ svc, operator, body }) => {
    const { created, body: answer } = await recordConversion(svc, operator, body);
    return reply(answer, created ? 201 : 200);
  },
});

// POST /v1/operator/events/{transaction_uid}/refund - refund part or all of a conversion
export const refundConversionEndpoint = endpoint({
  method: 'post',
  path: '/operator/events/:transaction_uid/refund',
  auth: 'operator',
  operationId: 'refundConversion',
  audit: false,
  tag: 'Conversions',
  summary: 'Refund a conversion',
  description:
    'Refunds `revenue` (a decimal; absent: all that is left) of the conversion\'s commission. A commission not paid yet is ' +
    'reduced in proportion, or denied when nothing is left. A paid one is never edited: the answer\'s `clawback` is a new ' +
    'approved commission of `kind: "clawback"` with negative amounts, deducted from the next payout. Refunding more than is ' +
    'left is a 400 naming what is left.',
  body: refundSchema,
  example: { revenue: '10.00', event_type: 'first' },
  answer: { status: 200, schema: refundAnswer, description: 'The refunded commission, and the clawback when it was already paid' },
  errors: {
    404: 'No commission for this transaction and event type',
    409: { nothingToRefund: 'the whole revenue is refunded already', ...conflict409 },
  },
  handle: ({ svc, operator, params, body }) => refund(svc, operator, params.transaction_uid, body),
});

// GET /v1/operator/commissions?held=true - the fraud holds waiting for review (or every commission)
export const listCommissionsEndpoint = endpoint({
  method: 'get',
  path: '/operator/commissions',
  auth: 'operator',
  operationId: 'listCommissions',
  tag: 'Commissions',
  summary: 'List commissions, or the fraud holds to review',
  description:
    'The company\'s commissions, newest first (at most 500), each with its ambassador and customer e-mail. ' +
    '`held=true`: only the conversions a fraud rule held and nobody reviewed yet (`held_reason`: own_email, own_click, ' +
    'disposable_email, velocity; `held_at`); `held=false`: the others. Approve or deny each one to release it ' +
    '(docs/fraud-holds.md); a held commission is never paid out. `status`: only those of one status (the console\'s review ' +
    'inbox asks `held=false&status=pending` for the commissions waiting for a decision). `order=oldest`: the oldest first.',
  query: commissionListSchema,
  answer: { status: 200, schema: commissionListAnswer, description: 'The commissions' },
  errors: { 404: 'Unknown `ambassador_uid` (or of another company)' },
  handle: ({ svc, operator, query }) => listCommissions(svc, operator, query),
});

// GET /v1/operator/commissions/{uid} - one commission
export const getCommissionEndpoint = endpoint({
  method: 'get',
  path: '/operator/commissions/:uid',
  auth: 'operator',
  operationId: 'getCommission',
  tag: 'Commissions',
  summary: 'Get a commission',
  description: 'One commission of the company, as the approve and deny calls answer it (the audit log keeps it as the state before them).',
  answer: { status: 200, schema: commissionAnswer, description: 'The commission' },
  errors: { 404: 'Unknown commission (or of another company)' },
  handle: ({ svc, operator, params }) => getCommission(svc, operator, params.uid),
});

// POST /v1/operator/commissions/approve - 1-100 pending commissions, all or none
export const approveCommissionsEndpoint = endpoint({
  method: 'post',
  path: '/operator/commissions/approve',
  auth: 'operator',
  operationId: 'approveCommissions',
  staffRoles: REVIEWERS,
  tag: 'Commissions',
  summary: 'Approve commissions in bulk',
  description: 'Approves 1-100 pending commissions in one D1 batch: all of them or none. A held commission (fraud hold) is ' +
    'approved alone, after its review: in a bulk it refuses the whole batch (409, `params.status: held`).',
  body: bulkApproveSchema,
  example: { uids: ['com-abc123', 'com-def456'] },
  answer: { status: 200, schema: bulkApproveAnswer, description: 'How many were approved, and the commissions' },
  errors: {
    404: 'A uid is unknown (or of another company); nothing changes',
    409: { ...illegal('a commission is not pending (`params.uid` names the first); nothing changes'), ...conflict409 },
  },
  handle: ({ svc, operator, body }) => bulkApprove(svc, operator, body),
});

// POST /v1/operator/commissions/deny - 1-100 commissions denied together, all or none
export const denyCommissionsEndpoint = endpoint({
  method: 'post',
  path: '/operator/commissions/deny',
  auth: 'operator',
  operationId: 'denyCommissions',
  staffRoles: REVIEWERS,
  tag: 'Commissions',
  summary: 'Deny commissions in bulk',
  description: 'Denies 1-100 commissions in one D1 batch: all of them or none. Each must be one a single deny would move: ' +
    'pending (a fraud hold too, which keeps `held_reason` as the record of why), or approved and in no payout. One that is ' +
    'not (paid, denied already, a clawback, a hold already approved) refuses the whole batch (409 naming it).',
  body: bulkDenySchema,
  example: { uids: ['com-abc123', 'com-def456'] },
  answer: { status: 200, schema: bulkDenyAnswer, description: 'How many were denied, and the commissions' },
  errors: {
    404: 'A uid is unknown (or of another company); nothing changes',
    409: { ...illegal('a commission cannot be denied (`params.uid` names the first); nothing changes'), ...conflict409 },
  },
  handle: ({ svc, operator, body }) => bulkDeny(svc, operator, body),
});

// POST /v1/operator/commissions/{uid}/approve - pending -> approved (a fraud hold released)
export const approveCommissionEndpoint = endpoint({
  method: 'post',
  path: '/operator/commissions/:uid/approve',
  auth: 'operator',
  operationId: 'approveCommission',
  staffRoles: REVIEWERS,
  tag: 'Commissions',
  summary: 'Approve a commission',
  description: 'pending -> approved. No body (or `{}`). A fraud hold is released once: `held_reason` is cleared, the ' +
    'commission becomes payable and earns the referral points it was held without.',
  body: transitionSchema,
  example: {},
  answer: { status: 200, schema: commissionAnswer, description: 'The approved commission' },
  errors: { 404: 'Unknown commission (or of another company)', 409: { ...illegal('not pending (approved twice, paid, ...)'), ...conflict409 } },
  handle: ({ svc, operator, params }) => transition(svc, operator, params.uid, 'approved'),
});

// POST /v1/operator/commissions/{uid}/deny - pending, or approved and unpaid -> denied
export const denyCommissionEndpoint = endpoint({
  method: 'post',
  path: '/operator/commissions/:uid/deny',
  auth: 'operator',
  operationId: 'denyCommission',
  staffRoles: REVIEWERS,
  tag: 'Commissions',
  summary: 'Deny a commission',
  description: 'pending, or approved and in no payout -> denied. No body (or `{}`). A fraud hold is released once: ' +
    'denied, `held_reason` kept as the record of why.',
  body: transitionSchema,
  example: {},
  answer: { status: 200, schema: commissionAnswer, description: 'The denied commission' },
  errors: { 404: 'Unknown commission (or of another company)', 409: { ...illegal('paid, denied already, or a clawback'), ...conflict409 } },
  handle: ({ svc, operator, params }) => transition(svc, operator, params.uid, 'denied'),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const operatorEndpoints = {
  recordConversion: recordConversionEndpoint,
  refundConversion: refundConversionEndpoint,
  listCommissions: listCommissionsEndpoint,
  getCommission: getCommissionEndpoint,
  approveCommissions: approveCommissionsEndpoint,
  denyCommissions: denyCommissionsEndpoint,
  approveCommission: approveCommissionEndpoint,
  denyCommission: denyCommissionEndpoint,
};
