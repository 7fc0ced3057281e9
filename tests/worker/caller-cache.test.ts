// Page views reuse this isolate's recent verification of a session (src/edge/caller-cache.ts), so the
// head streams before any D1 round trip: what a person sees must still follow their own writes at once,
// a logout at once, and a revocation made elsewhere at once too: the request context keeps the
// verification for the first byte, the page confirms it with its data (tests/worker/revocation.test.ts
// walks every revocation path on two isolates).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionConfirmed } from '../../src/edge/pages/page-data';
import { CALLER_TTL_MS, resetCallerCache } from '../../src/edge/caller-cache';
import { WRITE_STAMP_COOKIE } from '../../src/edge/session';
import type { EdgeEnv } from '../../src/edge/types';
import { forgetTenants } from '../../src/edge/tenant';
import { edge } from './helpers';
import { token, type Who } from './profile-fixtures';

/** A page that says who the request context verified (and, at /app/confirmed, whether the page confirms it). */
const whoPage: MiddlewareHandler<EdgeEnv> = async (c) => {
  const { requestContext } = c.var;
  const who = requestContext.me ? `me:${requestContext.me.user.first_name}` : requestContext.sessionInvalid ? 'invalid' : 'anonymous';
  if (!requestContext.me || new URL(c.req.url).pathname !== '/app/confirmed') return new Response(who);
  const locals = { client: c.var.client } as App.Locals;
  return new Response(`${who}:${(await sessionConfirmed(locals)) ? 'confirmed' : 'ended'}`);
};
const portal = edge({}, [whoPage as MiddlewareHandler]);

let now = 1_000_000;
let ava: Who;
beforeEach(async () => {
  resetCallerCache(() => now);
  forgetTenants();
  ava = await token('localhost', 'ava@demo.test');
});
afterEach(async () => {
  resetCallerCache();
  await env.DB.prepare("UPDATE users SET first_name = 'Ava' WHERE email = 'ava@demo.test'").run();
});

const sessionCookie = (who: Who) => `__Host-portal_session=${who.userId}.${who.uid}.${who.token}`;

/** A page view with the D1 meter on: the page's text and its round trips before the first byte. */
async function view(who: Who, stamp = '', path = '/app') {
  const ctx = createExecutionContext();
  const cookie = sessionCookie(who) + (stamp ? `; ${WRITE_STAMP_COOKIE}=${stamp}` : '');
  const res = await portal.app.fetch(new Request(`http://localhost${path}`, { headers: { cookie }, redirect: 'manual' }), { ...env, D1_METER: '1' }, ctx);
  await waitOnExecutionContext(ctx);
  return { text: await res.text(), trips: Number(res.headers.get('x-d1-round-trips')) };
}

const rename = (name: string) => env.DB.prepare('UPDATE users SET first_name = ? WHERE email = ?').bind(name, 'ava@demo.test').run();
const revoke = (who: Who) => env.DB.prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00Z' WHERE user_id = ? AND revoked_at IS NULL").bind(who.userId).run();

describe('verified sessions of page views', () => {
  it('checks the token once, then serves the next page views without a D1 round trip', async () => {
    await portal.fetch('http://localhost/login'); // the tenant lookup, cached from here on
    const first = await view(ava);
    expect(first).toEqual({ text: 'me:Ava', trips: 1 });
    const second = await view(ava, '', '/app/stats');
    expect(second).toEqual({ text: 'me:Ava', trips: 0 });
  });

  it('reads afresh after the person writes: a write drops the entry here and gives a new stamp for every isolate', async () => {
    await view(ava);
    await rename('Avery');
    // Any request but GET/HEAD by the session: the kept verification goes, a new write stamp is set.
    const ctx = createExecutionContext();
    const post = await portal.app.fetch(new Request('http://localhost/app/account', {
      method: 'POST', headers: { cookie: sessionCookie(ava), origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' }, body: '',
    }), env, ctx);
    await waitOnExecutionContext(ctx);
    const stamp = post.headers.getSetCookie().find((c) => c.startsWith(`${WRITE_STAMP_COOKIE}=`));
    expect(stamp).toMatch(/HttpOnly/);
    expect(stamp).toMatch(/Secure/);
    const value = stamp!.split(';')[0]!.split('=')[1]!;
    expect((await view(ava, value)).text).toBe('me:Avery');
  });

  it('does not answer for another write stamp (what another isolate sees after this browser wrote)', async () => {
    await view(ava, 'aaaa');
    await rename('Avery');
    expect((await view(ava, 'bbbb')).text).toBe('me:Avery');
  });

  it('keeps a verification for the first byte within its lifetime, but a page never confirms a revoked session', async () => {
    await view(ava);
    await revoke(ava);
    // Another device logged out (or an operator revoked the token) without passing through this isolate:
    // the request context still has the kept verification, the page's confirmation refuses it and drops it.
    expect((await view(ava)).text).toBe('me:Ava');
    expect((await view(ava, '', '/app/confirmed')).text).toBe('me:Ava:ended');
    expect((await view(ava)).text).toBe('invalid');
  });

  it('forgets a verification after its lifetime', async () => {
    await view(ava);
    await revoke(ava);
    now += CALLER_TTL_MS;
    expect((await view(ava)).text).toBe('invalid');
  });

  it('confirms a session that still holds: a kept verification is not refused for being kept', async () => {
    await view(ava);
    expect((await view(ava, '', '/app/confirmed')).text).toBe('me:Ava:confirmed');
  });

  it('ends the session at once when the logout passes through this isolate', async () => {
    await view(ava);
    const ctx = createExecutionContext();
    const out = await portal.app.fetch(new Request('http://localhost/api/auth/logout/', {
      method: 'POST', headers: { cookie: sessionCookie(ava), origin: 'http://localhost' },
    }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(out.status).toBeLessThan(300);
    expect((await view(ava)).text).toBe('invalid');
  });

  it('never serves the browser API from it: /api verifies the token on every call', async () => {
    await view(ava);
    await revoke(ava);
    const res = await portal.fetch(`http://localhost/api/users/${ava.userId}/`, { headers: { cookie: sessionCookie(ava) } });
    expect(res.status).toBe(401);
  });

  it('keeps a verification to its tenant: the same cookie on another tenant host is no session there', async () => {
    await view(ava);
    const ctx = createExecutionContext();
    const res = await portal.app.fetch(new Request('http://acme.localhost/app', { headers: { cookie: sessionCookie(ava) } }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await res.text()).toBe('invalid');
  });
});
