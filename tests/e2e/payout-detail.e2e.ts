// Payout and transaction detail in a real browser on both demo tenants: a payout of the payouts
// table opens its own page without JavaScript (amount, method, status, dates, reference and the commissions
// it paid, which add up to it), a commission there leads to its row of the commissions table, another
// person's or company's payout is a 404 "payout not found" page; with JavaScript the activity (acme's
// transactions page too) opens a payout's detail in place and the payouts table links to its page, in
// English and another language, and axe finds nothing on the detail page at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, ROOT, sessionCookies, stopAll } from './harness';

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  {
    host: 'localhost', email: 'ava@demo.test', list: '/app/activity-portal', own: 'po-501', others: ['601', 'po-601', '99999'],
    other: 'es', title: { en: 'Payout 501', other: 'Pago 501' }, back: { en: 'Back to payouts', other: 'Volver a los pagos' },
  },
  {
    host: 'acme.localhost', email: 'alex@acme.test', list: '/app/transactions', own: 'po-602', others: ['501', 'po-501', '99999'],
    other: 'fr', title: { en: 'Payout 602', other: 'Versement 602' }, back: { en: 'Back to payouts', other: 'Retour aux versements' },
  },
] as const;

type Tenant = (typeof TENANTS)[number];

async function context(tenant: Tenant, lang: string, options: { js?: boolean; width?: number } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 }, locale: lang === 'en' ? 'en-US' : lang, timezoneId: 'UTC',
    javaScriptEnabled: options.js ?? true, bypassCSP: true, // axe is injected as an inline script
  });
  await ctx.addCookies([{ name: 'language', value: lang, domain: tenant.host, path: '/', sameSite: 'Lax' }]);
  await ctx.addCookies(await sessionCookies(tenant.host, tenant.email));
  return ctx;
}

/** An amount as the page writes it in its language: "$1,234.56" (en) or "1.234,56 €" (fr, es) -> 1234.56. */
const money = (text: string) => {
  const digits = text.replace(/[^\d.,-]/g, '');
  const decimalComma = /,\d{1,2}$/.test(digits);
  return Number(decimalComma ? digits.replace(/[.\s]/g, '').replace(',', '.') : digits.replace(/,/g, ''));
};

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await run.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `[${v.id}] ${n.target.map(String).join(' > ')}`));
  });
}

