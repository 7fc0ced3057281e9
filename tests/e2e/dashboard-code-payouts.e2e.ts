// The dashboard's share code and payouts on the way, in a real browser on both demo tenants. The share code
// the dashboard shows is copied and a friend opens /r/<code> in another browser: they land on the campaign
// page with mbsy (the ambassador's link) and a click id, as from the referral link itself (regression: the
// code was a 404). The payout made but not paid yet (Ava's po-503, Alex's po-603) shows on the "When will I
// get paid" card with its amount, method and status (regression: it showed nowhere), and the card follows
// the campaign selection like the figures beside it, saying which campaigns it counts.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, localD1, logIn, newBrowser, operatorCall, stopAll } from './harness';

// The friend's browser looks like a person's: headless Chromium's own user agent is a known bot.
const FRIEND_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  {
    host: 'localhost', email: 'ava@demo.test', code: 'AVA7QK', linkCode: 'ava-demo', campaignId: '102', campaignName: 'Refer a Friend',
    key: 'opk_demo_local_only_demo_7f3a9c2e51b84d06', campaignUid: 'cmp-demo-main',
    shop: 'https://shop.demo.test', landing: '/welcome', payout: { uid: 'po-503', amount: '$99.94', part: '$32.70' },
    // A campaign with nothing payable outside that payout: Winter Launch's $6.58 is all in it.
    idle: { id: '104', name: 'Winter Launch', part: '$6.58' },
  },
  {
    host: 'acme.localhost', email: 'alex@acme.test', code: 'ALEX9T', linkCode: 'alex-trail', campaignId: '201', campaignName: 'Trail Crew',
    key: 'opk_demo_local_only_acme_2b8e4f1a97c35d60', campaignUid: 'cmp-acme-trail',
    shop: 'https://www.acme-outdoor.test', landing: '/trail', payout: { uid: 'po-603', amount: '€62.31', part: '€46.69' },
    idle: { id: '202', name: 'Summit Club', part: '€15.62' },
  },
] as const;
type Tenant = (typeof TENANTS)[number];

/**
 * Something payable now, whatever the files before this one paid out (earnings-loop pays Ava and Alex): a sale
 * through the company key on the campaign the page selects, approved, and dated past the holding period (the
 * one thing the API cannot do, done in the local D1).
 */
