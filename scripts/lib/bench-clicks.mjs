// The scale part of `npm run bench`, used by scripts/bench.mjs:
//
//   bundleSize()          `wrangler deploy --dry-run --outdir <tmp>` on the built Worker (offline): the
//                         upload's size and its gzip size against the Workers limits (compressed: 3 MiB
//                         on the free plan, 10 MiB on the paid one);
//   redirectThroughput()  GET /r/<code> on several portals in one interleaved run (each round sends its
//                         share to every portal in turn, the first one alternating): the portal whose
//                         clicks go to the queue against one started with CLICKS_DIRECT=1;
//   faultRun()            a portal started with CLICKS_FAULT_EVERY=3 (its clicks consumer fails every third
//                         batch, before or after the write in turn) gets clicks from distinct browsers in
//                         waves; then D1 is read (wrangler d1 execute --local on the portal's state) until
//                         the queue has drained: every click sent must be stored once and counted once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { queryJson } from '../generate-load.mjs';
import { startPortal } from './portal.mjs';
import { ROOT, freePort, isBuilt, sleep } from './proc.mjs';

const MIB = 1024 * 1024;
export const WORKER_LIMITS = { free: 3 * MIB, paid: 10 * MIB };

/** Size of the Worker as `wrangler deploy` would upload it (dist/ must be built). */
export function bundleSize() {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'portal-dry-run-'));
  try {
    const out = execFileSync('npx', ['--no', 'wrangler', 'deploy', '--dry-run', '--outdir', outdir], {
      cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * MIB,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    // wrangler prints `Total Upload: <n> KiB / gzip: <n> KiB` (all modules, gzipped together).
    const m = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(out);
    if (!m) throw new Error(`no "Total Upload" line in the dry-run output:\n${out.slice(-800)}`);
    const modules = Number(/Total \((\d+) modules\)/.exec(out)?.[1] ?? NaN);
    return { bytes: Math.round(Number(m[1]) * 1024), gzip: Math.round(Number(m[2]) * 1024), modules, limits: WORKER_LIMITS };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

// HTTP ---------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(port, host, urlPath, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ hostname: '127.0.0.1', port, path: urlPath, agent, headers: { host: `${host}:${port}`, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: GET ${urlPath}`)));
    req.on('error', reject);
    req.end();
  });
}

/** `n` GETs of `urlPath` with `concurrency` in flight; headers per request from `headersOf(i)`. */
async function burst(port, host, urlPath, n, concurrency, headersOf = () => ({})) {
  const lat = [];
  const statuses = new Map();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, async () => {
    while (next < n) {
      const i = next++;
      const res = await get(port, host, urlPath, headersOf(i));
      lat.push(res.ms);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }));
  return { lat, statuses, secs: (performance.now() - t0) / 1000 };
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : NaN;
};

// Redirect throughput --------------------------------------------------------------------------------

/**
 * One interleaved run over `sides` ([{ label, port }]): `rounds` rounds of n/rounds redirects per side,
 * the order of the sides turning every round, after 20 warm-up requests each. Per side: requests/s
 * (over the time spent on that side), p50/p95 latency and the statuses.
 */
export async function redirectThroughput({ sides, host, code, n, concurrency, rounds = 10 }) {
  const urlPath = `/r/${encodeURIComponent(code)}`;
  for (const s of sides) await burst(s.port, host, urlPath, 20, 4);
  const acc = sides.map(() => ({ lat: [], secs: 0, statuses: new Map() }));
  const per = Math.max(1, Math.ceil(n / rounds));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < sides.length; k++) {
      const i = (k + r) % sides.length;
      const b = await burst(sides[i].port, host, urlPath, per, concurrency);
      acc[i].lat.push(...b.lat);
      acc[i].secs += b.secs;
      for (const [st, c] of b.statuses) acc[i].statuses.set(st, (acc[i].statuses.get(st) ?? 0) + c);
    }
  }
  return sides.map((s, i) => ({
    label: s.label, requests: acc[i].lat.length, rps: acc[i].lat.length / acc[i].secs,
    p50: quantile(acc[i].lat, 0.5), p95: quantile(acc[i].lat, 0.95), statuses: Object.fromEntries(acc[i].statuses),
  }));
}

