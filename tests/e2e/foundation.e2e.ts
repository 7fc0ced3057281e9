// The newcomer path of the foundation on both tenants: branded login, log in (with and without
// JavaScript), the app shell, log out.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test', name: 'Ava' },
  { host: 'acme.localhost', email: 'alex@acme.test', name: 'Alex' },
] as const;

async function logIn(page: Page, host: string, email: string) {
  await page.goto(`${baseUrl(host)}/login`);
  await page.getByLabel(/e-?mail|correo/i).fill(email);
  await page.locator('input[name="password"]').fill('Password1!');
  await Promise.all([page.waitForURL(/\/app$/), page.locator('form[data-login-form] button[type="submit"]').click()]);
}

async function brandOf(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    brand: getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
    lang: document.documentElement.lang,
  }));
}

describe('the two demo tenants', () => {
  it('carry different brands in the first response of /login', async () => {
    const pages = await Promise.all(TENANTS.map(async ({ host }) => {
      const res = await fetch(`${baseUrl(host)}/login`);
      expect(res.status).toBe(200);
      return res.text();
    }));
    const titles = pages.map((html) => /<title>([^<]*)<\/title>/.exec(html)?.[1]);
    expect(titles[0]).not.toEqual(titles[1]);
    expect(pages[1]).toContain('lang="es"');
  });

  it('send a visitor without a session from /app to /register', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl('acme.localhost')}/app`);
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('give an unknown host a plain 404', async () => {
    const res = await fetch(`${baseUrl('nowhere.localhost')}/login`);
    expect(res.status).toBe(404);
  });
});

for (const javaScriptEnabled of [true, false]) {
  describe(`log in and out with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    for (const tenant of TENANTS) {
      it(`works on ${tenant.host}`, async () => {
        const context: BrowserContext = await browser.newContext({ javaScriptEnabled });
        const page = await context.newPage();
        try {
          await logIn(page, tenant.host, tenant.email);
          await expect.poll(() => page.locator('#sidebar').textContent()).toContain(tenant.name);
          const cookie = (await context.cookies()).find((c) => c.name === '__Host-portal_session');
          expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
          // The token is not readable from page JavaScript.
          if (javaScriptEnabled) expect(await page.evaluate(() => document.cookie)).not.toContain('portal_session');
          // Every menu entry leads to a real page inside the shell (an external custom tab opens another site).
          const links = await page.locator('#sidebar .menu a:not([target="_blank"])').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
          expect(links.length).toBeGreaterThan(3);
          for (const path of links.slice(0, 8)) {
            const res = await page.goto(`${baseUrl(tenant.host)}${path}`);
            expect(res?.status(), path).toBe(200);
            expect(await page.locator('#sidebar').count()).toBe(1);
          }
          // Spec §2: after a logout the person is sent to the register page.
          await page.goto(`${baseUrl(tenant.host)}/logout`);
          expect(new URL(page.url()).pathname).toBe('/register');
          expect((await context.cookies()).find((c) => c.name === '__Host-portal_session')).toBeUndefined();
          await page.goto(`${baseUrl(tenant.host)}/app`);
          expect(new URL(page.url()).pathname).toBe('/register');
        } finally {
          await context.close();
        }
      });
    }
  });
}

describe('login errors', () => {
  it('shows the credentials message in the form without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl('localhost')}/login`);
    await page.locator('input[name="email"]').fill('ava@demo.test');
    await page.locator('input[name="password"]').fill('wrong-Password1!');
    await page.locator('form[data-login-form] button[type="submit"]').click();
    await expect.poll(() => page.locator('[role="alert"]').textContent()).toMatch(/unable to log in/i);
    expect(await page.locator('input[name="email"]').inputValue()).toBe('ava@demo.test');
    await context.close();
  });

  it('brands each tenant differently after login', async () => {
    const brands = [];
    for (const tenant of TENANTS) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await logIn(page, tenant.host, tenant.email);
      brands.push(await brandOf(page));
      await context.close();
    }
    expect(brands[0]!.title).not.toBe(brands[1]!.title);
    expect(brands[0]!.brand).not.toBe(brands[1]!.brand);
  });
});

describe('logout from another site', () => {
  it('asks first instead of logging the visitor out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'localhost', 'ava@demo.test');
    // A link on another site (acme is another site to localhost's cookies' owner page here).
    await page.goto(`${baseUrl('acme.localhost')}/login`);
    await page.evaluate((url) => document.body.insertAdjacentHTML('beforeend', `<a id="out" href="${url}">log out</a>`), `${baseUrl('localhost')}/logout`);
    await page.click('#out');
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/logout');
    expect((await context.cookies(baseUrl('localhost'))).some((c) => c.name === '__Host-portal_session')).toBe(true);
    await Promise.all([page.waitForURL(/\/register$/), page.click('[data-logout-confirm]')]);
    expect((await context.cookies(baseUrl('localhost'))).some((c) => c.name === '__Host-portal_session')).toBe(false);
    await context.close();
  });
});
