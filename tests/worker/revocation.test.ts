// Revocation is immediate for pages. A page view may reuse its isolate's verification of the
// session for its first byte (src/edge/caller-cache.ts), but nothing private renders before the session is
// confirmed in the page's own D1 batch (page-data sessionConfirmed; SessionGate in the real shell).
//
// Two isolates: each is its own copy of the edge's modules (vi.resetModules), so each keeps its own
// verifications, as two Workers isolates do. Every revocation goes through its real path (the /logout and
// /app/account forms, the forgot-password flow, the ambassador API, the operator API, or D1 itself) on
// isolate A, and the old cookie then opens a page on isolate B, which still holds the verification it made
// before. The page stands in for the Astro shell: the head first, then the person's data only once
// sessionConfirmed says so (what SessionGate does), else "your session has ended" and /login.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { Context, MiddlewareHandler } from 'hono';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EdgeEnv, Session } from '../../src/edge/types';
import { codeFrom, lastEmail } from './accounts-helpers';
import { KEYS, op } from './operator-fixtures';
import { TEST_SCRYPT_PARAMS } from './password-cost';
import { call, token, type Who } from './profile-fixtures';

const BEN = 'ben@demo.test';
const SESSION = '__Host-portal_session';

interface Page {
  status: number;
  location: string | null;
  setCookie: string[];
  text: string;
  /** D1 round trips before the first byte (the meter's header). */
  tripsBeforeFirstByte: number;
  /** D1 round trips of the whole response (the meter's closing comment on an HTML page). */
  trips: number | null;
}

interface Isolate {
  fetch(path: string, init?: RequestInit): Promise<Page>;
}

/** A fresh copy of the edge (its own session cache, tenant cache, ...): what another isolate is. */
async function newIsolate(): Promise<Isolate> {
  vi.resetModules();
  const [{ createEdgeApp }, pageData, auth, account, session, callers] = await Promise.all([
    import('../../src/edge/app'),
    import('../../src/edge/pages/page-data'),
    import('../../src/edge/pages/forms/auth'),
    import('../../src/edge/pages/forms/account'),
    import('../../src/edge/session'),
    import('../../src/edge/caller-cache'),
  ]);
  // The fresh copy of the password hashing starts at the production cost again: the cheaper test cost of
  // setup.ts, so a password change or reset here takes milliseconds, not the ten seconds a loaded machine
  // gives a production-cost hash in the test pool.
  (await import('../../src/api/auth/password-hash')).configurePasswordHashing(TEST_SCRYPT_PARAMS);
  // The kept verification does not age here: a password hash under a loaded machine can take longer
  // than CALLER_TTL_MS, and these tests are about revocation, not expiry (tests/worker/caller-cache.test.ts).
  const stoppedClock = Date.now();
  callers.resetCallerCache(() => stoppedClock);
  const encoder = new TextEncoder();

  /** The shell of an /app page: the head at once, the person's data once the session is confirmed. */
  function shell(locals: App.Locals, gate: Exclude<ReturnType<typeof pageData.requireSignedIn>, Response>) {
    // The page's data, asked for the way every /app page asks (one Promise.all): the shell's profile and a section.
    const data = Promise.all([pageData.loadShell(locals), locals.client.recentActivity({ query: { page_size: 15 } })]);
    data.catch(() => {});
    return new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`<!doctype html><html lang="${gate.lang}"><head><title>Dashboard</title></head><body>`));
        // The gate asks once the head is out; here at the latest moment it could (the data is in), so the
        // confirmation shares the data's batch only because loadShell asked for it with the data.
        await data.catch(() => null);
        if (await pageData.sessionConfirmed(locals)) {
          const [view] = await data;
          const { user, profile } = view;
          const campaigns = gate.me.urls.map((u) => `<li>${u.campaign_name}</li>`).join('');
          controller.enqueue(encoder.encode(
            `<header>${user.first_name} ${user.last_name}</header><p>${profile.email}</p><ul>${campaigns}</ul>`
            + `<p data-balance>${profile.loyalty_points_available}</p>`,
          ));
        } else {
          controller.enqueue(encoder.encode('<main data-session-ended><meta http-equiv="refresh" content="0;url=/login"><h1>Your session has ended</h1><a href="/login">Log in</a></main>'));
        }
        controller.enqueue(encoder.encode('</body></html>'));
        controller.close();
      },
    });
  }

  const pages: MiddlewareHandler<EdgeEnv> = async (c: Context<EdgeEnv>) => {
    const locals = {
      portal: c.var.portal, session: c.var.session, client: c.var.client, requestContext: c.var.requestContext,
      setSession: (s: Session | null) => (s ? session.writeSession(c, s) : session.clearSession(c)),
    } as unknown as App.Locals;
    const url = new URL(c.req.url);
    const request = c.req.raw;
    const post = request.method === 'POST';
    const form = <T,>(outcome: Response | T) => (outcome instanceof Response ? outcome : c.json(outcome, 400));
    switch (url.pathname) {
      case '/logout': return (await auth.logoutAction(locals, request)) ?? c.text('confirm the logout');
      case '/forgot-password': return post ? form(await auth.forgotPasswordAction(locals, request, url)) : c.text('forgot');
      case '/reset-password': return post ? form(await auth.resetPasswordAction(locals, request, url)) : c.text('reset');
      case '/login':
        if (locals.requestContext.me) return c.redirect('/app', 303);
        if (locals.requestContext.sessionInvalid) locals.setSession(null);
        return c.text('the login form');
    }
    const gate = pageData.requireSignedIn(locals, url.pathname);
    if (gate instanceof Response) return gate;
    if (post && url.pathname === '/app/account') return form(await account.handleAccountPost(locals, request));
    return c.body(shell(locals, gate), 200, { 'content-type': 'text/html; charset=utf-8' });
  };

  const app = createEdgeApp([pages as MiddlewareHandler]);
  const isolate: Isolate = {
    async fetch(path, init = {}) {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(new URL(path, 'http://localhost'), { redirect: 'manual', ...init }), { ...env, D1_METER: '1' }, ctx);
      const text = await res.text();
      await waitOnExecutionContext(ctx);
      const total = /<!-- d1-round-trips: (\d+) -->/.exec(text)?.[1];
      return {
        status: res.status, location: res.headers.get('location'), setCookie: res.headers.getSetCookie(), text,
        tripsBeforeFirstByte: Number(res.headers.get('x-d1-round-trips')), trips: total === undefined ? null : Number(total),
      };
    },
  };
  await isolate.fetch('/login'); // the tenant lookup, kept by this isolate from here on
  return isolate;
}

