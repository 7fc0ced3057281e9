// Redirect targets: `GET /language?next=/%09/evil.example/x` answered
// `Location: /\t/evil.example/x`, which a browser follows off-site. Every entry point that puts a
// request- or tenant-supplied value into a Location goes through src/lib/safe-redirect.ts: the language
// menu (GET and POST), the login's ?next=, the registration redirect, single sign-on and set-password.
// And a cross-site request never changes the session cookie (a cross-site GET of /api/operator/... used
// to log the visitor out). Astro pages are a stub here, so page entry points are tested through their
// form actions (src/edge/pages/forms/*) and the edge app in front of them.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { safeRedirect as registrationRedirect } from '../../src/api/auth/registration';
import { signSsoToken } from '../../src/api/auth/sso';
import { embeddedClient, type AmbassadorClient } from '../../src/edge/client';
import { requestLanguage } from '../../src/edge/request-context';
import { loginAction, safeNext, setPasswordAction, ssoAction } from '../../src/edge/pages/forms/auth';
import { languageAction } from '../../src/edge/pages/forms/language';
import { forgetTenants } from '../../src/edge/tenant';
import type { Portal, Session } from '../../src/edge/types';
import { resolveCustomization } from '../../src/lib/schemas/customization';
import { call, freshIp, register } from './accounts-helpers';
import { edge } from './helpers';
import { token, type Who } from './profile-fixtures';

beforeEach(() => forgetTenants());

// What a browser does with a Location: strips tabs and newlines, reads "\" as "/", resolves it.
const followedTo = (location: string, page: string) => new URL(location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/'), page);

const HOSTILE_NEXT = [
  '/%09/evil.example/x', '/\t/evil.example/x', '/%0a/evil.example', '/%0d%0a/evil.example', '/%00/evil.example', '//evil.example',
  '///evil.example', '/\\evil.example', '/%5cevil.example', '\\\\evil.example', '/%2f/evil.example', '/%2F%2Fevil.example',
  '/%252f%252fevil.example', 'https://evil.example/', 'http:evil.example', 'https://localhost@evil.example/',
  'javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'evil.example', '/%2e%2e/%2e%2e/evil',
  '/app/../evil', `/${'x'.repeat(3000)}`,
];

async function portalOf(host: string): Promise<Portal> {
  const [view] = (await (await call(`http://${host}/v1/portal.json?host=${host}`)).json()) as Omit<Portal, 'host' | 'settings'>[];
  return { ...view!, host, settings: resolveCustomization(view!.customization) } as Portal;
}

function svcFor(host: string, companyId: string): ServiceContext {
  return {
    env, db: env.DB, origin: `http://${host}`, host, tenantCompanyId: companyId, clientIp: freshIp(),
    userAgent: null, acceptLanguage: null, waitUntil: () => {},
  };
}

/** The locals a page of `host` gets, with the embedded client; records setSession calls. */
async function localsFor(host: string, companyId: string, client?: AmbassadorClient) {
  const portal = await portalOf(host);
  const sessions: (Session | null)[] = [];
  const lang = requestLanguage(portal, null, null);
  const locals = {
    portal, session: null, nonce: '', client: client ?? embeddedClient({ svc: svcFor(host, companyId), session: null }),
    requestContext: { portal, me: null, sessionInvalid: false, lang, settings: portal.settings, groupUids: [] },
    setSession: (s: Session | null) => sessions.push(s),
  } as unknown as App.Locals;
  return { locals, sessions };
}

describe('the language menu (GET and POST /language)', () => {
  it.each(HOSTILE_NEXT)('goes back to /login, not off-site, for next=%j', async (next) => {
    const { locals } = await localsFor('localhost', 'demo');
    const getUrl = new URL('http://localhost/language');
    getUrl.searchParams.set('next', next);
    const get = await languageAction(locals, new Request(getUrl), getUrl);
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe('/login');

    const postUrl = new URL('http://localhost/language');
    const post = await languageAction(locals, new Request(postUrl, { method: 'POST', body: new URLSearchParams({ language: 'de', next }) }), postUrl);
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/login');
    expect(post.headers.getSetCookie().join()).toContain('language=de');
  });

  it('answers the reported request with a Location a browser keeps on the site', async () => {
    const { locals } = await localsFor('localhost', 'demo');
    const url = new URL('http://localhost/language?next=/%09/evil.example/x');
    const res = await languageAction(locals, new Request(url), url);
    expect(followedTo(res.headers.get('location')!, url.href).origin).toBe('http://localhost');
  });

  it('goes back to the page it came from, with its query string', async () => {
    const { locals } = await localsFor('acme.localhost', 'acme');
    const url = new URL('http://acme.localhost/language');
    const res = await languageAction(locals, new Request(url, { method: 'POST', body: new URLSearchParams({ language: 'fr', next: '/register?ref=abc%20d' }) }), url);
    expect(res.headers.get('location')).toBe('/register?ref=abc%20d');
  });
});

describe('login ?next=', () => {
  it.each([...HOSTILE_NEXT, '/logout', '/language?next=//evil.example', '/%61pp'])('lands on /app for next=%j', (next) => {
    expect(safeNext(next, 'http://acme.localhost')).toBe('/app');
    expect(safeNext(next)).toBe('/app');
  });

  it('keeps a page of the app', () => {
    expect(safeNext('/app/rewards/v3?ledger_page=2', 'http://acme.localhost')).toBe('/app/rewards/v3?ledger_page=2');
    expect(safeNext('http://acme.localhost/app/stats', 'http://acme.localhost')).toBe('/app/stats');
  });

  it('logs in and lands on /app, not off-site, for next=/%09/evil.example', async () => {
    const host = 'acme.localhost';
    const { locals, sessions } = await localsFor(host, 'acme');
    const url = new URL(`http://${host}/login?next=${encodeURIComponent('/\t/evil.example/x')}`);
    const res = await loginAction(locals, new Request(url, { method: 'POST', body: new URLSearchParams({ email: 'alex@acme.test', password: 'Password1!' }) }), url);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get('location')).toBe('/app');
    expect(sessions).toHaveLength(1);
  });
});

