// The data tables in a real browser on both demo tenants: /app/activity-portal (localhost, not
// admin3) and /app/transactions (acme, admin3, Spanish). The server paints the first page of every table
// (JavaScript off: rows, paging links, a bookmarked filtered URL); hydrated, the commissions table
// filters by status (plain and negated), sorts by amount and changes its page size through the URL, its
// CSV holds exactly the filtered rows, and a phone reads each row as a stacked card.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll, logInNewPage as logIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test', path: '/app/activity-portal', other: '/app/transactions', h1: 'Activity', paid: 'Paid', spanish: false },
  { host: 'acme.localhost', email: 'alex@acme.test', path: '/app/transactions', other: '/app/activity-portal', h1: 'Transacciones', paid: 'Pagada', spanish: true },
] as const;

const COMMISSIONS = '[data-table-section="commissions"]';

/** Waits until the table holding `selector` is taken over by its script (src/ui/table/data-table.ts). */
async function enhanced(page: Page, selector: string) {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  await expect.poll(() => el.evaluate((node) => node.closest('[data-table]')?.hasAttribute('data-enhanced')), { timeout: 15_000 }).toBe(true);
}


const rows = (page: Page) => page.locator(`${COMMISSIONS} tbody tr[data-row]`);
// A row's field, in its own cell or in its closed "Details" (the commissions' e-mail, transaction and revenue).
const cellTexts = (page: Page, col: string) => page.locator(`${COMMISSIONS} tbody tr[data-row] [data-col="${col}"]`).allTextContents()
  .then((texts) => texts.map((text) => text.trim()));
const summary = (page: Page) => page.locator(`${COMMISSIONS} [data-table-summary]`).innerText();
/** "€1,234.50" / "$5" -> 1234.5 */
/** An amount as the page writes it in its language: "$1,234.56" (en) or "1.234,56 €" (es). */
const money = (text: string) => {
  const digits = text.replace(/[^\d.,-]/g, '');
  const decimalComma = /,\d{1,2}$/.test(digits);
  return Number(decimalComma ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, ''));
};
/** The total of "1–25 of 36". */
/** How many table rows the browser skips laying out (content-visibility: tables.css). */
const skippedCards = (page: Page) =>
  page.locator('table.dt tbody tr').evaluateAll((trs) => trs.filter((tr) => getComputedStyle(tr).contentVisibility !== 'visible').length);
const total = (text: string) => Number(/(\d[\d,]*)\s*$/.exec(text.split('·')[0]!.trim())![1]!.replace(/,/g, ''));


async function applyStatusFilter(page: Page, op: 'in' | 'not_in', value: string) {
  const details = page.locator(`${COMMISSIONS} details.table-filters`);
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  await details.locator('select[data-filter-column]').selectOption('status');
  await details.locator('select[data-filter-operator]').selectOption(op);
  await details.locator(`.filter-choices input[value="${value}"]`).check();
  await details.locator('[data-filter-apply]').click();
}

