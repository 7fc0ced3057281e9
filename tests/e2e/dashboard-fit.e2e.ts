// A focused dashboard and tables that fit, on both demo tenants in a real Chromium: the
// ambassador's personal discount code shows beside the share code with Copy; on a phone the dashboard's
// first screen holds the key figures and the referral link and the whole page is at most 2.5 screens, with
// a personal code, in the tenant's longer language (acme in Spanish); at 1280 px the activity, commissions and payouts are real tables, in two
// languages, every cell on one line or cut with its whole value on hover and focus, no word broken, the
// activity's secondary fields in each row's "Details" (the company's event-data names, never "Event data
// N"); on a phone they read as cards.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, logIn, newBrowser, operatorCall, stopAll, withContextDefaults } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test', uid: 'amb-ava', campaign: 'cmp-demo-main', key: 'opk_demo_local_only_demo_7f3a9c2e51b84d06', activity: '/app/activity-portal', lang: 'en', other: 'fr' },
  { host: 'acme.localhost', email: 'alex@acme.test', uid: 'amb-alex', campaign: 'cmp-acme-trail', key: 'opk_demo_local_only_acme_2b8e4f1a97c35d60', activity: '/app/transactions', lang: 'es', other: 'es' },
] as const;
type Tenant = (typeof TENANTS)[number];

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 900 };

async function withPage<T>(tenant: Tenant, viewport: { width: number; height: number }, work: (page: Page) => Promise<T>, lang = 'en'): Promise<T> {
  const context = await browser.newContext(withContextDefaults({ viewport }));
  // English whatever the profile's language unless asked: the labels below are the English ones.
  await context.addCookies([{ name: 'language', value: lang, domain: tenant.host, path: '/' }]);
  try {
    const page = await context.newPage();
    await logIn(page, tenant.host, tenant.email);
    return await work(page);
  } finally {
    await context.close();
  }
}

/** The unnamed event data's heading per language (tables.col.details). */
const DETAILS: Record<string, string> = { en: 'Details', fr: 'Détails', es: 'Detalles' };

/**
 * Waits until the browser script took the table over (row selection boxes, whole values of cut cells) and
 * the page's stylesheets are in, and a frame has passed for the script to measure the cells they cut.
 */
async function enhanced(page: Page, table: string) {
  await page.locator(`[data-table="${table}"]`).scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator(`[data-table="${table}"][data-enhanced]`).count(), { timeout: 15_000 }).toBe(1);
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Every heading and cell of a table as the window lays it out: its lines (the distinct tops of its text's
 * boxes), whether its column cut it and how it says so, and the words broken across two lines.
 */
function measureCells(table: Element) {
  return [...table.querySelectorAll<HTMLElement>('thead th[data-col], tbody td[data-col]')].filter((cell) => cell.getClientRects().length > 0).map((cell) => {
    const range = document.createRange();
    const tops: number[] = [];
    let brokenWords = 0;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    // The last character laid out with a box, and the character just before this one (a space a line
    // ends on has no box of its own).
    let lastTop: number | null = null;
    let before = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const ch = text[i]!;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect && rect.width > 0) {
          const top = Math.round(rect.top);
          if (!tops.some((t) => Math.abs(t - top) < 4)) tops.push(top);
          // A new line that starts inside a word: the character before and this one both letters or digits.
          if (lastTop !== null && top > lastTop + 3 && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(ch)) brokenWords += 1;
          lastTop = top;
        }
        before = ch;
      }
    }
    const style = getComputedStyle(cell);
    return {
      col: cell.dataset.col, text: cell.textContent?.trim() ?? '', lines: cell.tagName === 'TH' ? 1 : tops.length, brokenWords, points: cell.classList.contains('pts'),
      cut: cell.scrollWidth > cell.clientWidth + 1, ellipsis: style.textOverflow === 'ellipsis', title: cell.title, focusable: cell.tabIndex >= 0,
    };
  });
}

