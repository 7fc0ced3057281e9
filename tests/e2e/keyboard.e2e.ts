// Keyboard only: a person without a mouse logs in, switches campaign, copies the referral
// link, creates a share link, opens and closes a confirmation dialog with Escape (focus goes back to
// the button that opened it) and logs out, at 1280 px, with Tab / Shift+Tab / Enter / Space / Escape
// (and the arrow key a closed <select> takes to change its option). At every step the focused element
// is the expected one and shows a visible focus indicator; every stop passed on the way must show one too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

interface Focused {
  /** A short description: tag, id, name, data attributes, text. */
  what: string;
  /** Whether the focused element draws an outline or a box-shadow (the focus indicator). */
  visible: boolean;
  style: string;
}

/** What has focus now and whether its focus can be seen. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    const shadow = cs.boxShadow !== 'none' && cs.boxShadow !== '';
    const attrs = [...el.attributes].filter((a) => /^(id|name|href|type|data-)/.test(a.name)).map((a) => `${a.name}=${a.value}`);
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return {
      what: `<${el.tagName.toLowerCase()} ${attrs.join(' ')}>${text}`,
      visible: outline || shadow,
      style: `outline: ${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}; box-shadow: ${cs.boxShadow}`,
    };
  });
}

/** Whether the focused element matches `selector`. */
const focusMatches = (page: Page, selector: string) => page.evaluate((s) => !!document.activeElement?.matches(s), selector);

/** Stops (on any page) whose focus could not be seen. */
const invisible: string[] = [];

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector`, at most `max` times.
 * Every stop on the way is checked for a visible focus indicator; the target must have one.
 */
async function tabTo(page: Page, selector: string, { back = false, max = 60 } = {}) {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (f) {
      path.push(f.what);
      if (!f.visible) invisible.push(`${new URL(page.url()).pathname} ${f.what} (${f.style})`);
    }
    if (await focusMatches(page, selector)) {
      expect(f?.visible, `focus on ${selector} is visible (${f?.style})`).toBe(true);
      return;
    }
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${selector} on ${page.url()}; focus went through:\n${path.join('\n')}`);
}

/** The focused element matches `selector` and shows it. */
async function expectFocusOn(page: Page, selector: string) {
  await expect.poll(() => focusMatches(page, selector), { message: `focus on ${selector}` }).toBe(true);
  const f = await focused(page);
  expect(f?.visible, `focus on ${selector} is visible (${f?.style})`).toBe(true);
}

describe('keyboard only', () => {
  it('logs in, switches campaign, copies the link, creates a share link, closes a dialog with Escape and logs out (1280 px)', async () => {
    const base = baseUrl('localhost');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    try {
      // Log in: the form is reached by Tab from the top of the page.
      await page.goto(`${base}/login`);
      await tabTo(page, 'input[name="email"]');
      await page.keyboard.type('ava@demo.test');
      await tabTo(page, 'input[name="password"]');
      await page.keyboard.type('Password1!');
      await tabTo(page, 'form[data-login-form] button[type="submit"]');
      await Promise.all([page.waitForURL(/\/app$/), page.keyboard.press('Enter')]);

      // Switch campaign: the selector is the first control of the content after the skip link.
      await hydrated(page, '[data-campaign-selector]');
      await tabTo(page, '[data-campaign-selector]');
      const before = await page.locator('[data-campaign-selector]').inputValue();
      // A closed <select> changes its option with an arrow key (its own keyboard rule); the page reloads.
      await Promise.all([page.waitForNavigation(), page.keyboard.press(before === 'all' ? 'ArrowDown' : 'ArrowUp')]);
      await hydrated(page, '[data-campaign-selector]');
      const after = await page.locator('[data-campaign-selector]').inputValue();
      expect(after).not.toBe(before);

      // Copy the referral link with Enter; the status says so and the clipboard holds the link.
      if (after === 'all') {
        // "All campaigns" has no single link: pick the first campaign.
        await tabTo(page, '[data-campaign-selector]');
        await Promise.all([page.waitForNavigation(), page.keyboard.press('ArrowDown')]);
        await hydrated(page, '[data-referral-link] button[data-copy]');
      }
      await tabTo(page, '[data-referral-link] button[data-copy]');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[data-referral-link] [data-copy-status]').getAttribute('data-copy-status')).toBe('copied');
      const link = await page.locator('[data-referral-link] input, [data-referral-link] textarea').first().inputValue();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await expectFocusOn(page, '[data-referral-link] button[data-copy]');

      // To the share links: back up through the page to the menu's link, then Enter.
      await tabTo(page, 'a[href="/app/sharing"]', { back: true });
      await Promise.all([page.waitForURL(/\/app\/sharing$/), page.keyboard.press('Enter')]);

      // Create a share link: description and short code typed, the form sent with Enter on its button.
      const code = `kb${Date.now().toString(36)}`;
      await tabTo(page, '#sl-description');
      await page.keyboard.type('Keyboard-only link');
      await tabTo(page, '#sl-code');
      await page.keyboard.type(code);
      await tabTo(page, '[data-share-link-form] button[type="submit"]');
      await Promise.all([page.waitForURL(/\/app\/sharing\?created/), page.keyboard.press('Enter')]);
      await expect.poll(() => page.locator(`[data-share-link="${code}"]`).count()).toBe(1);

      // A dialog: the account's deactivate button asks first; Space opens it, focus moves into it
      // (on "No"), Escape closes it without deactivating and focus is back on the button.
      await page.goto(`${base}/app/account`);
      await hydrated(page, '[data-status-button]');
      await tabTo(page, '[data-status-button]', { max: 120 });
      await page.keyboard.press('Space');
      await expect.poll(() => page.locator('[data-confirm-dialog]').count()).toBe(1);
      await expectFocusOn(page, '[data-confirm-dialog] button');
      // Tab stays inside the dialog.
      await page.keyboard.press('Tab');
      await expectFocusOn(page, '[data-confirm-dialog] button');
      await page.keyboard.press('Tab');
      await expectFocusOn(page, '[data-confirm-dialog] button');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('[data-confirm-dialog]').count()).toBe(0);
      await expectFocusOn(page, '[data-status-button]');
      expect(await page.locator('[data-account-status]').getAttribute('data-account-status')).toBe('active');

      // Log out from the header's profile menu: Enter opens it, Tab reaches Logout, Enter follows it.
      await tabTo(page, '[data-profile-dropdown="desktop"] summary', { back: true, max: 120 });
      await page.keyboard.press('Enter');
      expect(await page.locator('[data-profile-dropdown="desktop"]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      await tabTo(page, '[data-profile-dropdown="desktop"] a[href="/logout"]', { max: 10 });
      await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/app')), page.keyboard.press('Enter')]);
      if (new URL(page.url()).pathname === '/logout') {
        // A logout page that asks first: its button is reached and pressed by keyboard too.
        await tabTo(page, '[data-logout-confirm]');
        await Promise.all([page.waitForURL((url) => url.pathname !== '/logout'), page.keyboard.press('Enter')]);
      }
      await page.goto(`${base}/app`);
      expect(new URL(page.url()).pathname).not.toBe('/app');

      expect(invisible, `focus without a visible indicator:\n${invisible.join('\n')}`).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
