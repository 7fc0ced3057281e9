// Edge trust: no request from outside the Worker sets a header the edge and the API use among
// themselves. `x-portal-company: acme` on the demo host was taken as the tenant, and any caller could name
// the portal's host (links in e-mails), the client's address (limits) or its device (fraud signals). Each
// internal header is sent here with a hostile value from outside and changes nothing; only another portal
// of this deployment, signing them (remote mode), is believed.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/api/core/rate-limit';
import { INTERNAL_HEADERS, SIGNATURE_HEADER, SIGNATURE_MAX_AGE_SECONDS, signInternalHeaders } from '../../src/edge/internal-headers';
import { forgetTenants } from '../../src/edge/tenant';
import { call, freshIp, lastEmail, postJson } from './accounts-helpers';
import { edge } from './helpers';
import { KEYS } from './operator-fixtures';
import { login, type Who } from './sharing-fixtures';

let ava: Who;
let alex: Who;
beforeEach(async () => {
  forgetTenants();
  ava ??= await login('localhost', 'ava@demo.test');
  alex ??= await login('acme.localhost', 'alex@acme.test');
});

const asWho = (who: Who, headers: Record<string, string> = {}) => ({ headers: { authorization: `Token ${who.token}`, ...headers } });
const userOf = (who: Who, host: string, headers: Record<string, string> = {}) => edge().fetch(`http://${host}/v1/users/${who.userId}/`, asWho(who, headers));

/** A request as it reaches the Worker, through the edge app. */
async function send(request: Request) {
  const ctx = createExecutionContext();
  const res = await edge().app.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The stored click of a POST /v1/clicks/ from outside (the clicks are written at once in tests). */
async function clickFromOutside(headers: Record<string, string>) {
  const res = await edge().fetch('http://localhost/v1/clicks/', {
    method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', ...headers },
    body: JSON.stringify({ share_link_uid: 'sl-ava-demo' }),
  });
  expect(res.status).toBe(201);
  const { click_uid } = (await res.json()) as { click_uid: string };
  return env.DB.prepare('SELECT ip_hash, device_hash, client_hash FROM clicks WHERE click_uid = ?').bind(click_uid)
    .first<{ ip_hash: string | null; device_hash: string | null; client_hash: string }>();
}

/** One check per internal header: sent from outside with a hostile value, it has no effect an attacker could see. */
const HOSTILE: Record<(typeof INTERNAL_HEADERS)[number], () => Promise<void>> = {
  async 'x-portal-company'() {
    // On the demo host, naming acme neither switches the tenant for a demo token nor lets an acme token in.
    const own = await userOf(ava, 'localhost', { 'x-portal-company': 'acme' });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { email: string }).email).toBe('ava@demo.test');
    expect((await userOf(alex, 'localhost', { 'x-portal-company': 'acme' })).status).toBe(401);
    const key = await edge().fetch('http://localhost/v1/operator/payouts', { headers: { authorization: `Bearer ${KEYS.acme}`, 'x-portal-company': 'acme' } });
    expect(key.status).toBe(401);
    // On a host that is no tenant's, naming one makes nobody's token good.
    expect((await userOf(ava, 'nobody.localhost', { 'x-portal-company': 'demo' })).status).toBe(401);
    // Public calls stay in the host's tenant: acme's link is unknown on demo's host, whatever is named.
    const resolve = (code: string) => edge().fetch(`http://localhost/v1/share_links/resolve/?short_code=${code}`, { headers: { 'x-portal-company': 'acme' } });
    expect((await resolve('alex-trail')).status).toBe(404);
    expect((await resolve('ava-demo')).status).toBe(200);
  },
  async 'x-forwarded-host'() {
    const hostile = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    // The reset e-mail links to the host the request came to, as typed, not the one named.
    const res = await call('http://localhost/v1/auth/ambassador/forgot_password/?host=localhost', postJson({ email: 'ben@demo.test' }, hostile, { ip: freshIp() }));
    expect(res.status).toBe(200);
    const mail = await lastEmail('demo', 'ben@demo.test');
    expect(mail!.body_text).not.toContain('evil.example');
    expect(mail!.body_text).toMatch(/http:\/\/localhost\/reset-password\?/);
    // Answers that carry the portal's address (share links) carry the real one.
    const profile = await edge().fetch(`http://localhost/v1/portal/ambassadors/${ava.uid}/`, asWho(ava, hostile));
    const text = await profile.text();
    expect(profile.status).toBe(200);
    expect(text).not.toContain('evil.example');
    expect(text).toContain('http://localhost/r/');
    // And the operator's webhook address too.
    const stripe = await edge().fetch('http://localhost/v1/operator/integrations/stripe', { headers: { authorization: `Bearer ${KEYS.demo}`, ...hostile } });
    expect(((await stripe.json()) as { webhook_url: string }).webhook_url).toBe('http://localhost/v1/hooks/stripe/demo');
  },
  async 'x-forwarded-proto'() {
    const res = await edge().fetch(`http://localhost/v1/portal/ambassadors/${ava.uid}/`, asWho(ava, { 'x-forwarded-proto': 'https' }));
    const text = await res.text();
    expect(text).not.toContain('https://localhost');
    expect(text).toContain('http://localhost/r/');
  },
  async 'x-portal-client-ip'() {
    // One client rotating the address it claims is still one client to the login limit.
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.client.limit; i++) {
      const res = await call('http://localhost/v1/auth/ambassador/?host=localhost',
        postJson({ email: 'nocampaign@demo.test', password: `Wrong-${i}!` }, { 'x-portal-client-ip': `198.51.100.${i}` }, { ip }));
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    // A click's network is the one the request came from, not the one it names.
    const [a, b] = [await clickFromOutside({ 'cf-connecting-ip': '192.0.2.61', 'x-portal-client-ip': '203.0.113.1' }),
      await clickFromOutside({ 'cf-connecting-ip': '192.0.2.61', 'x-portal-client-ip': '203.0.113.2' })];
    expect(a!.ip_hash).toBeTruthy();
    expect(a!.ip_hash).toBe(b!.ip_hash);
  },
  async 'x-portal-device'() {
    // Nobody plants a device id on a click from outside (the fraud rules' "same device" signal).
    const click = await clickFromOutside({ 'cf-connecting-ip': '192.0.2.62', 'x-portal-device': 'devicedevicedevicedevice42' });
    expect(click!.device_hash).toBeNull();
  },
};

