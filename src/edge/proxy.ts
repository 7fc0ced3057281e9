import { Hono, type MiddlewareHandler } from 'hono';
import { errorBody } from '../api/core/errors';
import { normalizeLanguage } from '../lib/languages';
import { requestCookie } from './cookies';
import { isCrossSiteRequest } from './csrf';
import { en } from '../lib/i18n/en';
import { LANGUAGE_COOKIE } from './request-context';
import { clearSession, writeSession } from './session';
import type { EdgeContext, EdgeEnv, Session } from './types';

const FORWARD_HEADERS = ['content-type', 'accept-language', 'x-client-session-id', 'x-client-request-id', 'idempotency-key'];
const MAX_BODY_BYTES = 6 * 1024 * 1024;

/**
 * The paths the browser API forwards (spec §7 and what the pages' scripts call): the ambassador
 * API of a signed-in person and the public calls of the login, registration and password pages. Nothing
 * else goes through, whatever the API has: not the operator API, the stores' webhooks, the lead/sale API,
 * the edge's own click and share-link calls, the mail provider's events, the dev outbox or the API
 * reference. A path is taken only as spelled here (case, one slash between segments, the trailing slash)
 * with each `:param` one plain segment, so `//`, `%2f`, `..`, other cases and missing slashes are no
 * path; the path forwarded is the one matched. Anything else is answered here with 404 without forwarding,
 * so no answer meant for other credentials (a 401 of /v1/operator) can end the person's session. A known
 * path with another method goes through: the API answers 405 before any credentials.
 */
const AMBASSADOR_PATHS = [
  '/auth/ambassador/', '/auth/session/', '/auth/logout/', '/auth/sso/', '/auth/ambassador/forgot_password/',
  '/auth/ambassador/reset_password/', '/auth/ambassador/set_password/', '/recaptcha', '/portal.json', '/optout/',
  '/companies/:id/register/', '/companies/:id/ambassadors/', '/companies/:id/languages/',
  '/companies/:id/loyalty_program/badges/', '/companies/:id/loyalty_program/tiers/', '/companies/:id/loyalty_program/tasks/',
  '/companies/:id/badges/', '/companies/:id/tasks/',
  '/users/:id/', '/users/:id/password/', '/portal/ambassadors/:id/',
  '/ambassadors/:id/notifications/', '/ambassadors/:id/active/', '/ambassadors/:id/stats/', '/ambassadors/:id/stats/campaigns/',
  '/ambassadors/:id/stats/graph/', '/ambassadors/:id/loyalty/data/', '/ambassadors/:id/loyalty/ledger/', '/ambassadors/:id/custom_urls/',
  '/ambassadors/:id/assets/', '/ambassadors/:id/personal_codes/', '/ambassadors/:id/payouts/next/',
  '/activity/recent/', '/track/share/', '/urls/:id/',
  '/tables/ambassadors/:id/actions/custom_url/create/', '/tables/ambassadors/:id/content/affiliate_gift_card/',
  '/tables/content/:id/', '/tables/options/:id/', '/payouts/:id/', '/loyalty/gift-card-redemption/:id/', '/loyalty/gift_card/redeem/',
  '/rewards/portals/:id/vault-items/', '/rewards/portals/:id/vault-items/:id/balance-available/', '/rewards/portals/:id/vault-items/:id/redeem/',
  '/rewards/portals/:id/redemptions/', '/rewards/portals/:id/redemptions/:id/',
  // A payout's self-billed invoice, a download linked from the payout's page.
  '/ambassadors/:id/payouts/:id/invoice.pdf',
] as const;

/** One path segment as ids, uids, codes and table names are written: never empty, `.`/`..`, encoded or with a slash. */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9_.~-]{0,127}';
const ALLOWED = new RegExp(`^(?:${AMBASSADOR_PATHS.map((p) => p.replace(/[.]/g, '\\.').replace(/:id/g, SEGMENT)).join('|')})$`);

export function isAmbassadorPath(path: string): boolean {
  return ALLOWED.test(path);
}

/** Refuses, without forwarding, what is no path of the ambassador API (see `isAmbassadorPath`). */
const ambassadorPathsOnly: MiddlewareHandler<EdgeEnv> = async (c, next) => {
  if (isAmbassadorPath(c.req.path.replace(/^\/api/, '') || '/')) return next();
  return c.json(errorBody('not_found', 'notFound'), 404, { 'cache-control': 'no-store' });
};

/**
 * The session cookie changes (log in, log out, a 401 ending it) only for requests of this site (issue
 * 17): a request another site made the browser send - Sec-Fetch-Site cross-site or same-site, or a
 * foreign Origin or Referer - never logs the person in or out.
 */
