// What a new user saw: each finding of a first visit on both demo tenants, at phone (390 px)
// and desktop (1280 px) widths, as a regression test in a real browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, logIn, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  {
    host: 'localhost', email: 'ava@demo.test', customTab: 'creator-corner', customIcon: 'star',
    tablePages: ['/app', '/app/sharing', '/app/activity-portal', '/app/rewards', '/app/stats'],
  },
  {
    host: 'acme.localhost', email: 'alex@acme.test', customTab: 'gear-guide', customIcon: 'info',
    tablePages: ['/app', '/app/sharing', '/app/transactions', '/app/rewards/v3', '/app/stats'],
  },
] as const;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function withPage<T>(viewport: { width: number; height: number }, run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  try {
    return await run(page, context);
  } finally {
    await context.close();
  }
}

const sessionCookie = async (context: BrowserContext, host: string) =>
  (await context.cookies(baseUrl(host))).find((c) => c.name === '__Host-portal_session');

/** Every table box of the page whose content is wider than the box (a column out of sight). */
function overflowingTables(page: Page) {
  return page.evaluate(() => {
    // Tables folded in <details> (next payout, stats) count too; the profile menu stays closed.
    for (const d of document.querySelectorAll<HTMLDetailsElement>('main details')) d.open = true;
    return [...document.querySelectorAll('main table')].flatMap((table) => {
      const box = table.closest('.table-wrap, .table-scroll') ?? table.parentElement!;
      const card = table.closest('.card') ?? box;
      const tooWide = box.scrollWidth > box.clientWidth + 1 || table.getBoundingClientRect().right > card.getBoundingClientRect().right + 1;
      return tooWide ? [`${table.className || table.tagName} in ${box.className}: ${box.scrollWidth} > ${box.clientWidth}`] : [];
    });
  });
}

