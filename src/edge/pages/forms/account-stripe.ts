import { ClientError } from '../../client';
import { redirectClearingSession } from '../page-data';

// "Connect with Stripe" on /app/account (docs/payouts.md#stripe-connect): a real form posting to the page. The
// connect call answers Stripe's onboarding page, where the browser goes next (303); an account that is ready
// already needs none and the page shows it chosen. Stripe sends the person back to `?stripe=return`, where
// src/ui/payout-method/StripeConnect.astro reads the account again.

/** Back to the Stripe part of the account page, with what happened (`?stripe=`). */
const backWith = (state: string) => new Response(null, { status: 303, headers: { Location: `/app/account?stripe=${state}#payout` } });

export async function connectStripeForm(locals: App.Locals): Promise<Response> {
  try {
    const answer = await locals.client.connectStripe({ body: {} });
    const url = answer.stripe.onboarding_url;
    return url ? new Response(null, { status: 303, headers: { Location: url } }) : backWith('chosen');
  } catch (err) {
    if (err instanceof ClientError && err.status === 401) return redirectClearingSession(locals, '/login');
    if (err instanceof ClientError && err.status === 409) return backWith('unavailable');
    if (!(err instanceof ClientError)) console.error('account: stripe connect failed', err);
    return backWith('failed');
  }
}
