// The remote client for real: a second portal with AMBASSADOR_API_URL set to the test portal's /v1 has
// no data of its own, yet serves both tenants' brands, logs in, paints the dashboard and the share
// links, follows a share link, and answers errors in the page language, all through the API over HTTP.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, logIn, newBrowser, startExtraPortal, stopAll, type ExtraPortal } from './harness';

let browser: Browser;
let front: ExtraPortal;
beforeAll(async () => {
  const api = `http://127.0.0.1:${new URL(baseUrl()).port}/v1`;
  [browser, front] = await Promise.all([newBrowser(), startExtraPortal({ AMBASSADOR_API_URL: api })]);
}, 240_000);
afterAll(async () => {
  await front?.stop();
  await stopAll();
});

describe('a portal fronting a remote ambassador API', () => {
  it('carries each tenant brand from the remote portal record', async () => {
    const [demo, acme] = await Promise.all(['localhost', 'acme.localhost'].map(async (host) => (await fetch(`${front.origin(host)}/login`)).text()));
    expect(demo).toMatch(/<title>[^<]*Demo Co Ambassadors<\/title>/);
    expect(acme).toMatch(/<title>[^<]*Acme Outdoor Crew<\/title>/);
    expect(acme).toMatch(/<html lang="es"/);
  });

  it('logs in, paints the dashboard and the share links, and logs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'acme.localhost', 'alex@acme.test', front.origin('acme.localhost'));
    // The referral link is built on the host the person uses, not the API's.
    expect(await page.locator('[data-referral-link]').innerHTML()).toContain(`${front.origin('acme.localhost')}/r/`);
    await page.goto(`${front.origin('acme.localhost')}/app/sharing`);
    expect(await page.locator('main').innerText()).toMatch(/Enlaces|enlaces/);
    await page.goto(`${front.origin('acme.localhost')}/logout`);
    await page.goto(`${front.origin('acme.localhost')}/app`);
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('shows a wrong password in the page language', async () => {
    // A browser language the portal does not have: acme's default (Spanish) decides, whatever the machine's locale.
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${front.origin('acme.localhost')}/login`);
    await page.locator('input[name="email"]').fill('alex@acme.test');
    await page.locator('input[name="password"]').fill('Wrong-password1!');
    await Promise.all([page.waitForLoadState('load'), page.locator('form[data-login-form] button[type="submit"]').click()]);
    expect(await page.locator('main').innerText()).toMatch(/No se puede iniciar sesión con las credenciales proporcionadas/);
    await context.close();
  });

  it('follows a share link and the memorable URL through the remote API', async () => {
    for (const path of ['/r/ava-demo', '/ava']) {
      const res = await fetch(`${front.origin('localhost')}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toMatch(/[?&]mbsy=[\w-]+&campaignid=\d+/);
    }
    const unknown = await fetch(`${front.origin('localhost')}/r/no-such-code`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
  });
});