async function payableNow(tenant: Tenant) {
  const sale = await operatorCall(tenant.host, tenant.key, '/events', {
    campaign_uid: tenant.campaignUid, transaction_uid: `e2e-dashboard-payable-${tenant.linkCode}-${Date.now()}`, revenue: '120.00',
    customer: { email: `dashboard-${tenant.linkCode}-${Date.now()}@example.com`, first_name: 'Dee', last_name: 'Buyer' },
    short_code: tenant.linkCode, event_type: 'first',
  });
  expect(sale.status).toBe(201);
  const uid = sale.body.commission.uid as string;
  expect((await operatorCall(tenant.host, tenant.key, `/commissions/${uid}/approve`, {})).status).toBe(200);
  localD1(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-60 days') WHERE uid = '${uid.replace(/'/g, '')}'`);
}

/** A logged-in page in English (the texts below are the English ones), with the clipboard allowed. */
async function withDashboard<T>(tenant: Tenant, work: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl(tenant.host)).origin });
  await context.addCookies([{ name: 'language', value: 'en', domain: tenant.host, path: '/' }]);
  try {
    const page = await context.newPage();
    await logIn(page, tenant.host, tenant.email);
    return await work(page, context);
  } finally {
    await context.close();
  }
}

/** Opens `url` in a new browser, as a friend would: the portal's 302 is fetched as is, then followed. */
async function friendOpens(url: string, shop: string) {
  const friend = await browser.newContext({ userAgent: FRIEND_UA });
  try {
    let redirect: { status: number; location: string | undefined } | undefined;
    // Chromium does not hand the hop of a server redirect to Playwright's router: fetch the 302 (asking
    // 127.0.0.1 with the tenant's Host header, since Node may not resolve *.localhost), then follow it.
    await friend.route('**/r/**', async (route) => {
      const target = new URL(route.request().url());
      const host = target.host;
      target.hostname = '127.0.0.1';
      const res = await route.fetch({ url: target.toString(), headers: { ...route.request().headers(), host }, maxRedirects: 0 });
      redirect = { status: res.status(), location: res.headers().location };
      await route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><meta http-equiv="refresh" content="0;url=${res.headers().location}">` });
    });
    await friend.route(`${shop}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Shop</h1>' }));
    const page = await friend.newPage();
    await Promise.all([page.waitForURL(/mbsy=/), page.goto(url)]);
    return { redirect, landed: new URL(page.url()) };
  } finally {
    await friend.close();
  }
}

for (const tenant of TENANTS) {
  describe(`the dashboard on ${tenant.host}`, () => {
    it('shows a share code that credits: copied, /r/<code> lands on the campaign page with mbsy and a click id', async () => {
      const origin = new URL(baseUrl(tenant.host)).origin;
      const copied = await withDashboard(tenant, async (page) => {
        const block = page.locator('[data-share-code]');
        await hydrated(page, '[data-share-code] button[data-copy]');
        // What the code is for, said beside it: the campaign, and the address that takes a friend there.
        const hint = await block.locator('[data-share-code-hint]').innerText();
        expect(hint).toBe(`For ${tenant.campaignName}: /r/${tenant.code}`);
        await block.getByRole('button', { name: 'Copy' }).click();
        await expect.poll(() => block.locator('[data-copy-status]').getAttribute('data-copy-status')).toBe('copied');
        return page.evaluate(() => navigator.clipboard.readText());
      });
      expect(copied).toBe(tenant.code);

      // Typed by hand, in any case: the same landing as the ambassador's own link.
      for (const code of [copied, copied.toLowerCase()]) {
        const { redirect, landed } = await friendOpens(`${origin}/r/${code}`, tenant.shop);
        expect(redirect?.status).toBe(302);
        expect(`${landed.origin}${landed.pathname}`).toBe(`${tenant.shop}${tenant.landing}`);
        expect(landed.searchParams.get('mbsy')).toBe(tenant.linkCode);
        expect(landed.searchParams.get('campaignid')).toBe(tenant.campaignId);
        expect(landed.searchParams.get('mbsy_cid')).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
      }
    });

    it('lists the payout on its way with its amount, method and status, for the campaigns the page says', async () => {
      await payableNow(tenant);
      await withDashboard(tenant, async (page) => {
        const base = baseUrl(tenant.host);
        const card = page.locator('[data-next-payout]');
        const item = card.locator(`[data-pending-payout="${tenant.payout.uid}"]`);

        // All campaigns: the whole payout.
        await page.goto(`${base}/app?campaign=all`);
        expect(await page.locator('[data-activity-overview] [data-scope]').innerText()).toBe('Figures for all your campaigns.');
        expect(await cardScope(page)).toBe('All campaigns');
        expect(await item.innerText()).toMatch(new RegExp(`^On the way: ${escape(tenant.payout.amount)} by PayPal\\s+Pending$`));
        expect(await item.locator('a').getAttribute('href')).toBe(`/app/payouts/${tenant.payout.uid}`);
        await expectTileIsCardFigure(page);

        // One campaign: the card says so, and a payout shows the part that campaign makes of it.
        await page.goto(`${base}/app?campaign=${tenant.campaignId}`);
        expect(await page.locator('[data-activity-overview] [data-scope]').innerText()).toBe(`Figures for ${tenant.campaignName}.`);
        expect(await cardScope(page)).toBe(tenant.campaignName);
        expect(await item.innerText()).toMatch(new RegExp(
          `^On the way: ${escape(tenant.payout.part)} of ${escape(tenant.payout.amount)} by PayPal\\s+Pending$`,
        ));
        // The points balance is one across campaigns, and says so.
        expect(await page.locator('[data-key-figures] .tile-note').first().innerText()).toBe('in all campaigns');
        await expectTileIsCardFigure(page);

        // A campaign whose payable money all went into that payout: it is on its way, not "nothing yet".
        await page.goto(`${base}/app?campaign=${tenant.idle.id}`);
        expect(await cardScope(page)).toBe(tenant.idle.name);
        expect(await card.locator('[data-reason="nothing_payable"]').innerText())
          .toBe('Nothing more is payable yet: what was payable is in the payout on the way.');
        expect(await item.innerText()).toContain(`On the way: ${tenant.idle.part} of ${tenant.payout.amount} by PayPal`);
      });
    });
  });
}

/** What the payout card shows beside its heading: the campaign its figures are of, or "All campaigns". */
const cardScope = (page: Page) => page.locator('[data-next-payout] [data-scope] [aria-hidden="true"]').innerText();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The "Next payout" figure at the top is the amount the card says is payable (one scope for both). */
async function expectTileIsCardFigure(page: Page) {
  const tile = (await page.locator('[data-tile="next_payout"] .value').innerText()).trim();
  expect(tile).toMatch(/\d/);
  expect(await page.locator('[data-next-payout] [data-payable-now]').innerText()).toContain(tile);
}
