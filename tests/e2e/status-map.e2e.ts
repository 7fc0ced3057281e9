// One status vocabulary (spec §4 display rules): the same approved commission read "Approved" on
// the dashboard and "Unpaid" in the tables and filters. Here every screen that names a commission's status
// is read in a real browser, in English (localhost) and Spanish (acme): the commissions table, the activity
// table's commission rows, both tables' filter chips and the CSV say one word per status
// (src/lib/statuses.ts). The focused dashboard no longer lists activity: it names no status.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, operatorCall, stopAll, logInNewPage as logIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test', path: '/app/activity-portal', approved: 'Approved', campaign: 'cmp-demo-main', key: 'opk_demo_local_only_demo_7f3a9c2e51b84d06' },
  { host: 'acme.localhost', email: 'alex@acme.test', path: '/app/transactions', approved: 'Aprobada', campaign: 'cmp-acme-trail', key: 'opk_demo_local_only_acme_2b8e4f1a97c35d60' },
] as const;

const STATUSES = ['pending', 'approved', 'paid', 'denied'] as const;

const statusCells = (page: Page, table: string) =>
  page.locator(`[data-table-section="${table}"] tbody tr[data-row] td[data-col="status"]`).allInnerTexts();
const chip = (page: Page, table: string) =>
  page.locator(`[data-table-section="${table}"] [data-active-filters] li[data-filter="status__in"]`).innerText();

for (const tenant of TENANTS) {
  describe(`the status map on ${tenant.host}`, () => {
    it('names each commission status with one word on the tables, their filters and the CSV', async () => {
      // An approved commission of this run: other browser tests pay the seed's approved ones out.
      const stamp = `${Date.now()}-${tenant.host}`;
      const reported = await operatorCall(tenant.host, tenant.key, '/events', {
        campaign_uid: tenant.campaign, transaction_uid: `status-map-${stamp}`, revenue: '80.00', is_approved: true, referrer_email: tenant.email,
        customer: { email: `status-map-${stamp}@example.test`, first_name: 'Sam', last_name: 'Status' }, event_type: 'first',
      });
      expect(reported.status).toBe(201);
      const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US', timezoneId: 'UTC' });
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        const words = new Map<string, string>();
        for (const status of STATUSES) {
          await page.goto(`${baseUrl(tenant.host)}${tenant.path}?campaign=all&commissions.status__in=${status}&activity.status__in=${status}`);
          const commissionWords = new Set((await statusCells(page, 'commissions')).map((w) => w.trim()));
          expect(commissionWords.size, `${status}: one word in the commissions table`).toBe(1);
          const [word] = [...commissionWords];
          words.set(status, word!);
          // The activity table reports a commission with the commission's own status: the same word.
          const activityWords = new Set((await statusCells(page, 'activity')).map((w) => w.trim()));
          expect([...activityWords], `${status}: the activity table`).toEqual([word]);
          // The filter chips name the chosen status with that word too.
          expect(await chip(page, 'commissions')).toContain(word);
          expect(await chip(page, 'activity')).toContain(word);
        }
        expect(words.get('approved')).toBe(tenant.approved);
        expect(new Set(words.values()).size).toBe(STATUSES.length);

        // The CSV (English for any reader) of the approved commissions says "Approved", never "Unpaid".
        await page.goto(`${baseUrl(tenant.host)}${tenant.path}?campaign=all&commissions.status__in=approved`);
        const href = await page.locator('[data-table-section="commissions"] [data-table-csv]').getAttribute('href');
        // Fetched by the page itself (the session cookie, and *.localhost resolves in the browser only).
        const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
        const lines = csv.trim().split(/\r?\n/).slice(1);
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line).toContain(',Approved,');
      } finally {
        await context.close();
      }
    });
  });
}
