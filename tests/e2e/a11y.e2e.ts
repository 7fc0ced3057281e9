// Accessibility: axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA rules) in a real Chromium on every screen of spec §2
// (each page template), logged out and logged in, with menus and dialogs open, and the console's sign-in and
// overview (signed in to the console with its own cookie) and its enrolment step. Each template is audited
// once per viewport: the demo tenant at 1280 px and 390 px in English, and once more in French at 390 px;
// acme, whose branding (dark tabs, its own login colours, banner and register fields) and own templates
// differ, once in its default language Spanish at 1280 px, its login and shell also at 390 px. A menu is
// audited open the first time a pass meets it. Target: no violation. A failure lists each one as
// `page [rule] selector: what axe says`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSession } from './console-session';
import { ROOT, baseUrl, hydrated, newBrowser, stopAll, sessionCookies } from './harness';

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
// WCAG 2.2 AA too: its target-size rule is the one Lighthouse runs (a French table page once failed it on a phone).
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A tenant's screens: every template logged out (`loggedOut`) and logged in (`loggedIn`). */
const DEMO = {
  host: 'localhost',
  email: 'ava@demo.test',
  loggedOut: [
    '/login', '/register', '/forgot-password',
    '/reset-password?host=localhost&email=ben%40demo.test&code=ABCDEFGHJK',
    '/set-password?email=newbie%40demo.test&code=ABCDEFGHJK',
    '/set-password',
    '/unsubscribe?code=optout-ben&email_template=payout_fulfilled',
    '/console/login',
  ],
  loggedIn: ['/app', '/app/stats', '/app/activity-portal', '/app/assets', '/app/sharing', '/app/account', '/app/rewards', '/creator-corner'],
  staff: 'admin@demo.test',
  console: ['/console'],
  enrolling: 'viewer@demo.test',
};

/** One run of axe over some screens of one tenant, in one language, at one viewport, in one browser context. */
interface Pass {
  host: string;
  email: string;
  lang: string;
  viewport: { width: number; height: number };
  loggedOut: string[];
  loggedIn: string[];
  /** The paths whose STATES (below) are audited too. */
  states: string[];
  /** The console's pages, signed in to the console as `staff` (its own cookie, no portal session). */
  staff: string;
  console: string[];
  /** A staff member without a second factor where the company requires one: /console/login is the enrolment step. */
  enrolling: string;
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ALL_STATES = ['/login', '/register', '/app', '/app/sharing', '/app/account'];

const PASSES: Pass[] = [
  { ...DEMO, lang: 'en', viewport: DESKTOP, states: ALL_STATES },
  { ...DEMO, lang: 'en', viewport: PHONE, states: ALL_STATES },
  // The non-English pass: every template once more, its texts and `lang` in French.
  { ...DEMO, lang: 'fr', viewport: PHONE, states: [] },
  // acme: its branding on the auth pages and the shell, its own register fields (and their errors), the
  // transactions and rewards v3 templates and its custom tab; the rest of its pages are the demo's
  // templates. On a phone the shell is another markup (header, banner, phone menu): its login and /app.
  {
    host: 'acme.localhost', email: 'alex@acme.test', lang: 'es', viewport: DESKTOP,
    loggedOut: ['/login', '/register', '/console/login'],
    loggedIn: ['/app', '/app/transactions', '/app/rewards/v3', '/gear-guide'],
    states: ['/login', '/register'],
    staff: 'admin@acme.test', console: ['/console'], enrolling: 'viewer@acme.test',
  },
  {
    host: 'acme.localhost', email: 'alex@acme.test', lang: 'es', viewport: PHONE, loggedOut: ['/login', '/console/login'], loggedIn: ['/app'], states: [],
    staff: 'admin@acme.test', console: ['/console'], enrolling: 'viewer@acme.test',
  },
];

interface AxeNode { target: unknown[]; failureSummary?: string; any: { message: string }[]; all: { message: string }[]; none: { message: string }[] }
interface AxeViolation { id: string; impact: string | null; help: string; nodes: AxeNode[] }

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

/** One console session per staff member for the whole file (a TOTP code signs in once). */
const consoleCookies = new Map<string, Awaited<ReturnType<typeof consoleSession>>['cookie']>();
async function consoleCookie(host: string, email: string) {
  if (!consoleCookies.has(email)) consoleCookies.set(email, (await consoleSession(host, email)).cookie);
  return consoleCookies.get(email)!;
}

/** Runs axe on the page as it is now and returns its violations as readable lines. */
async function axe(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // WCAG 2.5.3 (label in name): tagged wcag21a but "experimental", so off unless asked for.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations;
  }, WCAG) as AxeViolation[];
  const lines: string[] = [];
  for (const v of violations) {
    for (const node of v.nodes) {
      const why = [...node.any, ...node.all, ...node.none].map((c) => c.message).join(' / ');
      lines.push(`${label} [${v.id}] ${node.target.map(String).join(' > ')}: ${why || v.help}`);
    }
  }
  return lines;
}