for (const tenant of TENANTS) {
  describe(`data tables on ${tenant.host}`, () => {
    it('paints every table server-side, pages with plain links and paints a bookmarked filter (no JavaScript)', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        const res = await page.goto(`${baseUrl(tenant.host)}${tenant.path}`);
        expect(res?.status()).toBe(200);
        expect(await page.locator('h1').innerText()).toBe(tenant.h1);
        for (const table of ['commissions', 'payouts', 'activity']) {
          expect(await page.locator(`[data-table-section="${table}"] tbody tr[data-row]`).count()).toBeGreaterThan(0);
        }
        expect(await page.locator('[data-table-section="activity"] tbody tr[data-row]').count()).toBeLessThanOrEqual(15);
        // No script lays out cards later, so a phone without one lays out every card at once (tables.css).
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await skippedCards(page)).toBe(0);
        await page.setViewportSize({ width: 1280, height: 720 });
        const firstPage = await cellTexts(page, 'transaction_id');
        await Promise.all([page.waitForURL(/commissions\.page=2/), page.locator(`${COMMISSIONS} [data-page-next]`).click()]);
        const secondPage = await cellTexts(page, 'transaction_id');
        expect(secondPage.length).toBeGreaterThan(0);
        expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);

        // Rows per page without JavaScript: the small GET form.
        const count = total(await summary(page));
        await page.locator(`${COMMISSIONS} select[data-page-size]`).selectOption('50');
        await Promise.all([page.waitForURL(/commissions\.page_size=50/), page.locator(`${COMMISSIONS} .page-size button[type="submit"]`).click()]);
        expect(await rows(page).count()).toBe(Math.min(50, count));

        await page.goto(`${baseUrl(tenant.host)}${tenant.path}?commissions.status__in=paid`);
        const paid = tenant.paid;
        const statuses = await cellTexts(page, 'status');
        expect(statuses.length).toBeGreaterThan(0);
        expect(new Set(statuses)).toEqual(new Set([paid]));
        expect(await page.locator(`${COMMISSIONS} [data-active-filters] li[data-filter="status__in"]`).count()).toBe(1);
        // Nothing could fetch an activity detail: no disclosure that would open on nothing.
        expect(await page.locator('[data-table-section="activity"] details[data-activity-detail]').count()).toBe(0);

        // The "add a filter" GET form: its first column (the status) and an operator, then the filter as a chip.
        const form = page.locator(`${COMMISSIONS} form[data-filter-form]`);
        const details = page.locator(`${COMMISSIONS} details.table-filters`);
        if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
        await form.locator('select[data-filter-operator]').selectOption('not_in');
        await form.locator('.filter-choices input[value="denied"]').check();
        await Promise.all([page.waitForURL(/commissions\.fcol=status/), form.locator('[data-filter-apply]').click()]);
        expect(await page.locator(`${COMMISSIONS} [data-active-filters] li[data-filter="status__in"]`).count()).toBe(1);
        expect(await page.locator(`${COMMISSIONS} [data-active-filters] li[data-filter="status__not_in"]`).count()).toBe(1);
        expect(new Set(await cellTexts(page, 'status'))).toEqual(new Set([paid]));

        // Spec §2: the other screen is not for this company.
        const other = await page.goto(`${baseUrl(tenant.host)}${tenant.other}`);
        expect(new URL(other!.url()).pathname).toBe('/app');
      } finally {
        await context.close();
      }
    });

    it('filters, sorts, pages and downloads the CSV of the filtered commissions', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        await page.goto(`${baseUrl(tenant.host)}${tenant.path}`);
        await enhanced(page, `${COMMISSIONS} table`);
        const allCount = total(await summary(page));
        const paid = tenant.paid;

        await applyStatusFilter(page, 'in', 'paid');
        await page.waitForURL(/commissions\.status__in=paid/);
        await expect.poll(async () => new Set(await cellTexts(page, 'status'))).toEqual(new Set([paid]));
        const paidCount = total(await summary(page));
        expect(paidCount).toBeGreaterThan(0);
        expect(paidCount).toBeLessThan(allCount);

        // The CSV of the filtered view: exactly its rows (all pages), the same transactions.
        const href = await page.locator(`${COMMISSIONS} [data-table-csv]`).getAttribute('href');
        expect(href).toContain('format=csv');
        expect(href).toContain('status__in=paid');
        // Fetched by the page itself: the browser API with the session cookie, as the link downloads it.
        const csv = await page.evaluate(async (url) => {
          const res = await fetch(url);
          return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', text: await res.text() };
        }, href!);
        expect(csv.status).toBe(200);
        expect(csv.type).toContain('text/csv');
        expect(csv.disposition).toContain('attachment');
        const lines = csv.text.trim().split(/\r?\n/);
        expect(lines.length - 1).toBe(paidCount);
        const ids = await cellTexts(page, 'transaction_id');
        for (const id of ids) expect(lines.some((line) => line.includes(id))).toBe(true);

        // Negated: everything but paid.
        await page.locator(`${COMMISSIONS} [data-clear-filters]`).click();
        await expect.poll(async () => total(await summary(page))).toBe(allCount);
        await applyStatusFilter(page, 'not_in', 'paid');
        await page.waitForURL(/commissions\.status__not_in=paid/);
        await expect.poll(async () => total(await summary(page))).toBe(allCount - paidCount);
        expect((await cellTexts(page, 'status')).includes(paid)).toBe(false);

        // Sort by commission amount: ascending, then descending.
        await page.locator(`${COMMISSIONS} [data-sort="amount"]`).click();
        await page.waitForURL(/commissions\.ordering=amount/);
        await expect.poll(() => page.locator(`${COMMISSIONS} th[data-col="amount"]`).getAttribute('aria-sort')).toBe('ascending');
        await expect.poll(async () => {
          const amounts = (await cellTexts(page, 'amount')).map(money);
          return amounts.every((v, i) => i === 0 || amounts[i - 1]! <= v);
        }).toBe(true);
        await page.locator(`${COMMISSIONS} [data-sort="amount"]`).click();
        await page.waitForURL(/commissions\.ordering=-amount/);
        await expect.poll(async () => {
          const amounts = (await cellTexts(page, 'amount')).map(money);
          return amounts.length > 1 && amounts.every((v, i) => i === 0 || amounts[i - 1]! >= v);
        }).toBe(true);

        // Followed in place from the keyboard, the pressed control keeps the focus.
        await page.locator(`${COMMISSIONS} [data-sort="amount"]`).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/commissions\.ordering=amount(&|$)/);
        await expect.poll(() => page.locator(`${COMMISSIONS} th[data-col="amount"]`).getAttribute('aria-sort')).toBe('ascending');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-sort'))).toBe('amount');

        // Page size: 15 rows, then the URL keeps it.
        await page.locator(`${COMMISSIONS} select[data-page-size]`).selectOption('15');
        await page.waitForURL(/commissions\.page_size=15/);
        await expect.poll(() => rows(page).count()).toBe(Math.min(15, allCount - paidCount));
        expect(await summary(page)).toMatch(/^1–\d+/);

        // Row selection.
        await rows(page).nth(0).locator('[data-select-row]').check();
        await rows(page).nth(1).locator('[data-select-row]').check();
        expect(await page.locator(`${COMMISSIONS} [data-table-selected]`).innerText()).toContain('2');

        // Activity detail of a payout or redemption row, fetched when opened.
        await enhanced(page, '[data-table-section="activity"] table');
        const detail = page.locator('[data-table-section="activity"] details[data-activity-detail]').first();
        await detail.locator('summary').click();
        await expect.poll(() => detail.locator('[data-detail-field="created_at"] dd').count(), { timeout: 10_000 }).toBe(1);
        expect(await detail.locator('[data-detail-field="deducted_amount"] dd').innerText()).toMatch(/\d/);

        // The URL is the view: reloading it paints the same rows.
        const before = await cellTexts(page, 'transaction_id');
        await page.reload();
        expect(await cellTexts(page, 'transaction_id')).toEqual(before);
      } finally {
        await context.close();
      }
    });

    it('follows the first rows-per-page choice, made before the page\'s script ran', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        // The page's scripts are held back until the choice is made: the race a quick first click on a
        // slow connection loses, made certain.
        let release!: () => void;
        const held = new Promise<void>((resolve) => { release = resolve; });
        await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${baseUrl(tenant.host)}${tenant.path}`, { waitUntil: 'commit' });
        const size = page.locator(`${COMMISSIONS} select[data-page-size]`);
        await size.waitFor();
        const count = total(await summary(page));
        expect(await rows(page).count()).toBe(Math.min(25, count));
        await size.selectOption('50');
        expect(await page.locator(`${COMMISSIONS} [data-table][data-enhanced]`).count()).toBe(0);
        release();
        await page.waitForURL(/commissions\.page_size=50/);
        await expect.poll(() => rows(page).count()).toBe(Math.min(50, count));
        expect(await size.inputValue()).toBe('50');
      } finally {
        await context.close();
      }
    });

    it('reads as stacked cards on a phone, with no column cut off', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        await page.goto(`${baseUrl(tenant.host)}${tenant.path}`);
        const row = rows(page).first();
        // A card reads like a statement line: the customer and the commission on its first line, the date and
        // the status under them, the campaign labelled below. The first four keep their labels for screen
        // readers (a box of 1 px), the campaign's label shows.
        const box = (col: string) => row.locator(`td[data-col="${col}"]`).boundingBox().then((b) => b!);
        const [name, amount, date, status, campaign] = await Promise.all(['customer_name', 'amount', 'created_at', 'status', 'campaign'].map(box));
        expect(Math.abs(name.y - amount.y)).toBeLessThan(4);
        expect(amount.x).toBeGreaterThan(name.x + name.width - 1);
        expect(date.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
        expect(Math.abs(date.y + date.height / 2 - (status.y + status.height / 2))).toBeLessThan(8);
        expect(campaign.y).toBeGreaterThanOrEqual(Math.max(date.y + date.height, status.y + status.height) - 1);
        const label = (col: string) => row.locator(`td[data-col="${col}"]`).evaluate((td) => {
          const style = getComputedStyle(td, '::before');
          return { text: style.content, width: style.width };
        });
        expect(await label('amount')).toEqual({ text: tenant.spanish ? '"Comisión"' : '"Commission"', width: '1px' });
        expect((await label('campaign')).text).toBe(tenant.spanish ? '"Campaña"' : '"Campaign"');
        expect((await label('campaign')).width).not.toBe('1px');
        // Half the height of the card of five labelled lines it replaced (about 210 px in Spanish).
        expect((await row.boundingBox())!.height).toBeLessThan(150);
        // An activity card is named by its type, beside its amount.
        const activity = page.locator('[data-table-section="activity"] tbody tr[data-row]').first();
        const [type, worth] = await Promise.all(['type', 'amount'].map((col) => activity.locator(`td[data-col="${col}"]`).boundingBox().then((b) => b!)));
        expect(Math.abs(type.y - worth.y)).toBeLessThan(4);
        expect(worth.x).toBeGreaterThan(type.x + type.width - 1);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        for (const table of ['commissions', 'payouts', 'activity']) {
          const clipped = await page.locator(`[data-table-section="${table}"] .table-scroll`).evaluate((box) => box.scrollWidth - box.clientWidth);
          expect(clipped).toBeLessThanOrEqual(0);
        }
        // No headings to press on a card: the sort choice the page's script writes above them sorts instead.
        const sort = page.locator(`${COMMISSIONS} select[data-sort-select]`);
        await Promise.all([page.waitForURL(/commissions\.ordering=amount/), sort.selectOption('amount')]);
        await expect.poll(() => page.locator(`${COMMISSIONS} th[data-col="amount"]`).getAttribute('aria-sort')).toBe('ascending');
        expect(await sort.inputValue()).toBe('amount');
      } finally {
        await context.close();
      }
    });

    // The cards below a phone's first screen are selected, reached by the keyboard and shown whole. While the
    // page loads only the cards near the screen are laid out (tables.css); the script lays out the others
    // in idle time after the load, so a capture of the whole page shows every card.
    it('selects, focuses and shows the cards a phone has not scrolled to yet', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US', timezoneId: 'UTC' });
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        await page.goto(`${baseUrl(tenant.host)}${tenant.path}`);
        // The last table of the page, several screens down.
        const section = page.locator('[data-table-section]').last();
        await enhanced(page, '[data-table-section]:last-of-type [data-select-all]');
        const cards = section.locator('tbody tr[data-row]');
        const count = await cards.count();
        await section.locator('[data-select-all]').check();
        expect(await section.locator('tbody [data-select-row]:checked').count()).toBe(count);
        expect(await section.locator('[data-table-summary]').innerText()).toMatch(new RegExp(`${count}`));
        await section.locator('[data-select-all]').uncheck();

        await page.evaluate(() => window.scrollTo(0, 0));
        const last = cards.last();
        // Focus moves from the last card's box to its next control, which comes into view whole.
        await last.locator('[data-select-row]').focus();
        await page.keyboard.press('Tab');
        const focused = page.locator(':focus');
        expect(await focused.evaluate((el) => el.closest('tr[data-row]') === document.querySelector('[data-table-section]:last-of-type tbody tr[data-row]:last-child'))).toBe(true);
        // In view once the cards it scrolled past have their own heights (the next frame).
        await expect.poll(async () => {
          const box = (await focused.boundingBox())!;
          return box.y >= 0 && box.y + box.height <= 844;
        }).toBe(true);
        const status = last.locator('td[data-col="status"]');
        expect((await status.innerText()).trim()).not.toBe('');
        expect((await status.boundingBox())!.height).toBeGreaterThan(0);

        // Every card is drawn soon after the load, not only those near the screen: a capture of the whole
        // page shows each one, with its own height, not the guess it had while skipped.
        await expect.poll(() => skippedCards(page)).toBe(0);
        expect(await page.locator('table.dt tbody tr').count()).toBeGreaterThan(count);
        // What keeps the loading frames short: a card not yet laid out is skipped while far from the screen,
        // except the last (the pager after it stays where it will be).
        const rule = await page.locator('table.dt tbody').first().evaluate((tbody) => {
          const [first, last] = [tbody.querySelector('tr')!, tbody.querySelector('tr:last-child')!];
          first.removeAttribute('data-laid');
          last.removeAttribute('data-laid');
          return [getComputedStyle(first).contentVisibility, getComputedStyle(last).contentVisibility];
        });
        expect(rule).toEqual(['auto', 'visible']);
        // A closed filter form is not rendered at all (the browser's form scan laid out every closed one at
        // DOMContentLoaded); opened, it is there to use.
        const filters = section.locator('details.table-filters');
        expect(await filters.locator('form').evaluate((form) => getComputedStyle(form).display)).toBe('none');
        await filters.locator('summary').click();
        await expect.poll(() => filters.locator('form').evaluate((form) => getComputedStyle(form).display)).not.toBe('none');
        expect(await filters.locator('[data-filter-column]').isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    });
  });
}
