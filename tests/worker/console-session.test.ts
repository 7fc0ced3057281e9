// The console's cookie and staff client at the edge (src/edge/console-session.ts, src/edge/client/console.ts):
// console paths read `__Host-portal_console` only, a sign-in writes it with the portal cookie's attributes,
// and the staff client checks the session's stage and the endpoint's roles as the staff API's route does.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { createEdgeApp } from '../../src/edge/app';
import { ClientError } from '../../src/edge/client';
import type { EdgeEnv } from '../../src/edge/types';
import { token as ambassadorToken } from './profile-fixtures';
import { fullSession, signIn } from './staff-helpers';

/** Stands in for the console's pages: `/console/overview` answers the staff client's overview or its error, `/console/in` signs in. */
const consolePages: MiddlewareHandler<EdgeEnv> = async (c) => {
  const path = new URL(c.req.url).pathname;
  const staff = c.get('consoleClient');
  if (!path.startsWith('/console')) return c.text(`page:${path} console:${staff ? 'yes' : 'no'}`);
  try {
    if (path === '/console/in') {
      const answer = await staff!.staffSignIn({ body: { email: 'owner@demo.test', password: 'Password1!' } });
      c.set('consoleChange', { token: answer.token });
      return c.json({ stage: answer.stage });
    }
    return c.json(await staff!.staffOverview());
  } catch (err) {
    if (err instanceof ClientError) return c.json(err.body, err.status as 401);
    throw err;
  }
};
const app = createEdgeApp([consolePages]);

async function get(path: string, cookie = '', method = 'GET') {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers: { cookie, origin: 'http://localhost' } }), env as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('the console cookie', () => {
  it('a console sign-in writes __Host-portal_console with the portal cookie\'s attributes, and no portal session', async () => {
    const res = await get('/console/in', '', 'POST');
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    const own = cookies.find((c) => c.startsWith('__Host-portal_console='))!;
    expect(own).toMatch(/^__Host-portal_console=stf_[a-f0-9]{64}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookies.some((c) => c.startsWith('__Host-portal_session='))).toBe(false);
  });

  it('opens the console for a full staff session only; the portal\'s session is no console session', async () => {
    const token = await fullSession('localhost', 'owner@demo.test');
    expect((await get('/console/overview', `__Host-portal_console=${token}`)).status).toBe(200);
    const ava = await ambassadorToken('localhost', 'ava@demo.test');
    const portal = await get('/console/overview', `__Host-portal_session=1.${ava.uid}.${ava.token}`);
    expect(portal.status).toBe(401);
    // The portal token in the console's cookie is no staff token either.
    expect((await get('/console/overview', `__Host-portal_console=${ava.token}`)).status).toBe(401);
    // Outside /console there is no staff client at all.
    expect(await (await get('/app', `__Host-portal_console=${token}`)).text()).toBe('page:/app console:no');
  });

  it('the staff client refuses a session before its second factor as the route does', async () => {
    const pending = (await signIn('localhost', 'owner@demo.test')).body.token as string;
    const res = await get('/console/overview', `__Host-portal_console=${pending}`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('secondFactorRequired');
  });
});
