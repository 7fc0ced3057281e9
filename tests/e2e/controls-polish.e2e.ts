// Controls a person expects where they expect them: a language menu on every page (signed in too), one
// confirmation before anything spends points or cash, forms that show only their last submission's
// errors, notification boxes that say what will happen, the company's name wherever its logo does not
// load, and the phone layout of the avatar dialog and the share-link cards.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { baseUrl, logIn, newBrowser, operatorCall, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';

/** The language menu the person can see at this width (the shell has one in each header). */
const visibleMenu = (page: Page) => page.locator('[data-language-menu] >> visible=true');

async function withContext<T>(options: Parameters<Browser['newContext']>[0], work: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await work(context);
  } finally {
    await context.close();
  }
}

/** The /app pages of the menus (sidebar and profile dropdown), this origin only, Logout aside. */
async function appPages(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[data-menu-item]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const own = hrefs.map((h) => new URL(h)).filter((u) => u.origin === new URL(page.url()).origin && u.pathname !== '/logout');
  return [...new Set(own.map((u) => u.pathname + u.search))];
}

const tileValue = (page: Page, key: string) => page.locator(`[data-rewards-balance] [data-tile="${key}"] .value`).innerText();

describe('a language menu on every page', () => {
  it('is on every public page and every /app page, at 1280 and 390 px, and axe finds nothing on them', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await withContext({ viewport }, async (context) => {
        const page = await context.newPage();
        for (const path of ['/login', '/register', '/forgot-password', '/reset-password']) {
          await page.goto(`${baseUrl('localhost')}${path}`);
          expect(await visibleMenu(page).count(), `${path} at ${viewport.width}`).toBe(1);
        }
        for (const [host, email] of [['localhost', 'ben@demo.test'], ['acme.localhost', 'sam@acme.test']] as const) {
          await logIn(page, host, email);
          const pages = await appPages(page);
          expect(pages.length).toBeGreaterThan(3);
          for (const path of pages) {
            await page.goto(`${baseUrl(host)}${path}`);
            expect(await visibleMenu(page).count(), `${host}${path} at ${viewport.width}`).toBe(1);
            await visibleMenu(page).locator('summary').click();
            expect(await visibleMenu(page).locator('button[data-language="de"]').isVisible(), `${host}${path}`).toBe(true);
            if (viewport === DESKTOP && ['/app', '/app/account', '/app/rewards/v3', '/app/sharing'].includes(path)) {
              expect(await axeViolations(page, `${host}${path}`)).toEqual([]);
            }
            await visibleMenu(page).locator('summary').click();
          }
        }
      });
    }
  });

  it('signed in, changes the language by keyboard, stays on the page and saves the profile\'s language', async () => {
    await withContext({ viewport: DESKTOP }, async (context) => {
      const page = await context.newPage();
      await logIn(page, 'acme.localhost', 'sam@acme.test');
      await page.goto(`${baseUrl('acme.localhost')}/app/stats`);
      // The page's islands hydrate first (one of them could take the focus while it does).
      await page.waitForLoadState('networkidle');
      await visibleMenu(page).locator('summary').focus();
      await page.keyboard.press('Enter');
      const german = visibleMenu(page).locator('button[data-language="de"]');
      await german.focus();
      expect(await german.evaluate((el) => el === document.activeElement)).toBe(true);
      await Promise.all([page.waitForURL(/\/app\/stats$/), page.keyboard.press('Enter')]);
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      // The profile keeps it: a new browser (no language cookie) signs in to German pages.
      await withContext({ viewport: DESKTOP }, async (fresh) => {
        const other = await fresh.newPage();
        await logIn(other, 'acme.localhost', 'sam@acme.test');
        expect(await other.locator('html').getAttribute('lang')).toBe('de');
        expect(await other.locator('select[name="language"]').count()).toBe(0);
        await other.goto(`${baseUrl('acme.localhost')}/app/account`);
        expect(await other.locator('select[name="language"]').inputValue()).toBe('de');
      });
      // Back to Sam's French, the same way, on a phone-sized page.
      await page.setViewportSize(PHONE);
      await visibleMenu(page).locator('summary').click();
      await Promise.all([page.waitForURL(/\/app\/stats$/), visibleMenu(page).locator('button[data-language="fr"]').click()]);
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    });
  });

  it('works without JavaScript on an /app page', async () => {
    await withContext({ viewport: PHONE, javaScriptEnabled: false }, async (context) => {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ben@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/sharing`);
      await visibleMenu(page).locator('summary').click();
      await Promise.all([page.waitForURL(/\/app\/sharing$/), visibleMenu(page).locator('button[data-language="pl"]').click()]);
      expect(await page.locator('html').getAttribute('lang')).toBe('pl');
      await visibleMenu(page).locator('summary').click();
      await Promise.all([page.waitForURL(/\/app\/sharing$/), visibleMenu(page).locator('button[data-language="en"]').click()]);
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
    });
  });
});

describe('every spending action asks first', () => {
  /** Opens the spending form and presses its spend button; the confirmation (dialog or step) is what follows. */
  const ACME_KEY = 'opk_demo_local_only_acme_2b8e4f1a97c35d60';
  const spends = [
    {
      name: 'a gift card on demo\'s /app/rewards', host: 'localhost', email: 'ava@demo.test', path: '/app/rewards', tile: 'points_available',
      open: async (page: Page) => {
        await page.locator('[data-reward="rwd-demo-voucher"] a[data-redeem-link]').click();
        await page.waitForURL(/redeem=rwd-demo-voucher/);
        return page.locator('[data-redeem-view] button[data-redeem-submit]');
      },
      named: '20% off your next order',
    },
    {
      name: 'a vault item on acme\'s /app/rewards/v3', host: 'acme.localhost', email: 'alex@acme.test', path: '/app/rewards/v3', tile: 'balance_available',
      // Enough cash for the item, whatever the files before this one spent (rewards.e2e redeems Alex's).
      prepare: async () => {
        const credit = await operatorCall('acme.localhost', ACME_KEY, '/ambassadors/amb-alex/cash_adjustments', { amount: 2000, reason: 'E2E: cash to open the vault' });
        expect(credit.status).toBe(201);
      },
      open: async (page: Page) => {
        const item = page.locator('[data-vault-item="vlt-acme-giftcard"]');
        await item.locator('[data-variant="vv-acme-giftcard-10"]').click();
        return item.locator('button[data-redeem-submit]');
      },
      named: 'Tarjeta regalo Acme Outdoor',
    },
  ];

  for (const spend of spends) {
    it(`${spend.name}: a dialog naming it; No spends nothing`, async () => {
      await withContext({ viewport: DESKTOP }, async (context) => {
        if ('prepare' in spend) await spend.prepare?.();
        const page = await context.newPage();
        await logIn(page, spend.host, spend.email);
        await page.goto(`${baseUrl(spend.host)}${spend.path}`);
        const before = await tileValue(page, spend.tile);
        const button = await spend.open(page);
        await button.click();
        const dialog = page.locator('[data-confirm-dialog]');
        await expect.poll(() => dialog.isVisible()).toBe(true);
        expect(await dialog.innerText()).toContain(spend.named);
        expect(await axeViolations(page, `${spend.path} confirmation`)).toEqual([]);
        await dialog.locator('[data-confirm-no]').click();
        expect(await dialog.count()).toBe(0);
        await page.goto(`${baseUrl(spend.host)}${spend.path}`);
        expect(await tileValue(page, spend.tile)).toBe(before);
      });
    });

    it(`${spend.name}: without JavaScript, a confirmation step; No spends nothing`, async () => {
      await withContext({ viewport: PHONE, javaScriptEnabled: false }, async (context) => {
        if ('prepare' in spend) await spend.prepare?.();
        const page = await context.newPage();
        await logIn(page, spend.host, spend.email);
        await page.goto(`${baseUrl(spend.host)}${spend.path}`);
        const before = await tileValue(page, spend.tile);
        const button = await spend.open(page);
        await Promise.all([page.waitForNavigation(), button.click()]);
        const step = page.locator('[data-spend-confirm]');
        expect(await step.isVisible()).toBe(true);
        expect(await step.innerText()).toContain(spend.named);
        expect(await tileValue(page, spend.tile)).toBe(before);
        await Promise.all([page.waitForNavigation(), step.locator('[data-confirm-no]').click()]);
        expect(await page.locator('[data-redeem-success]').count()).toBe(0);
        expect(await tileValue(page, spend.tile)).toBe(before);
      });
    });
  }
});

describe('forms show only the errors of their last submission', () => {
  it('the password form: "passwords do not match" replaces "current password is incorrect"', async () => {
    await withContext({ viewport: DESKTOP }, async (context) => {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ben@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/account#credentials`);
      const form = page.locator('form[data-password-form]');
      await form.locator('input[name="current_password"]').fill('not-my-password');
      await form.locator('input[name="password"]').fill('Another-Strong-Pass9');
      await form.locator('input[name="repeat_password"]').fill('Another-Strong-Pass9');
      await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
      const section = page.locator('#credentials');
      expect(await section.innerText()).toMatch(/current password is incorrect/i);

      const again = page.locator('form[data-password-form]');
      await again.locator('input[name="current_password"]').fill('Password1!');
      await again.locator('input[name="password"]').fill('Another-Strong-Pass9');
      await again.locator('input[name="repeat_password"]').fill('Another-Strong-Pass8');
      // The new error shows as soon as the person types it, and the old one is gone already.
      await again.locator('input[name="repeat_password"]').blur();
      await expect.poll(() => section.innerText()).toMatch(/passwords do not match/i);
      expect(await section.innerText()).not.toMatch(/current password is incorrect/i);
      await Promise.all([page.waitForNavigation(), again.locator('button[type="submit"]').click()]);
      const text = await page.locator('#credentials').innerText();
      expect(text).toMatch(/passwords do not match/i);
      expect(text).not.toMatch(/current password is incorrect/i);
    });
  });
});

