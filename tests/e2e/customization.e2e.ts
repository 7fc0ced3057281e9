// Customization in a real browser: a campaign override reaches title, favicon, colours, tab
// labels and scripts; a custom tab with an external source opens in a new window; the company's analytics
// hears about the signed-in ambassador once per session and never about a visitor; links and buttons
// keep WCAG AA contrast whatever colours the company picked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, logIn, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const ACME = 'acme.localhost';
const acme = (path: string) => `${baseUrl(ACME)}${path}`;

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
const analyticsCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { analytics?: { calls: unknown[] } }).analytics?.calls ?? null);

/** WCAG contrast of each selected element's text colour on its nearest opaque background, computed in the page. */
function contrasts(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const background = (el: Element | null): number[] => {
      for (let node = el; node; node = node.parentElement) {
        const c = rgb(getComputedStyle(node).backgroundColor);
        if (c.length >= 3 && (c.length === 3 || c[3]! > 0.99)) return c;
      }
      return [255, 255, 255];
    };
    return [...document.querySelectorAll(sel)]
      .filter((el) => (el as HTMLElement).offsetParent !== null && el.textContent!.trim())
      .map((el) => {
        const a = lum(rgb(getComputedStyle(el).color));
        const b = lum(background(el));
        return { text: el.textContent!.trim().slice(0, 40), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
      });
  }, selector);
}

describe('campaign override (acme, Summit Club)', () => {
  it('changes title, description, favicon, colours, a tab label and the dashboard script on every page of the campaign', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, ACME, 'alex@acme.test');

    await page.goto(acme('/app?campaign=201'));
    expect(await page.title()).toMatch(/Acme Outdoor Crew$/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/brand/acme/favicon.svg');
    expect(await cssVar(page, '--brand')).toBe('#1b5e20');
    expect(await page.evaluate(() => 'acmeSummitDashboard' in window)).toBe(false);
    await expect.poll(() => page.locator('a[href="/app/rewards/v3"]').first().innerText()).toMatch(/Tienda de recompensas/);

    await page.goto(acme('/app?campaign=202'));
    for (const path of ['/app', '/app/stats', '/app/sharing']) {
      if (path !== '/app') await page.goto(acme(path));
      expect(await page.title(), path).toMatch(/Acme Summit Club$/);
      expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toMatch(/club de cumbres/);
      expect(await page.locator('link[rel="icon"]').getAttribute('href'), path).toBe('/brand/acme/summit-favicon.svg');
      expect(await cssVar(page, '--brand'), path).toBe('#01579b');
      expect(await cssVar(page, '--link'), path).toMatch(/^#[0-9a-f]{6}$/);
      expect(await page.evaluate(() => (window as unknown as { acmeSummitDashboard?: boolean }).acmeSummitDashboard), path).toBe(true);
      expect(await page.locator('a[href="/app/rewards/v3"]').first().innerText(), path).toMatch(/Recompensas Summit/);
      // The campaign has no logo of its own: the override's portal logo is the sidebar's.
      expect(await page.locator('img[src="/brand/acme/summit-logo.svg"]').count(), path).toBeGreaterThan(0);
    }
    await context.close();
  });
});

describe('custom tab with an external source', () => {
  it('opens the source in a new window from the menu', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The demo's external site does not exist: answer it here.
    await context.route('https://www.acme-outdoor.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Crew shop</title><h1>Crew shop</h1>' }));
    const page = await context.newPage();
    await logIn(page, ACME, 'alex@acme.test');
    const link = page.locator('a[href="https://www.acme-outdoor.test/crew-shop"]').first();
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toMatch(/noopener/);
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://www.acme-outdoor.test/crew-shop');
    expect(page.url()).toBe(acme('/app'));
    // The tab's own address sends there too.
    const cookie = (await context.cookies(acme('/'))).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(acme('/crew-shop'), { headers: { cookie }, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://www.acme-outdoor.test/crew-shop');
    await context.close();
  });
});

describe('analytics identify (spec §7)', () => {
  it('never identifies a logged-out visitor, identifies the ambassador once per session, and again in a new session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const path of ['/login', '/register']) {
      await page.goto(acme(path));
      await page.waitForLoadState('load');
      expect(await analyticsCalls(page), path).toEqual([]);
    }
    await logIn(page, ACME, 'alex@acme.test');
    await page.waitForLoadState('load');
    expect(await analyticsCalls(page)).toEqual([['2001', { email: 'alex@acme.test', firstName: 'Alex', lastName: 'Alpine' }]]);
    expect(await page.evaluate(() => sessionStorage.getItem('portal.identified.2001'))).toBe('1');
    for (const path of ['/app/stats', '/app']) {
      await page.goto(acme(path));
      await page.waitForLoadState('load');
      expect(await analyticsCalls(page), path).toEqual([]);
    }
    // The identify script carries this response's CSP nonce, like every script of the page.
    const nonces = await page.evaluate(() => [...document.scripts].map((s) => s.nonce));
    expect(nonces.every((n) => n && n === nonces[0])).toBe(true);
    await context.close();

    const fresh = await browser.newContext();
    const again = await fresh.newPage();
    await logIn(again, ACME, 'alex@acme.test');
    await again.waitForLoadState('load');
    expect(await analyticsCalls(again)).toHaveLength(1);
    await fresh.close();
  });
});

describe('contrast of company colours', () => {
  for (const [host, email, campaign] of [
    [ACME, 'alex@acme.test', 201],
    [ACME, 'alex@acme.test', 202],
    ['localhost', 'ava@demo.test', null],
  ] as const) {
    it(`keeps links and buttons at 4.5:1 or more on ${host}${campaign ? ` (campaign ${campaign})` : ''}`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await logIn(page, host, email);
      for (const path of ['/app', '/app/sharing', '/app/account']) {
        await page.goto(`${baseUrl(host)}${path}${campaign ? `?campaign=${campaign}` : ''}`);
        const links = await contrasts(page, 'main a:not(.btn), .auth-card a');
        const buttons = await contrasts(page, 'main .btn:not(.btn-secondary)');
        expect(links.length + buttons.length, path).toBeGreaterThan(0);
        for (const { text, ratio } of [...links, ...buttons]) expect(ratio, `${path}: ${text}`).toBeGreaterThanOrEqual(4.5);
      }
      await context.close();
    });
  }

  it("darkens acme's orange link colour (#ff9800, 2.2:1 on white) until it passes", async () => {
    const page = await browser.newPage();
    await page.goto(acme('/login'));
    const link = await cssVar(page, '--link');
    expect(link).not.toBe('#ff9800');
    expect(link).not.toBe('#ef6c00');
    await page.evaluate((c) => {
      const probe = document.createElement('a');
      probe.textContent = 'probe';
      probe.href = '#probe';
      probe.style.color = c;
      document.querySelector<HTMLElement>('.auth-card')!.appendChild(probe);
    }, link);
    const [probe] = await contrasts(page, '.auth-card a[href="#probe"]');
    expect(probe?.ratio).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });
});
