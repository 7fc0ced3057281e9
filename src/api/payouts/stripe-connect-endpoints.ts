import { stripeConnectSchema, stripeDestinationAnswer } from '../../lib/schemas/stripe-connect';
import { endpoint } from '../core/endpoint';
import { connectStripe, getStripeDestination, refreshStripeDestination } from './stripe-connect';

// Stripe Connect on the ambassador's side (docs/payouts.md#stripe-connect): see, connect and check the
// connected account payouts go to.

const UNAVAILABLE = { stripeConnectUnavailable: 'the company has no Stripe secret key: it does not pay through Stripe' };

// GET /v1/ambassadors/{id}/payout_destinations/stripe - the caller's connected account as last known
export const getStripeDestinationEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/payout_destinations/stripe',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'getStripeDestination',
  tag: 'Profile',
  summary: 'My Stripe payouts',
  description: 'Whether the company pays through Stripe Connect, the caller\'s connected account (`none`, `pending` until Stripe ' +
    'lets it receive payouts, `ready`) and whether payouts go to it.',
  answer: { status: 200, schema: stripeDestinationAnswer, description: 'The connected account' },
  errors: { 404: 'An `id` that is not the caller\'s' },
  handle: ({ svc, caller }) => getStripeDestination(svc, caller),
});

// POST /v1/ambassadors/{id}/payout_destinations/stripe - connect: the account (made once) and an onboarding link
export const connectStripeEndpoint = endpoint({
  method: 'post',
  path: '/ambassadors/:id/payout_destinations/stripe',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'connectStripe',
  tag: 'Profile',
  summary: 'Connect with Stripe',
  description: 'Makes the caller\'s Express connected account on the company\'s Stripe account (once: a second call reuses it) and ' +
    'answers `onboarding_url`, Stripe\'s onboarding page, which sends the caller back to `/app/account?stripe=return` (or ' +
    '`?stripe=refresh` when the link expired); 502 `stripeConnectFailed` when Stripe cannot be reached or refuses. An account that is `ready` already answers no link and becomes where payouts go.',
  body: stripeConnectSchema,
  example: { country: 'US' },
  answer: { status: 200, schema: stripeDestinationAnswer, description: 'The connected account, with the page to open' },
  errors: { 404: 'An `id` that is not the caller\'s', 409: UNAVAILABLE },
  handle: ({ svc, caller, body }) => connectStripe(svc, caller, body),
});

// POST /v1/ambassadors/{id}/payout_destinations/stripe/refresh - back from onboarding: read the account from Stripe
export const refreshStripeDestinationEndpoint = endpoint({
  method: 'post',
  path: '/ambassadors/:id/payout_destinations/stripe/refresh',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'refreshStripeDestination',
  tag: 'Profile',
  summary: 'Check my Stripe account',
  description: 'Reads the caller\'s connected account from Stripe: once it can receive payouts (`payouts_enabled` and the transfers ' +
    'capability active) it is `ready` and payouts go to it.',
  answer: { status: 200, schema: stripeDestinationAnswer, description: 'The connected account as Stripe has it' },
  errors: { 404: 'An `id` that is not the caller\'s', 409: UNAVAILABLE },
  handle: ({ svc, caller }) => refreshStripeDestination(svc, caller),
});

export const stripeConnectEndpoints = {
  getStripeDestination: getStripeDestinationEndpoint,
  connectStripe: connectStripeEndpoint,
  refreshStripeDestination: refreshStripeDestinationEndpoint,
};
