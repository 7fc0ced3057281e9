// No layout shift from the brand images: on a phone the signed-out pages' logo (64 px high) and the register
// banner (72 px) have their box before the image arrives, so nothing below them moves when it does (what
// once put /register at CLS 0.12). The layout shift of every page on a throttled phone is a figure, printed
// by `npm run bench -- --cls` against its goal, not asserted here.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

/** The rendered height of the element, or null when there is none (or it is not shown). */
const heightOf = (el: Element | null) => (el && el.getBoundingClientRect().height > 0 ? Math.round(el.getBoundingClientRect().height) : null);

describe('brand images have their box before they arrive', () => {
  for (const host of ['localhost', 'acme.localhost']) {
    it(`${host}: the logo on /login and /register, the banner on /register (390 px)`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      try {
        // Image requests are held, never answered: the page is looked at as it is before they arrive.
        await context.route(/\.(svg|png|jpe?g|webp|gif|avif)(\?|$)/, () => {});
        const page = await context.newPage();
        for (const path of ['/login', '/register']) {
          await page.goto(`${baseUrl(host)}${path}`, { waitUntil: 'domcontentloaded' });
          expect(await page.locator('.auth-card [data-brand-logo].logo').evaluate(heightOf), `${host}${path} logo box`).toBe(64);
          if (path === '/register') expect(await page.locator('img.register-banner').evaluate(heightOf), `${host}${path} banner box`).toBe(72);
        }
      } finally {
        await context.close();
      }
    });
  }
});
