// npm run bench — performance figures for the portal (printed; only the fault run of 4. is also a check that fails the run):
//
//   1. per page: status (redirects are reported, not measured), D1 round trips before the first byte and in all (median of the Worker's
//      `x-d1-round-trips` header and of the `<!-- d1-round-trips: N -->` a metered page ends with, over the warm runs: the bench's own server runs with --var D1_METER:1;
//      "n/a" when the Worker does not send it), time to first byte (median and p95) and its ratio to a
//      static asset of the same Worker, measured in one interleaved run (every round visits every page,
//      each page request followed by one asset request), HTML bytes and the JavaScript the page loads
//      (raw and gzip), following <script src>, modulepreload links, Astro island component/renderer URLs
//      and static `import`s recursively;
//      then per page the CPU ms per request of the workerd process that runs the Worker over
//      --requests sequential warm requests, in rounds over every page (scripts/lib/bench-cpu.mjs: how that process is found), and
//      its ratio to /login's; the whole response (request start to last body byte) median/p95 and its
//      ratio to the static asset in the interleaved run above, which also times GET /r/<code> (not
//      followed); /app against the asset under --concurrency clients (requests/second, as a ratio);
//      last, the page goals (CPU, response times, HTML and JavaScript sizes), each with its measured
//      figure and met / not met (scripts/lib/bench-goals.mjs: printed, never failing the run);
//   2. the Worker bundle as `wrangler deploy --dry-run` makes it: its gzip size against the Workers
//      limit (3 MiB compressed on the free plan, 10 MiB on the paid one);
//   3. share-link redirects: requests/second, p50/p95 latency of GET /r/<code> (not followed) on this
//      portal (clicks through the queue) against a second one started with CLICKS_DIRECT=1 (clicks
//      written at once), in one interleaved run;
//   4. a fault run: a portal started with CLICKS_FAULT_EVERY=3 (the clicks consumer fails every third
//      batch) gets clicks from distinct browsers, and D1 is read until every click sent is stored and
//      counted exactly once (scripts/lib/bench-clicks.mjs).
//
//   npm run bench -- [--no-build] [--port <n>] [--target <origin>] [--pages <list>] [--requests <n>]
//                    [--warmup <n>] [--redirects <n>] [--concurrency <n>] [--fault-clicks <n>]
//                    [--host <tenant host>] [--json]
//
// --no-build     reuse dist/ when it exists
// --target       measure a portal that is already running (e.g. http://127.0.0.1:8787) instead of
//                starting one on its own port and state dir (D1 round trips only if it runs with D1_METER=1)
// --pages        comma list of pages to measure, e.g. /app,/app/stats,acme.localhost/app; a page is
//                `/path` (tenant localhost) or `host/path`; unknown /app paths are measured signed in as
//                the host's demo account, /console paths as the host's demo owner in the console, other
//                unknown paths signed out (default: every page in PAGES)
// --requests     timed requests per page (default 100; as many static-asset requests are interleaved);
//                also the CPU run's requests per page and each side's requests under concurrency
// --warmup       untimed warm-up rounds before timing (default 5; fills the tenant cache)
// --redirects    share-link requests per portal (default 1000; 0 skips that part); --concurrency (default 8,
//                also the clients of the /app-against-asset run)
// --fault-clicks clicks of the fault run (default 300; 0 skips it; not with --target)
// --host         tenant host of the share-link redirect (default localhost)
// --json         print the figures as JSON on stdout (progress goes to stderr; `npm run -s bench -- --json`)
// --lighthouse   instead of the figures above, Lighthouse's four category scores (performance,
//                accessibility, best practices, SEO) per page and the audits below 100
//                (scripts/lib/bench-lighthouse.mjs; default pages: both tenants signed out and in, every screen);
//                with --form-factor desktop|mobile|both (default desktop) and --language <code> (the
//                `language` cookie on every page); accessibility, best practices and SEO are set against
//                the goal of 100 on every page (printed, never failing the run)
// --cls          instead of the figures above, the layout shift of every screen of both tenants as a phone on
//                slow 4G with a 4x slower CPU loads it, against the goal of 0.1 per page, and what moved
//                (scripts/lib/bench-cls.mjs; --pages, --language and --json as for --lighthouse)
// Env: BENCH_SHORT_CODE (default ava-demo), BENCH_PORT, BENCH_EMAIL / BENCH_PASSWORD (localhost login).
//
//   3. with --load (npm run bench:load): stats at scale. Builds a state dir with
//      scripts/generate-load.mjs (1M clicks and 100k commissions for demo over ~2 years, by default), then
//      a. straight in SQLite (wrangler d1 execute --json: its per-statement duration, whole ms, and EXPLAIN
//         QUERY PLAN) the graph query of the ambassador on the raw clicks (the query before
//         migrations/0004_stats_rollups.sql) against the same query on the daily rollups;
//         and the share-link list and stats totals on the raw rows (the queries before
//         migrations/0019_counters.sql) against the same numbers from the counters; the bytes each load
//         table takes with its indexes (SQLite dbstat of the local file: bytes per click, per commission);
//      b. starts the portal on that dir (no build, no seed), signs in as ava@demo.test and times
//         GET /api/ambassadors/<uid>/stats/graph/ (30 days by day, 1 year by week, 2 years by month),
//         GET /api/ambassadors/<uid>/stats/, the share-link list, the commissions table (page 1, the last
//         page, a filtered page) and the recent activity (p50/p95 of the whole response, D1 round trips).
//      --clicks 0 --commissions 0 times the same on the demo data alone (the "2x the demo data" yardstick).
//      npm run bench -- --load [--clicks <n>] [--commissions <n>] [--load-state <dir>] [--requests <n>] [--warmup <n>]
//      --load-state  reuse (or create and keep) that state dir instead of a fresh one that is deleted after
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decodeEntities, importsOf, jsFromHtml } from './lib/html.mjs';
import { printScale, scaleBench } from './lib/bench-clicks.mjs';
import { clockTicks, cpuMsPerRequest, cpuTicks, findRuntime } from './lib/bench-cpu.mjs';
import { goalTable, printGoals } from './lib/bench-goals.mjs';
import { CLS_PAGES, clsBench, printCls } from './lib/bench-cls.mjs';
import { LIGHTHOUSE_PAGES, lighthouseBench, printLighthouse } from './lib/bench-lighthouse.mjs';
import { startPortal } from './lib/portal.mjs';
import { ROOT, forwardSignals, freePort, isBuilt, parseArgs } from './lib/proc.mjs';
import { generateLoad, queryJson } from './generate-load.mjs';

let json = false;
const log = (...args) => (json ? console.error : console.log)('[bench]', ...args);

const ACCOUNTS = {
  localhost: { email: process.env.BENCH_EMAIL ?? 'ava@demo.test', password: process.env.BENCH_PASSWORD ?? 'Password1!' },
  'acme.localhost': { email: 'alex@acme.test', password: 'Password1!' },
};
ACCOUNTS['demo.localhost'] = ACCOUNTS.localhost; // same tenant (Demo Co)