const maySetSession = (c: EdgeContext) => !isCrossSiteRequest(c.req.raw);
const startSession = (c: EdgeContext, session: Session) => {
  if (maySetSession(c)) writeSession(c, session);
};
/** Routes that start or end the session answer a cross-site request with 403 before doing anything. */
const sameSiteOnly: MiddlewareHandler<EdgeEnv> = async (c, next) => {
  if (!maySetSession(c)) return c.json({ detail: en.crossOrigin, code: 'crossOrigin' }, 403, { 'cache-control': 'no-store' });
  await next();
};
const endSession = (c: EdgeContext) => {
  if (maySetSession(c)) clearSession(c);
};

/** Passes an upstream answer on; a 401 clears the session cookie and tells the browser to go to /login. */
function relay(c: EdgeContext, res: Response) {
  if (res.status === 401) {
    endSession(c);
    // Every 401 names how to authenticate (RFC 9110): here the session cookie set by logging in at /login.
    return c.json({ detail: 'Your session has ended. Please log in again.', code: 'sessionEnded', redirect: '/login' }, 401, {
      'WWW-Authenticate': 'Cookie realm="portal", form-action="/login", cookie-name="__Host-portal_session"',
    });
  }
  const headers = new Headers();
  for (const name of ['content-type', 'content-disposition', 'cache-control', 'retry-after', 'allow']) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(res.body, { status: res.status, headers });
}

async function forward(c: EdgeContext, path: string, init: { auth?: boolean } = {}) {
  const url = new URL(c.req.url);
  const headers: Record<string, string> = {};
  for (const name of FORWARD_HEADERS) {
    const value = c.req.header(name);
    if (value) headers[name] = value;
  }
  // The language the person chose in the menu is the page's: the API answers in it too (a CSV's headings).
  const chosen = normalizeLanguage(requestCookie(c, LANGUAGE_COOKIE));
  if (chosen) headers['accept-language'] = chosen;
  const hasBody = !['GET', 'HEAD'].includes(c.req.method);
  const body = hasBody ? await c.req.arrayBuffer() : null;
  if (body && body.byteLength > MAX_BODY_BYTES) return c.json({ detail: en.requestTooLarge, code: 'requestTooLarge' }, 413);
  return c.var.upstream(path + url.search, { method: c.req.method, headers, body, auth: init.auth });
}

/** The browser API: `/api/<spec §7 path>` with the cookie session (design.md). */
export const proxy = new Hono<EdgeEnv>()
  .use('*', ambassadorPathsOnly)
  // POST /api/auth/ambassador/ - log in; the token goes into the HttpOnly cookie, never to the page
  .post('/auth/ambassador/', sameSiteOnly, async (c) => {
    const url = new URL(c.req.url);
    url.searchParams.set('host', c.var.portal.host);
    const res = await c.var.upstream(`/auth/ambassador/${url.search}`, {
      method: 'POST', auth: false, body: await c.req.arrayBuffer(),
      headers: { 'content-type': c.req.header('content-type') ?? 'application/json' },
    });
    if (!res.ok) return relay(c, res);
    const data = (await res.json()) as { token: string; account: { userid: number }; ambassador_uid: string };
    startSession(c, { userId: data.account.userid, ambassadorUid: data.ambassador_uid, token: data.token });
    const { token: _token, ...rest } = data as Record<string, unknown>;
    return c.json(rest);
  })
  // POST /api/companies/{company}/register/ - register; with auto-login the token becomes the cookie
  .post('/companies/:company/register/', sameSiteOnly, async (c) => {
    const res = await forward(c, c.req.path.replace(/^\/api/, ''));
    if (!res.ok) return relay(c, res);
    const data = (await res.json()) as Record<string, unknown> & { token?: string; account?: { userid: number }; ambassador_uid?: string };
    if (data.token && data.account && data.ambassador_uid) {
      startSession(c, { userId: data.account.userid, ambassadorUid: data.ambassador_uid, token: data.token });
    }
    const { token: _token, ...rest } = data;
    return c.json(rest, res.status as 200);
  })
  // POST /api/auth/logout/ - revoke the token and clear the cookie
  .post('/auth/logout/', sameSiteOnly, async (c) => {
    if (c.var.session) await c.var.upstream('/auth/logout/', { method: 'POST' });
    clearSession(c);
    return c.body(null, 204);
  })
  .all('/*', async (c) => {
    const path = c.req.path.replace(/^\/api/, '');
    return relay(c, await forward(c, path));
  });