describe('the registration redirect (register.redirect)', () => {
  const acmePerson = (email: string) => ({ firstName: 'Ana', lastName: 'Alpina', email, group: 'grp-acme-guides', terms: 'on' });

  it.each([
    '/\t/evil.example', '/%09/evil.example', '/%5cevil.example', '/%2f%2fevil.example', 'https://acme.localhost@evil.example/',
    'https://evil.example/', 'https://acme.localhost.evil.example/',
  ])('is dropped when the company configured %j', async (redirect) => {
    const before = (await env.DB.prepare("SELECT settings FROM customizations WHERE id = 'cust-acme'").first<{ settings: string }>())!.settings;
    try {
      const settings = JSON.parse(before);
      settings.register.redirect = redirect;
      await env.DB.prepare("UPDATE customizations SET settings = ? WHERE id = 'cust-acme'").bind(JSON.stringify(settings)).run();
      const { res, body } = await register('acme.localhost', 'acme', acmePerson(`redir-${crypto.randomUUID().slice(0, 8)}@x.test`));
      expect(res.status).toBe(201);
      expect(body.redirect).toBeNull();
    } finally {
      await env.DB.prepare("UPDATE customizations SET settings = ? WHERE id = 'cust-acme'").bind(before).run();
    }
  });

  it('keeps paths and the company\'s own hosts, refuses every hostile target', () => {
    const hosts = ['acme.localhost', 'portal.acme.test'];
    expect(registrationRedirect('/welcome?x=1', hosts)).toBe('/welcome?x=1');
    expect(registrationRedirect('https://portal.acme.test/thanks', hosts)).toBe('https://portal.acme.test/thanks');
    for (const bad of HOSTILE_NEXT) expect(registrationRedirect(bad, hosts), bad).toBeNull();
  });
});

describe('single sign-on', () => {
  const SECRET = 'acme-sso-dev-secret-change-me';

  it('lands on /app whatever next= says', async () => {
    const { locals, sessions } = await localsFor('acme.localhost', 'acme');
    const sso = await signSsoToken({ email: 'alex@acme.test', exp: Math.floor(Date.now() / 1000) + 120, jti: crypto.randomUUID(), company: 'acme' } as any, SECRET);
    const url = new URL('http://acme.localhost/sso');
    url.searchParams.set('token', sso);
    url.searchParams.set('next', '/%09/evil.example');
    url.searchParams.set('redirect', '//evil.example');
    const res = await ssoAction(locals, url);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get('location')).toBe('/app');
    expect(sessions).toHaveLength(1);
  });

  it('is reached only at its canonical path: other spellings redirect on this site', async () => {
    for (const path of ['//evil.example/sso?token=x', '/%2f%2fevil.example/sso?token=x', '/\\evil.example/sso?token=x']) {
      const res = await edge().fetch(`http://acme.localhost${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe('/evil.example/sso?token=x');
    }
  });
});

describe('set-password', () => {
  it('goes back to its own page after a request for a new link', async () => {
    const { locals } = await localsFor('acme.localhost', 'acme');
    const url = new URL('http://acme.localhost/set-password?next=//evil.example');
    const res = await setPasswordAction(locals, new Request(url, { method: 'POST', body: new URLSearchParams({ mode: 'request', email: 'alex@acme.test' }) }), url);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get('location')).toBe('/set-password?sent=1');
  });

  it('never renders (and posts back) at a path a browser reads as another site', async () => {
    for (const path of ['//evil.example/set-password', '///evil.example/set-password', '/%5cevil.example/set-password', '/set-password/']) {
      const res = await edge().fetch(`http://acme.localhost${path}?code=abc`, { method: 'POST', redirect: 'manual', headers: { origin: 'http://acme.localhost' } });
      expect(res.status, path).toBe(308);
      expect(res.headers.get('location'), path).toMatch(/^\/(?![/\\])[^?]*\?code=abc$/);
    }
  });
});