for (const tenant of TENANTS) {
  const base = baseUrl(tenant.host);

  describe(`a new user on ${tenant.host}`, () => {
    it('logs out from a phone: the compact mobile header carries the profile menu, and logout lands on /register', async () => {
      await withPage(PHONE, async (page, context) => {
        await logIn(page, tenant.host, tenant.email);
        // The dark header stays one row high, also on a short page (it grew to 300-350 px).
        for (const path of ['/app', `/${tenant.customTab}`]) {
          await page.goto(`${base}${path}`);
          const header = await page.locator('.mobile-header').boundingBox();
          expect(header?.height, path).toBeLessThanOrEqual(80);
        }
        expect(await page.locator('.topbar').isVisible()).toBe(false);
        const menu = page.locator('[data-profile-dropdown="mobile"]');
        await menu.locator('summary').click();
        const profile = menu.locator('[data-menu-item="my-profile"]');
        const logout = menu.locator('[data-menu-item="logout"]');
        expect(await profile.isVisible()).toBe(true);
        expect(await logout.isVisible()).toBe(true);
        expect(await profile.getAttribute('href')).toBe('/app/account');
        await Promise.all([page.waitForURL(/\/register$/), logout.click()]);
        expect(await sessionCookie(context, tenant.host)).toBeUndefined();
        await page.goto(`${base}/app`);
        expect(new URL(page.url()).pathname).toBe('/register');
      });
    });

    it('logs out from the desktop header menu and lands on /register', async () => {
      await withPage(DESKTOP, async (page, context) => {
        await logIn(page, tenant.host, tenant.email);
        expect(await page.locator('.mobile-header').isVisible()).toBe(false);
        const menu = page.locator('[data-profile-dropdown="desktop"]');
        // The summary's name is its visible text (axe label-content-name-mismatch).
        expect(await menu.locator('summary').getAttribute('aria-label')).toBeNull();
        await menu.locator('summary').click();
        await Promise.all([page.waitForURL(/\/register$/), menu.locator('[data-menu-item="logout"]').click()]);
        expect(await sessionCookie(context, tenant.host)).toBeUndefined();
      });
    });

    for (const viewport of [PHONE, DESKTOP]) {
      it(`keeps every table inside its card at ${viewport.width} px`, async () => {
        await withPage(viewport, async (page) => {
          await logIn(page, tenant.host, tenant.email);
          for (const path of tenant.tablePages) {
            await page.goto(`${base}${path}`);
            await page.waitForLoadState('networkidle');
            expect(await overflowingTables(page), path).toEqual([]);
          }
          // The share-links table shows its last columns (Earned and Edit were cut off at 1280 px).
          await page.goto(`${base}/app/sharing`);
          const row = page.locator('[data-share-link]').first();
          for (const cell of ['[data-earned]', '[data-edit]', '[data-clicks]']) {
            const box = await row.locator(cell).boundingBox();
            expect(box, cell).not.toBeNull();
            expect(box!.x + box!.width, cell).toBeLessThanOrEqual(viewport.width);
          }
          if (viewport === PHONE) {
            // On a phone each link is a card of labelled lines.
            expect(await row.locator('[data-earned]').evaluate((td) => getComputedStyle(td, '::before').content)).not.toBe('none');
          }
        });
      });
    }

    it('shows an icon next to every menu item, built-in and custom', async () => {
      await withPage(DESKTOP, async (page) => {
        await logIn(page, tenant.host, tenant.email);
        const items = page.locator('#sidebar .menu a');
        expect(await items.count()).toBeGreaterThan(3);
        const icons = await items.evaluateAll((links) => links.map((a) => {
          const svg = a.querySelector('svg.icon');
          return { text: a.textContent?.trim(), icon: svg?.getAttribute('data-icon'), hidden: svg?.getAttribute('aria-hidden') };
        }));
        for (const item of icons) {
          expect(item.icon, item.text).toBeTruthy();
          expect(item.hidden, item.text).toBe('true');
        }
        expect(icons.find((i) => i.text?.length && i.icon === tenant.customIcon), 'custom tab icon').toBeDefined();
        expect(await page.locator(`#sidebar [data-menu-item="${tenant.customTab}"] svg`).getAttribute('data-icon')).toBe(tenant.customIcon);
        expect(await page.locator('[data-profile-dropdown="desktop"] [data-menu-item="logout"] svg').getAttribute('data-icon')).toBe('logout');
      });
    });

    it('heads a custom tab page with the label of its menu item, once (the tab HTML repeated it)', async () => {
      await withPage(DESKTOP, async (page) => {
        await logIn(page, tenant.host, tenant.email);
        const label = (await page.locator(`#sidebar [data-menu-item="${tenant.customTab}"]`).innerText()).trim();
        await page.goto(`${base}/${tenant.customTab}`);
        expect((await page.locator('main h1').innerText()).trim()).toBe(label);
        expect(await page.title()).toContain(label);
        const headings = await page.locator('main :is(h1, h2, h3, h4, h5, h6)').allInnerTexts();
        expect(headings.filter((text) => text.trim().toLowerCase() === label.toLowerCase())).toEqual([label]);
      });
    });

    it('opens the avatar crop dialog from the sidebar avatar in place, by mouse and by keyboard, loading the cropper only then', async () => {
      await withPage(DESKTOP, async (page) => {
        await logIn(page, tenant.host, tenant.email);
        const cropperChunks: string[] = [];
        page.on('request', (req) => {
          if (/\/_astro\/(AvatarCropper|avatar-cropper-dialog)\.[^/]*\.js$/.test(req.url())) cropperChunks.push(req.url());
        });
        await page.goto(`${base}/app/sharing`);
        // Hydrated, the server's link to /app/account#avatar becomes a button.
        const button = page.locator('button[data-sidebar-avatar-button]');
        await button.waitFor({ timeout: 15_000 });
        expect(cropperChunks).toEqual([]);
        expect(await button.getAttribute('aria-haspopup')).toBe('dialog');
        const dialog = page.locator('[data-avatar-dialog]');
        await button.click();
        await dialog.waitFor();
        expect(cropperChunks.length).toBeGreaterThan(0);
        expect(new URL(page.url()).pathname).toBe('/app/sharing');
        expect(await dialog.getAttribute('role')).toBe('dialog');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await dialog.waitFor();
        await dialog.getByRole('button', { name: /cancel|cancelar/i }).click();
        await dialog.waitFor({ state: 'detached' });
      });
    });

    it('gives every activity row its type as a word, and no blank cell (the dashboard links there)', async () => {
      await withPage(DESKTOP, async (page) => {
        await logIn(page, tenant.host, tenant.email);
        const activity = await page.locator('[data-activity-link]').getAttribute('href');
        expect(activity).toMatch(/^\/app\/(activity-portal|transactions)$/);
        await page.goto(`${base}${activity}`);
        const rows = page.locator('[data-table="activity"] tbody tr');
        expect(await rows.count()).toBeGreaterThan(0);
        const cells = await rows.evaluateAll((trs) => trs.map((tr) => ({
          label: tr.querySelector('td[data-col="type"]')?.textContent?.trim() ?? '',
          // An empty cell shows a dash (CSS), never nothing.
          blanks: [...tr.querySelectorAll('td[data-col]')].filter((td) => !td.textContent?.trim() && !td.hasAttribute('data-empty')).length,
        })));
        for (const row of cells) {
          // The label is a translated word, not the raw type code.
          expect(row.label).toMatch(/^\p{Lu}/u);
          expect(row.blanks, row.label).toBe(0);
        }
      });
    });
  });
}