// Fault run ------------------------------------------------------------------------------------------

function clickCounts(stateDir, linkUid) {
  const sql = `SELECT (SELECT COUNT(*) FROM clicks WHERE share_link_uid = '${linkUid}') AS stored,
      (SELECT COUNT(DISTINCT click_uid) FROM clicks WHERE share_link_uid = '${linkUid}') AS ids,
      (SELECT COUNT(*) FROM clicks WHERE share_link_uid = '${linkUid}' AND counted = 1) AS counted,
      (SELECT COALESCE(SUM(n), 0) FROM stats_daily s JOIN share_links l ON l.uid = '${linkUid}'
        WHERE s.company_id = l.company_id AND s.ambassador_uid = l.ambassador_uid AND s.campaign_id = l.campaign_id AND s.kind = 'clicks') AS rollup`;
  return queryJson(stateDir, sql).then(([r]) => r.results[0]);
}

/**
 * Sends `clicks` redirects in `waves` (a pause between them, so the queue makes many batches) from
 * distinct browsers (each its own user agent: every click is a first one and counts), then reads D1
 * until the stored clicks stop moving. `portal` is the startPortal() handle of a portal started with
 * CLICKS_FAULT_EVERY; its log tells how many batches failed.
 */
export async function faultRun({ portal, host, code, clicks, waves = 10, pauseMs = 1500, log }) {
  const [link] = (await queryJson(portal.stateDir, `SELECT uid FROM share_links WHERE short_code = '${code.replace(/'/g, "''").toLowerCase()}'`))[0].results;
  if (!link) throw new Error(`no share link ${code} in the fault-run portal`);
  const before = await clickCounts(portal.stateDir, link.uid);
  const perWave = Math.ceil(clicks / waves);
  let sent = 0;
  let redirected = 0;
  const t0 = performance.now();
  for (let w = 0; w < waves && sent < clicks; w++) {
    const count = Math.min(perWave, clicks - sent);
    const base = sent;
    const b = await burst(portal.port, host, `/r/${encodeURIComponent(code)}`, count, 8, (i) => ({
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 BenchVisitor/${base + i}`,
    }));
    sent += count;
    redirected += b.statuses.get(302) ?? 0;
    await sleep(pauseMs);
  }
  log(`fault run: ${sent} clicks sent (${redirected} redirected); waiting for the queue to drain`);
  let after = before;
  let stableSince = Date.now();
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await sleep(1000);
    const now = await clickCounts(portal.stateDir, link.uid);
    if (now.stored !== after.stored) stableSince = Date.now();
    after = now;
    if (after.stored - before.stored >= redirected && Date.now() - stableSince >= 3000) break;
    if (Date.now() - stableSince >= 20_000) break;
  }
  const drainSecs = (performance.now() - t0) / 1000;
  const logText = existsSync(portal.logFile) ? readFileSync(portal.logFile, 'utf8') : '';
  const faults = {
    before: (logText.match(/injected fault before the write/g) ?? []).length,
    after: (logText.match(/injected fault after the write/g) ?? []).length,
  };
  const delta = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
  const exactlyOnce = delta.stored === redirected && delta.ids === redirected && delta.counted === redirected && delta.rollup === redirected;
  return { sent, redirected, ...delta, faults, drainSecs, exactlyOnce };
}

// The whole scale part ---------------------------------------------------------------------------------

/**
 * Bundle size, then (with the bench's own portal on `port`, whose clicks go to the queue) the redirect
 * throughput against a second portal with CLICKS_DIRECT=1, then the fault run on a third; each extra
 * portal runs from the same build on its own state and is stopped before the next starts. With
 * `target` (a portal the bench did not start) only that portal's redirects are timed.
 */
export async function scaleBench({ port, target, host, code, redirects, concurrency, faultClicks, faultEvery = 3, log }) {
  const out = { bundle: null, redirects: null, fault: null };
  if (isBuilt()) {
    log('wrangler deploy --dry-run (bundle size)');
    out.bundle = bundleSize();
  } else log('dist/ is not built: no bundle size');
  const meta = { host, path: `/r/${code}`, concurrency };
  if (redirects > 0) {
    const sides = [{ label: target ? 'target' : 'queue', port }];
    let direct;
    try {
      if (!target) {
        const directPort = await freePort();
        log(`starting a second portal on port ${directPort} with CLICKS_DIRECT=1 (no build)`);
        direct = await startPortal({ port: directPort, build: false, vars: { D1_METER: '1', CLICKS_DIRECT: '1' }, log });
        sides.push({ label: 'direct write', port: directPort });
      }
      log(`share-link redirects: ${redirects} x GET /r/${code} per portal on ${host}, ${concurrency} concurrent, interleaved`);
      out.redirects = { ...meta, sides: await redirectThroughput({ sides, host, code, n: redirects, concurrency }) };
    } finally {
      await direct?.stop();
    }
  }
  if (faultClicks > 0 && !target) {
    const faultPort = await freePort();
    log(`starting a portal on port ${faultPort} with CLICKS_FAULT_EVERY=${faultEvery} (no build)`);
    const faulty = await startPortal({ port: faultPort, build: false, vars: { CLICKS_FAULT_EVERY: String(faultEvery) }, log });
    try {
      out.fault = { every: faultEvery, ...(await faultRun({ portal: faulty, host, code, clicks: faultClicks, log })) };
    } finally {
      await faulty.stop();
    }
  }
  agent.destroy();
  return out;
}

// Output ---------------------------------------------------------------------------------------------

const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;
const pct = (a, b) => `${((a / b) * 100).toFixed(1)}%`;

/** Prints the scale figures: bundle size, redirect throughput, fault run. */
export function printScale({ bundle, redirects, fault }, table) {
  if (bundle) {
    console.log('\nWorker bundle (wrangler deploy --dry-run; the limit applies to the compressed size)');
    const { free, paid } = bundle.limits;
    table(['modules', 'upload', 'gzip', 'of 3 MiB (free)', 'of 10 MiB (paid)', 'room (free)'],
      [[bundle.modules, kib(bundle.bytes), kib(bundle.gzip), pct(bundle.gzip, free), pct(bundle.gzip, paid), kib(free - bundle.gzip)]]);
  }
  if (redirects) {
    console.log(`\nShare-link redirect GET ${redirects.path} on ${redirects.host} (not followed), one interleaved run, ${redirects.concurrency} concurrent`);
    table(['clicks', 'requests', 'requests/s', 'p50 ms', 'p95 ms', 'statuses'],
      redirects.sides.map((s) => [s.label, s.requests, s.rps.toFixed(0), s.p50.toFixed(1), s.p95.toFixed(1), Object.entries(s.statuses).map(([k, v]) => `${v}x${k}`).join(' ')]));
  }
  if (fault) {
    console.log(`\nFault run: the clicks consumer fails one batch in ${fault.every} (CLICKS_FAULT_EVERY=${fault.every}), ${fault.sent} clicks from distinct browsers in waves`);
    table(['redirected', 'stored', 'distinct ids', 'counted', 'rollup +', 'failed batches (before/after write)', 'drained in s'],
      [[fault.redirected, fault.stored, fault.ids, fault.counted, fault.rollup, `${fault.faults.before + fault.faults.after} (${fault.faults.before}/${fault.faults.after})`, fault.drainSecs.toFixed(1)]]);
    console.log(fault.exactlyOnce ? '  every click sent was counted exactly once' : '  CHECK FAILED: the clicks stored or counted differ from the clicks sent');
  }
}
