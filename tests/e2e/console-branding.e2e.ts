// The branding screen in a real Chromium: a colour changed in the draft shows in the preview frame (the
// portal's own /login with ?preview=draft) and not on the live portal, seen by a separate browser without
// the console cookie, until it is published; then it is live; a rollback to the earlier version is live
// again. An uploaded SVG logo shows in the preview. Acme's owner sees the screen in Spanish and previews the
// portal in another of Acme's languages; a viewer sees it read-only; axe finds nothing at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { consoleSession, newStaffMember } from './console-session';
import { ROOT, baseUrl, newBrowser, stopAll, withContextDefaults } from './harness';

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let browser: Browser;
let admin: Awaited<ReturnType<typeof consoleSession>>;
beforeAll(async () => {
  browser = await newBrowser();
  admin = await consoleSession('localhost', 'admin@demo.test');
});
afterAll(stopAll);

type Cookie = Awaited<ReturnType<typeof consoleSession>>['cookie'];

async function withContext(options: { locale?: string; width?: number; cookie?: Cookie }, work: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({
    viewport: { width: options.width ?? 1280, height: 900 }, ...(options.locale && { locale: options.locale }), bypassCSP: true,
  }));
  if (options.cookie) await context.addCookies([options.cookie]);
  try {
    await work(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** The background colour of the login button, as painted. */
const buttonColour = (frame: { locator(s: string): ReturnType<Page['locator']> }) =>
  frame.locator('form[data-login-form] button[type="submit"]').evaluate((el) => getComputedStyle(el).backgroundColor);

async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForNavigation(), page.locator(selector).click()]);
}

async function previewFrame(page: Page, device: 'phone' | 'desktop') {
  const frame = page.frameLocator(`iframe[data-preview="${device}"]`);
  await frame.locator('form[data-login-form]').waitFor();
  return frame;
}