const cookieOf = (who: Who) => `${SESSION}=${who.userId}.${who.uid}.${who.token}`;
const view = (isolate: Isolate, who: Who, path = '/app') => isolate.fetch(path, { headers: { cookie: cookieOf(who) } });
/** A form post the way a browser sends it from the page (same origin). */
const postForm = (isolate: Isolate, path: string, fields: Record<string, string>, who?: Who, ip = '10.9.0.1') =>
  isolate.fetch(path, {
    method: 'POST', body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', 'cf-connecting-ip': ip, ...(who ? { cookie: cookieOf(who) } : {}) },
  });

/** What ben's pages show that nobody else may see: name, e-mail, campaign names, balance. */
async function privateMarkers(who: Who) {
  const profile = (await call(who, 'GET', `/portal/ambassadors/${who.uid}/`)).body;
  const user = (await call(who, 'GET', `/users/${who.userId}/`)).body;
  const campaigns = (profile.urls as { campaign_name: string }[]).map((u) => u.campaign_name);
  expect(campaigns.length).toBeGreaterThan(0);
  return [user.first_name, user.last_name, user.email, ...campaigns, `<p data-balance>${profile.loyalty_points_available}</p>`] as string[];
}

function expectPrivate(page: Page, markers: string[]) {
  expect(page.status).toBe(200);
  for (const marker of markers) expect(page.text).toContain(marker);
  expect(page.text).not.toContain('data-session-ended');
}

/** The old cookie on an isolate that kept its verification: the head, then only "session ended" and /login. */
function expectEnded(page: Page, markers: string[]) {
  expect(page.status).toBe(200);
  expect(page.text).toContain('data-session-ended');
  expect(page.text).toContain('url=/login');
  for (const marker of markers) expect(page.text).not.toContain(marker);
}

/** The request after that: no page, the cookie cleared, /login. */
function expectSignedOut(page: Page) {
  expect(page.status).toBe(303);
  expect(page.location).toBe('/login');
  expect(page.setCookie.find((c) => c.startsWith(`${SESSION}=`))).toMatch(/^__Host-portal_session=; Max-Age=0/);
}

let a: Isolate;
let b: Isolate;
let ben: Who;
let markers: string[];
let benPasswordHash: string;

beforeAll(async () => {
  a = await newIsolate();
  b = await newIsolate();
  benPasswordHash = (await env.DB.prepare('SELECT password_hash FROM users WHERE email = ?').bind(BEN).first<string>('password_hash'))!;
});
beforeEach(async () => {
  ben = await token('localhost', BEN);
  markers = await privateMarkers(ben);
  // Both isolates served ben's pages a moment ago and keep the verification.
  expectPrivate(await view(a, ben), markers);
  expectPrivate(await view(b, ben), markers);
});
afterEach(async () => {
  await op(KEYS.demo, 'POST', '/ambassadors/amb-ben/reactivate', {});
  await env.DB.prepare("UPDATE ambassadors SET deactivated_by_self = 0 WHERE company_id = 'demo' AND uid = 'amb-ben'").run();
  await env.DB.prepare('UPDATE users SET password_hash = ?, access = 1 WHERE email = ?').bind(benPasswordHash, BEN).run();
});

