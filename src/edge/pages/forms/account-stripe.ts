import { escapeHtml } from '../../../lib/escape-html';
import { t, type Language } from '../../../lib/i18n';
import { ClientError } from '../../client';
import { redirectClearingSession } from '../page-data';

// "Connect with Stripe" on /app/account (docs/payouts.md#stripe-connect): a real form posting to the page. The
// connect call answers Stripe's onboarding page; an account that is ready already needs none and the page shows
// it chosen. Stripe sends the person back to `?stripe=return`, where src/ui/payout-method/StripeConnect.astro
// reads the account again.

/** Back to the Stripe part of the account page, with what happened (`?stripe=`). */
const backWith = (state: string) => new Response(null, { status: 303, headers: { Location: `/app/account?stripe=${state}#payout` } });

/**
 * A page that goes on to Stripe at once. Not a redirect of the form's post: the portal's CSP allows forms to
 * post only to itself (`form-action 'self'`), and browsers apply that to the post's redirects too; a page that
 * navigates by itself (and a link, should it not) is a new navigation.
 */
function onToStripe(url: string, lang: Language) {
  const href = escapeHtml(url);
  const label = escapeHtml(t(lang, 'payoutStripeContinue'));
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
    `<meta http-equiv="refresh" content="0; url=${href}"><title>${label}</title></head>` +
    `<body><main><p><a href="${href}">${label}</a></p></main></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

export async function connectStripeForm(locals: App.Locals): Promise<Response> {
  try {
    const answer = await locals.client.connectStripe({ body: {} });
    const url = answer.stripe.onboarding_url;
    return url ? onToStripe(url, locals.requestContext.lang) : backWith('chosen');
  } catch (err) {
    if (err instanceof ClientError && err.status === 401) return redirectClearingSession(locals, '/login');
    if (err instanceof ClientError && err.status === 409) return backWith('unavailable');
    if (!(err instanceof ClientError)) console.error('account: stripe connect failed', err);
    return backWith('failed');
  }
}
