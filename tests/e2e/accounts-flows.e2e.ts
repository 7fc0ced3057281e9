// Accounts in a real browser: register -> welcome e-mail (read from the outbox) -> set password -> log in;
// forgot -> reset -> log in with the new password; registration with JavaScript disabled.
import { spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newBrowser, portalInfo, ROOT, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const NEW_PASSWORD = 'Trail-Blazer-2026!';

/** The newest outbox e-mail to `to`, read with scripts/outbox.mjs from the portal's local D1. */
function latestEmail(to: string): { subject: string; body_text: string; template: string } {
  const run = spawnSync('npx', ['--no', 'node', 'scripts/outbox.mjs', '--json', '--to', to, '--limit', '1', '--persist-to', portalInfo().stateDir], {
    cwd: ROOT, encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`outbox.mjs failed: ${run.stderr}`);
  const rows = JSON.parse(run.stdout.slice(run.stdout.indexOf('[')));
  if (!rows.length) throw new Error(`no e-mail to ${to}`);
  return rows[0];
}

const linkIn = (text: string) => /(https?:\/\/\S+\/(?:reset|set)-password\?\S+)/.exec(text)![1]!;

async function logIn(page: Page, host: string, email: string, password: string) {
  await page.goto(`${baseUrl(host)}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([page.waitForURL(/\/app$/), page.locator('form[data-login-form] button[type="submit"]').click()]);
}

describe('register, e-mail, set password, log in', () => {
  it('works on acme (no auto-login) with the live checks of the form', async () => {
    const email = `e2e-${Date.now()}@acme.test`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl('acme.localhost')}/register`);
    await expect(page.locator('h1').textContent()).resolves.toContain('Acme');
    await page.locator('form[data-register-form][data-live]').waitFor();

    // Live validation from the shared schema: nothing is sent while a required field is empty.
    await page.locator('[name="firstName"]').fill('Eve');
    await page.locator('[name="email"]').fill('not-an-email');
    await page.locator('[name="email"]').blur();
    await expect(page.locator('#email-error').textContent()).resolves.toMatch(/\S/);
    await page.locator('form[data-register-form] button[type="submit"]').click();
    expect(new URL(page.url()).pathname).toBe('/register');
    await expect(page.locator('#lastName-error').textContent()).resolves.toMatch(/\S/);
    await expect(page.locator('form[data-register-form] > .form-error[role="alert"]').textContent()).resolves.toMatch(/\S/);
    await expect(page.locator('[name="lastName"]').getAttribute('aria-describedby')).resolves.toBe('lastName-error');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('lastName');
    // Typing clears a shown error at once.
    await page.locator('[name="lastName"]').fill('E');
    await expect(page.locator('#lastName-error').count()).resolves.toBe(0);
    await expect(page.locator('[name="lastName"]').getAttribute('aria-invalid')).resolves.toBeNull();

    await page.locator('[name="lastName"]').fill('Explorer');
    await page.locator('[name="email"]').fill(email);
    await page.locator('[name="group"]').selectOption('grp-acme-guides');
    await page.locator('[name="terms"]').check();
    await Promise.all([page.waitForURL(/created=1/), page.locator('form[data-register-form] button[type="submit"]').click()]);
    await expect(page.locator('#register-created').isVisible()).resolves.toBe(true);

    const mail = latestEmail(email);
    expect(mail.template).toBe('welcome');
    await page.goto(linkIn(mail.body_text));
    await hydrated(page, 'input[name="password"]');
    await page.locator('input[name="password"]').fill('short');
    await expect(page.locator('.pw-meter').getAttribute('data-level')).resolves.toBe('weak');
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await expect(page.locator('.pw-meter').getAttribute('data-level')).resolves.toBe('strong');
    await page.locator('input[name="repeat_password"]').fill(NEW_PASSWORD);
    await Promise.all([page.waitForURL(/done=1/), page.locator('.auth-card form button[type="submit"]').click()]);
    await expect(page.locator('#set-done').isVisible()).resolves.toBe(true);

    await logIn(page, 'acme.localhost', email, NEW_PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/app');
    await context.close();
  });
});

