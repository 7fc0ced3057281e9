// Found by QA on a fresh clone:
// - a form post whose body cannot be read (multipart without its boundary, or another content type)
//   made the page throw: a blank 404 instead of the form with its error;
// - on a 390 px phone the share-links table's visually-hidden "Actions" header (position: absolute)
//   escaped the table's scroll box and made the whole page scroll sideways.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll, cookieHeader, sessionCookies } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test' },
  { host: 'acme.localhost', email: 'alex@acme.test' },
] as const;

describe('a form post with an unreadable body', () => {
  const pages = ['/login', '/register', '/forgot-password', '/reset-password', '/set-password', '/app/sharing'];
  for (const path of pages) {
    it(`POST ${path} answers the page with its form, not a blank 404 or a 500`, async () => {
      const base = baseUrl('localhost');
      // ava: other files change ben's password (the reset flow) and run before or after this one.
      const cookie = path.startsWith('/app') ? cookieHeader(await sessionCookies('localhost', 'ava@demo.test')) : '';
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=zz', 'application/json']) {
        const res = await fetch(`${base}${path}`, {
          method: 'POST', redirect: 'manual', body: 'garbage',
          headers: { 'content-type': type, origin: new URL(base).origin, ...(cookie ? { cookie } : {}) },
        });
        expect(res.status, `${path} ${type}`).toBeLessThan(500);
        expect(res.status, `${path} ${type}`).not.toBe(404);
        expect(await res.text(), `${path} ${type}`).toContain('<form');
      }
    });
  }
});

describe('phone width', () => {
  for (const tenant of TENANTS) {
    it(`no app page of ${tenant.host} scrolls sideways at 390 px`, async () => {
      const base = baseUrl(tenant.host);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        await context.addCookies(await sessionCookies(tenant.host, tenant.email));
        const page = await context.newPage();
        for (const path of ['/app', '/app/sharing', '/app/assets', '/app/account']) {
          await page.goto(`${base}${path}`, { waitUntil: 'load' });
          expect(new URL(page.url()).pathname, path).toBe(path);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${tenant.host}${path} scrollWidth`).toBeLessThanOrEqual(390);
        }
      } finally {
        await context.close();
      }
    });
  }
});
