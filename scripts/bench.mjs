// npm run bench — performance figures for the portal (printed, never asserted):
//
//   1. per page: HTML bytes and the JavaScript the page loads (raw and gzip), following <script src>,
//      modulepreload links, Astro island component/renderer URLs and static `import`s recursively;
//   2. per page: time to first byte, median and p95, against a static asset served by the same Worker,
//      measured interleaved in one run (page, asset, page, asset, ...);
//   3. share-link redirects: requests/second and median latency of GET /r/<code> (not followed).
//
//   npx node scripts/bench.mjs [--no-build] [--port <n>] [--target <origin>] [--host <tenant host>]
//                              [--requests <n>] [--redirects <n>] [--concurrency <n>]
//
// --no-build     reuse dist/ when it exists (start.mjs --no-build)
// --target       measure a portal that is already running (e.g. http://127.0.0.1:8787) instead of
//                starting one on its own port and state dir
// --host         tenant host to send (default localhost; e.g. acme.localhost)
// Env: BENCH_SHORT_CODE (default ava-demo), BENCH_PORT, BENCH_EMAIL / BENCH_PASSWORD (demo login).
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decodeEntities, importsOf, jsFromHtml } from './lib/html.mjs';
import { startPortal } from './lib/portal.mjs';
import { ROOT, forwardSignals, freePort, isBuilt, logger, parseArgs } from './lib/proc.mjs';

const log = logger('bench');
const PAGES = ['/login', '/app'];
const DEMO = {
  email: process.env.BENCH_EMAIL ?? 'ava@demo.test',
  password: process.env.BENCH_PASSWORD ?? 'Password1!',
};

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
 * Signs the demo ambassador in through the HTML login form and returns the Cookie header to send,
 * or undefined when the login did not yield a session cookie (e.g. not built yet).
 */