describe('pages of a kept verification (revocation is immediate for pages)', () => {
  it('stream the head before any D1 round trip and confirm the session in the page\'s one data batch', async () => {
    const warm = await view(b, ben);
    expectPrivate(warm, markers);
    expect(warm.tripsBeforeFirstByte).toBe(0);
    // The profile, the section and the session's confirmation: one batch, as the page's data alone was.
    expect(warm.trips).toBe(1);
  });

  it('a revoked session\'s page streams its head too, with nothing of the person in it', async () => {
    await env.DB.prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00Z' WHERE user_id = ?").bind(ben.userId).run();
    const page = await view(b, ben);
    expect(page.tripsBeforeFirstByte).toBe(0);
    expect(page.trips).toBe(1);
    expectEnded(page, markers);
  });
});

describe('a revoked session renders none of the person\'s data, on any isolate', () => {
  it('logout on this device (the /logout form): this isolate signs out at once, another shows the session ended', async () => {
    const out = await postForm(a, '/logout', {}, ben);
    expect(out.status).toBe(303);
    expectSignedOut(await view(a, ben));
    expectEnded(await view(b, ben), markers);
    expectSignedOut(await view(b, ben));
  });

  it('logout with the menu link (GET /logout from the portal) drops this isolate\'s verification too', async () => {
    const out = await a.fetch('/logout', { headers: { cookie: cookieOf(ben), 'sec-fetch-site': 'same-origin' } });
    expect(out.status).toBe(303);
    expectSignedOut(await view(a, ben));
    expectEnded(await view(b, ben), markers);
  });

  it('logout of this session from another browser (the API with its token)', async () => {
    expect((await call(ben, 'POST', '/auth/logout/')).status).toBeLessThan(300);
    expectEnded(await view(a, ben), markers);
    expectEnded(await view(b, ben), markers);
    expectSignedOut(await view(b, ben));
  });

  it('logout on another device ends that device only', async () => {
    const phone = await token('localhost', BEN);
    expect((await postForm(a, '/logout', {}, phone)).status).toBe(303);
    expectPrivate(await view(b, ben), markers);
    expectSignedOut(await view(b, phone));
  });

  it('password change on the account page of another device (that device stays signed in)', async () => {
    const laptop = await token('localhost', BEN);
    const changed = await postForm(a, '/app/account', { _action: 'password', current_password: 'Password1!', password: 'Password2!x', repeat_password: 'Password2!x' }, laptop);
    expect(changed.status).toBe(303);
    expect(changed.location).toBe('/app/account#credentials');
    expectEnded(await view(a, ben), markers);
    expectEnded(await view(b, ben), markers);
    expectSignedOut(await view(b, ben));
    expectPrivate(await view(a, laptop), markers);
  });

  it('password reset through the forgot-password flow', async () => {
    expect((await postForm(a, '/forgot-password', { email: BEN }, undefined, '10.9.1.1')).status).toBe(303);
    const { code } = codeFrom((await lastEmail('demo', BEN))!.body_text);
    const reset = await postForm(a, '/reset-password', { email: BEN, code, password: 'Password3!x', repeat_password: 'Password3!x' }, undefined, '10.9.1.2');
    expect(reset.status).toBe(303);
    expect(reset.location).toMatch(/done=1/);
    expectEnded(await view(a, ben), markers);
    expectEnded(await view(b, ben), markers);
    expectSignedOut(await view(b, ben));
  });

  it('deactivation by the person on the account page of another device (that device stays signed in, paused)', async () => {
    const laptop = await token('localhost', BEN);
    const done = await postForm(a, '/app/account', { _action: 'deactivate', confirmed: 'yes' }, laptop);
    expect(done.status).toBe(303);
    expectEnded(await view(a, ben), markers);
    expectEnded(await view(b, ben), markers);
    expectSignedOut(await view(b, ben));
    expectPrivate(await view(a, laptop), markers);
  });

  it('deactivation by the operator (company key)', async () => {
    expect((await op(KEYS.demo, 'POST', '/ambassadors/amb-ben/deactivate', {})).status).toBe(200);
    expectEnded(await view(a, ben), markers);
    expectEnded(await view(b, ben), markers);
    expectSignedOut(await view(b, ben));
  });

  const inDatabase: [string, string][] = [
    ['revoked', "UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00Z' WHERE user_id = ?"],
    ['expired', "UPDATE api_tokens SET expires_at = '2020-01-01T00:00:00Z' WHERE user_id = ?"],
    ['deleted', 'DELETE FROM api_tokens WHERE user_id = ?'],
    ['suspended (the account\'s access level changed)', 'UPDATE users SET access = 0 WHERE id = ?'],
  ];
  it.each(inDatabase)('a token %s in the database', async (_, sql) => {
    await env.DB.prepare(sql).bind(ben.userId).run();
    expectEnded(await view(a, ben), markers);
    expectEnded(await view(b, ben), markers);
    expectSignedOut(await view(b, ben));
    expectSignedOut(await view(a, ben));
  });
});