describe('internal headers from outside the Worker', () => {
  it('every internal header has its hostile case here', () => {
    expect(Object.keys(HOSTILE).sort()).toEqual([...INTERNAL_HEADERS].sort());
  });

  it.each(INTERNAL_HEADERS)('%s with a hostile value changes nothing', async (name) => {
    await HOSTILE[name]();
  });

  it('all of them at once change nothing either', async () => {
    const all = { 'x-portal-company': 'acme', 'x-forwarded-host': 'acme.localhost', 'x-forwarded-proto': 'https', 'x-portal-client-ip': '203.0.113.3', 'x-portal-device': 'devicedevicedevicedevice43' };
    expect((await userOf(alex, 'localhost', all)).status).toBe(401);
    expect((await userOf(ava, 'localhost', all)).status).toBe(200);
  });
});

describe('a remote portal\'s signed internal headers', () => {
  /** The headers a portal fronting this one sends for alex on acme (remote mode), to the API's bare address. */
  const remoteCall = (path = `/v1/users/${alex.userId}/`, headers: Record<string, string> = {}) => new Request(`http://127.0.0.1${path}`, {
    headers: { authorization: `Token ${alex.token}`, 'x-portal-company': 'acme', 'x-forwarded-host': 'acme.localhost', 'x-forwarded-proto': 'http', ...headers },
  });

  it('are believed with a fresh signature of this deployment, on a host that is no tenant\'s', async () => {
    const res = await send(await signInternalHeaders(env, remoteCall()));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe('alex@acme.test');
  });

  it('are stripped without one, or with a forged, edited, stale, future or foreign one', async () => {
    const signed = await signInternalHeaders(env, remoteCall());
    const signature = signed.headers.get(SIGNATURE_HEADER)!;
    const at = Number(signature.split('.')[0]);
    const late = (SIGNATURE_MAX_AGE_SECONDS + 60) * 1000;
    const cases: [string, Request][] = [
      ['none', remoteCall()],
      ['garbage', remoteCall(undefined, { [SIGNATURE_HEADER]: 'not-a-signature' })],
      ['forged', remoteCall(undefined, { [SIGNATURE_HEADER]: `${at}.${'A'.repeat(43)}` })],
      ['another tenant named after signing', remoteCall(undefined, { [SIGNATURE_HEADER]: signature, 'x-portal-company': 'demo' })],
      ['another host named after signing', remoteCall(undefined, { [SIGNATURE_HEADER]: signature, 'x-forwarded-host': 'evil.example' })],
      ['another path', remoteCall(`/v1/users/${alex.userId}/?x=1`, { [SIGNATURE_HEADER]: signature })],
      ['stale', await signInternalHeaders(env, remoteCall(), Date.now() - late)],
      ['from the future', await signInternalHeaders(env, remoteCall(), Date.now() + late)],
      ['another deployment\'s secret', await signInternalHeaders({ ...env, PORTAL_SIGNING_SECRET: 'another-deployment' }, remoteCall())],
    ];
    for (const [label, request] of cases) {
      const res = await send(request);
      expect(res.status, label).toBe(401);
    }
  });

  it('a valid signature is refused for another method on the same path', async () => {
    const path = `/v1/portal/ambassadors/${alex.uid}/`;
    const signed = await signInternalHeaders(env, remoteCall(path));
    expect((await send(new Request(signed))).status).toBe(200);
    const patch = new Request(signed.url, { method: 'PATCH', headers: { ...Object.fromEntries(signed.headers), 'content-type': 'application/json' }, body: '{"first_name":"Mallory"}' });
    expect((await send(patch)).status).toBe(401);
  });
});
