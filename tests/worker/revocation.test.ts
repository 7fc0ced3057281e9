// Revocation is immediate for pages (issue 17). A page view may reuse this isolate's verification of
// the session for its first byte (src/edge/session-cache.ts), but nothing private renders before the
// session is confirmed in the page's own D1 batch (page-data sessionConfirmed, SessionGate in the shell).
// Each revocation path runs through the real API; "another isolate" is one that still holds the
// verification it made before (re-remembered here after the revoking request dropped this isolate's).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyToken } from '../../src/api/core/token-auth';
import { loadShell, sessionConfirmed } from '../../src/edge/page-data';
import { rememberCaller, resetCallerCache } from '../../src/edge/session-cache';
import type { EdgeEnv } from '../../src/edge/types';
import { forgetTenants } from '../../src/edge/tenant';
import { codeFrom, freshIp, lastEmail, postJson, call as callApi } from './accounts-helpers';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';
import { call, passwordLogin, token, type Who } from './profile-fixtures';

/**
 * An /app page as the shell renders it: the profile with the page's data, and the person's name only
 * once the session is confirmed (what SessionGate does); else what a revoked session sees.
 */
const shellPage: MiddlewareHandler<EdgeEnv> = async (c) => {
  const locals = { ctx: c.var.ctx, client: c.var.client } as unknown as App.Locals;
  if (!c.var.ctx.me) return new Response('anonymous');
  const [shell, ok] = await Promise.all([loadShell(locals), sessionConfirmed(locals)]);
  return new Response(ok ? `private:${shell.user.first_name}:${shell.profile.email ?? ''}` : 'session-ended');
};
const portal = edge({}, [shellPage as MiddlewareHandler]);

const cookie = (who: Who) => `__Host-portal_session=${who.userId}.${who.uid}.${who.token}`;

async function view(who: Who) {
  const ctx = createExecutionContext();
  const res = await portal.app.fetch(new Request('http://localhost/app', { headers: { cookie: cookie(who) }, redirect: 'manual' }), { ...env, D1_METER: '1' }, ctx);
  await waitOnExecutionContext(ctx);
  return { text: await res.text(), trips: Number(res.headers.get('x-d1-round-trips')) };
}

/** What an isolate that served `who` before the revocation still holds. */
async function otherIsolateRemembers(who: Who) {
  const caller = (await verifyToken(env.DB, who.token, 'demo'))!;
  return () => rememberCaller(who.token, 'demo', '', caller);
}

let ben: Who;
beforeEach(async () => {
  resetCallerCache();
  forgetTenants();
  ben = await token('localhost', 'ben@demo.test');
  await portal.fetch('http://localhost/login'); // the tenant lookup, cached from here on
});
afterEach(async () => {
  resetCallerCache();
  await op(KEYS.demo, 'POST', '/ambassadors/amb-ben/reactivate', {});
  await env.DB.prepare("UPDATE ambassadors SET deactivated_by_self = 0 WHERE company_id = 'demo' AND uid = 'amb-ben'").run();
});

async function expectRevoked(who: Who, stale: () => void) {
  stale();
  const page = await view(who);
  expect(page.text).toBe('session-ended');
  expect(page.text).not.toContain('Ben');
  expect(page.text).not.toContain('ben@demo.test');
}

describe('a revoked session renders no private data, even where a verification was kept', () => {
  it('confirms a kept verification in the page\'s own D1 batch: warm pages still cost one round trip', async () => {
    const first = await view(ben);
    expect(first.text).toMatch(/^private:Ben:/);
    const warm = await view(ben);
    expect(warm).toEqual({ text: first.text, trips: 1 });
  });

  it('after a logout on another device', async () => {
    await view(ben);
    const stale = await otherIsolateRemembers(ben);
    expect((await call(ben, 'POST', '/auth/logout/')).status).toBeLessThan(300);
    await expectRevoked(ben, stale);
  });

  it('after a password change on another device', async () => {
    await view(ben);
    const stale = await otherIsolateRemembers(ben);
    const other = await passwordLogin('localhost', 'ben@demo.test');
    const changed = await call(other, 'POST', `/users/${other.userId}/password/`, { current_password: 'Password1!', password: 'Password2!x', repeat_password: 'Password2!x' });
    expect(changed.status).toBe(200);
    await expectRevoked(ben, stale);
    await call(other, 'POST', `/users/${other.userId}/password/`, { current_password: 'Password2!x', password: 'Password1!', repeat_password: 'Password1!' });
  });

  it('after a password reset', async () => {
    await view(ben);
    const stale = await otherIsolateRemembers(ben);
    await callApi('http://localhost/v1/auth/ambassador/forgot_password/?host=localhost', postJson({ email: 'ben@demo.test' }, {}, { ip: freshIp() }));
    const { code } = codeFrom((await lastEmail('demo', 'ben@demo.test'))!.body_text);
    const reset = await callApi('http://localhost/v1/auth/ambassador/reset_password/?host=localhost',
      postJson({ email: 'ben@demo.test', code, password: 'Password1!', repeat_password: 'Password1!' }, {}, { ip: freshIp() }));
    expect(reset.status).toBe(200);
    await expectRevoked(ben, stale);
  });

  it('after the operator deactivates the ambassador', async () => {
    await view(ben);
    const stale = await otherIsolateRemembers(ben);
    expect((await op(KEYS.demo, 'POST', '/ambassadors/amb-ben/deactivate', {})).status).toBe(200);
    await expectRevoked(ben, stale);
  });

  it('after the person deactivates their account on another device (that device stays signed in)', async () => {
    await view(ben);
    const stale = await otherIsolateRemembers(ben);
    const other = await passwordLogin('localhost', 'ben@demo.test');
    expect((await call(other, 'PATCH', `/ambassadors/${other.uid}/active/`, { deactivated_by_self: true })).status).toBe(200);
    await expectRevoked(ben, stale);
    expect((await view(other)).text).toMatch(/^private:Ben:/);
  });

  it('after the token is revoked or expires in the database', async () => {
    await view(ben);
    const stale = await otherIsolateRemembers(ben);
    await env.DB.prepare("UPDATE api_tokens SET expires_at = '2020-01-01T00:00:00Z' WHERE user_id = ? AND revoked_at IS NULL").bind(ben.userId).run();
    await expectRevoked(ben, stale);
  });

  it('drops the kept verification once refused: the next page asks D1 again and finds the session invalid', async () => {
    await view(ben);
    const stale = await otherIsolateRemembers(ben);
    await call(ben, 'POST', '/auth/logout/');
    await expectRevoked(ben, stale);
    expect((await view(ben)).text).toBe('anonymous');
  });
});
