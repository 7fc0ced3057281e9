// `npm run bench -- --cls`: layout shift per page as a phone on a slow network sees it, against the goal of
// 0.1 (web.dev's "good" CLS). Printed (and in --json), never failing the run.
//
// Each page is loaded the way Lighthouse's mobile run loads it: 390 × 844, touch, CPU 4× slower and
// Lighthouse's slow-4G network through the DevTools protocol, HTTP cache disabled (on an instant
// localhost every image and island arrives before the first paint and nothing moves), a fresh tab per page.
// A PerformanceObserver installed before any of the page's scripts records every 'layout-shift' entry
// (buffered, without recent input) of the load and the two seconds after it, with the elements that moved;
// the figure is their sum, which is never below CLS's largest session window. The browser is the one the
// browser tests drive (scripts/lib/chromium.mjs), offline, language and time zone pinned; acme's pages are
// asked for in Spanish (Accept-Language es-ES), the demo's in English, unless --language sets the
// `language` cookie.
/* global window, document, Element -- recordShifts() and the read of its figures run in the page */
import { chromium } from 'playwright-core';
import { BROWSER_LOCALE, CHROMIUM_FLAGS, browserEnv, chromiumPath } from './chromium.mjs';
import { CLS_GOAL, clsSummary, judgeShifts } from './bench-browser-goals.mjs';
import { parseCookieHeader } from './lighthouse.mjs';

/** Untimed requests of a page before it is loaded, as the timings have their warm-up rounds. */
const WARM_REQUESTS = 3;
/** How long after the load event shifts still count. */
const SETTLE_MS = 2_000;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Lighthouse mobile's network (DevTools "slow 4G"): 562.5 ms round trip, 1.6 Mbps down, 750 Kbps up. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/** The Accept-Language a tenant's pages are asked for in. */
const LOCALES = { 'acme.localhost': 'es-ES' };

/** Every screen of both demo tenants, signed out and in (the signed-out ones with the links a mail gives). */
export const CLS_PAGES = [
  ...[
    '/login', '/register', '/forgot-password',
    '/reset-password?host=localhost&email=ben%40demo.test&code=ABCDEFGHJK',
    '/set-password?email=newbie%40demo.test&code=ABCDEFGHJK',
    '/unsubscribe?code=optout-ben&email_template=payout_fulfilled',
  ].map((path) => ({ host: 'localhost', path, signedIn: false })),
  ...['/app', '/app/stats', '/app/activity-portal', '/app/assets', '/app/sharing', '/app/account', '/app/rewards', '/creator-corner'].map(
    (path) => ({ host: 'localhost', path, signedIn: true }),
  ),
  ...[
    '/login', '/register', '/forgot-password',
    '/reset-password?host=acme.localhost&email=sam%40acme.test&code=ABCDEFGHJK',
    '/set-password?email=sam%40acme.test&code=ABCDEFGHJK',
    '/unsubscribe?code=optout-sam&email_template=payout_fulfilled',
  ].map((path) => ({ host: 'acme.localhost', path, signedIn: false })),
  ...['/app', '/app/stats', '/app/transactions', '/app/assets', '/app/sharing', '/app/account', '/app/rewards/v3', '/gear-guide'].map(
    (path) => ({ host: 'acme.localhost', path, signedIn: true }),
  ),
];

