// Smoke: the portal answers both demo tenants in a real Chromium.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TMP, baseUrl, newBrowser, stopAll } from './harness';

let browser: Browser;

beforeAll(async () => {
  browser = await newBrowser();
  mkdirSync(TMP, { recursive: true });
});

afterAll(stopAll);

describe('smoke', () => {
  for (const host of ['localhost', 'acme.localhost']) {
    it(`serves ${host}/login with a title`, async () => {
      const page = await browser.newPage();
      try {
        const url = `${baseUrl(host)}/login`;
        const res = await page.goto(url, { waitUntil: 'load' });
        await page.screenshot({ path: path.join(TMP, `smoke-${host}.png`), fullPage: true });
        expect(res?.status(), url).toBe(200);
        expect((await page.title()).trim(), `<title> of ${url}`).not.toBe('');
      } finally {
        await page.close();
      }
    });
  }
});
