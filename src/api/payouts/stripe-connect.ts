import type { StripeConnectInput, StripeDestinationAnswer } from '../../lib/schemas/stripe-connect';
import { sha256Hex } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { Caller, ServiceContext } from '../core/types';
import { Stripe, stripeFor } from './rails/stripe-client';
import {
  chooseStripeStatement, insertStripeDestinationStatement, setStripeDestinationStatusStatement, stripeDestinationStatement,
  type StripeDestinationRow,
} from './rails/stripe-queries';
import { settleItem } from './settle';

// The ambassador's side of Stripe Connect (docs/payouts.md#stripe-connect): an Express connected account on the
// company's Stripe account, Stripe's hosted onboarding, and the account's readiness as Stripe reports it (read
// on the way back from onboarding, or told by `account.updated`); `transfer.reversed` gives a payout back.

/** Where Stripe sends the ambassador back: the account page's payout section. */
const backTo = (svc: ServiceContext, step: 'return' | 'refresh') => `${svc.origin}/app/account?stripe=${step}#payout`;

/** Stripe lets the account receive transfers and pay them out to the ambassador's bank. */
const canReceive = (a: { payouts_enabled?: boolean | null; capabilities?: { transfers?: string | null } | null }) =>
  a.payouts_enabled === true && a.capabilities?.transfers === 'active';

const answer = (available: boolean, row: StripeDestinationRow | null, onboardingUrl: string | null = null): StripeDestinationAnswer => ({
  stripe: {
    available,
    status: row?.status ?? 'none',
    chosen: row?.payout_rail === 'stripe' && row.status === 'ready',
    onboarding_url: onboardingUrl,
  },
});

const destinationOf = (svc: ServiceContext, caller: Caller) =>
  stripeDestinationStatement(svc.db, caller.principal.companyId, caller.ambassador.uid).first<StripeDestinationRow>();

/** A Stripe call that failed, as the ambassador's error: Stripe could not be reached or refused. */
function stripeFailed(err: unknown): never {
  console.error('stripe connect: a call failed', err instanceof Stripe.errors.StripeError ? `${err.type} ${err.code ?? ''}` : err);
  throw new ApiError('upstream_failed', 'stripeConnectFailed');
}

async function clientOrRefuse(svc: ServiceContext, companyId: string) {
  const stripe = await stripeFor(svc, companyId);
  if (!stripe) throw new ApiError('conflict', 'stripeConnectUnavailable');
  return stripe;
}

/** GET /v1/ambassadors/{id}/payout_destinations/stripe - the caller's connected account as last known. */
export async function getStripeDestination(svc: ServiceContext, caller: Caller): Promise<StripeDestinationAnswer> {
  const available = (await stripeFor(svc, caller.principal.companyId)) !== null;
  return answer(available, await destinationOf(svc, caller));
}

/**
 * POST /v1/ambassadors/{id}/payout_destinations/stripe - connect: the caller's Express account (made once: its
 * idempotency key is the ambassador's, so two presses at once make one; an account kept already is reused) and
 * a fresh onboarding link back to the account page. An account ready already needs no link: Stripe becomes the
 * caller's rail.
 */
export async function connectStripe(svc: ServiceContext, caller: Caller, input: StripeConnectInput): Promise<StripeDestinationAnswer> {
  const companyId = caller.principal.companyId;
  const stripe = await clientOrRefuse(svc, companyId);
  let row = await destinationOf(svc, caller);
  if (row?.status === 'ready') {
    await chooseStripeStatement(svc.db, companyId, caller.ambassador.uid).run();
    return answer(true, await destinationOf(svc, caller));
  }
  try {
    if (!row) {
      const profileCountry = /^[A-Za-z]{2}$/.test(caller.ambassador.country?.trim() ?? '') ? caller.ambassador.country!.trim().toUpperCase() : undefined;
      const country = input.country ?? profileCountry;
      const params = {
        type: 'express' as const,
        ...(country ? { country } : {}),
        email: caller.user.email,
        capabilities: { transfers: { requested: true } },
        metadata: { company: companyId, ambassador: caller.ambassador.uid },
      };
      const key = `connect-account-${await sha256Hex(`${companyId}\u0000${caller.ambassador.uid}\u0000${country ?? ''}\u0000${caller.user.email}`)}`;
      const account = await stripe.accounts.create(params, { idempotencyKey: key });
      await insertStripeDestinationStatement(svc.db, companyId, caller.ambassador.uid, account.id).run();
      row = await destinationOf(svc, caller);
    }
    const link = await stripe.accountLinks.create({
      account: row!.stripe_account_id, type: 'account_onboarding', return_url: backTo(svc, 'return'), refresh_url: backTo(svc, 'refresh'),
    });
    return answer(true, row, link.url);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    return stripeFailed(err);
  }
}

/**
 * POST /v1/ambassadors/{id}/payout_destinations/stripe/refresh - back from onboarding: the account as Stripe has
 * it now; once it can receive payouts it is `ready` and Stripe becomes the caller's rail.
 */
export async function refreshStripeDestination(svc: ServiceContext, caller: Caller): Promise<StripeDestinationAnswer> {
  const companyId = caller.principal.companyId;
  const row = await destinationOf(svc, caller);
  if (!row) return answer((await stripeFor(svc, companyId)) !== null, null);
  const stripe = await clientOrRefuse(svc, companyId);
  let account: Stripe.Account;
  try {
    account = await stripe.accounts.retrieve(row.stripe_account_id);
  } catch (err) {
    return stripeFailed(err);
  }
  const status = canReceive(account) ? 'ready' : 'pending';
  await setStripeDestinationStatusStatement(svc.db, companyId, row.stripe_account_id, status).run();
  if (status === 'ready') await chooseStripeStatement(svc.db, companyId, caller.ambassador.uid).run();
  return answer(true, await destinationOf(svc, caller));
}

export interface ConnectEvent {
  type: string;
  data: { object: Record<string, unknown> };
}

/**
 * A verified Stripe event about payouts (src/api/attribution/stripe.ts hands them here), of the company whose
 * hook it came to: `account.updated` sets the connected account's readiness; `transfer.reversed` (in full) fails
 * the transfer's item, its money back to the ambassador. Accounts and transfers of another company are not found.
 */
export async function applyStripeConnectEvent(svc: ServiceContext, companyId: string, event: ConnectEvent): Promise<{ result: string; reason?: string }> {
  const object = event.data.object;
  if (event.type === 'account.updated') {
    if (typeof object.id !== 'string') return { result: 'ignored', reason: 'Not an account.' };
    const status = canReceive(object as Parameters<typeof canReceive>[0]) ? 'ready' : 'pending';
    const changed = await setStripeDestinationStatusStatement(svc.db, companyId, object.id, status).first();
    return changed ? { result: `destination_${status}` } : { result: 'ignored', reason: 'No change to a connected account of this company.' };
  }
  if (event.type === 'transfer.reversed') {
    if (typeof object.id !== 'string') return { result: 'ignored', reason: 'Not a transfer.' };
    if (object.reversed !== true) return { result: 'ignored', reason: 'A partial reversal: the payout stands (docs/payouts.md#stripe-connect).' };
    await settleItem(svc, companyId, { providerRef: object.id }, { state: 'failed', reason: 'reversed', providerRef: object.id });
    return { result: 'settled' };
  }
  return { result: 'ignored', reason: 'This event type is not used.' };
}
