// The foundation: tenant by host, login and session cookie, logout, the /api proxy, CSRF, isolation.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { cookiesFrom, edge } from './helpers';

const PASSWORD = 'Password1!';
const json = (body: unknown, origin?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
  body: JSON.stringify(body),
});

async function apiLogin(host: string, email: string, password = PASSWORD) {
  const res = await edge().fetch(`http://${host}/v1/auth/ambassador/?host=${host}`, json({ email, password }));
  return { res, body: (await res.json()) as Record<string, any> };
}

async function browserLogin(host: string, email: string) {
  const res = await edge().fetch(`http://${host}/api/auth/ambassador/`, json({ email, password: PASSWORD }, `http://${host}`));
  expect(res.status).toBe(200);
  return { res, cookie: cookiesFrom(res), body: (await res.json()) as Record<string, any> };
}

beforeEach(() => forgetTenants());

describe('tenant by host', () => {
  it('serves each company its own portal record', async () => {
    const demo = await (await edge().fetch('http://localhost/v1/portal.json?host=demo.localhost')).json() as any[];
    const acme = await (await edge().fetch('http://localhost/v1/portal.json?host=acme.localhost')).json() as any[];
    expect(demo[0].uid).toBe('demo');
    expect(acme[0].uid).toBe('acme');
    expect(acme[0].admin3_access).toBe(true);
    expect(demo[0].customization).not.toEqual(acme[0].customization);
  });

  it('gives an unknown host a plain 404 page, never another tenant', async () => {
    const res = await edge().fetch('http://nobody.localhost/login');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain('Demo Co');
    expect(html).not.toContain('Acme');
    const list = await (await edge().fetch('http://localhost/v1/portal.json?host=nobody.localhost')).json();
    expect(list).toEqual([]);
  });

  it('hands known hosts to the pages', async () => {
    for (const host of ['localhost', 'demo.localhost', 'acme.localhost']) {
      const res = await edge().fetch(`http://${host}/login`);
      expect(await res.text()).toBe('page:/login');
    }
  });

  it('caches the lookup in KV', async () => {
    await edge().fetch('http://acme.localhost/login');
    const cached = await env.CACHE.get('portal:v1:acme.localhost', 'json') as { view: { uid: string } };
    expect(cached.view.uid).toBe('acme');
  });
});

