// The console's sign-in in a real Chromium: a staff member signs in with e-mail, password and the TOTP code
// of their authenticator app (computed with otpauth from the README's demo secret) and sees the program's
// figures; a wrong code is said so; the console cookie and the portal's never open each other's pages; an
// account the company requires to enrol a second factor is told so, in the company's language.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { CONSOLE_COOKIE, staffGet, totpCode } from './console-session';
import { baseUrl, newBrowser, sessionCookies, stopAll, withContextDefaults } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

async function withContext(options: { locale?: string }, work: (context: BrowserContext, page: Page) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({ viewport: { width: 1280, height: 900 }, ...options }));
  try {
    await work(context, await context.newPage());
  } finally {
    await context.close();
  }
}

async function signInWithPassword(page: Page, host: string, email: string) {
  await page.goto(`${baseUrl(host)}/console/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('Password1!');
  await Promise.all([page.waitForNavigation(), page.locator('form[data-console-login] button[type="submit"]').click()]);
}

describe('console sign-in', () => {
  it('the owner signs in with password and TOTP, a wrong code said so, and sees the overview with the company\'s figures', async () => {
    await withContext({ locale: 'en-US' }, async (context, page) => {
      await signInWithPassword(page, 'localhost', 'owner@demo.test');
      await page.locator('form[data-console-code]').waitFor();
      // A wrong code: the page says so and still asks for the code.
      const wrong = totpCode('owner@demo.test') === '000000' ? '111111' : '000000';
      await page.locator('input[name="code"]').fill(wrong);
      await Promise.all([page.waitForNavigation(), page.locator('form[data-console-code] button[type="submit"]').click()]);
      expect(await page.locator('[role="alert"]').textContent()).toBe(en.secondFactorFailed);
      await page.locator('input[name="code"]').fill(totpCode('owner@demo.test'));
      await Promise.all([page.waitForURL(/\/console$/), page.locator('form[data-console-code] button[type="submit"]').click()]);
      expect(await page.locator('h1').textContent()).toBe(en['console.overviewTitle']);
      // The figures are the company's own, as the staff API answers them.
      const token = (await context.cookies()).find((c) => c.name === CONSOLE_COOKIE)!.value;
      const overview = (await staffGet('localhost', 'overview/', token)) as { clicks: number; referrals: number; commissions: { status: string; count: number }[] };
      const n = (v: number) => new Intl.NumberFormat('en').format(v);
      expect(await page.locator('[data-stat="clicks"] .value').textContent()).toBe(n(overview.clicks));
      expect(await page.locator('[data-stat="referrals"] .value').textContent()).toBe(n(overview.referrals));
      expect(overview.clicks).toBeGreaterThan(0);
      const pending = overview.commissions.find((c) => c.status === 'pending')!;
      expect(await page.locator('tr[data-status="pending"] td').first().textContent()).toBe(n(pending.count));
      expect(await page.locator('[data-stat="owed"] .value').textContent()).toMatch(/\$/);

      // The console session opens no portal page: /app goes to the portal's own login.
      await page.goto(`${baseUrl()}/app`);
      expect(new URL(page.url()).pathname).toBe('/login');

      // Signing out ends it: /console asks to sign in again.
      await page.goto(`${baseUrl()}/console`);
      await Promise.all([page.waitForURL(/\/console\/login/), page.locator('[data-console-signout]').click()]);
      expect((await context.cookies()).some((c) => c.name === CONSOLE_COOKIE)).toBe(false);
      await page.goto(`${baseUrl()}/console`);
      expect(new URL(page.url()).pathname).toBe('/console/login');
    });
  }, 120_000);

  it('an ambassador\'s session never opens the console', async () => {
    await withContext({ locale: 'en-US' }, async (context, page) => {
      await context.addCookies(await sessionCookies('localhost', 'ava@demo.test'));
      await page.goto(`${baseUrl()}/app`);
      expect(new URL(page.url()).pathname).toBe('/app');
      await page.goto(`${baseUrl()}/console`);
      expect(new URL(page.url()).pathname).toBe('/console/login');
      await page.locator('form[data-console-login]').waitFor();
    });
  }, 60_000);

  it('acme\'s viewer, without a second factor where the company requires one, is told to enrol, in Spanish', async () => {
    await withContext({ locale: 'es-ES' }, async (_context, page) => {
      await signInWithPassword(page, 'acme.localhost', 'viewer@acme.test');
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await page.locator('[data-console-enrol]').textContent()).toBe(es['console.enrolSoon']);
      // Not in yet: the overview sends the browser back here.
      await page.goto(`${baseUrl('acme.localhost')}/console`);
      expect(new URL(page.url()).pathname).toBe('/console/login');
      // A wrong password is said in Spanish.
      await page.locator('form[action="/console/logout"] button').click();
      await page.waitForURL(/\/console\/login/);
      await page.locator('input[name="email"]').fill('viewer@acme.test');
      await page.locator('input[name="password"]').fill('Wrong-passw0rd');
      await Promise.all([page.waitForNavigation(), page.locator('form[data-console-login] button[type="submit"]').click()]);
      expect(await page.locator('[role="alert"]').textContent()).toBe(es.loginFailed);
    });
  }, 60_000);
});