/** Runs in the page before any of its scripts: records every layout shift with the elements that moved. */
function recordShifts() {
  const w = window;
  w.__shifts = [];
  const describe = (node) => {
    if (!node) return '(removed node)';
    if (!(node instanceof Element)) return `#text in ${describe(node.parentElement)}`;
    const parts = [];
    for (let el = node; el && parts.length < 4 && el !== document.body; el = el.parentElement) {
      let part = el.tagName.toLowerCase();
      if (el.id) part += `#${el.id}`;
      const cls = [...el.classList].slice(0, 2).join('.');
      if (cls) part += `.${cls}`;
      const data = [...el.attributes].find((a) => a.name.startsWith('data-') && a.name !== 'data-astro-cid');
      if (data && !el.id) part += `[${data.name}]`;
      parts.unshift(part);
      if (el.id) break;
    }
    return parts.join(' > ') || node.tagName.toLowerCase();
  };
  const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      w.__shifts.push({
        value: entry.value,
        time: Math.round(entry.startTime),
        sources: (entry.sources ?? []).map((s) => ({ node: describe(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * @param {{ pages: { host: string, path: string, label: string, signedIn?: boolean, cookie?: string }[], port: number,
 *   language?: string, log: (...a: unknown[]) => void, get: (host: string, path: string, cookie: string) => Promise<unknown> }} options
 *   `get` is the bench's own request of a page (bench.mjs), for the untimed warm-up.
 */
export async function clsBench({ pages, port, language, log, get }) {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, `--lang=${BROWSER_LOCALE.locale}`],
    env: browserEnv(),
    timeout: 60_000,
  });
  const runs = [];
  try {
    for (const p of pages) {
      const cookie = [p.cookie, language && `language=${language}`].filter(Boolean).join('; ');
      const url = `http://${p.host}:${port}${p.path}`;
      log(`layout shift ${p.label}`);
      for (let i = 0; i < WARM_REQUESTS; i++) await get(p.host, p.path, cookie).catch(() => {});
      // A context per page: nothing from the previous page in memory or in the cache.
      const context = await browser.newContext({ ...BROWSER_LOCALE, ...PHONE, locale: LOCALES[p.host] ?? BROWSER_LOCALE.locale });
      try {
        const cookies = parseCookieHeader(cookie);
        if (cookies.length) {
          await context.addCookies(cookies.map(({ name, value }) => ({ name, value, domain: p.host, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' })));
        }
        await context.addInitScript(recordShifts);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
        await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
        await page.waitForTimeout(SETTLE_MS);
        const finalPath = new URL(page.url()).pathname;
        const shifts = await page.evaluate(() => window.__shifts);
        runs.push({ page: p.label, url, finalPath, landed: finalPath === p.path.split('?')[0], ...judgeShifts(shifts) });
      } catch (e) {
        runs.push({ page: p.label, url, finalPath: null, landed: false, error: e.message, ...judgeShifts(undefined) });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { goal: CLS_GOAL, language: language ?? null, runs, summary: clsSummary(runs) };
}

/** The figures as a table against the goal, then the elements that moved on each page that shifted. */
export function printCls(report, table) {
  const lang = report.language ? `, language ${report.language}` : '';
  console.log(`\nLayout shift on a phone (390×844, CPU ${CPU_SLOWDOWN}× slower, slow 4G, cold cache; sum of the shifts of the load and ${SETTLE_MS / 1000} s after${lang})`);
  table(
    ['page', 'CLS', 'shifts', 'goal', 'result', 'landed on'],
    report.runs.map((r) => [
      r.page,
      r.cls === null ? '-' : r.cls.toFixed(3),
      r.cls === null ? '-' : r.shifts.length,
      `<= ${report.goal}`,
      r.error ? 'not measured (below)' : !r.landed ? 'n/a' : r.met ? 'met' : 'NOT MET',
      r.error || r.landed ? '' : r.finalPath,
    ]),
  );
  for (const r of report.runs.filter((run) => run.error)) console.log(`  ${r.page}: ${r.error}`);
  const moved = report.runs.filter((r) => r.shifts.length);
  if (moved.length) {
    console.log('\nWhat moved (value, time after navigation, element: from → to)');
    for (const r of moved) {
      console.log(`  ${r.page}: CLS ${r.cls.toFixed(3)}`);
      for (const s of r.shifts) console.log(`    +${s.value.toFixed(3)} at ${s.time} ms: ${s.sources.map((x) => `${x.node} (${x.from} → ${x.to})`).join('; ')}`);
    }
  }
  const s = report.summary;
  const worst = s.worst ? `; worst ${s.worst.page} ${s.worst.cls.toFixed(3)}` : '';
  const unmeasured = s.pages - s.measured;
  console.log(`  ${s.met} of ${s.measured} pages within CLS ${s.goal}${worst}${unmeasured ? `; ${unmeasured} not measured (landed elsewhere or failed)` : ''}`);
}
