// A sale finds its ambassador by itself, end to end: a friend follows Ava's referral link, lands on
// a stand-in store (a small Node server on store.localhost that takes the campaign shop's place) whose pages
// load /t.js, and reaches its checkout; the store puts the kept click id in the Checkout Session's
// client_reference_id, and Stripe's `checkout.session.completed` (signed with the official `stripe` package's
// test-header helper, Node side) makes Ava's pending commission, which she sees in her portal; Stripe's
// `charge.refunded` then takes it away.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, cookieHeader, logIn, newBrowser, operatorCall, sessionCookies, stopAll } from './harness';

const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const WEBHOOK_SECRET = 'whsec_e2eStoreAttribution0123456789';
const SHOP = 'https://shop.demo.test';
// A real browser's user agent: headless Chromium's own is a bot's, whose visits get no click id. Unique per run,
// so this visit is never a repeat of another test's (a repeat is stored uncounted, and the wait below counts).
const FRIEND_UA = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.${Date.now() % 10_000}.0 Safari/537.36`;
const COMMISSIONS = '[data-table-section="commissions"]';

let store: http.Server;
let storeOrigin: string;
let browser: Browser;

beforeAll(async () => {
  // The store: every page loads the portal's /t.js; /checkout shows the click id the script kept.
  store = http.createServer((req, res) => {
    const { pathname } = new URL(req.url!, 'http://store');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Demo shop</title><h1>${pathname === '/checkout' ? 'Checkout' : 'Welcome'}</h1>`
      + `<script src="${baseUrl('localhost')}/t.js"></script>`);
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  storeOrigin = `http://store.localhost:${(store.address() as AddressInfo).port}`;
  browser = await newBrowser();
  const put = await operatorCall('localhost', DEMO_KEY, '/integrations/stripe', { webhook_secret: WEBHOOK_SECRET }, { method: 'PUT' });
  expect(put.status).toBe(200);
});

afterAll(async () => {
  await new Promise((resolve) => store?.close(resolve));
  await stopAll();
});

/** POSTs a Stripe event to the demo company's hook, signed as Stripe signs it. */
async function sendStripe(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_e2e_${crypto.randomUUID()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = await new Stripe('sk_test_unused').webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
  const res = await fetch(`${baseUrl('localhost')}/v1/hooks/stripe/demo`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload,
  });
  return { status: res.status, body: (await res.json()) as { result: string } };
}

/** Ava's clicks on the main campaign, as her stats API counts them. */
async function avaClicks(cookie: string): Promise<number> {
  const res = await fetch(`${baseUrl('localhost')}/api/ambassadors/amb-ava/stats/campaigns/?campaign_uid=cmp-demo-main`, { headers: { cookie } });
  return ((await res.json()) as { campaign_links: { clicks: number }[] }).campaign_links[0]!.clicks;
}

/** The transaction ids of Ava's commissions listed under the pending filter (the server-painted table). */
async function pendingTransactions(page: Page): Promise<string[]> {
  await page.goto(`${baseUrl('localhost')}/app/activity-portal?commissions.status__in=pending&commissions.page_size=100`);
  return page.locator(`${COMMISSIONS} tbody tr[data-row] [data-col="transaction_id"]`).allTextContents()
    .then((cells) => cells.map((c) => c.trim()));
}

describe('a sale through the store script and Stripe', () => {
  it('credits the ambassador whose link the buyer followed, shows the pending commission, and a refund takes it away', async () => {
    const ava = cookieHeader(await sessionCookies('localhost', 'ava@demo.test'));
    const clicksBefore = await avaClicks(ava);

    // 1. The friend follows Ava's link. Chromium does not hand a server redirect's hop to Playwright's router, so
    // the portal's 302 is fetched as is, checked, and its target followed on the stand-in store.
    const friend = await browser.newContext({ userAgent: FRIEND_UA, locale: 'en-US', timezoneId: 'UTC' });
    let clickId: string | null;
    try {
      let location = '';
      await friend.route('**/r/**', async (route) => {
        const res = await route.fetch({ maxRedirects: 0 });
        location = res.headers().location ?? '';
        const target = new URL(location);
        expect(target.origin).toBe(SHOP);
        await route.fulfill({
          status: 200, contentType: 'text/html',
          body: `<!doctype html><meta http-equiv="refresh" content="0;url=${storeOrigin}${target.pathname}${target.search}">`,
        });
      });
      const page = await friend.newPage();
      await Promise.all([page.waitForURL(`${storeOrigin}/**`), page.goto(`${baseUrl('localhost')}/r/ava-demo`)]);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('mbsy')).toBe('ava-demo');
      const cid = landed.searchParams.get('mbsy_cid');
      // The click id the portal signed for this visit (src/api/sharing/click-id.ts): URL-safe, at most 64 characters.
      expect(cid).toMatch(/^c1[A-Za-z0-9_-]{40,62}$/);

      // 2. A later page of the store, without the parameters: the script answers the kept click id.
      await page.waitForFunction(() => 'mbsy' in window);
      await page.goto(`${storeOrigin}/checkout`);
      await page.waitForFunction(() => 'mbsy' in window);
      clickId = await page.evaluate(() => (window as unknown as { mbsy: { clickId(): string | null } }).mbsy.clickId());
      expect(clickId).toBe(cid);
      expect((await friend.cookies()).filter((c) => c.name.startsWith('mbsy')).map((c) => c.domain)).toEqual(['store.localhost', 'store.localhost']);
    } finally {
      await friend.close();
    }

    // The click is stored just after the redirect (waitUntil / the clicks queue): wait for it to count.
    await expect.poll(() => avaClicks(ava), { timeout: 20_000, interval: 500 }).toBe(clicksBefore + 1);

    // 3. The store created the Checkout Session with client_reference_id = the click id; Stripe reports it paid.
    const paymentIntent = `pi_e2e_${Date.now().toString(36)}`;
    const session = {
      id: `cs_test_e2e_${Date.now().toString(36)}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete',
      amount_total: 12_000, currency: 'usd', payment_intent: paymentIntent, invoice: null, customer: `cus_e2e_${Date.now().toString(36)}`,
      customer_details: { email: 'friend@example.com', name: 'Fran Friend' }, client_reference_id: clickId, metadata: {}, discounts: [],
    };
    const paid = await sendStripe('checkout.session.completed', session);
    expect(paid).toMatchObject({ status: 200, body: { result: 'created' } });

    // 4. Ava sees it among her pending commissions: 10 % of $120.00.
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
    try {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      expect(await pendingTransactions(page)).toContain(paymentIntent);
      const row = page.locator(`${COMMISSIONS} tbody tr[data-row]`, { has: page.locator(`[data-col="transaction_id"]`, { hasText: paymentIntent }) });
      expect((await row.locator('td[data-col="amount"]').innerText()).trim()).toMatch(/^\$12(\.00)?$/);
      expect((await row.locator('[data-col="revenue"]').textContent())?.trim()).toMatch(/^\$120(\.00)?$/);

      // 5. The charge is refunded in full: the commission is no longer pending (nothing to be paid).
      const refunded = await sendStripe('charge.refunded', {
        id: `ch_e2e_${Date.now().toString(36)}`, object: 'charge', payment_intent: paymentIntent, amount: 12_000, amount_refunded: 12_000, refunded: true,
      });
      expect(refunded).toMatchObject({ status: 200, body: { result: 'refunded' } });
      expect(await pendingTransactions(page)).not.toContain(paymentIntent);
    } finally {
      await context.close();
    }
  });
});