describe('a cross-site request never changes the session cookie', () => {
  let ava: Who;
  beforeEach(async () => {
    ava = await token('localhost', 'ava@demo.test');
  });
  const cookie = (who: Who, value = who.token) => `__Host-portal_session=${who.userId}.${who.uid}.${value}`;
  const CROSS_SITE: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    { 'sec-fetch-site': 'same-site' },
    { referer: 'https://evil.example/page' },
    { origin: 'https://evil.example' },
  ];
  /** The Set-Cookie headers that touch the session cookie (other cookies, like the D1 bookmark, may change). */
  const sessionCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith('__Host-portal_session='));
  const stillSignedIn = async (who: Who) => {
    const res = await edge().fetch(`http://localhost/api/users/${who.userId}/`, { headers: { cookie: cookie(who) } });
    expect(res.status).toBe(200);
  };

  it.each([
    '/api/operator/ambassadors', '/api/operator/ambassadors/', '/api/operator/customization', '/api/operator/', '/api/operator',
    '/api/openapi.json', '/api/docs', '/api/dev/outbox/', '/api/no-such-path/', '/api/%6fperator/ambassadors',
  ])('answers GET %s itself (404) without forwarding or touching the cookie', async (path) => {
    for (const headers of [...CROSS_SITE, {}]) {
      const res = await edge().fetch(`http://localhost${path}`, { headers: { ...headers, cookie: cookie(ava) } });
      expect(res.status, path).toBe(404);
      expect(sessionCookies(res), path).toEqual([]);
    }
    await stillSignedIn(ava);
  });

  it('answers GET and HEAD of /api/auth/logout/ with 405 and keeps the session', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await edge().fetch('http://localhost/api/auth/logout/', { method, headers: { cookie: cookie(ava), 'sec-fetch-site': 'cross-site' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toMatch(/POST/);
      expect(sessionCookies(res)).toEqual([]);
    }
    await stillSignedIn(ava);
  });

  it('refuses a cross-site POST /api/auth/logout/, also when only Sec-Fetch-Site gives it away', async () => {
    const res = await edge().fetch('http://localhost/api/auth/logout/', {
      method: 'POST', headers: { cookie: cookie(ava), 'sec-fetch-site': 'same-site', origin: 'http://localhost' },
    });
    expect(res.status).toBe(403);
    expect(sessionCookies(res)).toEqual([]);
    await stillSignedIn(ava);
  });

  it('does not clear the cookie on a 401 of a cross-site request, and does on a same-site one', async () => {
    const stale = cookie(ava, 'f'.repeat(64));
    for (const headers of CROSS_SITE) {
      const res = await edge().fetch(`http://localhost/api/users/${ava.userId}/`, { headers: { ...headers, cookie: stale } });
      expect(res.status).toBe(401);
      expect(sessionCookies(res)).toEqual([]);
    }
    const own = await edge().fetch(`http://localhost/api/users/${ava.userId}/`, { headers: { 'sec-fetch-site': 'same-origin', cookie: stale } });
    expect(own.status).toBe(401);
    expect(sessionCookies(own).join()).toMatch(/__Host-portal_session=;.*Max-Age=0/i);
  });

  it('still forwards the ambassador paths, and logs in from this site only', async () => {
    await stillSignedIn(ava);
    const body = JSON.stringify({ email: 'ava@demo.test', password: 'Password1!' });
    const foreign = await edge().fetch('http://localhost/api/auth/ambassador/', {
      method: 'POST', body, headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-site', 'cf-connecting-ip': freshIp() },
    });
    expect(foreign.status).toBe(403);
    expect(sessionCookies(foreign)).toEqual([]);
    const own = await edge().fetch('http://localhost/api/auth/ambassador/', {
      method: 'POST', body, headers: { 'content-type': 'application/json', origin: 'http://localhost', 'cf-connecting-ip': freshIp() },
    });
    expect(own.status).toBe(200);
    expect(sessionCookies(own)).toHaveLength(1);
  });

  it('lets the API answer an unknown method of a known path (405 with Allow), without ending the session', async () => {
    const res = await edge().fetch(`http://localhost/api/users/${ava.userId}/`, { method: 'DELETE', headers: { cookie: cookie(ava), origin: 'http://localhost' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/GET/);
    expect(sessionCookies(res)).toEqual([]);
  });
});