/** The console's pages are measured as the demo owner (README: its password and public demo TOTP secret). */
const STAFF = {
  localhost: { email: 'owner@demo.test', password: 'Password1!', secret: 'DEMOOWNERTOTPDEMOSECRETONLYAAAAA' },
  'acme.localhost': { email: 'owner@acme.test', password: 'Password1!', secret: 'ACMEOWNERTOTPDEMOSECRETONLYAAAAA' },
};

/** The pages measured by default: `signedIn` uses the host's account from ACCOUNTS. */
const PAGES = [
  { host: 'localhost', path: '/login', signedIn: false },
  { host: 'localhost', path: '/register', signedIn: false },
  { host: 'localhost', path: '/forgot-password', signedIn: false },
  ...['/app', '/app/stats', '/app/activity-portal', '/app/assets', '/app/sharing', '/app/account', '/app/rewards'].map(
    (p) => ({ host: 'localhost', path: p, signedIn: true }),
  ),
  { host: 'acme.localhost', path: '/app', signedIn: true },
  { host: 'acme.localhost', path: '/app/rewards/v3', signedIn: true },
];

const D1_HEADER = 'x-d1-round-trips';
const label = (p) => (p.host === 'localhost' ? p.path : `${p.host}${p.path}`);

/** `--pages` entries -> page specs (known pages keep their settings). */
function selectPages(list, known = PAGES) {
  if (!list) return known;
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const slash = entry.indexOf('/');
      if (slash < 0) throw new Error(`--pages: "${entry}" is not /path or host/path`);
      const host = slash === 0 ? 'localhost' : entry.slice(0, slash);
      const p = entry.slice(slash);
      return [...PAGES, ...LIGHTHOUSE_PAGES, ...CLS_PAGES].find((k) => k.host === host && k.path === p)
        ?? { host, path: p, signedIn: /^\/app(\/|$)/.test(p), staff: /^\/console(\/|$)/.test(p) && !p.startsWith('/console/login') };
    });
}

// HTTP ---------------------------------------------------------------------------------------------

let target; // { hostname, port } of the server
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * GET/POST against the portal with the tenant in the Host header (Node cannot resolve *.localhost
 * everywhere, so requests go to the server's address). Resolves with status, headers, body and the
 * time to first byte in ms (request written -> response headers received).
 */
function request(host, urlPath, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    let ttfb = 0;
    const req = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: urlPath,
        method,
        agent,
        headers: { host: `${host}:${target.port}`, 'accept-encoding': 'identity', ...headers },
      },
      (res) => {
        ttfb = Number(process.hrtime.bigint() - t0) / 1e6;
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ttfb, total: Number(process.hrtime.bigint() - t0) / 1e6 }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${urlPath}`)));
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

function cookieHeader(setCookie = []) {
  return setCookie.map((c) => c.split(';', 1)[0]).join('; ');
}

/**
 * Signs an account in through the HTML login form and returns the Cookie header to send, or
 * undefined when the login did not yield a session cookie (wrong password, not built yet, ...).
 */
async function login(host, { email, password }) {
  const page = await request(host, '/login');
  let cookies = cookieHeader(page.headers['set-cookie']);
  const html = page.body.toString('utf8');
  const fields = { email, password };
  // Hidden inputs (CSRF token and the like) travel with the form, as a browser would send them.
  for (const m of html.matchAll(/<input\b[^>]*\btype=["']?hidden["']?[^>]*>/gi)) {
    const name = /\bname=["']([^"']+)["']/i.exec(m[0])?.[1];
    const value = /\bvalue=["']([^"']*)["']/i.exec(m[0])?.[1] ?? '';
    if (name && !(name in fields)) fields[name] = decodeEntities(value);
  }
  const res = await request(host, '/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: `http://${host}:${target.port}`,
      referer: `http://${host}:${target.port}/login`,
      ...(cookies ? { cookie: cookies } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  const session = cookieHeader(res.headers['set-cookie']);
  if (!session) return undefined;
  cookies = mergeCookies(cookies, session);
  return cookies;
}

/**
 * A complete console session of the host's demo owner (POST /v1/staff/sessions/, then the TOTP code of the
 * README's secret; a code signs in once, so a spent one is retried with the next step) as its Cookie header.
 */
async function staffLogin(host, { email, password, secret }) {
  const { TOTP, Secret } = await import('otpauth');
  const post = async (path, body, token) => {
    const res = await request(host, `/v1/staff/${path}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Staff ${token}` } : {}) },
    });
    return { status: res.status, body: JSON.parse(res.body.toString('utf8') || 'null') };
  };
  const started = await post('sessions/', { email, password });
  const token = started.body?.token;
  if (!token) return undefined;
  for (const steps of [0, 1]) {
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
    if ((await post('sessions/second_factor/', { code }, token)).status === 200) return `__Host-portal_console=${token}`;
  }
  return undefined;
}

