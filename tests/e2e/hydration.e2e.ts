// Regression: the password fields (then a React island) used controlled inputs, so what a person typed
// before they hydrated (a slow phone, a loaded CI machine) was wiped and the reset form posted an empty
// password. Their page script (src/ui/password-fields/password-fields.ts) must keep it too.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, logIn, newBrowser, stopAll, withContextDefaults } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

describe('password fields typed into before hydration', () => {
  it('keep the typed password and then rate it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Hold back the page's files until the fields are filled: its script (inline or a file) waits for
    // them, as on a slow connection (a module script runs only once the stylesheets have arrived).
    await page.route('**/_astro/**', async (route) => {
      await gate;
      await route.continue();
    });
    // The held module script keeps DOMContentLoaded back too: wait until the HTML is parsed, not for the event.
    await page.goto(`${baseUrl('localhost')}/reset-password?host=localhost&email=ben%40demo.test&code=ABCDEFGHJK`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    await page.locator('input[name="password"]').fill('Strong-Password-42');
    await page.locator('input[name="repeat_password"]').fill('Strong-Password-42');
    expect(await page.locator('[data-password-fields]').getAttribute('data-enhance')).toBe('');
    release();
    await hydrated(page, 'input[name="password"]');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('Strong-Password-42');
    expect(await page.locator('input[name="repeat_password"]').inputValue()).toBe('Strong-Password-42');
    await expect.poll(() => page.locator('.pw-meter').getAttribute('data-level')).toBe('strong');
    await context.close();
  });
});

describe('CSP nonce written as the pages render', () => {
  it('puts the policy nonce on every script of a page (ours, Astro islands, bundled, tenant), and none is refused', async () => {
    const context = await browser.newContext(withContextDefaults({}));
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const check = async (path: string) => {
      const res = await page.goto(`${baseUrl('localhost')}${path}`);
      const nonce = /script-src 'nonce-([^']+)'/.exec(res?.headers()['content-security-policy'] ?? '')?.[1];
      expect(nonce, path).toBeTruthy();
      await page.waitForLoadState('load');
      const nonces = await page.evaluate(() => [...document.scripts].map((s) => s.nonce));
      expect(nonces.length, path).toBeGreaterThan(1);
      expect(nonces, path).toEqual(nonces.map(() => nonce));
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    };
    // The login page's bundled <script> and the registration form's; then the islands of the app pages.
    await check('/login');
    await check('/register');
    // The password fields' inline script.
    await check('/reset-password?host=localhost');
    await hydrated(page, 'input[name="password"]');
    await logIn(page, 'localhost', 'ava@demo.test');
    await check('/app/sharing');
    await check('/app/stats');
    await hydrated(page, '[data-stats-view]');
    await check('/app');
    // The dashboard's copy fields and selector are markup wired by bundled scripts, which ran under the policy.
    await page.waitForFunction(() => document.querySelector('[data-copy-share]') && !document.querySelector('[data-enhance]'));
    // The account page's scripts: the password fields, the confirmation popup, the picture control.
    await check('/app/account');
    await page.waitForFunction(() => document.querySelector('[data-password-fields]') && !document.querySelector('[data-enhance]'));
    await context.close();
  });
});
