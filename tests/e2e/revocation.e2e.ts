// Revocation is immediate for pages, in the real app: an /app page the old cookie opened a
// moment ago was served from the isolate's kept verification (src/edge/caller-cache.ts); after each way a
// session ends, the very next page with that cookie (well within the kept verification's 10 s) says the
// session ended and goes to /login, and none of the person's data is anywhere in it (head included); the
// request after that clears the cookie. Each revocation is made where this isolate's kept verification of
// the old cookie is not dropped (another device's forms, the API, the operator API, D1), which is what
// another isolate sees. tests/worker/revocation.test.ts runs the same paths on two isolates.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ROOT, baseUrl, cookieHeader, logIn, newBrowser, portalInfo, sessionCookies, stopAll, localD1 } from './harness';

const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const BEN = 'ben@demo.test';
const PASSWORD = 'Password1!';
const SESSION = '__Host-portal_session';
const PAGES = ['/app', '/app/account', '/app/stats', '/app/sharing'];

const operator = (path: string) => fetch(`${baseUrl()}/v1/operator${path}`, {
  method: 'POST', headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' }, body: '{}',
});

interface Device {
  cookie: string;
  token: string;
  userId: string;
  uid: string;
}

/** A browser signed in as ben (or `email`): a fresh session. */
async function signIn(email = BEN): Promise<Device> {
  const cookies = await sessionCookies('localhost', email);
  const value = cookies.find((c) => c.name === SESSION)!.value;
  const [userId, uid, token] = value.split('.') as [string, string, string];
  return { cookie: cookieHeader(cookies), token, userId, uid };
}

async function get(device: Device, path: string) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { cookie: device.cookie }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), setCookie: res.headers.getSetCookie(), html: await res.text() };
}

/** A form of the portal, posted the way the browser posts it (same origin). */
async function post(path: string, fields: Record<string, string>, device?: Device) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST', redirect: 'manual', body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(baseUrl()).origin, ...(device ? { cookie: device.cookie } : {}) },
  });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

async function api(device: Device, method: string, path: string) {
  const res = await fetch(`${baseUrl()}/v1${path}`, { method, headers: { authorization: `Token ${device.token}` } });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as any };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** ben's name, e-mail, campaign names and avatar as the API gives them: what his pages show and nobody else's may. */
async function privateMarkers(device: Device) {
  const user = (await api(device, 'GET', `/users/${device.userId}/`)).body;
  const profile = (await api(device, 'GET', `/portal/ambassadors/${device.uid}/`)).body;
  const campaigns = (profile.urls as { campaign_name: string }[]).map((u) => u.campaign_name);
  expect(campaigns.length).toBeGreaterThan(0);
  const avatar = profile.avatar_url ? [new URL(profile.avatar_url, baseUrl()).pathname] : [];
  return [user.first_name, user.last_name, user.email, ...campaigns, ...avatar].map(escapeHtml) as string[];
}

/** Opens ben's pages with `device` (his data is there), so the isolate keeps the verification. */
async function warm(device: Device, markers: string[]) {
  const all = (await Promise.all(PAGES.map(async (path) => {
    const page = await get(device, path);
    expect(page.status, path).toBe(200);
    expect(page.html, path).not.toContain('data-session-ended');
    return page.html;
  }))).join('\n');
  for (const marker of markers) expect(all).toContain(marker);
  // The dashboard's numbers (tiles) and the shell are there too.
  expect(all).toContain('id="shell"');
}

/**
 * The old cookie's next page (`path`, one of PAGES): "session ended", /login, and nothing of the person, head
 * included. Only that one: the refusal also drops the kept verification, so the page after it is a redirect.
 */
async function expectEnded(device: Device, markers: string[], path: string) {
  const page = await get(device, path);
  expect(page.status, path).toBe(200);
  expect(page.html, path).toContain('data-session-ended');
  expect(page.html, path).toMatch(/<meta http-equiv="refresh" content="0;url=\/login"/);
  expect(page.html, path).toContain('href="/login"');
  for (const marker of markers) expect(page.html, `${path}: ${marker}`).not.toContain(marker);
  for (const part of ['id="shell"', 'data-tile', 'data-analytics-identify', 'name="current_password"']) expect(page.html, `${path}: ${part}`).not.toContain(part);
}

/** The request after that: no page, the cookie cleared, /login. */
async function expectSignedOut(device: Device) {
  const page = await get(device, '/app');
  expect(page.status).toBe(303);
  expect(page.location).toBe('/login');
  expect(page.setCookie.find((c) => c.startsWith(`${SESSION}=`))).toMatch(/^__Host-portal_session=; Max-Age=0/);
}