function mergeCookies(a, b) {
  const jar = new Map();
  for (const part of `${a}; ${b}`.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k) jar.set(k, v.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

// JavaScript a page loads --------------------------------------------------------------------------

const jsCache = new Map(); // url -> { raw, gzip, src } | { status } (shared chunks are fetched once)

/** Fetches the page's JS graph. Same-origin only; returns totals for eager and lazy (dynamic) code. */
async function jsWeight(host, html, pagePath) {
  const origin = `http://${host}:${target.port}`;
  const seen = new Map(); // url -> { raw, gzip, lazy, src }
  const skipped = new Set();
  const queue = jsFromHtml(html, origin + pagePath).map((u) => ({ url: u, lazy: false }));
  while (queue.length) {
    const { url, lazy } = queue.shift();
    const u = new URL(url);
    if (u.origin !== origin) {
      skipped.add(url);
      continue;
    }
    const known = seen.get(url);
    if (known) {
      if (known.lazy && !lazy) known.lazy = false;
      else continue;
    }
    let entry = known;
    if (!entry) {
      let file = jsCache.get(url);
      if (!file) {
        const res = await request(host, u.pathname + u.search);
        file = res.status === 200 ? { raw: res.body.length, gzip: gzipSync(res.body).length, src: res.body.toString('utf8') } : { status: res.status };
        jsCache.set(url, file);
      }
      if (file.status) {
        skipped.add(`${url} (${file.status})`);
        continue;
      }
      entry = { ...file, lazy };
      seen.set(url, entry);
    }
    const imports = importsOf(entry.src);
    for (const spec of imports.static) if (/^(\.|\/)/.test(spec)) queue.push({ url: new URL(spec, url).href, lazy: entry.lazy });
    for (const spec of imports.dynamic) if (/^(\.|\/)/.test(spec)) queue.push({ url: new URL(spec, url).href, lazy: true });
  }
  const sum = (lazy) =>
    [...seen.values()].filter((e) => e.lazy === lazy).reduce((a, e) => ({ files: a.files + 1, raw: a.raw + e.raw, gzip: a.gzip + e.gzip }), { files: 0, raw: 0, gzip: 0 });
  return { eager: sum(false), lazy: sum(true), skipped: [...skipped] };
}

// Timing -------------------------------------------------------------------------------------------

function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

const median = (xs) => quantile([...xs].sort((a, b) => a - b), 0.5);
const p95 = (xs) => quantile([...xs].sort((a, b) => a - b), 0.95);
const round = (x, d = 2) => (Number.isFinite(x) ? Number(x.toFixed(d)) : null);

/** A static file the Worker's assets serve: favicon, another public/ file, else a built /_astro file. */
function staticAsset() {
  const client = path.join(ROOT, 'dist/client');
  if (!existsSync(client)) return undefined;
  for (const name of ['favicon.svg', 'favicon.ico', 'robots.txt']) if (existsSync(path.join(client, name))) return `/${name}`;
  const top = readdirSync(client, { withFileTypes: true }).find((d) => d.isFile() && !d.name.startsWith('_') && !d.name.startsWith('.'));
  if (top) return `/${top.name}`;
  const astro = path.join(client, '_astro');
  const js = existsSync(astro) ? readdirSync(astro).find((f) => /\.(css|js|svg|png)$/.test(f)) : undefined;
  return js ? `/_astro/${js}` : undefined;
}

/** The `x-d1-round-trips` header as a number, or undefined when absent/unparsable. */
/** The `<!-- d1-round-trips: N -->` a metered HTML page ends with (every round trip, after the first byte too). */
function d1Total(res) {
  const m = /<!-- d1-round-trips: (\d+) -->\s*$/.exec(res.body.toString('utf8', Math.max(0, res.body.length - 64)));
  return m ? Number(m[1]) : undefined;
}

function d1Trips(res) {
  const v = res.headers[D1_HEADER];
  const n = v === undefined ? NaN : Number(String(v).trim());
  return Number.isFinite(n) ? n : undefined;
}

/**
 * One interleaved run over all measured pages: `warmup` untimed rounds, then `n` timed rounds. Each
 * round visits every page once (starting one page later each round), and every page request is
 * followed by a request for the static asset. Returns per-page samples and the asset's samples.
 */
async function ttfbInterleaved(pages, assetPath, n, warmup, progress) {
  const samples = pages.map(() => ({ ttfb: [], total: [], d1: [], d1Total: [], statuses: new Map() }));
  const assetTtfb = [];
  const assetTotal = [];
  const assetD1 = [];
  for (let round = -warmup; round < n; round++) {
    for (let k = 0; k < pages.length; k++) {
      const i = (k + Math.max(round, 0)) % pages.length;
      const { host, path: p, cookie } = pages[i];
      const res = await request(host, p, { headers: cookie ? { cookie } : {} });
      const asset = await request(host, assetPath);
      if (round < 0) continue;
      const s = samples[i];
      s.ttfb.push(res.ttfb);
      s.total.push(res.total);
      s.statuses.set(res.status, (s.statuses.get(res.status) ?? 0) + 1);
      const trips = d1Trips(res);
      if (trips !== undefined) s.d1.push(trips);
      const total = d1Total(res);
      if (total !== undefined) s.d1Total.push(total);
      assetTtfb.push(asset.ttfb);
      assetTotal.push(asset.total);
      const at = d1Trips(asset);
      if (at !== undefined) assetD1.push(at);
    }
    if (round >= 0) progress?.(round + 1);
  }
  return { samples, asset: { ttfb: assetTtfb, total: assetTotal, d1: assetD1 } };
}

/**
 * CPU ms per request of the workerd that runs the Worker (scripts/lib/bench-cpu.mjs says which one):
 * per page `warmup` untimed requests, then `n` sequential ones, in CPU_ROUNDS rounds that each visit every
 * page in turn (n/rounds requests a page between two readings of its CPU time, the readings summed per
 * page). Never interleaved with the asset, so each reading is that page's alone; in rounds, so a change
 * of the machine's load during the run weighs on every page alike, /login's (every ratio's base) too.
 * Returns { runtime, pages: [{ msPerRequest, proxyMsPerRequest, statuses }] } or { runtime: { pid: null, why } }.
 */
async function cpuPerPage(pages, n, warmup) {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(target.hostname)) return { runtime: { pid: null, why: `${target.hostname} is not this machine` } };
  const first = pages[0];
  const runtime = await findRuntime(target.port, async () => {
    for (let i = 0; i < 20; i++) await request(first.host, first.path, { headers: first.cookie ? { cookie: first.cookie } : {} });
  });
  if (!runtime.pid) return { runtime };
  const hz = clockTicks();
  const headersOf = ({ cookie }) => (cookie ? { cookie } : {});
  for (const page of pages) for (let i = 0; i < warmup; i++) await request(page.host, page.path, { headers: headersOf(page) });
  const sums = pages.map(() => ({ ticks: 0, proxyTicks: 0, statuses: new Map() }));
  const laps = Math.max(1, Math.min(CPU_ROUNDS, n));
  for (let r = 0; r < laps; r++) {
    // This round's share of the n requests (they add up to n whatever n is).
    const count = Math.floor((n * (r + 1)) / laps) - Math.floor((n * r) / laps);
    for (const [k, page] of pages.entries()) {
      const sum = sums[k];
      const before = [cpuTicks(runtime.pid), cpuTicks(runtime.listener)];
      for (let i = 0; i < count; i++) {
        const res = await request(page.host, page.path, { headers: headersOf(page) });
        sum.statuses.set(res.status, (sum.statuses.get(res.status) ?? 0) + 1);
      }
      sum.ticks += cpuTicks(runtime.pid) - before[0];
      sum.proxyTicks += cpuTicks(runtime.listener) - before[1];
    }
  }
  const pagesOut = sums.map((sum) => ({ msPerRequest: cpuMsPerRequest(0, sum.ticks, n, hz), proxyMsPerRequest: cpuMsPerRequest(0, sum.proxyTicks, n, hz), statuses: sum.statuses }));
  return { runtime: { ...runtime, clockTicks: hz, rounds: laps }, pages: pagesOut };
}

/** Rounds of the CPU readings (cpuPerPage). */
const CPU_ROUNDS = 5;

/** `n` GETs with `concurrency` in flight: requests/second over the burst. */
async function burst(host, urlPath, headers, n, concurrency) {
  let next = 0;
  const statuses = new Map();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, async () => {
    while (next < n) {
      next++;
      const res = await request(host, urlPath, { headers });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }));
  return { secs: (performance.now() - t0) / 1000, statuses };
}

/**
 * A page against the static asset under `concurrency` clients, interleaved: `rounds` rounds of n/rounds
 * requests to each, the one going first alternating. Requests/second of each and the page's as a share
 * of the asset's.
 */