/**
 * Loads `url`, lets the islands hydrate, runs axe; then again with each of the page's menus opened that
 * `menusSeen` does not hold yet (a menu is the same markup on every page of a pass: audited open once).
 */
async function audit(page: Page, url: string, label: string, width: number, menusSeen: Set<string>): Promise<string[]> {
  const res = await page.goto(url, { waitUntil: 'load' });
  expect(res?.status(), `${label} status`).toBeLessThan(400);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  // Islands hydrated on "visible" stay server-rendered below the fold: axe checks what is there.
  await page.waitForTimeout(200);
  const lines = await axe(page, label);
  // Opened menus: the language menu (logged out), the profile dropdown (1280) or the phone menu (390).
  const language = page.locator('[data-language-menu] summary').first();
  const toggle = page.locator('[data-menu-toggle]');
  const profile = page.locator(`[data-profile-dropdown="${width < 860 ? 'mobile' : 'desktop'}"] summary`);
  for (const [name, opener] of [['language menu', language], ['profile menu', profile], ['phone menu', toggle]] as const) {
    if (menusSeen.has(name) || !(await opener.isVisible().catch(() => false))) continue;
    menusSeen.add(name);
    await opener.click();
    await page.waitForTimeout(150);
    // Only what opening it added (the closed page's findings are listed once).
    const seen = new Set(lines.map((l) => l.slice(l.indexOf(' [', label.length))));
    const opened = `${label} with the ${name} open`;
    lines.push(...(await axe(page, opened)).filter((l) => !seen.has(l.slice(opened.length))));
    await page.keyboard.press('Escape');
    if (name !== 'phone menu') await opener.evaluate((el) => el.closest('details')?.removeAttribute('open'));
  }
  return lines;
}

/** Screens in a state a plain load does not show: form errors, an open dialog, the share menu. */
const STATES: { loggedIn: boolean; path: string; name: string; act(page: Page): Promise<void> }[] = [
  {
    loggedIn: false, path: '/login', name: 'with the errors of an empty form',
    act: async (page) => {
      await Promise.all([page.waitForNavigation(), page.locator('form[data-login-form] button[type="submit"]').click()]);
    },
  },
  {
    loggedIn: false, path: '/register', name: 'with the errors of an empty form',
    act: async (page) => {
      await page.locator('form[data-register-form][data-live]').waitFor();
      await page.locator('form[data-register-form] button[type="submit"]').click();
      await page.waitForTimeout(300);
    },
  },
  {
    loggedIn: true, path: '/app', name: 'with the share menu open',
    act: async (page) => {
      const share = page.locator('[data-referral-link] button[data-share]');
      await hydrated(page, '[data-referral-link] button[data-copy]');
      if (await share.count()) {
        await share.click();
        await page.waitForTimeout(200);
      }
    },
  },
  {
    loggedIn: true, path: '/app/sharing', name: 'with the errors of a bad short code',
    act: async (page) => {
      await page.locator('#sl-code').fill('not valid!');
      await Promise.all([page.waitForNavigation(), page.locator('[data-share-link-form] button[type="submit"]').click()]);
    },
  },
  {
    loggedIn: true, path: '/app/account', name: 'with the confirmation dialog open',
    act: async (page) => {
      await hydrated(page, '[data-status-button]');
      await page.locator('[data-status-button]').click();
      await page.locator('[data-confirm-dialog]').waitFor();
    },
  },
];