describe('forgot, reset, log in', () => {
  it('resets ben@demo.test with the e-mailed link and logs in with the new password', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl('localhost')}/forgot-password`);
    await page.locator('input[name="email"]').fill('ben@demo.test');
    await Promise.all([page.waitForURL(/sent=1/), page.locator('.auth-card form button[type="submit"]').click()]);
    await expect(page.locator('#forgot-sent').isVisible()).resolves.toBe(true);

    const mail = latestEmail('ben@demo.test');
    expect(mail.template).toBe('reset_password');
    const link = linkIn(mail.body_text);
    expect(new URL(link).searchParams.get('host')).toBe('localhost');
    await page.goto(link);
    await expect(page.locator('input[name="code"]').inputValue()).resolves.toMatch(/^[A-Z0-9]{10}$/);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="repeat_password"]').fill(NEW_PASSWORD);
    await Promise.all([page.waitForURL(/done=1/), page.locator('.auth-card form button[type="submit"]').click()]);
    await expect(page.locator('#reset-done').isVisible()).resolves.toBe(true);

    // The link is single use.
    await page.goto(link);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="repeat_password"]').fill(NEW_PASSWORD);
    await page.locator('.auth-card form button[type="submit"]').click();
    await expect(page.locator('.form-error').textContent()).resolves.toContain('This link has already been used or has expired');

    await logIn(page, 'localhost', 'ben@demo.test', NEW_PASSWORD);
    await context.close();

    // Other browser tests log in as ben with the demo password: put it back the same way.
    const again = await browser.newContext();
    const back = await again.newPage();
    await back.goto(`${baseUrl('localhost')}/forgot-password`);
    await back.locator('input[name="email"]').fill('ben@demo.test');
    await Promise.all([back.waitForURL(/sent=1/), back.locator('.auth-card form button[type="submit"]').click()]);
    await back.goto(linkIn(latestEmail('ben@demo.test').body_text));
    await back.locator('input[name="password"]').fill('Password1!');
    await back.locator('input[name="repeat_password"]').fill('Password1!');
    await Promise.all([back.waitForURL(/done=1/), back.locator('.auth-card form button[type="submit"]').click()]);
    await logIn(back, 'localhost', 'ben@demo.test', 'Password1!');
    await again.close();
  });
});

describe('registration without JavaScript', () => {
  it('shows server errors, then creates the account and logs in (demo has auto-login)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl('localhost')}/register`);
    await page.locator('[name="email"]').fill('nojs@demo.test');
    await page.locator('form[data-register-form] button[type="submit"]').click();
    await page.waitForLoadState();
    await expect(page.locator('#firstName-error').textContent()).resolves.toBe('This field is required.');
    await expect(page.locator('[name="email"]').inputValue()).resolves.toBe('nojs@demo.test');

    await page.locator('[name="firstName"]').fill('No');
    await page.locator('[name="lastName"]').fill('Script');
    await page.locator('[name="country"]').fill('US');
    await page.locator('[name="terms"]').check();
    await Promise.all([page.waitForURL(/\/app$/), page.locator('form[data-register-form] button[type="submit"]').click()]);
    expect(latestEmail('nojs@demo.test').template).toBe('welcome');

    // The same e-mail again: a clear message on the field.
    const again = await browser.newContext({ javaScriptEnabled: false });
    const second = await again.newPage();
    await second.goto(`${baseUrl('localhost')}/register`);
    for (const [name, value] of [['firstName', 'No'], ['lastName', 'Script'], ['country', 'US'], ['email', 'nojs@demo.test']]) {
      await second.locator(`[name="${name}"]`).fill(value!);
    }
    await second.locator('[name="terms"]').check();
    await second.locator('form[data-register-form] button[type="submit"]').click();
    await second.waitForLoadState();
    await expect(second.locator('#email-error').textContent()).resolves.toMatch(/already exists/);
    await context.close();
    await again.close();
  });
});