describe.each(TENANTS)('payout detail on $host', (tenant) => {
  it('opens a payout from the payouts table without JavaScript, with the commissions it paid', async () => {
    const ctx = await context(tenant, 'en', { js: false });
    try {
      const page = await ctx.newPage();
      await page.goto(`${baseUrl(tenant.host)}${tenant.list}`);
      const link = page.locator(`[data-table-section="payouts"] td.dt-detail a[data-detail-page][href="/app/payouts/${tenant.own}"]`);
      expect(await link.innerText()).toBe('Details');
      await Promise.all([page.waitForURL(new RegExp(`/app/payouts/${tenant.own}$`)), link.click()]);

      expect(await page.locator('h1').innerText()).toBe(tenant.title.en);
      const detail = page.locator('[data-payout-detail]');
      expect(await detail.getAttribute('data-payout-detail')).toBe(tenant.own);
      for (const field of ['amount', 'method', 'status', 'created_at', 'paid_at', 'reference']) {
        expect((await detail.locator(`[data-field="${field}"]`).innerText()).trim(), field).not.toBe('');
      }
      expect(await detail.locator('[data-field="status"]').innerText()).toBe('Paid');
      // The commissions it paid add up to the payout.
      const amounts = await detail.locator('tr[data-commission] td.num').allInnerTexts();
      expect(amounts.length).toBeGreaterThan(0);
      const sum = amounts.reduce((total, text) => total + money(text), 0);
      expect(sum.toFixed(2)).toBe(money(await detail.locator('[data-field="amount"]').innerText()).toFixed(2));

      // A commission leads to its row of the commissions table.
      const first = detail.locator('tr[data-commission] a').first();
      const transactionId = await first.innerText();
      await Promise.all([page.waitForURL(/commissions\.transaction_id__exact=/), first.click()]);
      expect((await page.locator('[data-table-section="commissions"] tbody tr[data-row] [data-col="transaction_id"]').allTextContents()).map((id) => id.trim())).toEqual([transactionId]);
    } finally {
      await ctx.close();
    }
  });

  it('answers another person\'s, another company\'s or an unknown payout with a 404 page', async () => {
    const ctx = await context(tenant, tenant.other, { js: false });
    try {
      const page = await ctx.newPage();
      for (const id of tenant.others) {
        const res = await page.goto(`${baseUrl(tenant.host)}/app/payouts/${id}`);
        expect(res?.status(), id).toBe(404);
        expect(await page.locator('[data-payout-missing] h1').count(), id).toBe(1);
        expect(await page.locator('[data-payout-detail]').count(), id).toBe(0);
        expect(await page.locator('html').getAttribute('lang')).toBe(tenant.other);
        expect(await page.locator('[data-back-to-payouts]').innerText()).toBe(tenant.back.other);
      }
    } finally {
      await ctx.close();
    }
  });

  it(`opens a transaction's detail in place and a payout's page in ${tenant.other}, with no axe violation`, async () => {
    const ctx = await context(tenant, tenant.other);
    try {
      const page = await ctx.newPage();
      await page.goto(`${baseUrl(tenant.host)}${tenant.list}`);
      // The activity (the transactions' last table on acme) opens a payout's detail in place.
      const section = page.locator('[data-table-section="activity"]');
      await section.scrollIntoViewIfNeeded();
      await expect.poll(() => section.locator('[data-table]').getAttribute('data-enhanced'), { timeout: 15_000 }).toBe('');
      const detail = section.locator('details[data-activity-detail="payout"]').first();
      // Keyboard: the disclosure's summary takes the focus and opens with Enter.
      await detail.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => detail.locator('[data-detail-field="deducted_amount"] dd').count(), { timeout: 10_000 }).toBe(1);
      expect(await detail.locator('[data-detail-field="status"] dd').innerText()).not.toBe('');
      expect(await detail.locator('a[data-detail-page]').getAttribute('href')).toMatch(/^\/app\/payouts\/[\w-]+$/);
      // The payouts table links each payout to its page, reached with the keyboard too.
      const open = page.locator('[data-table-section="payouts"] a[data-detail-page]').first();
      await open.focus();
      await Promise.all([page.waitForURL(/\/app\/payouts\//), page.keyboard.press('Enter')]);
      expect(await page.locator('h1').innerText()).toMatch(/^(Pago|Versement) \d+$/);
      expect(await page.locator('html').getAttribute('lang')).toBe(tenant.other);
      expect(await axe(page)).toEqual([]);
      // The same page on a phone, in English.
      const phone = await context(tenant, 'en', { width: 390 });
      try {
        const small = await phone.newPage();
        await small.goto(`${baseUrl(tenant.host)}/app/payouts/${tenant.own}`);
        expect(await small.locator('h1').innerText()).toBe(tenant.title.en);
        expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // Each commission reads like a statement line: campaign and amount on one line, date and status under them.
        const card = small.locator('.payout-commissions tbody tr').first();
        const [date, campaign, amount, status] = await Promise.all([1, 2, 4, 5].map((n) => card.locator(`td:nth-child(${n})`).boundingBox().then((b) => b!)));
        expect(Math.abs(campaign.y - amount.y)).toBeLessThan(4);
        expect(amount.x).toBeGreaterThan(campaign.x + campaign.width - 1);
        expect(date.y).toBeGreaterThanOrEqual(campaign.y + campaign.height - 1);
        expect(Math.abs(date.y + date.height / 2 - (status.y + status.height / 2))).toBeLessThan(8);
        expect(await axe(small)).toEqual([]);
      } finally {
        await phone.close();
      }
    } finally {
      await ctx.close();
    }
  });
});

describe('the dashboard\'s last payout', () => {
  it('opens that payout', async () => {
    const tenant = TENANTS[0];
    const ctx = await context(tenant, 'en', { js: false });
    try {
      const page = await ctx.newPage();
      await page.goto(`${baseUrl(tenant.host)}/app`);
      const link = page.locator('[data-last-payout-link]');
      await Promise.all([page.waitForURL(/\/app\/payouts\//), link.click()]);
      expect(await page.locator('[data-payout-detail] [data-field="status"]').innerText()).toBe('Paid');
    } finally {
      await ctx.close();
    }
  });
});
