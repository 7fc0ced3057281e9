import { payoutRulesAnswer, payoutRulesSchema } from '../../lib/schemas/payout-method';
import { endpoint } from '../core/endpoint';
import { getAmbassadorRules, getGroupRules, putAmbassadorRules, putGroupRules } from './rules';

// Payout rules per group and ambassador (docs/payouts.md): a minimum and a holding period over the company's.

const TAG = 'Payouts';
const PAYERS = ['owner', 'admin', 'finance'] as const;
const ANSWER = { status: 200, schema: payoutRulesAnswer, description: 'The rules of this level and what applies' } as const;
const BODY_WORDS = '`minimum_minor` (integer minor units, 0-100000000) and `holding_days` (0-90); null (or left out) keeps the level above.';

// GET /v1/operator/groups/{uid}/payout_rules - a group's own payout rules
export const getGroupRulesEndpoint = endpoint({
  method: 'get',
  path: '/operator/groups/:uid/payout_rules',
  auth: 'operator',
  operationId: 'getGroupPayoutRules',
  tag: TAG,
  summary: 'A group\'s payout rules',
  description: 'The group\'s own minimum and holding period (null: the company\'s) and what applies to its ambassadors without rules of their own.',
  answer: ANSWER,
  errors: { 404: 'Unknown group (or of another company)' },
  handle: ({ svc, operator, params }) => getGroupRules(svc, operator, params.uid),
});

// PUT /v1/operator/groups/{uid}/payout_rules - set a group's own payout rules
export const putGroupRulesEndpoint = endpoint({
  method: 'put',
  path: '/operator/groups/:uid/payout_rules',
  auth: 'operator',
  operationId: 'putGroupPayoutRules',
  staffRoles: PAYERS,
  stepUp: true,
  tag: TAG,
  summary: 'Set a group\'s payout rules',
  description: `The group's own payout rules, read by the payable list, run drafts and payouts: ${BODY_WORDS}`,
  body: payoutRulesSchema,
  example: { minimum_minor: 5000, holding_days: null },
  answer: ANSWER,
  errors: { 404: 'Unknown group (or of another company)' },
  handle: ({ svc, operator, params, body }) => putGroupRules(svc, operator, params.uid, body),
});

// GET /v1/operator/ambassadors/{uid}/payout_rules - an ambassador's own payout rules
export const getAmbassadorRulesEndpoint = endpoint({
  method: 'get',
  path: '/operator/ambassadors/:uid/payout_rules',
  auth: 'operator',
  operationId: 'getAmbassadorPayoutRules',
  tag: TAG,
  summary: 'An ambassador\'s payout rules',
  description: 'The ambassador\'s own minimum and holding period (null: their group\'s, else the company\'s) and what applies to them.',
  answer: ANSWER,
  errors: { 404: 'Unknown ambassador (or of another company)' },
  handle: ({ svc, operator, params }) => getAmbassadorRules(svc, operator, params.uid),
});

// PUT /v1/operator/ambassadors/{uid}/payout_rules - set an ambassador's own payout rules
export const putAmbassadorRulesEndpoint = endpoint({
  method: 'put',
  path: '/operator/ambassadors/:uid/payout_rules',
  auth: 'operator',
  operationId: 'putAmbassadorPayoutRules',
  staffRoles: PAYERS,
  stepUp: true,
  tag: TAG,
  summary: 'Set an ambassador\'s payout rules',
  description: `The ambassador's own payout rules, over their group's and the company's: ${BODY_WORDS}`,
  body: payoutRulesSchema,
  example: { minimum_minor: null, holding_days: 7 },
  answer: ANSWER,
  errors: { 404: 'Unknown ambassador (or of another company)' },
  handle: ({ svc, operator, params, body }) => putAmbassadorRules(svc, operator, params.uid, body),
});

export const payoutRuleEndpoints = {
  getGroupPayoutRules: getGroupRulesEndpoint,
  putGroupPayoutRules: putGroupRulesEndpoint,
  getAmbassadorPayoutRules: getAmbassadorRulesEndpoint,
  putAmbassadorPayoutRules: putAmbassadorRulesEndpoint,
};