async function concurrentPair(page, assetPath, n, concurrency, rounds = 5) {
  const per = Math.max(concurrency, Math.ceil(n / rounds));
  const sides = [
    { host: page.host, path: page.path, headers: page.cookie ? { cookie: page.cookie } : {}, secs: 0, requests: 0, statuses: new Map() },
    { host: page.host, path: assetPath, headers: {}, secs: 0, requests: 0, statuses: new Map() },
  ];
  for (const s of sides) await burst(s.host, s.path, s.headers, concurrency * 2, concurrency); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 ? [...sides].reverse() : sides) {
      const b = await burst(s.host, s.path, s.headers, per, concurrency);
      s.secs += b.secs;
      s.requests += per;
      for (const [st, c] of b.statuses) s.statuses.set(st, (s.statuses.get(st) ?? 0) + c);
    }
  }
  const [pg, as] = sides.map((s) => ({ path: s.path, requests: s.requests, rps: round(s.requests / s.secs, 1), statuses: statusCounts(s.statuses) }));
  return { page: label(page), concurrency, pageSide: pg, asset: as, ratio: round(pg.rps / as.rps) };
}

// Output -------------------------------------------------------------------------------------------

function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c)));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

const kb = (n) => (Number.isFinite(n) ? (n / 1024).toFixed(1) : '-');
const ms = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const statusText = (r) => (r.location ? `${r.status} -> ${r.location}` : String(r.status));
const statusCounts = (m) => Object.fromEntries([...m].sort(([a], [b]) => a - b));

function tripsText(d1) {
  if (!d1) return 'n/a';
  if (d1.median === undefined) return `${d1.first} (once)`;
  return d1.min === d1.max ? String(d1.median) : `${d1.median} (${d1.min}-${d1.max})`;
}

function printReport(report) {
  console.log(`\nPortal ${report.portal}  (${report.requests} timed requests per page after ${report.warmup} warm-up rounds, interleaved with the static asset)\n`);
  const rows = report.pages.map((r) => [
    r.page,
    statusText(r) + (r.otherStatuses ? ` (+${Object.entries(r.otherStatuses).map(([s, c]) => `${c}x${s}`).join(' ')})` : ''),
    tripsText(r.d1RoundTrips),
    r.d1RoundTripsTotal ? tripsText(r.d1RoundTripsTotal) : '-',
    ms(r.ttfb?.p50),
    ms(r.ttfb?.p95),
    r.ttfb?.xStatic ? `${r.ttfb.xStatic.toFixed(1)}x` : '-',
    r.measured ? kb(r.htmlBytes) : '-',
    r.measured ? kb(r.js.eager.gzip) : '-',
  ]);
  if (report.static) {
    rows.push([`static ${report.static.path}`, String(report.static.status), tripsText(report.static.d1RoundTrips), '-', ms(report.static.p50), ms(report.static.p95), '1.0x', '-', '-']);
  }
  table(['page', 'status', 'D1 RT before 1st byte', 'D1 RT in all', 'TTFB p50 ms', 'p95 ms', 'x static', 'HTML KB', 'JS KB gz'], rows);
  const notes = [];
  if (report.pages.some((r) => r.location)) notes.push('3xx pages are not timed (status shows where they redirect; D1 from that one request).');
  if (!report.d1Meter) notes.push(`D1 round trips: n/a = the Worker sent no ${D1_HEADER} header (needs D1_METER=1 and the Worker's meter).`);
  else notes.push('D1 round trips: median over the timed (warm) requests; (min-max) when they varied. Pages stream: "before 1st byte" is the header count, "in all" the count an HTML page ends with.');
  for (const n of notes) console.log(`  ${n}`);

  const measured = report.pages.filter((r) => r.measured);
  if (measured.length) {
    console.log('\nJavaScript the page loads (script src, modulepreload, islands, static imports; gzip level 6; lazy = dynamic imports)');
    table(
      ['page', 'HTML KB', 'HTML gz KB', 'JS files', 'JS KB', 'JS KB gz', 'lazy files', 'lazy KB gz'],
      measured.map((r) => [r.page, kb(r.htmlBytes), kb(r.htmlGzip), r.js.eager.files, kb(r.js.eager.raw), kb(r.js.eager.gzip), r.js.lazy.files || '-', r.js.lazy.files ? kb(r.js.lazy.gzip) : '-']),
    );
  }
  printWork(report);
  printScale(report.scale, table);
  printGoals(report.goals, table);
}

/** CPU per request and whole response per page, the redirect and /app under concurrency. */
function printWork(report) {
  const rt = report.cpuRuntime;
  const cpuNote = rt?.pid
    ? `CPU: workerd ${rt.pid} (${rt.how}), utime+stime over ${report.requests} sequential requests per page in ${rt.rounds ?? 1} rounds over every page`
    : `CPU: n/a (${rt?.why ?? 'not measured'})`;
  console.log(`\nWork per page (${cpuNote}; whole response = request start to last body byte, in the interleaved run)`);
  const x = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : '-');
  const rows = report.pages.filter((r) => r.measured).map((r) => [
    r.page,
    r.cpu ? ms(r.cpu.msPerRequest) : 'n/a',
    r.cpu ? x(r.cpu.xLogin) : 'n/a',
    ms(r.whole?.p50),
    ms(r.whole?.p95),
    x(r.whole?.xStatic),
    x(r.ttfb?.xStatic),
  ]);
  if (report.redirect) {
    const st = Object.entries(report.redirect.statuses).map(([k, v]) => `${v}x${k}`).join(' ');
    rows.push([`${report.redirect.path} (${st})`, '-', '-', ms(report.redirect.whole.p50), ms(report.redirect.whole.p95), x(report.redirect.whole.xStatic), x(report.redirect.ttfb.xStatic)]);
  }
  if (report.static) rows.push([`static ${report.static.path}`, '-', '-', ms(report.static.whole.p50), ms(report.static.whole.p95), '1.00x', '1.00x']);
  table(['page', 'CPU ms/req', "x /login's", 'whole p50 ms', 'p95 ms', 'x static', 'TTFB x static'], rows);
  const c = report.concurrency;
  if (c) {
    console.log(`\n${c.page} against the static asset under ${c.concurrency} concurrent clients (one interleaved run, not followed)`);
    table(['request', 'requests', 'requests/s', 'statuses', 'x static'], [
      [c.page, c.pageSide.requests, c.pageSide.rps.toFixed(1), Object.entries(c.pageSide.statuses).map(([k, v]) => `${v}x${k}`).join(' '), x(c.ratio)],
      [`static ${c.asset.path}`, c.asset.requests, c.asset.rps.toFixed(1), Object.entries(c.asset.statuses).map(([k, v]) => `${v}x${k}`).join(' '), '1.00x'],
    ]);
  }
}

// Stats at scale (--load) ---------------------------------------------------------------------------

const LOAD_AMBASSADOR = 'amb-ava'; // ava@demo.test

/** The graph ranges timed: [label, days back from today (inclusive of today), interval]. */
const LOAD_RANGES = [
  ['30 days / day', 29, 'day'],
  ['1 year / week', 364, 'week'],
  ['2 years / month', 729, 'month'],
];

const isoDaysAgo = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const nextDayIso = (day) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The clicks series of one graph range as SQL, on the raw clicks (the query src/api/stats/queries.ts ran
 * before the rollups) and on stats_daily (the query it runs now); values inlined, ids are the seed's.
 */
