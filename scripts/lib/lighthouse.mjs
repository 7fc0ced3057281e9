// Lighthouse against the real portal (accessibility, best practices and SEO at 100), run by the bench:
// `npm run bench -- --lighthouse` (scripts/lib/bench-lighthouse.mjs).
//
// The browser is the one the e2e tests drive (scripts/lib/chromium.mjs: CHROMIUM_PATH, Debian's, or
// @sparticuz/chromium's), launched by chrome-launcher with the same offline flags and pinned language and
// time zone; Lighthouse itself fetches nothing from the network. A signed-in page is audited with the
// session's cookies (and the `language` cookie for a page in another language) in the browser's jar,
// put there over the browser's DevTools socket before the run (a Cookie header in Lighthouse's
// extraHeaders lost to the jar once a page had set a cookie of its own).
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { BROWSER_LOCALE, CHROMIUM_FLAGS, browserEnv, chromiumPath } from './chromium.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * @typedef {{ port: number, setCookies: (host: string, cookies: { name: string, value: string }[]) => Promise<void>,
 *   close: () => Promise<void> }} LighthouseChromium
 */

/**
 * Starts Chromium for Lighthouse runs (one browser, any number of sequential runs).
 * @returns {Promise<LighthouseChromium>}
 */
export async function launchLighthouseChromium() {
  const chrome = await launch({
    chromePath: await chromiumPath(),
    chromeFlags: [...CHROMIUM_FLAGS, `--lang=${BROWSER_LOCALE.locale}`],
    envVars: browserEnv(),
    logLevel: 'silent',
    handleSIGINT: false,
  });
  try {
    const cdp = await browserSocket(chrome.port);
    return {
      port: chrome.port,
      // Host-only, Secure (a __Host- cookie must be; http://localhost and *.localhost are secure contexts).
      setCookies: async (host, cookies) => {
        await cdp.send('Storage.clearCookies');
        if (cookies.length) {
          await cdp.send('Storage.setCookies', {
            cookies: cookies.map(({ name, value }) => ({ name, value, domain: host, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' })),
          });
        }
      },
      close: async () => {
        cdp.close();
        chrome.kill();
      },
    };
  } catch (e) {
    chrome.kill();
    throw e;
  }
}

/** The browser target's DevTools socket: `send(method, params)` answers the command's result. */
async function browserSocket(port) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`no DevTools socket at ${webSocketDebuggerUrl}`));
  });
  const pending = new Map();
  let last = 0;
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
    else call.resolve(message.result);
  };
  return {
    send: (method, params = {}) => new Promise((resolve, reject) => {
      const id = ++last;
      pending.set(id, { method, resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    }),
    close: () => ws.close(),
  };
}

/** `a=1; b=2` (a Cookie header) as cookies. */
export function parseCookieHeader(header = '') {
  return header.split(';').map((p) => p.trim()).filter(Boolean).map((p) => {
    const i = p.indexOf('=');
    return { name: p.slice(0, i), value: p.slice(i + 1) };
  });
}

/**
 * One Lighthouse run of `url` in `chromium`, with exactly `cookies` in its jar for the url's host.
 * @param {LighthouseChromium} chromium
 * @param {string} url
 * @param {{ formFactor?: 'desktop' | 'mobile', categories?: string[], cookies?: { name: string, value: string }[] }} [options]
 * @returns {Promise<{ url: string, finalUrl: string, formFactor: string, scores: Record<string, number | null>,
 *   failing: { category: string, id: string, title: string, score: number | null, items: string[] }[] }>}
 */
export async function runLighthouse(chromium, url, { formFactor = 'desktop', categories = CATEGORIES, cookies = [] } = {}) {
  await chromium.setCookies(new URL(url).hostname, cookies);
  const flags = {
    port: chromium.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    locale: 'en-US', // the report's language (audit titles), not the page's
    // `baseline` (web features' browser support) weighs 0 in best practices, so it never moves a score; its
    // gatherer makes @sparticuz/chromium's headless shell abort the page load (FAILED_DOCUMENT_REQUEST,
    // net::ERR_ABORTED on every portal page), so it is left out and the run works on either Chromium.
    skipAudits: ['baseline'],
    // The performance score is only printed: without it in the run, no throttled trace is simulated.
    ...(categories.includes('performance') ? {} : { throttlingMethod: 'provided' }),
  };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {};
  const failing = [];
  for (const id of categories) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    for (const ref of category?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failing.push({ category: id, id: ref.id, title: audit.title, score: audit.score, items: auditItems(audit) });
    }
  }
  return { url, finalUrl: lhr.finalDisplayedUrl, formFactor, scores, failing };
}

/** What an audit points at, shortly: nodes by selector and snippet, URLs, or its display value. */
function auditItems(audit) {
  const items = audit.details?.items ?? [];
  const out = [];
  for (const item of items.slice(0, 5)) {
    const node = item.node ?? Object.values(item).find((v) => v && typeof v === 'object' && v.type === 'node');
    if (node) out.push(`${node.selector ?? ''} ${node.snippet ?? ''}`.trim());
    else if (item.url) out.push(String(item.url));
    else if (item.description) out.push(String(item.description));
    else out.push(JSON.stringify(item).slice(0, 160));
  }
  if (!out.length && audit.displayValue) out.push(audit.displayValue);
  if (!out.length && audit.explanation) out.push(audit.explanation);
  return out;
}

/** A run's failing audits as lines, `page [category] audit-id: title` and what each points at. */
export function describeFailing(run, label = run.url) {
  return run.failing.flatMap((f) => [`${label} (${run.formFactor}) [${f.category}] ${f.id}: ${f.title}`, ...f.items.map((i) => `    ${i}`)]);
}