describe('notification settings', () => {
  it('after "Unsubscribe from all" is saved, the four boxes are clear; ticking one again clears "unsubscribe from all"', async () => {
    for (const javaScriptEnabled of [true, false]) {
      await withContext({ viewport: DESKTOP, javaScriptEnabled }, async (context) => {
        const page = await context.newPage();
        await logIn(page, 'acme.localhost', 'sam@acme.test');
        await page.goto(`${baseUrl('acme.localhost')}/app/account#notifications`);
        const boxes = page.locator('#notifications input[type="checkbox"]:not([name="unsubscribe_all"])');
        const all = page.locator('#notifications input[name="unsubscribe_all"]');
        const ticked = () => boxes.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).checked));
        expect(await boxes.count()).toBe(4);
        await all.check();
        // With JavaScript the form shows what will happen before it is saved.
        if (javaScriptEnabled) expect(await ticked()).toEqual([false, false, false, false]);
        await Promise.all([page.waitForNavigation(), page.locator('#notifications button[type="submit"]').click()]);
        expect(await page.locator('#notifications input[name="unsubscribe_all"]').isChecked()).toBe(true);
        expect(await ticked()).toEqual([false, false, false, false]);

        // Ticking one box is a subscription again: "unsubscribe from all" is not saved with it.
        await boxes.first().check();
        if (javaScriptEnabled) expect(await all.isChecked()).toBe(false);
        else await all.uncheck();
        await Promise.all([page.waitForNavigation(), page.locator('#notifications button[type="submit"]').click()]);
        expect(await page.locator('#notifications input[name="unsubscribe_all"]').isChecked()).toBe(false);
        expect(await ticked()).toEqual([true, false, false, false]);
        // Sam's settings as seeded: every e-mail.
        for (const box of await boxes.all()) await box.check();
        await Promise.all([page.waitForNavigation(), page.locator('#notifications button[type="submit"]').click()]);
        expect(await ticked()).toEqual([true, true, true, true]);
      });
    }
  });
});

