import {
  paypalConfirmSchema, paypalDestinationSchema, payoutJourneyAnswer, payoutMethodAnswer, payoutRailSchema,
} from '../../lib/schemas/payout-method';
import { endpoint } from '../core/endpoint';
import { chooseRail, confirmPaypal, payoutMethod, setPaypal } from './destinations';
import { payoutJourney } from './journey';

// The ambassador's side of payouts (docs/payouts.md): how they are paid, proving a PayPal e-mail with an
// e-mailed code, choosing the rail, and each payout's journey.

const TAG = 'Earnings';
const METHOD_ANSWER = { status: 200, schema: payoutMethodAnswer, description: 'How the caller is paid' } as const;

// GET /v1/ambassadors/{id}/payout_destinations/ - how the caller is paid and when the next run is drafted
export const payoutMethodEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/payout_destinations/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'payoutMethod',
  tag: TAG,
  summary: 'How I am paid',
  description: 'The caller\'s payout destinations (`pending` until proven, then `ready`; e-mails masked), the rail they chose, the method ' +
    'the next payout uses (`method`: the chosen rail when ready), the day the company\'s schedule drafts the next run, and the minimum ' +
    'and holding period that apply to the caller.',
  answer: METHOD_ANSWER,
  errors: { 404: 'An `id` that is not the caller\'s' },
  handle: ({ svc, caller }) => payoutMethod(svc, caller),
});

// PUT /v1/ambassadors/{id}/payout_destinations/paypal - a PayPal e-mail to prove with an e-mailed code
export const setPaypalEndpoint = endpoint({
  method: 'put',
  path: '/ambassadors/:id/payout_destinations/paypal',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'setPaypalDestination',
  tag: TAG,
  summary: 'Set my PayPal e-mail',
  description: 'E-mails a 6-digit code to `email` (in the caller\'s language; valid 15 minutes, 5 guesses) and keeps the PayPal destination ' +
    '`pending` until the code is confirmed. A changed e-mail starts over; the same e-mail already proven changes nothing. Only the code\'s ' +
    'hash is stored. At most 5 codes an hour per ambassador.',
  body: paypalDestinationSchema,
  example: { email: 'ava.pay@example.com' },
  answer: METHOD_ANSWER,
  errors: { 404: 'An `id` that is not the caller\'s', 429: 'Too many codes sent' },
  handle: ({ svc, caller, body }) => setPaypal(svc, caller, body),
});

// POST /v1/ambassadors/{id}/payout_destinations/paypal/confirm - the e-mailed code: the PayPal destination is ready
export const confirmPaypalEndpoint = endpoint({
  method: 'post',
  path: '/ambassadors/:id/payout_destinations/paypal/confirm',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'confirmPaypalDestination',
  tag: TAG,
  summary: 'Confirm my PayPal e-mail',
  description: 'The code e-mailed to the PayPal address: the destination becomes `ready` and the profile\'s `paypal_email` is set to it ' +
    '(the rail becomes `paypal` when none was chosen). Each guess counts, right or wrong.',
  body: paypalConfirmSchema,
  example: { code: '123456' },
  answer: METHOD_ANSWER,
  errors: {
    404: 'An `id` that is not the caller\'s',
    409: {
      payoutCodeWrong: 'not the code last e-mailed', payoutCodeExpired: 'the code is older than 15 minutes: send a new one',
      payoutCodeSpent: '5 wrong guesses: send a new code', payoutCodeNone: 'no PayPal e-mail waits for a code',
    },
    429: 'Too many guesses',
  },
  handle: ({ svc, caller, body }) => confirmPaypal(svc, caller, body),
});

// PUT /v1/ambassadors/{id}/payout_rail - the rail the caller is paid on
export const chooseRailEndpoint = endpoint({
  method: 'put',
  path: '/ambassadors/:id/payout_rail',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'choosePayoutRail',
  tag: TAG,
  summary: 'Choose how I am paid',
  description: '`paypal` or `stripe`, whose destination must be `ready`. The payout preference follows when the company has an option named like it.',
  body: payoutRailSchema,
  example: { rail: 'paypal' },
  answer: METHOD_ANSWER,
  errors: { 404: 'An `id` that is not the caller\'s', 409: { payoutDestinationNotReady: 'that rail\'s destination is not proven yet' } },
  handle: ({ svc, caller, body }) => chooseRail(svc, caller, body),
});

// GET /v1/payouts/{id}/journey/ - a payout of the caller's step by step
export const payoutJourneyEndpoint = endpoint({
  method: 'get',
  path: '/payouts/:id/journey/',
  auth: 'ambassador',
  operationId: 'payoutJourney',
  tag: TAG,
  summary: 'A payout\'s journey',
  description: 'One of the caller\'s payouts (by number or uid) step by step: `scheduled` (in a run, the draft\'s time), `sent` (handed to ' +
    'the rail), `paid`, or `failed` with the reason (failed, returned, unclaimed, blocked, refunded, reversed, provider_rejected, ' +
    'payable_changed, not_sent) and what came back to the balance.',
  answer: { status: 200, schema: payoutJourneyAnswer, description: 'The steps so far' },
  errors: { 404: 'Not a payout of the caller' },
  handle: ({ svc, caller, params }) => payoutJourney(svc, caller, params.id),
});

export const payoutMethodEndpoints = {
  payoutMethod: payoutMethodEndpoint,
  setPaypalDestination: setPaypalEndpoint,
  confirmPaypalDestination: confirmPaypalEndpoint,
  choosePayoutRail: chooseRailEndpoint,
  payoutJourney: payoutJourneyEndpoint,
};
