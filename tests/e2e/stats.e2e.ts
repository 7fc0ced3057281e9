// /app/stats in a real browser on both demo tenants: the server paints the cards, the graph (an inline
// SVG) and the table; the Spanish tenant reads Spanish; without JavaScript the GET form changes
// the range through the URL and the graph is there; with JavaScript a range change redraws the SVG from
// the browser API and rewrites the URL, a campaign switch changes the numbers, and chart.js comes only
// when the person points at the graph: its canvas takes the SVG's box and shows the tooltips.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll, hydrated, logInNewPage as logIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test', campaignId: '102', spanish: false },
  { host: 'acme.localhost', email: 'alex@acme.test', campaignId: '201', spanish: true },
] as const;


async function tile(page: Page, key: string): Promise<number> {
  const text = await page.locator(`[data-stats-cards] [data-tile="${key}"] .value`).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** The graph's script chunk (chart.js): asked for only once the person points at the graph. */
const CHART_CHUNK = /\/line-chart\.[^/]*\.js$/;

/** Whether chart.js has drawn something on the canvas (any pixel not transparent). */
async function chartDrawn(page: Page): Promise<boolean> {
  return page.locator('canvas[data-stats-canvas]').evaluate((node) => {
    const canvas = node as HTMLCanvasElement;
    if (!canvas.width || !canvas.height) return false;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
}

for (const tenant of TENANTS) {
  describe(`/app/stats on ${tenant.host}`, () => {
    it('paints the cards, the earnings and the SVG graph, in the page language', async () => {
      const context = await browser.newContext();
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        const res = await page.goto(`${baseUrl(tenant.host)}/app/stats`);
        expect(res?.status()).toBe(200);
        for (const key of ['clicks', 'shares', 'referrals']) expect(Number.isFinite(await tile(page, key))).toBe(true);
        expect(await page.locator('[data-stats-earnings] [data-tile="earned"]').count()).toBe(1);
        // The graph is the server's SVG, named like the canvas was, a line per series.
        const svg = page.locator('[data-stats-chart] [data-stats-svg][role="img"]');
        expect(await svg.getAttribute('aria-label')).toMatch(tenant.spanish ? /^Gráfico de líneas de clics, .* del .* al / : /^Line chart of clicks, .* from .* to /);
        expect(await svg.locator('g[data-line] path.line').count()).toBeGreaterThan(0);
        // The table of the series is in the HTML before any script: 31 days for the default "Last 30 days".
        expect(await page.locator('table[data-stats-table] tbody tr').count()).toBe(31);
        await hydrated(page, '[data-stats-svg]');
        // Hydrated: the Apply button hides, choices apply at once.
        await expect.poll(() => page.locator('[data-stats-apply]').isVisible()).toBe(false);
        expect(await page.locator('canvas[data-stats-canvas]').count()).toBe(0);

        const h1 = await page.locator('h1').innerText();
        const clicksLabel = await page.locator('[data-stats-cards] [data-tile="clicks"] .label').innerText();
        const rangeText = await page.locator('select[data-stats-range] option:checked').innerText();
        if (tenant.spanish) {
          expect(h1).toBe('Estadísticas');
          expect(clicksLabel).toBe('Clics');
          expect(rangeText).toBe('Últimos 30 días');
          expect(await page.locator('[data-stats-earnings] h2').innerText()).toBe('Ganancias');
        } else {
          expect(h1).toBe('Stats');
          expect(clicksLabel).toBe('Clicks');
          expect(rangeText).toBe('Last 30 days');
        }
      } finally {
        await context.close();
      }
    });

    it('without JavaScript the form changes the range through the URL', async () => {
      const signIn = await browser.newContext();
      const state = await (async () => {
        try {
          await logIn(signIn, tenant.host, tenant.email);
          return await signIn.storageState();
        } finally {
          await signIn.close();
        }
      })();
      const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
      try {
        const page = await context.newPage();
        await page.goto(`${baseUrl(tenant.host)}/app/stats`);
        await page.locator('select[data-stats-range]').selectOption('last_year');
        await page.locator('select[data-stats-interval]').selectOption('month');
        await Promise.all([page.waitForURL(/range=last_year/), page.locator('[data-stats-apply]').click()]);
        const url = new URL(page.url());
        expect(url.pathname).toBe('/app/stats');
        expect(url.searchParams.get('interval')).toBe('month');
        expect(await page.locator('select[data-stats-range]').inputValue()).toBe('last_year');
        // Twelve months named in the page language (the table sits in a closed <details>: its text, not innerText).
        const rows = page.locator('table[data-stats-table] tbody tr th');
        expect(await rows.count()).toBe(12);
        const year = new Date().getUTCFullYear() - 1;
        expect((await rows.first().textContent())?.trim()).toBe(tenant.spanish ? `enero de ${year}` : `January ${year}`);
        // The graph without JavaScript: the SVG, named, its month labels carrying last year.
        const svg = page.locator('[data-stats-svg][role="img"]');
        expect(await svg.isVisible()).toBe(true);
        expect(await svg.getAttribute('aria-label')).toContain(String(year));
        const labels = await svg.locator('.line-graph-x span:visible').allInnerTexts();
        expect(labels.length).toBeGreaterThan(1);
        expect(labels[0]).toBe(tenant.spanish ? `enero de ${year}` : `January ${year}`);
        for (const label of labels) expect(label).toContain(String(year));
        expect(await page.locator('canvas').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it('a range change redraws from the browser API and rewrites the URL; a campaign switch changes the numbers', async () => {
      const context = await browser.newContext();
      try {
        const page = await logIn(context, tenant.host, tenant.email);
        const chunks: string[] = [];
        page.on('request', (r) => { if (CHART_CHUNK.test(r.url())) chunks.push(r.url()); });
        // Ten years: every seeded click, of every campaign.
        await page.goto(`${baseUrl(tenant.host)}/app/stats?range=3660&interval=month&campaign=all`);
        expect(await page.locator('select[data-stats-campaign]').inputValue()).toBe('all');
        const allClicks = await tile(page, 'clicks');
        expect(allClicks).toBeGreaterThan(0);

        await hydrated(page, 'select[data-stats-campaign]');
        await Promise.all([
          page.waitForURL((u) => u.searchParams.get('campaign') === tenant.campaignId),
          page.locator('select[data-stats-campaign]').selectOption(tenant.campaignId),
        ]);
        expect(new URL(page.url()).searchParams.get('range')).toBe('3660');
        const oneClicks = await tile(page, 'clicks');
        expect(oneClicks).toBeGreaterThan(0);
        expect(oneClicks).toBeLessThan(allClicks);

        // This Year, fetched by the island: the URL follows without a reload.
        await hydrated(page, 'select[data-stats-range]');
        const graph = page.waitForResponse((r) => r.url().includes('/api/ambassadors/') && r.url().includes('/stats/graph/'));
        await page.locator('select[data-stats-range]').selectOption('this_year');
        const answer = await graph;
        expect(answer.status()).toBe(200);
        expect(new URL(answer.url()).searchParams.get('start_date')).toBe(`${new Date().getUTCFullYear()}-01-01`);
        await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('this_year');
        expect(new URL(page.url()).searchParams.get('campaign')).toBe(tenant.campaignId);
        await expect.poll(() => page.locator('[data-stats-view]').getAttribute('data-status')).toBe('fetched');
        expect(await page.locator('select[data-stats-interval]').inputValue()).toBe('month');
        // Redrawn as SVG from the same function as the server's: chart.js is still not asked for.
        expect(await page.locator('[data-stats-svg]').getAttribute('aria-label')).toContain(String(new Date().getUTCFullYear()));
        expect(await page.locator('[data-stats-svg] .line-graph-x span').first().innerText()).toBe(tenant.spanish ? 'enero' : 'January');
        expect(chunks).toEqual([]);
        const thisYear = await tile(page, 'clicks');
        expect(thisYear).toBeLessThanOrEqual(oneClicks);
      } finally {
        await context.close();
      }
    });
  });
}

/** The tooltip chart.js shows, read through the page's own chart.js module (null: no chart). A string:
 * vitest rewrites a function's `import()` into a helper the page lacks. */
const READ_TOOLTIP = `(async () => {
  const url = performance.getEntriesByType('resource').map((e) => e.name).find((n) => /\\/line-chart\\.[^/]*\\.js$/.test(n));
  if (!url) return null;
  const { Chart } = await import(url);
  const chart = Chart.getChart(document.querySelector('canvas[data-stats-canvas]'));
  if (!chart) return null;
  return { title: chart.tooltip.title ?? [], lines: (chart.tooltip.body ?? []).flatMap((b) => b.lines), active: chart.tooltip.getActiveElements().length };
})()`;

describe('/app/stats graph: chart.js on the first point at it', () => {
  for (const { width, height } of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    it(`${width} px: the canvas takes the SVG's box and shows a point's figures in a tooltip`, async () => {
      // bypassCSP: the test reads the tooltip through chart.js's own module, imported from the page.
      const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true, hasTouch: width < 600 });
      try {
        const page = await logIn(context, 'localhost', 'ava@demo.test');
        const chunks: string[] = [];
        page.on('request', (r) => { if (CHART_CHUNK.test(r.url())) chunks.push(r.url()); });
        await page.goto(`${baseUrl('localhost')}/app/stats`);
        await hydrated(page, '[data-stats-svg]');
        const svg = page.locator('[data-stats-svg]');
        const name = await svg.getAttribute('aria-label');
        const before = (await page.locator('[data-stats-chart]').boundingBox())!;
        const svgBox = (await svg.boundingBox())!;
        expect(svgBox.height).toBeCloseTo(before.height, 0);
        expect(chunks).toEqual([]);

        // A mouse over the graph, or a finger on it.
        if (width < 600) await svg.tap({ position: { x: svgBox.width / 2, y: svgBox.height / 3 } });
        else await svg.hover({ position: { x: svgBox.width / 2, y: svgBox.height / 3 } });
        const canvas = page.locator('canvas[data-stats-canvas]');
        await expect.poll(() => canvas.count(), { timeout: 15_000 }).toBe(1);
        expect(chunks.length).toBe(1);
        expect(await svg.count()).toBe(0);
        expect(await canvas.getAttribute('role')).toBe('img');
        expect(await canvas.getAttribute('aria-label')).toBe(name);
        await expect.poll(() => chartDrawn(page), { timeout: 15_000 }).toBe(true);
        // Same box: nothing below the graph moved.
        const after = (await page.locator('[data-stats-chart]').boundingBox())!;
        expect(after).toEqual(before);

        // The point reached for shows its figures at once: a day and a count per series.
        const reached = () => page.evaluate(READ_TOOLTIP).then((t) => (t as { active: number } | null)?.active ?? 0);
        await expect.poll(reached, { timeout: 15_000 }).toBeGreaterThan(0);
        await canvas.hover({ position: { x: after.width / 2, y: after.height / 3 } });
        const tooltip = await page.evaluate(READ_TOOLTIP) as { title: string[]; lines: string[]; active: number };
        expect(tooltip.active).toBeGreaterThan(0);
        expect(tooltip.title[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
        expect(tooltip.lines.some((line) => /^Clicks: \d+$/.test(line))).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});

describe('/app/stats error state', () => {
  it('a graph call that fails shows the generic message and keeps the rest of the page', async () => {
    const context = await browser.newContext();
    try {
      const page = await logIn(context, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/stats`);
      await hydrated(page, 'select[data-stats-range]');
      await page.route('**/api/ambassadors/*/stats/graph/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }));
      await page.locator('select[data-stats-range]').selectOption('90');
      await expect.poll(() => page.locator('[data-stats-view]').getAttribute('data-status')).toBe('fetchError');
      expect(await page.locator('[data-stats-graph] [data-stats-error]').innerText()).toBe('Something went wrong on our side. Please try again in a few minutes.');
      expect(await page.locator('canvas[data-stats-canvas]').count()).toBe(0);
      expect(await page.locator('[data-stats-svg]').count()).toBe(0);
      expect(await page.locator('[data-stats-earnings] [data-tile="earned"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