describe('a logo that does not load', () => {
  it('leaves the company\'s name on /login, /register and in the /app shell, at 1280 and 390 px', async () => {
    const origin = baseUrl('localhost');
    const headers = { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' };
    const saved = (await (await fetch(`${origin}/v1/operator/customization`, { headers })).json()) as { settings: Record<string, Record<string, unknown>> };
    const broken = structuredClone(saved.settings);
    broken.login = { ...broken.login, logo: `${origin}/no-such-logo.png` };
    broken.register = { ...broken.register, logo: `${origin}/no-such-logo.png` };
    broken.theme = { ...broken.theme, campaign_portal_logo: `${origin}/no-such-logo.png`, mobile_banner_image: `${origin}/login` };
    const put = (settings: unknown) => fetch(`${origin}/v1/operator/customization`, { method: 'PUT', headers, body: JSON.stringify(settings) });
    expect((await put(broken)).status).toBe(200);
    try {
      for (const viewport of [DESKTOP, PHONE]) {
        await withContext({ viewport }, async (context) => {
          const page = await context.newPage();
          const name = page.locator('[data-brand-logo] .brand-name >> visible=true');
          for (const path of ['/login', '/register']) {
            await page.goto(`${origin}${path}`);
            await expect.poll(() => name.count(), { message: path }).toBe(1);
            expect(await name.innerText()).toBe('Demo Co');
            expect(await page.locator('img[src="/default-logo.svg"]').count()).toBe(0);
          }
          expect(await axeViolations(page, `/register with a broken logo at ${viewport.width}`)).toEqual([]);
          await logIn(page, 'localhost', 'ben@demo.test');
          await expect.poll(() => name.count()).toBe(1);
          expect(await name.innerText()).toBe('Demo Co');
          const box = (await name.boundingBox())!;
          expect(box.width).toBeGreaterThan(40);
        });
      }
    } finally {
      expect((await put(saved.settings)).status).toBe(200);
    }
  });
});

describe('layout at 390 px', () => {
  it('the avatar dialog\'s zoom label and slider do not overlap in Polish', async () => {
    await withContext({ viewport: PHONE }, async (context) => {
      await context.addCookies([{ name: 'language', value: 'pl', url: baseUrl('localhost') }]);
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ben@demo.test');
      expect(await page.locator('html').getAttribute('lang')).toBe('pl');
      await page.goto(`${baseUrl('localhost')}/app/account`);
      await page.locator('button[data-avatar-open]').click();
      const slider = page.locator('input[data-avatar-zoom]');
      await slider.waitFor();
      const label = slider.locator('xpath=..').locator('span').first();
      const [a, b] = [(await label.boundingBox())!, (await slider.boundingBox())!];
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap).toBe(false);
      // The whole label is shown, not cut.
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    });
  });

  it('share-link cards align their figures like every other card row', async () => {
    await withContext({ viewport: PHONE }, async (context) => {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/sharing`);
      const row = page.locator('tr[data-share-link]').first();
      const start = async (selector: string) => row.locator(selector).evaluate((td) => {
        // Where the value's text starts: the cell's text after its label.
        const range = document.createRange();
        const text = [...td.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) ?? td.lastChild!;
        range.selectNodeContents(text);
        return Math.round(range.getBoundingClientRect().left);
      });
      const clicks = await start('td[data-clicks]');
      const created = await row.locator('td time').evaluate((el) => Math.round(el.getBoundingClientRect().left));
      expect(clicks).toBe(created);
    });
  });

  it('the referral link field takes the card\'s width at 1280 px', async () => {
    await withContext({ viewport: DESKTOP }, async (context) => {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      const field = page.locator('[data-referral-link] .copy-field');
      const card = page.locator('[data-referral-section]');
      const [f, c] = [(await field.boundingBox())!, (await card.boundingBox())!];
      expect(f.width).toBeGreaterThan(c.width / 2);
      expect(await field.evaluate((el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth)).toBe(true);
    });
  });
});
