// Regression: the password island used controlled inputs, so what a person typed before it hydrated
// (a slow phone, a loaded CI machine) was wiped and the reset form posted an empty password.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll } from './harness';

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
    // Hold back the islands' JavaScript until the fields are filled.
    await page.route('**/_astro/**/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${baseUrl('localhost')}/reset-password?host=localhost&email=ben%40demo.test&code=ABCDEFGHJK`, { waitUntil: 'domcontentloaded' });
    await page.locator('input[name="password"]').fill('Strong-Password-42');
    await page.locator('input[name="repeat_password"]').fill('Strong-Password-42');
    release();
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
    expect(await page.locator('input[name="password"]').inputValue()).toBe('Strong-Password-42');
    expect(await page.locator('input[name="repeat_password"]').inputValue()).toBe('Strong-Password-42');
    await expect.poll(() => page.locator('.pw-meter').getAttribute('data-level')).toBe('strong');
    await context.close();
  });
});
