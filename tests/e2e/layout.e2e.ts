// Layout defects, each looked at as a person would see it, at 1280 and 390 px, in two
// languages, on both demo tenants: a date never wraps inside itself; a share link wraps only between its
// parts and the share-link form's controls line up; an ended campaign says why it has no referral link;
// on a phone the language button covers nothing and the opened menu shows the logo once; the stats chart
// draws straight lines and puts the year on "Last year"'s labels; a QR click made before its island woke
// still downloads the code.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newBrowser, sessionCookies, stopAll, withContextDefaults } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test' },
  { host: 'acme.localhost', email: 'alex@acme.test' },
] as const;
const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }] as const;
const LANGUAGES = ['fr', 'es'] as const;

async function signedIn(host: string, email: string, lang: string, viewport: { width: number; height: number }, options: object = {}): Promise<BrowserContext> {
  const context = await browser.newContext(withContextDefaults({ viewport, ...options }));
  await context.addCookies([...await sessionCookies(host, email), { name: 'language', value: lang, domain: host, path: '/' }]);
  return context;
}

async function withPage<T>(host: string, email: string, lang: string, viewport: { width: number; height: number }, work: (page: Page) => Promise<T>, options: object = {}): Promise<T> {
  const context = await signedIn(host, email, lang, viewport, options);
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Opens the phone menu (the sidebar) when the page shows its toggle. */
async function openMenu(page: Page) {
  const toggle = page.locator('[data-menu-toggle]');
  if (await toggle.isVisible()) await toggle.click();
}

/** Each <time> and each figure cell of the page drawn as one line box (an inline box that wraps has two rects). */
function brokenFigures(page: Page) {
  return page.evaluate(() => [...document.querySelectorAll('time, data, .nowrap')]
    .filter((el) => el.getClientRects().length > 1)
    .map((el) => el.textContent));
}

describe('dates and figures never break inside', () => {
  for (const tenant of TENANTS) for (const lang of LANGUAGES) for (const viewport of VIEWPORTS) {
    it(`${tenant.host}, ${lang}, ${viewport.width} px: the join date in the sidebar and the share links' dates are one line each`, async () => {
      await withPage(tenant.host, tenant.email, lang, viewport, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}/app/sharing`);
        await openMenu(page);
        const joined = page.locator('.sidebar [data-joined] time');
        expect(await joined.isVisible()).toBe(true);
        // "22/10/2025", whole: one line box, as tall as one line of its text.
        expect(await joined.evaluate((el) => el.getClientRects().length)).toBe(1);
        expect(await joined.textContent()).toMatch(/\d{2}[./]\d{2}[./]\d{4}/);
        expect(await brokenFigures(page)).toEqual([]);
      });
    });
  }
});

describe('share links', () => {
  for (const tenant of TENANTS) for (const viewport of VIEWPORTS) {
    it(`${tenant.host}, ${viewport.width} px: a link wraps only between its parts, and the form's controls line up`, async () => {
      await withPage(tenant.host, tenant.email, 'fr', viewport, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}/app/sharing`);
        const links = page.locator('[data-share-links] a[data-link]');
        expect(await links.count()).toBeGreaterThan(0);
        // Every piece between two break points is drawn on one line; joined, the pieces are the link.
        const pieces = await links.evaluateAll((anchors) => anchors.map((a) => {
          const texts = [...a.querySelectorAll('.url-text')].flatMap((span) => [...span.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE));
          return {
            href: a.getAttribute('href'),
            text: texts.map((n) => n.textContent).join(''),
            broken: texts.filter((n) => {
              const range = document.createRange();
              range.selectNodeContents(n);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
            }).map((n) => n.textContent),
          };
        }));
        for (const link of pieces) {
          expect(link.text).toBe(link.href);
          expect(link.broken).toEqual([]);
        }
        // Fields side by side start their controls at the same height, whatever their labels' length.
        const rows = await page.locator('[data-share-link-form] .form-grid > .field').evaluateAll((fields) => {
          const byRow = new Map<number, number[]>();
          for (const field of fields) {
            const control = field.querySelector('input:not([type=hidden]), select')!;
            const top = Math.round(field.getBoundingClientRect().top);
            byRow.set(top, [...(byRow.get(top) ?? []), Math.round(control.getBoundingClientRect().top)]);
          }
          return [...byRow.values()];
        });
        expect(rows.length).toBeGreaterThan(0);
        if (viewport.width > 1000) expect(rows.some((row) => row.length > 1)).toBe(true);
        for (const row of rows) expect(new Set(row).size).toBe(1);
      });
    });
  }
});

describe('an ended campaign on the dashboard', () => {
  for (const [lang, text] of [['en', /has ended/], ['fr', /est terminée/]] as const) {
    for (const viewport of VIEWPORTS) {
      it(`${lang}, ${viewport.width} px: says why there is no referral link under its heading`, async () => {
        await withPage('localhost', 'ava@demo.test', lang, viewport, async (page) => {
          await page.goto(`${baseUrl('localhost')}/app?campaign=104`);
          expect(await page.locator('[data-inactive-campaign]').count()).toBe(1);
          const section = page.locator('[data-referral-link]');
          expect(await section.locator('input, button[data-copy]').count()).toBe(0);
          expect(await section.locator('[data-no-referral-link]').innerText()).toMatch(text);
        });
      });
    }
  }
});

describe('phone header and language button', () => {
  const PHONE = VIEWPORTS[1];
  const overlap = (a: DOMRect | null, b: DOMRect | null) => !!a && !!b
    && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  for (const tenant of TENANTS) for (const lang of LANGUAGES) {
    it(`${tenant.host}, ${lang}: the language button covers neither the banner nor the card of a logged-out page`, async () => {
      const context = await browser.newContext(withContextDefaults({ viewport: PHONE }));
      await context.addCookies([{ name: 'language', value: lang, domain: tenant.host, path: '/' }]);
      try {
        const page = await context.newPage();
        for (const path of ['/login', '/register', '/forgot-password']) {
          await page.goto(`${baseUrl(tenant.host)}${path}`);
          const button = await page.locator('[data-language-menu] summary').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
          const boxes = await page.locator('.register-banner, .auth-card').evaluateAll((els) => els
            .filter((el) => getComputedStyle(el).display !== 'none')
            .map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
          expect(boxes.length).toBeGreaterThan(0);
          for (const box of boxes) expect(overlap(button, box), `${path}: ${JSON.stringify({ button, box })}`).toBe(false);
        }
      } finally {
        await context.close();
      }
    });

    it(`${tenant.host}, ${lang}: the opened menu shows the company's logo once`, async () => {
      await withPage(tenant.host, tenant.email, lang, PHONE, async (page) => {
        await page.goto(`${baseUrl(tenant.host)}/app`);
        await openMenu(page);
        expect(await page.locator('.shell').getAttribute('class')).toContain('menu-open');
        const logos = await page.locator('.banner > img, .sidebar .brand img, .sidebar .brand [data-brand-mark], [data-brand-mark].banner')
          .evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
        expect(logos).toBe(1);
      });
    });
  }
});

describe('the phone header never covers where a jump or the keyboard lands', () => {
  const PHONE = VIEWPORTS[1];
  for (const tenant of TENANTS) {
    it(`${tenant.host}: a section opened by its #id, and a control reached by Tab, sit below the sticky header`, async () => {
      await withPage(tenant.host, tenant.email, 'fr', PHONE, async (page) => {
        const headerBottom = () => page.locator('.mobile-header').evaluate((el) => el.getBoundingClientRect().bottom);
        // A section of the account page opened by its address (as the paused banner opens #status).
        await page.goto(`${baseUrl(tenant.host)}/app/account#credentials`);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        const top = await page.locator('#credentials-title').evaluate((el) => el.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(await headerBottom());
        // Tab onto a control that sits under the header (scrolled there, the focus on the button before it):
        // the browser brings it out from under the header.
        await page.evaluate(() => {
          const field = document.getElementById('current_password')!;
          window.scrollBy(0, field.getBoundingClientRect().top - 10);
          document.getElementById('email')!.focus({ preventScroll: true });
        });
        expect(await page.locator('#current_password').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(await headerBottom());
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('current_password');
        const focused = await page.locator('#current_password').evaluate((el) => el.getBoundingClientRect().top);
        expect(focused).toBeGreaterThanOrEqual(await headerBottom());
      });
    });
  }
});

interface DrawnChart { labels: string[]; ticks: number[]; lines: { tension?: number; mode?: string }[] }

/**
 * What chart.js drew on the stats canvas, read through the page's own chart.js module (null: not drawn
 * yet). A string, not a function: vitest rewrites a function's `import()` into a helper the page lacks.
 */
const READ_CHART = `(async () => {
  const url = performance.getEntriesByType('resource').map((e) => e.name).find((n) => /\\/line-chart\\.[^/]*\\.js$/.test(n));
  if (!url) return null;
  const { Chart } = await import(url);
  const chart = Chart.getChart(document.querySelector('canvas[data-stats-canvas]'));
  if (!chart) return null;
  return {
    labels: chart.data.labels,
    ticks: chart.scales.y.ticks.map((t) => t.value),
    lines: chart.data.datasets.map((_, i) => {
      const options = chart.getDatasetMeta(i).dataset?.options;
      return { tension: options?.tension, mode: options?.cubicInterpolationMode };
    }),
  };
})()`;
const readChart = (page: Page) => page.evaluate(READ_CHART) as Promise<DrawnChart | null>;

describe('stats chart', () => {
  for (const tenant of TENANTS) for (const lang of ['en', 'es'] as const) {
    it(`${tenant.host}, ${lang}: straight segments and "Last year" labels that carry the year`, async () => {
      // bypassCSP: the test reads the drawn chart through chart.js's own module, imported from the page.
      await withPage(tenant.host, tenant.email, lang, VIEWPORTS[0], async (page) => {
        await page.goto(`${baseUrl(tenant.host)}/app/stats?range=last_year`);
        // chart.js comes when the person points at the graph.
        await hydrated(page, '[data-stats-svg]');
        await page.locator('[data-stats-svg]').hover();
        const year = String(new Date().getUTCFullYear() - 1);
        await expect.poll(() => readChart(page), { timeout: 15_000 }).not.toBeNull();
        const drawn = (await readChart(page))!;
        expect(drawn.lines.length).toBeGreaterThan(0);
        for (const line of drawn.lines) expect(line).toEqual({ tension: 0, mode: 'default' });
        expect(drawn.ticks.every((v) => Number.isInteger(v))).toBe(true);
        expect(drawn.labels.length).toBe(12);
        for (const label of drawn.labels) expect(label).toContain(year);
      }, { bypassCSP: true });
    });
  }
});

describe('QR code', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px: a click made before the page script ran downloads the code`, async () => {
      await withPage('localhost', 'ava@demo.test', 'es', viewport, async (page) => {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        // Hold the page script back, as a slow phone would, until after the click.
        await page.route(/\/_astro\/sharing\.astro_astro_type_script[^/]*\.js$/, async (route) => {
          await gate;
          await route.continue();
        });
        // The held module script keeps DOMContentLoaded back too: wait until the HTML is parsed (the capture
        // script has run), not for the event.
        await page.goto(`${baseUrl('localhost')}/app/sharing`, { waitUntil: 'commit' });
        await page.waitForFunction(() => document.readyState !== 'loading');
        const button = page.locator('button[data-qr]').first();
        await button.scrollIntoViewIfNeeded();
        const code = await button.getAttribute('data-qr');
        const download = page.waitForEvent('download', { timeout: 15_000 });
        expect(await button.evaluate((el) => el.hasAttribute('data-enhance'))).toBe(true);
        await button.click();
        release();
        expect((await download).suggestedFilename()).toBe(`qr-${code}.png`);
      }, { acceptDownloads: true });
    });
  }
});
