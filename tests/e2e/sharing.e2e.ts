// The referral loop in a real browser on both demo tenants: log in, copy the referral link, a friend opens
// it in another browser and lands on the campaign page with the ref parameters, and the click shows on
// the dashboard. Then a share link is created and its QR code downloaded and decoded back to the link.
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll, hydrated, logInNewPage as logIn } from './harness';

// The friend's browser looks like a person's: headless Chromium's own user agent is a known bot.
const FRIEND_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test', campaignId: '102', code: 'ava-demo', shop: 'https://shop.demo.test/**' },
  { host: 'acme.localhost', email: 'alex@acme.test', campaignId: '201', code: 'alex-trail', shop: 'https://www.acme-outdoor.test/**' },
] as const;


// The dashboard's all-time clicks sit in its "All figures" disclosure: read whether open or not.
async function clicksTile(page: Page): Promise<number> {
  const text = (await page.locator('[data-tile="clicks"] .value').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

for (const tenant of TENANTS) {
  describe(`referral loop on ${tenant.host}`, () => {
    it('copies the referral link, a friend lands on the campaign page with mbsy and campaignid, and the click is counted', async () => {
      const base = baseUrl(tenant.host);
      const origin = new URL(base).origin;
      const context = await browser.newContext();
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        // Choose the campaign (the selector saves it and the page is painted again by the server).
        const selector = page.locator('select[data-campaign-selector]');
        await hydrated(page, 'select[data-campaign-selector]');
        // "All campaigns" first, then the campaign: each choice reloads the page painted by the server.
        await Promise.all([page.waitForEvent('load'), selector.selectOption('all')]);
        expect(await page.evaluate(() => localStorage.getItem('campaignId'))).toBe('all');
        await hydrated(page, 'select[data-campaign-selector]');
        await Promise.all([page.waitForEvent('load'), page.locator('select[data-campaign-selector]').selectOption(tenant.campaignId)]);
        expect(await page.locator('select[data-campaign-selector]').inputValue()).toBe(tenant.campaignId);
        expect(await page.evaluate(() => localStorage.getItem('campaignId'))).toBe(tenant.campaignId);
        const before = await clicksTile(page);

        // Copy: "Copied" feedback, the link on the clipboard, and the copy recorded as a share.
        const section = page.locator('[data-referral-link]');
        await hydrated(page, '[data-referral-link] button[data-copy]');
        const tracked = page.waitForResponse((r) => r.url().endsWith('/api/track/share/') && r.request().method() === 'POST');
        await section.locator('button[data-copy]').click();
        await expect.poll(() => section.locator('[data-copy-status]').getAttribute('data-copy-status')).toBe('copied');
        expect((await tracked).status()).toBe(201);
        const link = await page.evaluate(() => navigator.clipboard.readText());
        expect(link).toBe(`${origin}/r/${tenant.code}`);
        expect(await section.locator('input').inputValue()).toBe(link);

        // The friend opens it in another browser; the shop is a stub page. Chromium does not hand the
        // hop of a server redirect to Playwright's router, so the portal's 302 is fetched as is (status and
        // Location checked) and then followed by the page itself.
        const friend = await browser.newContext({ userAgent: FRIEND_UA });
        try {
          let redirect: { status: number; location: string | undefined; cache: string | undefined } | undefined;
          await friend.route('**/r/**', async (route) => {
            // Node may not resolve *.localhost: ask 127.0.0.1 with the tenant's Host header.
            const url = new URL(route.request().url());
            const host = url.host;
            url.hostname = '127.0.0.1';
            const res = await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host }, maxRedirects: 0 });
            const headers = res.headers();
            redirect = { status: res.status(), location: headers.location, cache: headers['cache-control'] };
            await route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><meta http-equiv="refresh" content="0;url=${headers.location}">` });
          });
          await friend.route(tenant.shop, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Shop</h1>' }));
          const friendPage = await friend.newPage();
          await Promise.all([friendPage.waitForURL(/mbsy=/), friendPage.goto(link)]);
          expect(redirect).toMatchObject({ status: 302, cache: 'no-store' });
          const landed = new URL(friendPage.url());
          expect(landed.origin).toBe(new URL(tenant.shop.replace('/**', '')).origin);
          expect(landed.searchParams.get('mbsy')).toBe(tenant.code);
          expect(landed.searchParams.get('campaignid')).toBe(tenant.campaignId);
          // The visit's click id, the one its click is stored under, for the store to keep.
          expect(landed.searchParams.get('mbsy_cid')).toMatch(/^c1[A-Za-z0-9_-]{40,62}$/);
          expect(await friendPage.locator('h1').innerText()).toBe('Shop');
        } finally {
          await friend.close();
        }

        // Back on the dashboard the click is counted (it is written just after the redirect).
        await expect.poll(async () => {
          await page.reload();
          return clicksTile(page);
        }, { timeout: 15_000, interval: 500 }).toBe(before + 1);
      } finally {
        await context.close();
      }
    });
  });
}

describe('share links', () => {
  it('creates a share link, downloads its QR code and the code decodes to the link', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    try {
      const page = await logIn(context, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/sharing`);
      const code = `e2e-${Date.now().toString(36)}`;
      const form = page.locator('form[data-share-link-form]');
      await form.locator('select[name="campaign"]').selectOption('101');
      await form.locator('input[name="description"]').fill('End-to-end test link');
      await form.locator('input[name="medium"]').fill('video');
      await form.locator('input[name="source"]').fill('email');
      await form.locator('input[name="shortCode"]').fill(code);
      await Promise.all([page.waitForURL(/created=1/), form.locator('button[type="submit"]').click()]);
      const row = page.locator(`tr[data-share-link="${code}"]`);
      await expect.poll(() => row.count()).toBe(1);
      const link = await row.locator('a[data-link]').innerText();
      expect(link).toBe(`${new URL(baseUrl('localhost')).origin}/r/${code}`);

      // The same code again is refused with a clear message, the form keeping what was typed.
      await form.locator('input[name="shortCode"]').fill(code.toUpperCase());
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => page.locator('[data-error="shortCode"]').innerText()).toMatch(/already taken/);
      expect(await page.locator('form[data-share-link-form] input[name="shortCode"]').inputValue()).toBe(code.toUpperCase());

      await hydrated(page, `tr[data-share-link="${code}"] button[data-qr="${code}"]`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator(`tr[data-share-link="${code}"] button[data-qr="${code}"]`).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`qr-${code}.png`);
      const png = PNG.sync.read(readFileSync(await download.path()));
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(link);
    } finally {
      await context.close();
    }
  });

  it('shows the assets of the selected campaign with previews and copyable embed code', async () => {
    const context = await browser.newContext();
    try {
      const page = await logIn(context, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/assets`);
      const kinds = await page.locator('[data-asset]').evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')).sort());
      expect(kinds).toEqual(['audio', 'image', 'other', 'pdf', 'video']);
      const image = page.locator('[data-asset][data-kind="image"] .preview img');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const embed = await page.locator('[data-asset][data-kind="image"] textarea').inputValue();
      expect(embed).toMatch(/<a href="http:\/\/localhost:\d+\/r\/ava-demo"/);
      // Sizes in the page language's symbols: "15.5 kB" in English, "15,5 ko" in French.
      expect(await page.locator('[data-asset] [data-size]').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+(\.\d)? (kB|MB)$/)]));
      await context.addCookies([{ name: 'language', value: 'fr', url: baseUrl('localhost') }]);
      await page.reload();
      const french = await page.locator('[data-asset] [data-size]').allInnerTexts();
      expect(french.length).toBe(5);
      for (const size of french) expect(size).toMatch(/^\d+(,\d)?\s(ko|Mo)$/);
      // French sets its colon apart: "Taille : 0,4 ko".
      expect(await page.locator('[data-asset] .muted-small').first().innerText()).toMatch(/Taille\u00a0: \d/);
      await context.clearCookies({ name: 'language' });
      await page.reload();
      await page.locator('input[name="q"]').fill('brand guide');
      await Promise.all([page.waitForURL(/q=brand/), page.locator('form[role="search"] button').click()]);
      expect(await page.locator('[data-asset]').count()).toBe(1);
      await page.locator('input[name="q"]').fill('nothing like this');
      await Promise.all([page.waitForURL(/q=nothing/), page.locator('form[role="search"] button').click()]);
      expect(await page.locator('[data-empty]').innerText()).toMatch(/no assets found/i);
    } finally {
      await context.close();
    }
  });
});

describe('dashboard messages', () => {
  it('names the company when the ambassador has no campaigns, and flags an inactive campaign', async () => {
    const context = await browser.newContext();
    try {
      const page = await logIn(context, 'localhost', 'nocampaign@demo.test');
      expect(await page.locator('[data-no-campaign]').innerText()).toMatch(/Demo Co/);
      expect(await page.locator('select[data-campaign-selector]').count()).toBe(0);
    } finally {
      await context.close();
    }
    const ava = await browser.newContext();
    try {
      const page = await logIn(ava, 'localhost', 'ava@demo.test');
      await hydrated(page, 'select[data-campaign-selector]');
      await Promise.all([page.waitForEvent('load'), page.locator('select[data-campaign-selector]').selectOption('104')]);
      expect(await page.locator('[data-inactive-campaign]').innerText()).toMatch(/no longer active/);
      expect(await page.locator('[data-referral-link] button[data-copy]').count()).toBe(0);
      // The hidden VIP campaign is not offered; "All campaigns" is.
      const options = await page.locator('select[data-campaign-selector] option').evaluateAll((els) => els.map((o) => (o as HTMLOptionElement).value));
      expect(options).toContain('all');
      expect(options).not.toContain('103');
    } finally {
      await ava.close();
    }
  });

  it('answers unknown links and pages with the branded 404', async () => {
    for (const path of ['/r/no-such-code', '/no-such-page']) {
      const res = await fetch(`${baseUrl('acme.localhost')}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Acme Outdoor Crew');
    }
  });
});