const px = (pass: Pass) => `${pass.viewport.width} px`;

describe('axe: no WCAG 2.2 A/AA violation on any screen', () => {
  for (const pass of PASSES) {
    const screens = pass.loggedOut.length + pass.loggedIn.length + pass.console.length + 1;
    it(`${pass.host}, ${pass.lang}, ${px(pass)}: ${screens} screens${pass.states.length ? ` and ${pass.states.length} states` : ''}`, async () => {
      const found: string[] = [];
      // One context for the pass: signed out first, then the session's cookies added to it.
      const context = await browser.newContext({
        viewport: pass.viewport,
        locale: pass.lang === 'en' ? 'en-US' : pass.lang,
        bypassCSP: true, // axe is injected as an inline script; the portal's CSP allows only nonce'd ones
      });
      try {
        await context.addCookies([{ name: 'language', value: pass.lang, domain: pass.host, path: '/', sameSite: 'Lax' }]);
        const page = await context.newPage();
        for (const loggedIn of [false, true]) {
          if (loggedIn) await context.addCookies(await sessionCookies(pass.host, pass.email));
          const menusSeen = new Set<string>();
          for (const p of loggedIn ? pass.loggedIn : pass.loggedOut) {
            const label = `${pass.host}${p} (${pass.lang}, ${px(pass)})`;
            found.push(...(await audit(page, `${baseUrl(pass.host)}${p}`, label, pass.viewport.width, menusSeen)));
            if (loggedIn) expect(new URL(page.url()).pathname, `${label} stayed logged in`).toBe(p.split('?')[0]);
            expect(await page.locator('html').getAttribute('lang'), `${label} <html lang>`).toBe(pass.lang);
          }
          for (const state of STATES.filter((x) => x.loggedIn === loggedIn && pass.states.includes(x.path))) {
            const label = `${pass.host}${state.path} ${state.name} (${pass.lang}, ${px(pass)})`;
            await page.goto(`${baseUrl(pass.host)}${state.path}`, { waitUntil: 'load' });
            await state.act(page);
            found.push(...(await axe(page, label)));
          }
        }
        // The console: its own cookie only, in a context of its own (the portal session has no say there).
        const staffContext = await browser.newContext({ viewport: pass.viewport, locale: pass.lang === 'en' ? 'en-US' : pass.lang, bypassCSP: true });
        try {
          await staffContext.addCookies([
            { name: 'language', value: pass.lang, domain: pass.host, path: '/', sameSite: 'Lax' },
            await consoleCookie(pass.host, pass.staff),
          ]);
          const page = await staffContext.newPage();
          for (const p of pass.console) {
            const label = `${pass.host}${p} (${pass.lang}, ${px(pass)})`;
            found.push(...(await audit(page, `${baseUrl(pass.host)}${p}`, label, pass.viewport.width, new Set())));
            expect(new URL(page.url()).pathname, `${label} stayed signed in`).toBe(p);
            expect(await page.locator('html').getAttribute('lang'), `${label} <html lang>`).toBe(pass.lang);
          }
        } finally {
          await staffContext.close();
        }
        // The enrolment step: /console/login for a session that must enrol a second factor (QR code, key, first code).
        const enrolContext = await browser.newContext({ viewport: pass.viewport, locale: pass.lang === 'en' ? 'en-US' : pass.lang, bypassCSP: true });
        try {
          await enrolContext.addCookies([
            { name: 'language', value: pass.lang, domain: pass.host, path: '/', sameSite: 'Lax' },
            await consoleCookie(pass.host, pass.enrolling),
          ]);
          const page = await enrolContext.newPage();
          const label = `${pass.host}/console/login enrolment (${pass.lang}, ${px(pass)})`;
          found.push(...(await audit(page, `${baseUrl(pass.host)}/console/login`, label, pass.viewport.width, new Set())));
          expect(await page.locator('form[data-console-enrol]').count(), `${label} shows the enrolment`).toBe(1);
        } finally {
          await enrolContext.close();
        }
      } finally {
        await context.close();
      }
      if (found.length) console.log(`axe violations:\n${found.join('\n')}`);
      expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
    }, 600_000);
  }
});
