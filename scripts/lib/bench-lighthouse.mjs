// `npm run bench -- --lighthouse`: Lighthouse's four category scores (performance, accessibility, best
// practices, SEO) per page, desktop and/or mobile, on the portal the bench started (or --target), and the
// goal that accessibility, best practices and SEO are 100 on every page, met or not, with the audits that
// keep a page below it. Printed (and in --json), never failing the run. Performance in Lighthouse is a
// simulated slow device and network: compare runs, not machines.
import { GOAL_CATEGORIES, lighthouseSummary } from './bench-browser-goals.mjs';
import { CATEGORIES, launchLighthouseChromium, parseCookieHeader, runLighthouse } from './lighthouse.mjs';

/** Untimed requests of a page before its audit, as the timings have their warm-up rounds. */
const WARM_REQUESTS = 3;

/** The pages audited by default: signed out and in on both demo tenants, every kind of screen once. */
export const LIGHTHOUSE_PAGES = [
  ...['/login', '/register', '/forgot-password'].map((path) => ({ host: 'localhost', path, signedIn: false })),
  ...['/app', '/app/stats', '/app/activity-portal', '/app/rewards', '/app/sharing', '/app/account', '/app/assets', '/creator-corner'].map(
    (path) => ({ host: 'localhost', path, signedIn: true }),
  ),
  ...['/login', '/register', '/forgot-password'].map((path) => ({ host: 'acme.localhost', path, signedIn: false })),
  ...['/app', '/app/stats', '/app/transactions', '/app/rewards/v3', '/app/sharing', '/app/account', '/app/assets', '/gear-guide'].map(
    (path) => ({ host: 'acme.localhost', path, signedIn: true }),
  ),
];

/**
 * @param {{ pages: { host: string, path: string, label: string, cookie?: string }[], port: number,
 *   formFactors: ('desktop' | 'mobile')[], language?: string, log: (...a: unknown[]) => void,
 *   get: (host: string, path: string, cookie: string) => Promise<unknown> }} options `get` is the bench's own
 *   request of a page (bench.mjs), for the untimed warm-up.
 */
export async function lighthouseBench({ pages, port, formFactors, language, log, get }) {
  const chromium = await launchLighthouseChromium();
  const runs = [];
  // The performance category needs a trace, and tracing makes some Chromium builds (@sparticuz/chromium's
  // headless shell) abort the page load (FAILED_DOCUMENT_REQUEST). Then the page is audited again without
  // it, and the following pages too: the other three scores and their goal stay measured.
  let categories = CATEGORIES;
  let performanceLost = null;
  try {
    for (const formFactor of formFactors) {
      for (const p of pages) {
        const cookie = [p.cookie, language && `language=${language}`].filter(Boolean).join('; ');
        const cookies = parseCookieHeader(cookie);
        const url = `http://${p.host}:${port}${p.path}`;
        log(`Lighthouse ${formFactor} ${p.label}`);
        // The audit measures the page, not the first request of it after the portal started (its modules
        // compiled, its caches filled), which the bench's own portal always is.
        for (let i = 0; i < WARM_REQUESTS; i++) await get(p.host, p.path, cookie).catch(() => {});
        try {
          let run;
          try {
            run = await runLighthouse(chromium, url, { formFactor, categories, cookies });
          } catch (e) {
            if (categories !== CATEGORIES || !/FAILED_DOCUMENT_REQUEST/.test(e.message)) throw e;
            performanceLost = e.message;
            categories = GOAL_CATEGORIES;
            log(`Lighthouse: this Chromium aborts the page load while tracing; performance is left out from here on`);
            run = await runLighthouse(chromium, url, { formFactor, categories, cookies });
          }
          runs.push({ page: p.label, ...run });
        } catch (e) {
          runs.push({ page: p.label, url, formFactor, error: e.message, scores: {}, failing: [] });
        }
      }
    }
  } finally {
    await chromium.close();
  }
  return { language: language ?? null, performanceLost, runs, summary: lighthouseSummary(runs) };
}

/** The scores as a table, then what keeps each category below 100. */
export function printLighthouse(report, table) {
  const lang = report.language ? `, language ${report.language}` : '';
  console.log(`\nLighthouse (${CATEGORIES.join(', ')}; performance is simulated throttling, printed only${lang})`);
  const score = (s) => (s == null ? '-' : String(s));
  table(
    ['page', 'form factor', 'perf', 'a11y', 'best pr.', 'SEO', 'landed on'],
    report.runs.map((r) => [
      r.page, r.formFactor, ...CATEGORIES.map((c) => score(r.scores[c])),
      r.error ? 'not audited (below)' : r.finalUrl === r.url ? '' : new URL(r.finalUrl).pathname,
    ]),
  );
  for (const r of report.runs.filter((run) => run.error)) console.log(`  ${r.page} (${r.formFactor}): ${r.error}`);
  if (report.performanceLost) {
    console.log(`  perf "-": this Chromium aborted the page load while Lighthouse traced it (${report.performanceLost.split(' Lighthouse was')[0]}); performance needs a Chromium that can trace (CHROMIUM_PATH).`);
  }
  const s = report.summary;
  const unaudited = s.runs - s.audited;
  console.log(
    `  Goal: accessibility, best practices and SEO at 100 on every page: ${s.met} of ${s.audited} runs meet it` +
      `${s.below.length ? ` (NOT MET on ${s.below.map((b) => `${b.page} ${b.formFactor}`).join(', ')})` : ''}` +
      `${unaudited ? `; ${unaudited} not audited (landed elsewhere or failed)` : ''}`,
  );
  const failing = report.runs.flatMap((r) => r.failing.filter((f) => f.category !== 'performance').map((f) => ({ ...f, run: r })));
  if (!failing.length) return;
  console.log('\nAudits below 100 (accessibility, best practices, SEO):');
  for (const f of failing) {
    console.log(`  ${f.run.page} (${f.run.formFactor}) [${f.category}] ${f.id}: ${f.title}`);
    for (const item of f.items) console.log(`      ${item}`);
  }
}