let browser: Browser;
let ben: Device;
let markers: string[];
beforeAll(async () => {
  browser = await newBrowser();
});
beforeEach(async () => {
  ben = await signIn();
  markers = await privateMarkers(ben);
  await warm(ben, markers);
});
afterAll(async () => {
  await operator('/ambassadors/amb-ben/reactivate');
  await stopAll();
});

describe('a revoked session\'s pages show none of the person\'s data', () => {
  it('logout on this device: the next page is the login, the cookie cleared', async () => {
    expect((await post('/logout', {}, ben)).status).toBe(303);
    await expectSignedOut(ben);
  });

  it('logout of this session from another browser (the API, with its token)', async () => {
    expect((await api(ben, 'POST', '/auth/logout/')).status).toBeLessThan(300);
    await expectEnded(ben, markers, '/app');
    await expectSignedOut(ben);
  });

  it('password change on the account page of another device; that device stays signed in', async () => {
    const laptop = await signIn();
    const changed = await post('/app/account', { _action: 'password', current_password: PASSWORD, password: 'Revoke-Test-2026!', repeat_password: 'Revoke-Test-2026!' }, laptop);
    expect(changed).toEqual({ status: 303, location: '/app/account#credentials' });
    try {
      await expectEnded(ben, markers, '/app/account');
      await expectSignedOut(ben);
      expect((await get(laptop, '/app')).html).not.toContain('data-session-ended');
    } finally {
      await post('/app/account', { _action: 'password', current_password: 'Revoke-Test-2026!', password: PASSWORD, repeat_password: PASSWORD }, laptop);
    }
  });

  it('password reset through the forgot-password flow', async () => {
    expect((await post('/forgot-password', { email: BEN })).status).toBe(303);
    const run = spawnSync('npx', ['--no', 'node', 'scripts/outbox.mjs', '--json', '--to', BEN, '--limit', '1', '--persist-to', portalInfo().stateDir], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const [mail] = JSON.parse(run.stdout.slice(run.stdout.indexOf('['))) as { body_text: string }[];
    const code = /: ([A-Z0-9]{10})$/m.exec(mail!.body_text)![1]!;
    const reset = await post('/reset-password', { email: BEN, code, password: PASSWORD, repeat_password: PASSWORD });
    expect(reset.status).toBe(303);
    expect(reset.location).toMatch(/done=1/);
    await expectEnded(ben, markers, '/app/stats');
    await expectSignedOut(ben);
  });

  it('deactivation by the person on the account page of another device; that device stays signed in', async () => {
    const laptop = await signIn();
    expect((await post('/app/account', { _action: 'deactivate', confirmed: 'yes' }, laptop)).status).toBe(303);
    try {
      await expectEnded(ben, markers, '/app/sharing');
      await expectSignedOut(ben);
      expect((await get(laptop, '/app')).html).toContain('data-deactivated-banner');
    } finally {
      await post('/app/account', { _action: 'reactivate', confirmed: 'yes' }, laptop);
    }
  });

  it('deactivation by the operator (company key)', async () => {
    expect((await operator('/ambassadors/amb-ben/deactivate')).status).toBe(200);
    try {
      await expectEnded(ben, markers, '/app/account');
      await expectSignedOut(ben);
    } finally {
      await operator('/ambassadors/amb-ben/reactivate');
    }
  });

  it('a token that expired in the database', async () => {
    localD1(`UPDATE api_tokens SET expires_at = '2020-01-01T00:00:00Z' WHERE user_id = ${Number(ben.userId)} AND revoked_at IS NULL`);
    await expectEnded(ben, markers, '/app');
    await expectSignedOut(ben);
  });
});

describe('a revoked session learns nothing from the status either', () => {
  it('a reward detail that is not there answers 404 to its owner, and only "session ended" to a revoked session', async () => {
    const ava = await signIn('ava@demo.test');
    const path = '/app/rewards?redemption=999999999';
    expect((await get(ava, path)).status).toBe(404);
    expect((await api(ava, 'POST', '/auth/logout/')).status).toBeLessThan(300);
    const page = await get(ava, path);
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-session-ended');
  });
});

describe('a revoked session in the browser', () => {
  it('shows the session ended, not the dashboard, and goes on to the login form', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'localhost', BEN);
    await page.goto(`${baseUrl()}/app/stats`);
    expect(await page.textContent('body')).toContain('Ben');

    expect((await operator('/ambassadors/amb-ben/deactivate')).status).toBe(200);
    try {
      await page.goto(`${baseUrl()}/app`);
      await page.waitForURL(/\/login/);
      expect(await page.content()).not.toContain(BEN);
    } finally {
      await operator('/ambassadors/amb-ben/reactivate');
      await context.close();
    }
  });
});