/** The tenant ambassador's personal discount code, given once per run by the company's operator key. */
const personalCodes = new Map<string, Promise<string>>();
function personalCode(tenant: Tenant): Promise<string> {
  if (!personalCodes.has(tenant.host)) {
    personalCodes.set(tenant.host, (async () => {
      const code = `FIT${Date.now().toString(36).toUpperCase()}`;
      const res = await operatorCall(tenant.host, tenant.key, '/personal-codes',
        { ambassador_uid: tenant.uid, campaign_uid: tenant.campaign, code }, { headers: { 'idempotency-key': code } });
      expect(res.status).toBe(201);
      return code;
    })());
  }
  return personalCodes.get(tenant.host)!;
}

for (const tenant of TENANTS) {
  describe(`dashboard on ${tenant.host}`, () => {
    it('shows the ambassador\'s personal discount code beside the share code, with Copy', async () => {
      const code = await personalCode(tenant);
      await withPage(tenant, DESKTOP, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}/app?campaign=${tenant.campaign}`);
        const block = page.locator(`[data-personal-code="${code}"]`);
        expect(await block.count()).toBe(1);
        await hydrated(page, `[data-personal-code="${code}"] button[data-copy]`);
        expect(await block.locator('input').inputValue()).toBe(code);
        expect(await block.getByRole('button', { name: 'Copy' }).count()).toBe(1);
        // Beside the share code, in the same "what to share" card.
        expect(await page.locator('[data-referral-section] [data-share-code] + [data-personal-code]').count()).toBeGreaterThan(0);
      });
    });

    it(`answers "how am I doing and what do I share" on the first phone screen, in at most 2.5 screens (${tenant.lang}, with a personal code)`, async () => {
      const code = await personalCode(tenant);
      await withPage(tenant, PHONE, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}/app`);
        expect(await page.locator(`[data-personal-code="${code}"]`).count()).toBe(1);
        const figures = await page.locator('[data-key-figures] [data-tile]').count();
        expect(figures).toBeGreaterThan(0);
        expect(figures).toBeLessThanOrEqual(4);
        const bottomOf = (selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
        expect(await bottomOf('[data-key-figures]')).toBeLessThanOrEqual(PHONE.height);
        expect(await bottomOf('[data-referral-link] input')).toBeLessThanOrEqual(PHONE.height);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        // "At most about 2.5 screens", with the personal code and the longer language's texts.
        expect(height).toBeLessThanOrEqual(2.5 * PHONE.height);
        // The rest is one tap away: every other figure in a closed disclosure, the activity on its page.
        expect(await page.locator('details[data-more-figures]').getAttribute('open')).toBeNull();
        expect(await page.locator('[data-activity-link]').getAttribute('href')).toBe(tenant.activity);
      }, tenant.lang);
    });
  });

  describe(`activity table on ${tenant.host}`, () => {
    for (const lang of ['en', tenant.other]) {
      it(`the desktop activity table (${lang}): real rows at 1280 px, each cell on one line or cut, no word broken, never "Event data N"`, async () => {
        await withPage(tenant, DESKTOP, async (page) => {
          await page.goto(`${baseUrl(tenant.host)}${tenant.activity}`);
          await enhanced(page, 'activity');
          for (const table of ['activity', 'commissions', 'payouts']) {
            const dt = page.locator(`[data-table="${table}"] table.dt`);
            expect(await dt.evaluate((el) => getComputedStyle(el).display), table).toBe('table');
            expect(await dt.locator('tbody tr').first().evaluate((el) => getComputedStyle(el).display), table).toBe('table-row');
            const cells = await dt.evaluate(measureCells);
            expect(cells.length, table).toBeGreaterThan(0);
            // One line each (points: their number, and the company's name for them under it when the column is
            // too narrow for both); a cell cut to its column says so (ellipsis) and shows its whole
            // value on hover and focus.
            expect(cells.filter((c) => c.lines > (c.points ? 2 : 1)), table).toEqual([]);
            expect(cells.filter((c) => c.cut && !(c.ellipsis && c.title === c.text && c.focusable)), table).toEqual([]);
            // Headings may wrap between words, never inside one.
            expect(cells.filter((c) => c.brokenWords > 0), table).toEqual([]);
          }
          // The activity's headings: a handful of columns, its other fields in each row's "Details".
          const activity = page.locator('[data-table="activity"] table.dt');
          const headers = await activity.locator('thead th[data-col]').allInnerTexts();
          expect(headers.length).toBeGreaterThanOrEqual(4);
          expect(headers.length).toBeLessThanOrEqual(7);
          // The event data, headed by the company's names for it, else "Details", never "Event data N".
          const details = activity.locator('td.dt-detail details:has([data-col^="event_data"])').first();
          await details.locator('summary').click();
          const labels = await details.locator('[data-col^="event_data"]').evaluateAll((lines) => lines.map((line) => getComputedStyle(line, '::before').content));
          expect(labels.length).toBeGreaterThan(0);
          expect(labels.filter((l) => /event data|datos del evento|donn/i.test(l))).toEqual([]);
          expect(labels).toContain(`"${DETAILS[lang]}"`);
          // Open, it reads as "label: value" lines on their own, the row's other cells still on one line.
          expect(await details.locator('[data-col]').first().evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(300);
          expect((await activity.evaluate(measureCells)).filter((c) => c.lines > (c.points ? 2 : 1))).toEqual([]);
          // The filter's column choice names them alike.
          const options = await page.locator('[data-table="activity"] .table-filter-form option').allTextContents();
          expect(options.filter((o) => /event data/i.test(o))).toEqual([]);
          // Every table fits its card: the page itself never scrolls sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
        }, lang);
      });
    }

    it('cuts a long name or e-mail with its whole value on hover and focus', async () => {
      await withPage(tenant, DESKTOP, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}${tenant.activity}`);
        const clipped = page.locator('[data-table] table.dt .dt-clip').first();
        expect(await clipped.count()).toBe(1);
        const title = await clipped.getAttribute('title');
        expect(title).toBe((await clipped.textContent())?.trim());
        expect(await clipped.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
        await clipped.focus();
        expect(await clipped.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('normal');
      });
    });

    it('breaks a long e-mail only before its "@" on a phone\'s card, and keeps it one cut line in the desktop table', async () => {
      // Where each e-mail cell's text lies: the lines of the part before the "@", and whether the "@" starts a line of its own.
      const emailLines = (page: Page) => page.locator('[data-table] table.dt tbody td[data-col$="email"]:not([data-empty])').evaluateAll((cells) => cells.map((cell) => {
        const text = cell.textContent ?? '';
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        const tops: number[] = [];
        let seen = 0;
        let atTop = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i++, seen++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = Math.round(range.getClientRects()[0]?.top ?? 0);
            if (seen < text.indexOf('@')) tops.push(top);
            else if (seen === text.indexOf('@')) atTop = top;
          }
        }
        const style = getComputedStyle(cell);
        return {
          text, localLines: new Set(tops).size, atOnNewLine: atTop > Math.max(...tops) + 3, cut: cell.scrollWidth > cell.clientWidth + 1,
          ellipsis: style.textOverflow === 'ellipsis', height: cell.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight) || 20,
        };
      }));
      // A small phone: at 390 px a card gives the e-mail its whole width (no label beside it) and the seed's
      // e-mails fit one line; at 320 px most wrap.
      await withPage(tenant, SMALL_PHONE, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}${tenant.activity}`);
        const cells = await emailLines(page);
        expect(cells.length).toBeGreaterThan(0);
        // The part before the "@" on one line; a cell that wraps starts its second line with the "@".
        expect(cells.filter((c) => c.localLines !== 1)).toEqual([]);
        const wrapped = cells.filter((c) => c.atOnNewLine);
        expect(wrapped.length).toBeGreaterThan(0);
        expect(cells.filter((c) => !c.atOnNewLine && c.height > c.lineHeight * 1.6)).toEqual([]);
      });
      await withPage(tenant, DESKTOP, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}${tenant.activity}`);
        const cells = await emailLines(page);
        expect(cells.length).toBeGreaterThan(0);
        // One line each, never broken at the "@"; the long ones cut with an ellipsis.
        expect(cells.filter((c) => c.atOnNewLine || c.localLines !== 1)).toEqual([]);
        expect(cells.filter((c) => c.cut).length).toBeGreaterThan(0);
        expect(cells.filter((c) => c.cut && !c.ellipsis)).toEqual([]);
      });
    });

    it('reads as cards on a phone', async () => {
      await withPage(tenant, PHONE, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}${tenant.activity}`);
        const row = page.locator('[data-table="activity"] table.dt tbody tr').first();
        // A card reads like a statement line (tables.css): a grid of its cells, not a table row.
        expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      });
    });
  });
}
