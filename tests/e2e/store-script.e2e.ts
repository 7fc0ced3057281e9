// The store script in a real browser: a stand-in store on another host and port
// (store.localhost, a small Node server) loads <script src="http://<portal>/t.js">, and a visitor lands
// from a share link's redirect with ?mbsy=<code>&mbsy_cid=<click id>. The click is kept in cookies of the
// store's own host for the company's window, answered on later pages without the parameters, replaced by a
// newer landing, never taken from a bad value, and with data-consent="pending" not written until consent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll } from './harness';

const ACME_KEY = 'opk_demo_local_only_acme_2b8e4f1a97c35d60';
const DAY = 86_400;
const CLICK = '0b7c2f1e-52a4-4d3b-9f0e-6a1d2c3b4a59';
const NEWER_CLICK = '7d41c0aa-93e2-4b1f-8c55-1e2f3a4b5c6d';

/** Store pages: /<tenant>/<page>, `-pending` after the tenant for the consent flag. */
const STORES: Record<string, { host: string; attrs: string }> = {
  demo: { host: 'localhost', attrs: '' },
  'demo-pending': { host: 'localhost', attrs: ' data-consent="pending"' },
  // crossorigin: the script is fetched in CORS mode, which only works because /t.js answers `*`.
  acme: { host: 'acme.localhost', attrs: ' crossorigin="anonymous"' },
};

let store: http.Server;
let storeOrigin: string;
let browser: Browser;
let acmeSettings: unknown;

const acmeCustomization = (method: string, body?: unknown) =>
  fetch(`${baseUrl('acme.localhost')}/v1/operator/customization`, {
    method, headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  store = http.createServer((req, res) => {
    const [, tenant = '', page = ''] = new URL(req.url!, 'http://store').pathname.split('/');
    const shop = STORES[tenant];
    if (!shop) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Store ${page || 'home'}</title><h1>Trail shoes</h1>`
      + `<script src="${baseUrl(shop.host)}/t.js"${shop.attrs}></script>`);
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  storeOrigin = `http://store.localhost:${(store.address() as AddressInfo).port}`;
  browser = await newBrowser();
  // Acme keeps clicks 30 days (the demo company keeps the default 90).
  acmeSettings = (await (await acmeCustomization('GET')).json() as { settings: Record<string, unknown> }).settings;
  const put = await acmeCustomization('PUT', { ...(acmeSettings as object), attribution: { window_days: 30 } });
  expect(put.status).toBe(200);
});

afterAll(async () => {
  await acmeCustomization('PUT', acmeSettings);
  await new Promise((resolve) => store?.close(resolve));
  await stopAll();
});

/** Opens a store page and waits for the script; fails on any script error of the page. */
async function visit(page: Page, path: string) {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${storeOrigin}${path}`);
  await page.waitForFunction(() => 'mbsy' in window);
  expect(errors).toEqual([]);
  return {
    clickId: () => page.evaluate(() => (window as unknown as { mbsy: { clickId(): string | null } }).mbsy.clickId()),
    code: () => page.evaluate(() => (window as unknown as { mbsy: { code(): string | null } }).mbsy.code()),
  };
}

const mbsyCookies = async (context: BrowserContext) => (await context.cookies()).filter((c) => c.name.startsWith('mbsy'));

/** The cookie's expiry as days from now (the browser's clock and ours agree to well under a day). */
const daysLeft = (expires: number) => Math.round((expires - Date.now() / 1000) / DAY);

describe('the store script on a store of another origin', () => {
  it('keeps the landing\'s click id and code on the store\'s host only, for the company\'s window', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const landing = await visit(page, `/demo/?mbsy=ava-demo&campaignid=102&mbsy_cid=${CLICK}`);
    expect(await landing.clickId()).toBe(CLICK);
    expect(await landing.code()).toBe('ava-demo');

    const cookies = await context.cookies();
    // Every cookie of the visit is the store's: none on the portal's hosts, none on a parent domain.
    expect(cookies.map((c) => `${c.name}@${c.domain}`).sort()).toEqual(['mbsy@store.localhost', 'mbsy_cid@store.localhost']);
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
      expect(daysLeft(cookie.expires), cookie.name).toBe(90);
    }
    expect(cookies.find((c) => c.name === 'mbsy_cid')!.value).toBe(CLICK);

    // A later page without the parameters answers from the cookie.
    const checkout = await visit(page, '/demo/checkout');
    expect(await checkout.clickId()).toBe(CLICK);
    expect(await checkout.code()).toBe('ava-demo');
    await context.close();
  });

  it('lets a newer landing replace the click, and ignores a bad or oversized value', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await visit(page, `/demo/?mbsy=ava-demo&mbsy_cid=${CLICK}`);
    await visit(page, `/demo/?mbsy_cid=${NEWER_CLICK}`);
    let checkout = await visit(page, '/demo/checkout');
    expect(await checkout.clickId()).toBe(NEWER_CLICK);
    // The newer landing carried no code: the older landing's code is not paired with it.
    expect(await checkout.code()).toBeNull();

    for (const bad of ['x'.repeat(65), 'not%20url%20safe', '%3Cscript%3E', 'a%3B%20Domain%3Dlocalhost']) {
      const landing = await visit(page, `/demo/?mbsy_cid=${bad}`);
      expect(await landing.clickId(), bad).toBe(NEWER_CLICK);
    }
    checkout = await visit(page, '/demo/checkout');
    expect(await checkout.clickId()).toBe(NEWER_CLICK);
    expect((await mbsyCookies(context)).map((c) => `${c.name}=${c.value}@${c.domain}`)).toEqual([`mbsy_cid=${NEWER_CLICK}@store.localhost`]);
    await context.close();
  });

  it('bakes in the company\'s window: acme\'s store keeps the click 30 days', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const landing = await visit(page, `/acme/?mbsy=alex-acme&mbsy_cid=${CLICK}`);
    expect(await landing.clickId()).toBe(CLICK);
    const cookies = await mbsyCookies(context);
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie.domain).toBe('store.localhost');
      expect(daysLeft(cookie.expires), cookie.name).toBe(30);
    }
    await context.close();
  });

  it('with data-consent="pending" writes no cookie until mbsy.consent(), and answers from the URL meanwhile', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const landing = await visit(page, `/demo-pending/?mbsy=ava-demo&mbsy_cid=${CLICK}`);
    expect(await landing.clickId()).toBe(CLICK);
    expect(await context.cookies()).toEqual([]);

    // Without consent a later page has nothing to answer with.
    const before = await visit(await context.newPage(), '/demo-pending/checkout');
    expect(await before.clickId()).toBeNull();

    await page.evaluate(() => (window as unknown as { mbsy: { consent(): void } }).mbsy.consent());
    const cookies = await context.cookies();
    expect(cookies.map((c) => `${c.name}=${c.value}@${c.domain}`).sort()).toEqual([`mbsy=ava-demo@store.localhost`, `mbsy_cid=${CLICK}@store.localhost`]);
    const checkout = await visit(await context.newPage(), '/demo-pending/checkout');
    expect(await checkout.clickId()).toBe(CLICK);
    await context.close();
  });
});