describe('login', () => {
  it('returns a long random token and the account', async () => {
    const { res, body } = await apiLogin('demo.localhost', 'ava@demo.test');
    expect(res.status).toBe(200);
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.account.userid).toBeTypeOf('number');
    const stored = await env.DB.prepare('select token_hash from api_tokens').all<{ token_hash: string }>();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(body.token);
  });

  it('refuses a wrong password, an unknown e-mail and a user of another company alike', async () => {
    const wrong = await apiLogin('demo.localhost', 'ava@demo.test', 'Wrong-password1!');
    const unknown = await apiLogin('demo.localhost', 'nobody@demo.test');
    const foreign = await apiLogin('demo.localhost', 'alex@acme.test');
    for (const { res, body } of [wrong, unknown, foreign]) {
      expect(res.status).toBe(400);
      expect(body).toEqual({
        non_field_errors: ['Unable to log in with provided credentials.'],
        error_codes: { non_field_errors: [{ code: 'loginFailed' }] },
      });
    }
  });

  it('names the field when input is missing or malformed', async () => {
    const { res, body } = await apiLogin('demo.localhost', 'not-an-email', '');
    expect(res.status).toBe(400);
    expect(Object.keys(body).sort()).toEqual(['email', 'error_codes', 'password']);
    expect(body.error_codes).toEqual({ email: [{ code: 'invalidEmail' }], password: [{ code: 'required' }] });
    const noHost = await edge().fetch('http://localhost/v1/auth/ambassador/', json({ email: 'a@b.co', password: 'x' }));
    expect(noHost.status).toBe(400);
    expect(await noHost.json()).toHaveProperty('host');
    const badJson = await edge().fetch('http://localhost/v1/auth/ambassador/?host=localhost', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
  });

  it('through the browser API sets the __Host- session cookie and hides the token', async () => {
    const { res, body } = await browserLogin('acme.localhost', 'alex@acme.test');
    expect(body.token).toBeUndefined();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-portal_session='))!;
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

describe('session and logout', () => {
  it('lets the cookie call the API and revokes the token at logout', async () => {
    const { cookie, body } = await browserLogin('demo.localhost', 'ava@demo.test');
    const portal = edge();
    const me = await portal.fetch(`http://demo.localhost/api/users/${body.account.userid}/`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as any).email).toBe('ava@demo.test');

    const out = await portal.fetch('http://demo.localhost/api/auth/logout/', { method: 'POST', headers: { cookie, origin: 'http://demo.localhost' } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(/__Host-portal_session=;.*Max-Age=0/i);

    // The old cookie is dead on the server, not only in this browser.
    const after = await portal.fetch(`http://demo.localhost/api/users/${body.account.userid}/`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as any).redirect).toBe('/login');
    expect(after.headers.getSetCookie().join()).toMatch(/__Host-portal_session=;/);
  });

  it('answers 401 without a token and for a made-up one', async () => {
    const none = await edge().fetch('http://localhost/v1/users/1/');
    expect(none.status).toBe(401);
    const fake = await edge().fetch('http://localhost/v1/users/1/', { headers: { authorization: `Token ${'a'.repeat(64)}` } });
    expect(fake.status).toBe(401);
  });
});

describe('cross-origin requests', () => {
  it('refuses mutating /api calls and form posts from another origin', async () => {
    const api = await edge().fetch('http://demo.localhost/api/auth/ambassador/', json({ email: 'ava@demo.test', password: PASSWORD }, 'https://evil.example'));
    expect(api.status).toBe(403);
    const formPost = await edge().fetch('http://demo.localhost/login', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' }, body: 'email=a',
    });
    expect(formPost.status).toBe(403);
    const sibling = await edge().fetch('http://demo.localhost/login', {
      method: 'POST', headers: { origin: 'http://acme.localhost' }, body: '',
    });
    expect(sibling.status).toBe(403);
  });

  it('lets same-origin posts through', async () => {
    const res = await edge().fetch('http://demo.localhost/login', { method: 'POST', headers: { origin: 'http://demo.localhost' }, body: '' });
    expect(await res.text()).toBe('page:/login');
  });
});

describe('tenant isolation', () => {
  it('keeps a user of one company out of everything of another', async () => {
    const { token, account, ambassador_uid, company_id } = (await apiLogin('acme.localhost', 'alex@acme.test')).body;
    const { body: ava } = await apiLogin('demo.localhost', 'ava@demo.test');
    const auth = { headers: { authorization: `Token ${token}` } };
    // On demo's host acme's token is no session at all; on its own host it reaches only acme's rows.
    expect((await edge().fetch(`http://localhost/v1/users/${account.userid}/`, auth)).status).toBe(401);
    expect((await edge().fetch(`http://acme.localhost/v1/users/${account.userid}/`, auth)).status).toBe(200);
    expect((await edge().fetch(`http://acme.localhost/v1/users/${ava.account.userid}/`, auth)).status).toBe(404);
    expect((await edge().fetch(`http://acme.localhost/v1/portal/ambassadors/${ava.ambassador_uid}/`, auth)).status).toBe(404);
    expect((await edge().fetch(`http://acme.localhost/v1/companies/demo/ambassadors/`, auth)).status).toBe(404);
    const own = await edge().fetch(`http://acme.localhost/v1/companies/${company_id}/ambassadors/`, auth);
    expect(((await own.json()) as any).results).toHaveLength(1);
    const profile = (await (await edge().fetch(`http://acme.localhost/v1/portal/ambassadors/${ambassador_uid}/`, auth)).json()) as any;
    expect(profile.urls.length).toBeGreaterThan(0);
    const demoCampaigns = await env.DB.prepare("select id from campaigns where company_id = 'demo'").all<{ id: number }>();
    for (const url of profile.urls) expect(demoCampaigns.results.map((r) => r.id)).not.toContain(url.campaign_id);
  });

  it('does not let a cookie from one tenant act on another tenant host', async () => {
    const { cookie } = await browserLogin('demo.localhost', 'ava@demo.test');
    // Browsers would not send a host-only cookie to another host; a forged one is no session there.
    const res = await edge().fetch('http://acme.localhost/api/companies/demo/ambassadors/', { headers: { cookie } });
    expect(res.status).toBe(401);
    const own = await edge().fetch('http://demo.localhost/api/companies/demo/ambassadors/', { headers: { cookie } });
    expect(own.status).toBe(200);
  });
});

describe('the /api proxy', () => {
  it('times out a slow upstream with the no-response message', async () => {
    const slow = edge({ fetchUpstream: () => new Promise(() => {}), timeouts: { readMs: 150, writeMs: 100 } });
    // Prime the tenant cache through a normal app so only the proxied call is slow.
    await edge().fetch('http://demo.localhost/login');
    const { cookie } = await browserLogin('demo.localhost', 'ava@demo.test');
    const started = Date.now();
    const res = await slow.fetch('http://demo.localhost/api/users/1/', { headers: { cookie } });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ detail: 'No response from the server.', code: 'noResponse' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    const write = await slow.fetch('http://demo.localhost/api/ambassadors/x/active/', { method: 'PATCH', headers: { cookie, origin: 'http://demo.localhost' }, body: '{}' });
    expect(write.status).toBe(504);
  }, 30_000);

  it('forwards spec paths, query and all, to the upstream it is given', async () => {
    const seen: string[] = [];
    const remote = edge({
      fetchUpstream: async (req) => {
        seen.push(req.url);
        if (req.url.includes('/portal.json')) return Response.json([{ uid: 'remote', company_name: 'Remote', customization: {}, campaign_customizations: {}, groups: [] }]);
        return Response.json({ ok: true });
      },
    });
    const res = await remote.fetch('http://remote.localhost/api/users/1/?a=1');
    expect(res.status).toBe(200);
    expect(seen.some((u) => u.endsWith('/v1/users/1/?a=1'))).toBe(true);
  });
});

describe('registration through the browser API', () => {
  it('turns an auto-login token into the session cookie and never hands it to the page', async () => {
    const portal = edge();
    const origin = 'http://demo.localhost';
    const session = await portal.fetch(`${origin}/api/auth/session/`, { method: 'POST', headers: { origin } });
    const { client_session_uid } = (await session.json()) as { client_session_uid: string };
    const res = await portal.fetch(`${origin}/api/companies/demo/register/`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-client-session-id': client_session_uid, 'x-client-request-id': 'req-proxy-1' },
      body: JSON.stringify({ firstName: 'Pia', lastName: 'Proxy', email: 'pia.proxy@demo.test', country: 'US', terms: 'on' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.token).toBeUndefined();
    expect(body.auto_login).toBe(true);
    const cookie = cookiesFrom(res);
    expect(cookie).toMatch(/^__Host-portal_session=/);
    const me = await portal.fetch(`${origin}/api/users/${(body.account as { userid: number }).userid}/`, { headers: { cookie } });
    expect(((await me.json()) as { email: string }).email).toBe('pia.proxy@demo.test');
  });
});