function graphSql(days, interval) {
  const start = isoDaysAgo(days);
  const end = isoDaysAgo(0);
  const rawBucket = { day: 'substr(created_at, 1, 10)', week: "date(substr(created_at, 1, 10), '-6 days', 'weekday 1')", month: "substr(created_at, 1, 7) || '-01'" }[interval];
  const dayBucket = { day: 'day', week: "date(day, '-6 days', 'weekday 1')", month: "substr(day, 1, 7) || '-01'" }[interval];
  const who = `company_id = 'demo' AND ambassador_uid = '${LOAD_AMBASSADOR}'`;
  return {
    raw: `SELECT ${rawBucket} AS bucket, COUNT(*) AS n FROM clicks WHERE ${who} AND created_at >= '${start}T00:00:00.000Z' AND created_at < '${nextDayIso(end)}' AND counted = 1 GROUP BY bucket`,
    rollup: `SELECT ${dayBucket} AS bucket, SUM(n) AS n FROM stats_daily WHERE ${who} AND day >= '${start}' AND day < '${nextDayIso(end).slice(0, 10)}' AND kind = 'clicks' GROUP BY bucket`,
  };
}

/**
 * The share-link list and the stats totals of ava as SQL, the way they were read before the counters
 * (raw rows counted per request) and the way src/api reads them now (migrations/0019_counters.sql).
 */
function countersSql() {
  const who = `company_id = 'demo' AND ambassador_uid = '${LOAD_AMBASSADOR}'`;
  const earned = "m.is_monetary = 1 AND m.status IN ('pending', 'approved', 'paid')";
  return [
    ['share links, page 1', {
      raw: `SELECT s.uid, (SELECT COUNT(*) FROM clicks k WHERE k.share_link_uid = s.uid AND k.company_id = s.company_id AND k.counted = 1) AS clicks,
          (SELECT COUNT(*) FROM referrals r WHERE r.share_link_uid = s.uid AND r.company_id = s.company_id) AS referrals,
          (SELECT COALESCE(SUM(m.amount_minor), 0) FROM commissions m JOIN referrals r ON r.id = m.referral_id
            WHERE r.share_link_uid = s.uid AND m.company_id = s.company_id AND ${earned}) AS earned_minor
          FROM share_links s WHERE s.${who} AND s.is_default = 0 ORDER BY s.created_at DESC, s.uid DESC LIMIT 25`,
      counters: `SELECT s.uid, COALESCE(n.clicks, 0) AS clicks, COALESCE(n.referrals, 0) AS referrals, COALESCE(n.earned_minor, 0) AS earned_minor
          FROM share_links s LEFT JOIN share_link_counters n ON n.company_id = s.company_id AND n.share_link_uid = s.uid
          WHERE s.${who} AND s.is_default = 0 ORDER BY s.created_at DESC, s.uid DESC LIMIT 25`,
    }],
    ['stats totals', {
      raw: `SELECT COALESCE(SUM(CASE WHEN kind = 'clicks' THEN n END), 0) AS clicks, COALESCE(SUM(CASE WHEN kind = 'shares' THEN n END), 0) AS shares,
          COALESCE(SUM(CASE WHEN kind = 'referrals' THEN n END), 0) AS referrals,
          (SELECT COALESCE(SUM(m.amount_minor), 0) FROM commissions m WHERE m.${who} AND ${earned}) AS earned_minor
          FROM stats_daily WHERE ${who}`,
      counters: `SELECT COALESCE(SUM(clicks), 0) AS clicks, COALESCE(SUM(shares), 0) AS shares, COALESCE(SUM(referrals), 0) AS referrals,
          (SELECT COALESCE(SUM(amount_minor), 0) FROM commission_totals m WHERE m.${who} AND ${earned}) AS earned_minor
          FROM ambassador_counters WHERE ${who}`,
    }],
    ['stats commission sums', {
      raw: `SELECT is_monetary, status, event, COALESCE(SUM(amount_minor), 0) AS total, COUNT(*) AS n FROM commissions WHERE ${who}
          GROUP BY is_monetary, status, event ORDER BY 1, 2, 3`,
      counters: `SELECT is_monetary, status, event, SUM(amount_minor) AS total, SUM(n) AS n FROM commission_totals WHERE ${who}
          GROUP BY is_monetary, status, event ORDER BY 1, 2, 3`,
    }],
  ];
}

/** The bytes the load tables take per row (tableBytes: each table with its indexes), for the D1 size budget. */
const LOAD_TABLES = ['clicks', 'commissions', 'referrals', 'shares', 'stats_daily', 'share_link_counters', 'ambassador_counters', 'commission_totals'];

/** Runs `sql` `times` times in one wrangler call: durations (ms, as D1 reports them) and the rows of the first run. */
async function sqlTimes(persistTo, sql, times) {
  const out = await queryJson(persistTo, Array.from({ length: times }, () => sql).join(';\n'));
  return { ms: out.map((r) => r.meta?.duration ?? NaN), rows: out[0]?.results ?? [] };
}

async function queryPlan(persistTo, sql) {
  const [plan] = await queryJson(persistTo, `EXPLAIN QUERY PLAN ${sql}`);
  return plan.results.map((r) => r.detail).join('; ');
}

/** p50/p95 of the whole response time of `n` GETs (after `warmup`), with the D1 round trips of the last one. */
async function timeGet(host, urlPath, cookie, n, warmup) {
  const times = [];
  let last;
  for (let i = -warmup; i < n; i++) {
    last = await request(host, urlPath, { headers: { cookie, accept: 'application/json' } });
    if (i >= 0) times.push(last.total);
  }
  return { status: last.status, p50: median(times), p95: p95(times), d1: d1Trips(last), bytes: last.body.length, body: last.body };
}