async function login(host) {
  const page = await request(host, '/login');
  let cookies = cookieHeader(page.headers['set-cookie']);
  const html = page.body.toString('utf8');
  const fields = { email: DEMO.email, password: DEMO.password };
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

function mergeCookies(a, b) {
  const jar = new Map();
  for (const part of `${a}; ${b}`.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k) jar.set(k, v.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

// JavaScript a page loads --------------------------------------------------------------------------

/** Fetches the page's JS graph. Same-origin only; returns totals for eager and lazy (dynamic) code. */
async function jsWeight(host, html, pagePath) {
  const origin = `http://${host}:${target.port}`;
  const seen = new Map(); // url -> { raw, gzip, lazy }
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
      const res = await request(host, u.pathname + u.search);
      if (res.status !== 200) {
        skipped.add(`${url} (${res.status})`);
        continue;
      }
      entry = { raw: res.body.length, gzip: gzipSync(res.body).length, lazy, src: res.body.toString('utf8') };
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

async function ttfbInterleaved(host, pagePath, assetPath, n, cookie) {
  const page = [];
  const asset = [];
  const headers = cookie ? { cookie } : {};
  for (let i = 0; i < 5; i++) {
    await request(host, pagePath, { headers });
    await request(host, assetPath);
  }
  for (let i = 0; i < n; i++) {
    page.push((await request(host, pagePath, { headers })).ttfb);
    asset.push((await request(host, assetPath)).ttfb);
  }
  return { page, asset };
}

async function redirectBench(host, code, n, concurrency) {
  const statuses = new Map();
  const lat = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const res = await request(host, `/r/${encodeURIComponent(code)}`);
      lat.push(res.total);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  for (let i = 0; i < 20; i++) await request(host, `/r/${encodeURIComponent(code)}`); // warm up
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const secs = (performance.now() - t0) / 1000;
  return { rps: n / secs, median: median(lat), p95: p95(lat), statuses };
}

// Output -------------------------------------------------------------------------------------------

function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c)));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(2)} ms` : '-');

// Main ---------------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    booleans: ['no-build', 'help'],
    strings: ['port', 'target', 'host', 'requests', 'redirects', 'concurrency'],
  });
  if (args.help) {
    console.log('usage: npm run bench [-- --no-build] [-- --target http://127.0.0.1:8787] [-- --host acme.localhost]');
    return 0;
  }
  const host = args.host ?? 'localhost';
  const n = Number(args.requests ?? 200);
  const redirects = Number(args.redirects ?? 1000);
  const concurrency = Number(args.concurrency ?? 8);
  const shortCode = process.env.BENCH_SHORT_CODE ?? 'ava-demo';

  let portal;
  forwardSignals(async () => portal?.stop());
  if (args.target) {
    const u = new URL(args.target);
    target = { hostname: u.hostname, port: Number(u.port || 80) };
  } else {
    const port = Number(args.port ?? process.env.BENCH_PORT ?? (await freePort()));
    const build = !(args['no-build'] && isBuilt());
    log(`starting the portal on port ${port}${build ? ' (building first)' : ' (existing dist/)'}`);
    portal = await startPortal({ port, build });
    target = { hostname: '127.0.0.1', port };
  }

  try {
    const cookie = await login(host).catch((e) => {
      log(`login failed: ${e.message}`);
      return undefined;
    });
    log(cookie ? `signed in as ${DEMO.email}` : `no session for ${DEMO.email}: /app is measured signed out (likely a redirect)`);
    const asset = staticAsset();
    if (!asset) log('no static asset found in dist/client: TTFB comparison skipped');

    const weightRows = [];
    const ttfbRows = [];
    for (const pagePath of PAGES) {
      const headers = cookie && pagePath !== '/login' ? { cookie } : {};
      const res = await request(host, pagePath, { headers });
      const html = res.body.toString('utf8');
      const js = await jsWeight(host, html, pagePath);
      const where = res.headers.location ? ` -> ${res.headers.location}` : '';
      weightRows.push([
        `${pagePath} (${res.status}${where})`,
        kb(res.body.length),
        kb(gzipSync(res.body).length),
        js.eager.files,
        kb(js.eager.raw),
        kb(js.eager.gzip),
        js.lazy.files ? `${js.lazy.files} / ${kb(js.lazy.gzip)}` : '-',
      ]);
      for (const s of js.skipped) log(`${pagePath}: not counted: ${s}`);
      if (asset) {
        const t = await ttfbInterleaved(host, pagePath, asset, n, headers.cookie);
        ttfbRows.push([pagePath, ms(median(t.page)), ms(p95(t.page)), ms(median(t.asset)), ms(p95(t.asset)), ms(median(t.page) - median(t.asset))]);
      }
    }

    console.log(`\nPortal http://${host}:${target.port}\n`);
    console.log('Page weight (JS = what the page loads: script src, modulepreload, islands, static imports; gzip level 6)');
    table(['page', 'HTML', 'HTML gz', 'JS files', 'JS raw', 'JS gzip', 'lazy files / gzip'], weightRows);
    if (asset) {
      console.log(`\nTime to first byte, ${n} requests each, interleaved with the static asset ${asset}`);
      table(['page', 'page p50', 'page p95', 'asset p50', 'asset p95', 'p50 - asset p50'], ttfbRows);
    }
    const r = await redirectBench(host, shortCode, redirects, concurrency);
    console.log(`\nShare-link redirect GET /r/${shortCode} (not followed), ${redirects} requests, ${concurrency} concurrent`);
    table(
      ['requests/s', 'p50', 'p95', 'statuses'],
      [[r.rps.toFixed(0), ms(r.median), ms(r.p95), [...r.statuses].map(([s, c]) => `${s}x${c}`).join(' ')]],
    );
    if (!r.statuses.has(302)) log(`no 302 from /r/${shortCode} (set BENCH_SHORT_CODE to a seeded short code)`);
  } finally {
    agent.destroy();
    await portal?.stop();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[bench] ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