describe('console branding', () => {
  it('a draft colour shows in the preview only; published it is live; rolled back the earlier one is live again', async () => {
    await withContext({ cookie: admin.cookie }, async (page) => {
      await withContext({}, async (live) => {
        await live.goto(`${baseUrl()}/login`);
        const before = await buttonColour(live);
        // A live portal tab with ?preview=draft but no console cookie sees the live settings too.
        await page.goto(`${baseUrl()}/console/branding`);
        expect(await page.locator('h1').textContent()).toBe(en['console.menu.branding']);
        await page.locator('input[name="login.login_button_color"]').fill('#7a1fa2');
        await submit(page, '[data-branding-save]');
        expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.branding.draftSaved']);
        for (const device of ['phone', 'desktop'] as const) expect(await buttonColour(await previewFrame(page, device))).toBe('rgb(122, 31, 162)');
        // The desktop frame is 1280 px wide, the phone's 390.
        expect(await page.locator('iframe[data-preview="phone"]').getAttribute('width')).toBe('390');
        expect(await page.locator('iframe[data-preview="desktop"]').getAttribute('width')).toBe('1280');
        // The e-mail previews are drawn with the draft too, and say so.
        await page.goto(`${baseUrl()}/console/emails`);
        expect(await page.locator('[data-draft-branding]').textContent()).toBe(en['console.comms.draftBranding']);
        await page.goto(`${baseUrl()}/console/branding`);

        await live.reload();
        expect(await buttonColour(live)).toBe(before);
        await live.goto(`${baseUrl()}/login?preview=draft`);
        expect(await buttonColour(live)).toBe(before);

        await submit(page, '[data-branding-publish]');
        expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.branding.published']);
        await live.goto(`${baseUrl()}/login`);
        expect(await buttonColour(live)).toBe('rgb(122, 31, 162)');
        // Published: nothing unpublished is left to draw the e-mails with.
        await page.goto(`${baseUrl()}/console/emails`);
        expect(await page.locator('[data-draft-branding]').count()).toBe(0);
        await page.goto(`${baseUrl()}/console/branding`);

        // The version before is listed with its button; rolling back to it makes it live again.
        expect(await page.locator('tr[data-live="yes"]').count()).toBe(1);
        const earlier = page.locator('tr[data-live="no"] [data-rollback]').first();
        const number = await earlier.getAttribute('data-rollback');
        await submit(page, `tr[data-live="no"] [data-rollback="${number}"]`);
        expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.branding.rolledBack']);
        expect(await page.locator('tr[data-live="yes"] td').nth(2).textContent()).toContain(number!);
        await live.goto(`${baseUrl()}/login`);
        expect(await buttonColour(live)).toBe(before);
      });
    });
  });

  it('an uploaded SVG logo shows in the preview, cleaned of its script', async () => {
    await withContext({ cookie: admin.cookie }, async (page) => {
      await page.goto(`${baseUrl()}/console/branding`);
      await page.locator('select[name="slot"]').selectOption('login');
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" width="120" height="40" onload="window.pwned=1">' +
        '<script>window.pwned=2</script><rect width="120" height="40" fill="#7a1fa2"/></svg>';
      await page.locator('input[name="file"]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
      await submit(page, '[data-logo-upload]');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.branding.logoUploaded']);
      const frame = await previewFrame(page, 'phone');
      const logo = frame.locator('.auth-card img').first();
      expect(await logo.getAttribute('src')).toMatch(/^\/media\/brand\/demo\/logo-[\w-]+\.svg$/);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const served = await page.evaluate(async (src) => (await fetch(src!)).text(), await logo.getAttribute('src'));
      expect(served).not.toMatch(/script|onload/i);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    });
  });

  it('Acme\'s owner sees the screen in Spanish and previews the portal in English, one of Acme\'s languages', async () => {
    const owner = await consoleSession('acme.localhost', 'owner@acme.test');
    await withContext({ locale: 'es-ES', cookie: owner.cookie }, async (page) => {
      await page.goto(`${baseUrl('acme.localhost')}/console/branding`);
      expect(await page.locator('h1').textContent()).toBe(es['console.menu.branding']);
      expect(await page.locator('#branding-preview').textContent()).toBe(es['console.branding.previewTitle']);
      let frame = await previewFrame(page, 'phone');
      expect(await frame.locator('h1').textContent()).toBe(es.loginTitle);
      await page.locator('select[name="preview_lang"]').selectOption('en');
      await submit(page, '.preview-choice button[type="submit"]');
      frame = await previewFrame(page, 'phone');
      expect(await frame.locator('h1').textContent()).toBe(en.loginTitle);
      // The screen itself stays in Spanish.
      expect(await page.locator('[data-branding-save]').textContent()).toBe(es['console.branding.saveDraft']);
      // Which texts a language misses (src/lib/company-texts.ts): acme wrote every one in every language.
      expect(await page.locator('#branding-missing').textContent()).toBe(es['console.branding.missingTitle']);
      expect(await page.locator('[data-missing-none]').textContent()).toBe(es['console.branding.missingNone']);
    });
  });

  it('a viewer sees the branding read-only: no save, publish, upload or rollback', async () => {
    const viewer = await newStaffMember('localhost', 'viewer');
    await withContext({ cookie: viewer.cookie }, async (page) => {
      await page.goto(`${baseUrl()}/console/branding`);
      expect(await page.locator('[data-branding-readonly]').textContent()).toBe(en['console.branding.readOnly']);
      expect(await page.locator('[data-branding-save], [data-branding-publish], [data-logo-upload], [data-rollback]').count()).toBe(0);
      expect(await page.locator('input[name="login.login_button_color"]').isDisabled()).toBe(true);
      // The preview works for a viewer too (their role opens branding).
      await previewFrame(page, 'phone');
    });
  });

  it('axe finds no WCAG 2.2 A/AA violation at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      await withContext({ width, cookie: admin.cookie }, async (page) => {
        await page.goto(`${baseUrl()}/console/branding`);
        await page.addScriptTag({ content: AXE });
        // The frames are the portal's own pages, checked by tests/e2e/a11y.e2e.ts; here the console around them.
        const violations = await page.evaluate(async (tags) => {
          const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
          const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] });
          return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' > ')}`));
        }, WCAG);
        expect(violations, `at ${width} px`).toEqual([]);
        // Nothing sticks out sideways at this width but what scrolls inside its own region (the frames, the tables).
        const outside = await page.evaluate(() => [...document.querySelectorAll('main *')]
          .filter((el) => !el.closest('.preview-scroll, .table-scroll') && el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`));
        expect(outside, `at ${width} px`).toEqual([]);
      });
    }
  });
});