async function loadBench(args) {
  if (!isBuilt()) throw new Error('--load needs a built portal (dist/): run `npm run build` first (this bench never builds for --load)');
  const clicks = positiveInt('clicks', args.clicks, 1_000_000, 0);
  const commissions = positiveInt('commissions', args.commissions, 100_000, 0);
  const n = positiveInt('requests', args.requests, 30);
  const warmup = positiveInt('warmup', args.warmup, 3, 0);
  const keep = Boolean(args['load-state']);
  const stateDir = path.resolve(args['load-state'] ?? path.join(ROOT, '.tmp', `bench-load-${Date.now()}-${process.pid}`));
  const reuse = keep && existsSync(path.join(stateDir, 'v3', 'd1'));

  let portal;
  forwardSignals(async () => portal?.stop());
  let generated = null;
  if (reuse) log(`reusing the load in ${stateDir}`);
  else {
    log(`generating ${clicks} clicks and ${commissions} commissions into ${stateDir}`);
    const t0 = performance.now();
    // Shares are a twentieth of the clicks (50k at the default 1M); --clicks 0 --commissions 0 is the demo data alone.
    const timings = await generateLoad({ persistTo: stateDir, clicks, commissions, shares: Math.round(clicks / 20) });
    generated = { seconds: (performance.now() - t0) / 1000, ...timings };
  }
  const [counts] = await queryJson(stateDir, `SELECT (SELECT COUNT(*) FROM clicks WHERE company_id = 'demo') AS clicks,
      (SELECT COUNT(*) FROM clicks WHERE company_id = 'demo' AND ambassador_uid = '${LOAD_AMBASSADOR}' AND counted = 1) AS ava_counted,
      (SELECT COUNT(*) FROM commissions WHERE company_id = 'demo') AS commissions,
      (SELECT COUNT(*) FROM commissions WHERE company_id = 'demo' AND ambassador_uid = '${LOAD_AMBASSADOR}') AS ava_commissions,
      (SELECT COUNT(*) FROM stats_daily WHERE company_id = 'demo' AND ambassador_uid = '${LOAD_AMBASSADOR}') AS ava_rollup_rows`);
  const sizes = counts.results[0];

  // a. The graph query straight in SQLite, raw clicks against the rollups (before the portal runs).
  log('timing the graph query in SQLite: raw clicks vs stats_daily');
  const sqlRows = [];
  for (const [label, days, interval] of LOAD_RANGES) {
    const q = graphSql(days, interval);
    const raw = await sqlTimes(stateDir, q.raw, 7);
    const rollup = await sqlTimes(stateDir, q.rollup, 7);
    const same = JSON.stringify(raw.rows) === JSON.stringify(rollup.rows);
    sqlRows.push({ label, raw, rollup, same, rawPlan: await queryPlan(stateDir, q.raw), rollupPlan: await queryPlan(stateDir, q.rollup) });
  }

  // The share-link list and stats totals before the counters (raw rows) and now (counters), same rows.
  // Skipped until the state dir has the counters (migrations/0019_counters.sql, applied when the portal starts).
  const counterRows = [];
  const [hasCounters] = await queryJson(stateDir, "SELECT COUNT(*) AS n FROM sqlite_schema WHERE name = 'share_link_counters'");
  if (hasCounters.results[0].n) {
    log('timing the share-link list and stats totals in SQLite: raw rows vs counters');
    for (const [label, q] of countersSql()) {
      const raw = await sqlTimes(stateDir, q.raw, 7);
      const counters = await sqlTimes(stateDir, q.counters, 7);
      counterRows.push({ label, raw, counters, same: JSON.stringify(raw.rows) === JSON.stringify(counters.rows), plan: await queryPlan(stateDir, q.counters) });
    }
  }
  const { tableBytes } = await import('./generate-load.mjs');
  const bytes = await tableBytes(stateDir, LOAD_TABLES);

  // b. Over HTTP, signed in as ava.
  const port = Number(args.port ?? process.env.BENCH_PORT ?? (await freePort()));
  log(`starting the portal on port ${port} on the load (no build, no seed)`);
  portal = await startPortal({ port, build: false, stateDir, seed: false, keepState: keep, vars: { D1_METER: '1' }, log });
  target = { hostname: '127.0.0.1', port };
  try {
    const cookie = await login('localhost', ACCOUNTS.localhost);
    if (!cookie) throw new Error(`no session for ${ACCOUNTS.localhost.email}`);
    const today = isoDaysAgo(0);
    const urls = [
      ...LOAD_RANGES.map(([label, days, interval]) => [`graph ${label}`,
        `/api/ambassadors/${LOAD_AMBASSADOR}/stats/graph/?start_date=${isoDaysAgo(days)}&end_date=${today}&interval=${interval}&stat_types=clicks,shares,referrals`]),
      ['stats (totals + commissions)', `/api/ambassadors/${LOAD_AMBASSADOR}/stats/`],
      ['campaign stats, 1 year', `/api/ambassadors/${LOAD_AMBASSADOR}/stats/campaigns/?start_date=${isoDaysAgo(364)}&end_date=${today}`],
      // Per-link counts from share_link_counters (migrations/0019_counters.sql), one row per link.
      ['share links list (per-link clicks)', `/api/ambassadors/${LOAD_AMBASSADOR}/custom_urls/?ordering=-created_at&page=1&page_size=25`],
      ['tables: commissions, page 1', '/api/tables/content/commissions/?ordering=-created_at&page=1&page_size=25'],
      // A page number deep in the history: OFFSET walks the (company, ambassador, created_at) index.
      ['tables: commissions, last page', `/api/tables/content/commissions/?ordering=-created_at&page=${Math.max(1, Math.ceil(sizes.ava_commissions / 25))}&page_size=25`],
      ['tables: commissions, filtered page', '/api/tables/content/commissions/?status__in=pending,approved&amount__gte=5&ordering=-created_at&page=1&page_size=25'],
      ['activity (recent)', `/api/activity/recent/?affiliate_uid=${LOAD_AMBASSADOR}`],
    ];
    const httpRows = [];
    for (const [label, url] of urls) {
      log(`timing ${label}: ${n} x GET ${url}`);
      const r = await timeGet('localhost', url, cookie, n, warmup);
      httpRows.push({ label, url, ...r });
    }

    console.log(`\nStats at scale: demo has ${sizes.clicks} clicks (ava: ${sizes.ava_counted} counted, ${sizes.ava_rollup_rows} rollup rows), ${sizes.commissions} commissions`);
    if (generated) {
      console.log(`generated in ${generated.seconds.toFixed(0)} s (events with their rollups ${generated.events.toFixed(0)} s, commissions ${generated.commissions.toFixed(0)} s; wrangler start-up included)`);
    }
    console.log('\nGraph query (clicks of ava) straight in SQLite, wrangler d1 execute, 7 runs each (ms as D1 reports them, whole ms)');
    table(['range', 'raw clicks p50', 'p95', 'rollups p50', 'p95', 'same rows'],
      sqlRows.map((r) => [r.label, ms(median(r.raw.ms)), ms(p95(r.raw.ms)), ms(median(r.rollup.ms)), ms(p95(r.rollup.ms)), r.same ? 'yes' : 'NO']));
    console.log('\nQuery plans');
    for (const r of sqlRows) console.log(`  ${r.label}\n    raw:     ${r.rawPlan}\n    rollups: ${r.rollupPlan}`);
    if (counterRows.length) {
      console.log('\nShare-link list and stats totals of ava straight in SQLite, 7 runs each: raw rows (before migrations/0019_counters.sql) vs counters');
      table(['query', 'raw rows p50', 'p95', 'counters p50', 'p95', 'same rows'],
        counterRows.map((r) => [r.label, ms(median(r.raw.ms)), ms(p95(r.raw.ms)), ms(median(r.counters.ms)), ms(p95(r.counters.ms)), r.same ? 'yes' : 'NO']));
      for (const r of counterRows) console.log(`  ${r.label} (counters): ${r.plan}`);
    }
    console.log('\nBytes in D1 (each table with its indexes, SQLite dbstat of the local file)');
    table(['table', 'rows', 'MB', 'bytes per row'],
      LOAD_TABLES.map((t) => [t, bytes[t].rows, (bytes[t].bytes / 1048576).toFixed(1), bytes[t].rows ? (bytes[t].bytes / bytes[t].rows).toFixed(0) : '-']));
    const per = (t) => (bytes[t].rows ? bytes[t].bytes / bytes[t].rows : NaN);
    console.log(`  per click ${per('clicks').toFixed(0)} B, per commission ${per('commissions').toFixed(0)} B (+ its referral ${per('referrals').toFixed(0)} B); ` +
      `rollups and counters together ${((bytes.stats_daily.bytes + bytes.share_link_counters.bytes + bytes.ambassador_counters.bytes + bytes.commission_totals.bytes) / 1048576).toFixed(1)} MB`);
    console.log(`\nHTTP as ${ACCOUNTS.localhost.email} (${n} timed requests after ${warmup} warm-up, whole response)`);
    table(['request', 'status', 'D1 round trips', 'p50 ms', 'p95 ms', 'KB'],
      httpRows.map((r) => [r.label, r.status, r.d1 ?? 'n/a', ms(r.p50), ms(r.p95), kb(r.bytes)]));
    const tables = httpRows.find((r) => r.label.startsWith('tables: commissions, filtered'));
    if (tables.status !== 200) console.log(`  tables API: ${tables.status} ${tables.body.toString('utf8').slice(0, 160)}`);
    if (args.json) console.log(JSON.stringify({ sizes, generated, bytes, counters: counterRows.map(({ label, raw, counters, same, plan }) => ({ label, raw: raw.ms, counters: counters.ms, same, plan })), sql: sqlRows.map(({ rawPlan, rollupPlan, label, raw, rollup, same }) => ({ label, raw: raw.ms, rollup: rollup.ms, same, rawPlan, rollupPlan })), http: httpRows.map(({ body, ...r }) => r) }, null, 2));
  } finally {
    agent.destroy();
    await portal.stop();
  }
  return 0;
}

