// The console's sign-in in a real Chromium: a staff member signs in with e-mail, password and the TOTP code
// of their authenticator app (computed with otpauth from the README's demo secret) and sees the program's
// figures; a wrong code is said so; the console cookie and the portal's never open each other's pages; an
// account the company requires to enrol a second factor enrols on sign-in (the secret read from the page, the
// first code computed from it, the recovery codes shown once), in the page's language.
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { CONSOLE_COOKIE, STAFF_SECRETS, consoleSession, staffGet, totpCode, unspentCode } from './console-session';
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
      await page.locator('input[name="code"]').fill(await unspentCode(STAFF_SECRETS['owner@demo.test']!));
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

  it('a new reviewer enrols a second factor on sign-in: a wrong first code said so, then the recovery codes once, then the console', async () => {
    // An account of its own (the e2e files share one portal, and an enrolment is once per account).
    const { token } = await consoleSession('localhost', 'admin@demo.test');
    const email = `enrol-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
    const added = await fetch(`${baseUrl()}/v1/staff/team/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Staff ${token}` },
      body: JSON.stringify({ email, name: 'Enrolling Reviewer', role: 'reviewer', password: 'Password1!' }),
    });
    expect(added.status).toBe(201);
    await withContext({ locale: 'en-US' }, async (context, page) => {
      await signInWithPassword(page, 'localhost', email);
      const form = page.locator('form[data-console-enrol]');
      await form.waitFor();
      expect(await page.locator('h1').textContent()).toBe(en['console.enrolTitle']);
      expect(await form.locator('[data-totp-qr] svg').count()).toBe(1);
      expect((await form.locator('[data-totp-secret]').textContent())!.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
      // Not in yet: the overview sends the browser back here.
      await page.goto(`${baseUrl()}/console`);
      expect(new URL(page.url()).pathname).toBe('/console/login');
      // (That visit started the enrolment afresh: read its secret again.)
      const fresh = (await form.locator('[data-totp-secret]').textContent())!.replace(/\s/g, '');
      const codeOf = (steps = 0) => new TOTP({ secret: Secret.fromBase32(fresh), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
      expect(fresh).toMatch(/^[A-Z2-7]{32}$/);
      // A wrong first code: said so, and the same secret is shown again.
      const wrong = [codeOf(-1), codeOf(), codeOf(1)].includes('000000') ? '111111' : '000000';
      await form.locator('input[name="code"]').fill(wrong);
      await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
      expect(await page.locator('[role="alert"]').textContent()).toBe(en['console.enrolCodeWrong']);
      expect((await form.locator('[data-totp-secret]').textContent())!.replace(/\s/g, '')).toBe(fresh);
      // The right one: the recovery codes, this once, and the way on to the console.
      await form.locator('input[name="code"]').fill(codeOf());
      await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
      expect(await page.locator('h1').textContent()).toBe(en['console.recoveryTitle']);
      const codes = await page.locator('[data-recovery-codes] li').allTextContents();
      expect(codes).toHaveLength(10);
      for (const c of codes) expect(c).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      await Promise.all([page.waitForURL(/\/console$/), page.locator('[data-console-continue]').click()]);
      expect(await page.locator('h1').textContent()).toBe(en['console.overviewTitle']);
      // The account has its second factor now, as the team sees it; the codes are not shown again.
      const consoleToken = (await context.cookies()).find((c) => c.name === CONSOLE_COOKIE)!.value;
      const me = (await staffGet('localhost', 'me/', consoleToken)) as { stage: string };
      expect(me.stage).toBe('full');
      await page.goto(`${baseUrl()}/console/login`);
      expect(new URL(page.url()).pathname).toBe('/console');
    });
  }, 120_000);

  it('acme\'s viewer, without a second factor where the company requires one, is asked to enrol, in Spanish', async () => {
    await withContext({ locale: 'es-ES' }, async (_context, page) => {
      await signInWithPassword(page, 'acme.localhost', 'viewer@acme.test');
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await page.locator('h1').textContent()).toBe(es['console.enrolTitle']);
      expect(await page.locator('[data-console-enrol] p').first().textContent()).toBe(es['console.enrolIntro']);
      expect(await page.locator('[data-console-enrol] button[type="submit"]').textContent()).toBe(es['console.enrolButton']);
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