// Main ---------------------------------------------------------------------------------------------

function positiveInt(name, value, fallback, min = 1) {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min} (got ${value})`);
  return n;
}

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    booleans: ['no-build', 'json', 'help', 'load', 'lighthouse', 'cls'],
    strings: ['port', 'target', 'host', 'pages', 'requests', 'warmup', 'redirects', 'concurrency', 'fault-clicks', 'clicks', 'commissions', 'load-state',
      'form-factor', 'language'],
  });
  if (args.load && !args.help) return loadBench(args);
  if (args.help) {
    console.log(
      'usage: npm run bench -- [--no-build] [--port <n>] [--target <origin>] [--pages /login,/app,acme.localhost/app]\n' +
        '                        [--requests <n>] [--warmup <n>] [--redirects <n>] [--concurrency <n>] [--fault-clicks <n>] [--host <tenant>] [--json]\n' +
        '       npm run bench -- --load [--clicks 1000000] [--commissions 100000] [--load-state <dir>] [--requests 30] [--warmup 3] (npm run bench:load)\n' +
        '       npm run bench -- --lighthouse [--no-build] [--target <origin>] [--pages <list>] [--form-factor desktop|mobile|both] [--language <code>] [--json]\n' +
        '       npm run bench -- --cls [--no-build] [--target <origin>] [--pages <list>] [--language <code>] [--json]\n' +
        `pages: ${PAGES.map(label).join(', ')}\n` +
        `Lighthouse pages: ${LIGHTHOUSE_PAGES.map(label).join(', ')}\n` +
        `layout-shift pages: ${CLS_PAGES.map(label).join(', ')}`,
    );
    return 0;
  }
  json = Boolean(args.json);
  if (args.lighthouse && args.cls) throw new Error('--lighthouse and --cls are separate runs: give one');
  const pages = selectPages(args.pages, args.lighthouse ? LIGHTHOUSE_PAGES : args.cls ? CLS_PAGES : PAGES);
  const formFactors = { desktop: ['desktop'], mobile: ['mobile'], both: ['desktop', 'mobile'] }[args['form-factor'] ?? 'desktop'];
  if (!formFactors) throw new Error(`--form-factor must be desktop, mobile or both (got ${args['form-factor']})`);
  if (!pages.length) throw new Error('--pages selected no page');
  const n = positiveInt('requests', args.requests, 100);
  const warmup = positiveInt('warmup', args.warmup, 5, 0);
  const redirects = positiveInt('redirects', args.redirects, 1000, 0);
  const concurrency = positiveInt('concurrency', args.concurrency, 8);
  const faultClicks = positiveInt('fault-clicks', args['fault-clicks'], 300, 0);
  const redirectHost = args.host ?? 'localhost';
  const shortCode = process.env.BENCH_SHORT_CODE ?? 'ava-demo';

  let portal;
  forwardSignals(async () => portal?.stop());
  if (args.target) {
    const u = new URL(args.target);
    target = { hostname: u.hostname, port: Number(u.port || 80) };
    log(`measuring ${args.target} (D1 round trips only if that server runs with D1_METER=1)`);
  } else {
    const port = Number(args.port ?? process.env.BENCH_PORT ?? (await freePort()));
    const build = !(args['no-build'] && isBuilt());
    log(`starting the portal on port ${port} with D1_METER=1${build ? ' (building first)' : ' (existing dist/)'}`);
    portal = await startPortal({ port, build, vars: { D1_METER: '1' }, log });
    target = { hostname: '127.0.0.1', port };
  }

  try {
    // Sessions: one per tenant host that has a signed-in page.
    const cookies = new Map();
    for (const host of new Set(pages.filter((p) => p.signedIn).map((p) => p.host))) {
      const account = ACCOUNTS[host];
      if (!account) {
        log(`no demo account for ${host}: its pages are requested signed out`);
        continue;
      }
      const cookie = await login(host, account).catch((e) => log(`login on ${host} failed: ${e.message}`));
      if (cookie) cookies.set(host, cookie);
      log(cookie ? `signed in as ${account.email} on ${host}` : `no session for ${account.email} on ${host}: its app pages will show as redirects`);
    }
    // Console pages: the host's demo owner, with the console's own cookie.
    const staffCookies = new Map();
    for (const host of new Set(pages.filter((p) => p.staff).map((p) => p.host))) {
      const cookie = STAFF[host] ? await staffLogin(host, STAFF[host]).catch((e) => log(`console sign-in on ${host} failed: ${e.message}`)) : undefined;
      if (cookie) staffCookies.set(host, cookie);
      log(cookie ? `signed in to the console as ${STAFF[host].email} on ${host}` : `no console session on ${host}: its console pages will show as redirects`);
    }
    const withCookie = pages.map((p) => ({ ...p, cookie: p.staff ? staffCookies.get(p.host) : p.signedIn ? cookies.get(p.host) : undefined }));

    if (args.lighthouse) {
      const report = await lighthouseBench({
        pages: withCookie.map((p) => ({ ...p, label: label(p) })), port: target.port, formFactors, language: args.language, log,
        get: (host, path, cookie) => request(host, path, { headers: cookie ? { cookie } : {} }),
      });
      if (json) console.log(JSON.stringify(report, null, 2));
      else printLighthouse(report, table);
      return 0;
    }

    if (args.cls) {
      const report = await clsBench({
        pages: withCookie.map((p) => ({ ...p, label: label(p) })), port: target.port, language: args.language, log,
        get: (host, path, cookie) => request(host, path, { headers: cookie ? { cookie } : {} }),
      });
      if (json) console.log(JSON.stringify(report, null, 2));
      else printCls(report, table);
      return 0;
    }

    // One probe per page: status, redirect target, HTML and its JavaScript.
    const results = [];
    for (const p of withCookie) {
      const res = await request(p.host, p.path, { headers: p.cookie ? { cookie: p.cookie } : {} });
      const loc = res.headers.location && new URL(res.headers.location, `http://${p.host}:${target.port}${p.path}`);
      const r = {
        page: label(p),
        host: p.host,
        path: p.path,
        account: p.signedIn ? (ACCOUNTS[p.host]?.email ?? null) : null,
        status: res.status,
        ...(loc ? { location: loc.host === `${p.host}:${target.port}` ? loc.pathname + loc.search : loc.href } : {}),
        measured: res.status >= 200 && res.status < 300,
        d1RoundTrips: d1Trips(res) === undefined ? null : { first: d1Trips(res) },
      };
      if (r.measured) {
        const html = res.body.toString('utf8');
        const js = await jsWeight(p.host, html, p.path);
        for (const s of js.skipped) log(`${r.page}: JS not counted: ${s}`);
        Object.assign(r, { htmlBytes: res.body.length, htmlGzip: gzipSync(res.body).length, js: { eager: js.eager, lazy: js.lazy } });
      } else {
        log(`${r.page}: ${statusText(r)}: not timed`);
      }
      results.push(r);
    }

    const asset = staticAsset();
    if (!asset) log('no static asset found in dist/client: TTFB not measured');
    const timed = withCookie.map((spec, i) => ({ ...spec, result: results[i] })).filter((p) => p.result.measured);

    // CPU first: the redirects of the timed run below queue clicks whose consumer would run during it.
    let cpu = { runtime: { pid: null, why: 'no page answered 2xx' } };
    if (timed.length) {
      log(`CPU per request: ${n} sequential requests per page in ${CPU_ROUNDS} rounds over every page, after ${warmup} warm-up, reading the Worker's workerd in /proc`);
      cpu = await cpuPerPage(timed, n, warmup);
      if (!cpu.runtime.pid) log(`CPU per request: n/a (${cpu.runtime.why})`);
      else log(`CPU per request: workerd ${cpu.runtime.pid} runs the Worker (${cpu.runtime.how}; ${cpu.runtime.listener} listens on the port)`);
      const loginCpu = cpu.pages?.[timed.findIndex((p) => p.host === 'localhost' && p.path === '/login')]?.msPerRequest;
      timed.forEach(({ result: r }, k) => {
        const c = cpu.pages?.[k];
        r.cpu = c ? { msPerRequest: round(c.msPerRequest), xLogin: loginCpu ? round(c.msPerRequest / loginCpu) : null, proxyMsPerRequest: round(c.proxyMsPerRequest) } : null;
      });
    }

    let staticFigures;
    let redirect = null;
    let concurrent = null;
    if (asset && timed.length) {
      const total = n + warmup;
      const redirectPage = { host: redirectHost, path: `/r/${encodeURIComponent(shortCode)}` };
      log(`timing ${timed.length} pages and ${redirectPage.path} x ${total} rounds (${warmup} warm-up), each request followed by ${asset}`);
      let lastTick = 0;
      const t = await ttfbInterleaved([...timed, redirectPage], asset, n, warmup, (done) => {
        const pct = Math.floor((done / n) * 4);
        if (pct > lastTick && done < n) {
          lastTick = pct;
          log(`  ${done}/${n} timed rounds`);
        }
      });
      const assetProbe = await request('localhost', asset);
      const assetP50 = median(t.asset.ttfb);
      const assetWhole = median(t.asset.total);
      const whole = (xs) => ({ p50: round(median(xs)), p95: round(p95(xs)), xStatic: round(median(xs) / assetWhole) });
      staticFigures = {
        path: asset,
        status: assetProbe.status,
        samples: t.asset.ttfb.length,
        p50: round(assetP50),
        p95: round(p95(t.asset.ttfb)),
        whole: { p50: round(assetWhole), p95: round(p95(t.asset.total)) },
        d1RoundTrips: t.asset.d1.length ? { median: median(t.asset.d1), min: Math.min(...t.asset.d1), max: Math.max(...t.asset.d1) } : null,
      };
      timed.forEach(({ result: r }, k) => {
        const s = t.samples[k];
        const p50 = median(s.ttfb);
        r.ttfb = { samples: s.ttfb.length, p50: round(p50), p95: round(p95(s.ttfb)), xStatic: round(p50 / assetP50) };
        r.whole = whole(s.total);
        if (s.d1.length) r.d1RoundTrips = { ...(r.d1RoundTrips ?? {}), median: median(s.d1), min: Math.min(...s.d1), max: Math.max(...s.d1), samples: s.d1.length };
        else r.d1RoundTrips = null;
        r.d1RoundTripsTotal = s.d1Total.length ? { median: median(s.d1Total), min: Math.min(...s.d1Total), max: Math.max(...s.d1Total) } : null;
        const other = [...s.statuses].filter(([st]) => st !== r.status);
        if (other.length) r.otherStatuses = statusCounts(new Map(other));
      });
      const rs = t.samples[timed.length];
      redirect = {
        ...redirectPage,
        statuses: statusCounts(rs.statuses),
        ttfb: { p50: round(median(rs.ttfb)), p95: round(p95(rs.ttfb)), xStatic: round(median(rs.ttfb) / assetP50) },
        whole: whole(rs.total),
      };
      if (!rs.statuses.has(302)) log(`no 302 from ${redirectPage.path} (set BENCH_SHORT_CODE to a seeded short code)`);

      const app = timed.find((p) => p.host === 'localhost' && p.path === '/app');
      if (app) {
        log(`/app against ${asset} under ${concurrency} concurrent clients, ${n} requests each, interleaved`);
        concurrent = await concurrentPair(app, asset, n, concurrency);
      } else log('/app not measured: no concurrency figure');
    }

    const scale = await scaleBench({
      port: target.port, target: Boolean(args.target), host: redirectHost, code: shortCode, redirects, concurrency, faultClicks, log,
    });
    const queueSide = scale.redirects?.sides[0];
    if (queueSide && !queueSide.statuses[302]) log(`no 302 from /r/${shortCode} (set BENCH_SHORT_CODE to a seeded short code)`);

    const report = {
      portal: `http://127.0.0.1:${target.port}`,
      requests: n,
      warmup,
      d1Meter: results.some((r) => r.d1RoundTrips) || Boolean(staticFigures?.d1RoundTrips),
      static: staticFigures ?? null,
      pages: results,
      cpuRuntime: cpu.runtime,
      redirect,
      concurrency: concurrent,
      scale,
    };
    report.goals = goalTable(report);
    if (json) console.log(JSON.stringify(report, null, 2));
    else printReport(report);
    // The fault run is a check as well as a figure: a click lost or counted twice fails the bench.
    return scale.fault && !scale.fault.exactlyOnce ? 1 : 0;
  } finally {
    agent.destroy();
    await portal?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[bench] ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
