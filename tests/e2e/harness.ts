// End-to-end harness: the portal started the way a user starts it (`node scripts/start.mjs` through
// npx, on a free port, with its own local state under .tmp/) and a real headless Chromium driven by
// playwright-core.
//
// vitest.config.ts uses this file as the e2e project's globalSetup: `setup()` starts one portal for
// the whole run and hands its port to the test files; `teardown()` stops it. In a test file:
//
//   import { baseUrl, newBrowser, stopAll } from './harness';
//   const browser = await newBrowser();
//   const page = await browser.newPage();
//   await page.goto(`${baseUrl('acme.localhost')}/login`);
//   afterAll(stopAll);
//
// Env: E2E_SKIP_BUILD=1 reuses dist/ (start.mjs --no-build); E2E_PORT picks the port (default: a
// free one); CHROMIUM_PATH picks the browser (a path, or `packaged` for @sparticuz/chromium; else
// /usr/bin/chromium, else the packaged one); every context is pinned to en-US and UTC (CONTEXT_DEFAULTS);
// E2E_KEEP_STATE=1 keeps the state dir and log under .tmp/ after the run.
//
// Importing this module also makes Node resolve `localhost` and `*.localhost` to 127.0.0.1 (as
// browsers do, RFC 6761), so fetch(baseUrl('acme.localhost') + '/login') works in tests too; glibc
// on these machines does not resolve *.localhost.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import dns from 'node:dns';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { BROWSER_LOCALE, CHROMIUM_FLAGS, browserEnv, chromiumPath } from '../../scripts/lib/chromium.mjs';
import { startPayPal } from '../../scripts/standins/paypal.mjs';
import { startStripeStandIn } from '../../scripts/standins/stripe.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TMP = path.join(ROOT, '.tmp');

export interface PortalInfo {
  port: number;
  stateDir: string;
  logFile: string;
  /** The local PayPal stand-in the portal pays through (PAYPAL_API_URL), its webhooks pushed to Demo Co's hook. */
  paypalUrl: string;
  /** The local Stripe stand-in (STRIPE_API_URL): Connect accounts, onboarding links and transfers. */
  stripeUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    portal: PortalInfo;
  }
}

/** Chromium flags for these machines (design.md) plus loopback for every *.localhost host (scripts/lib/chromium.mjs). */
export { CHROMIUM_FLAGS };

interface RunningPortal extends PortalInfo {
  child: ChildProcess;
  wranglerPgid?: number;
}

/** Makes dns.lookup (used by net, http and fetch) answer 127.0.0.1 for localhost and *.localhost. */
function resolveLocalhostToLoopback() {
  const original = dns.lookup as (...args: unknown[]) => unknown;
  if ((original as { portalPatched?: boolean }).portalPatched) return;
  const patched = function (this: unknown, hostname: string, options: unknown, callback?: unknown) {
    let opts = options;
    let cb = callback;
    if (typeof opts === 'function') {
      cb = opts;
      opts = {};
    }
    if (typeof opts === 'number') opts = { family: opts };
    if (typeof hostname === 'string' && /(^|\.)localhost\.?$/i.test(hostname) && typeof cb === 'function') {
      const done = cb as (...a: unknown[]) => void;
      if ((opts as { all?: boolean } | undefined)?.all) process.nextTick(done, null, [{ address: '127.0.0.1', family: 4 }]);
      else process.nextTick(done, null, '127.0.0.1', 4);
      return {};
    }
    return original.call(this, hostname, options, callback);
  };
  (patched as { portalPatched?: boolean }).portalPatched = true;
  (dns as { lookup: unknown }).lookup = patched;
}
resolveLocalhostToLoopback();

let portal: RunningPortal | undefined;
const browsers = new Set<Browser>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pgid: number | undefined, signal: NodeJS.Signals) {
  if (!pgid) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    /* gone */
  }
}

/**
 * Starts the portal: `npx node scripts/start.mjs --port <port> --persist-to .tmp/e2e-state-…`
 * (`--no-build` when E2E_SKIP_BUILD=1) and waits until it answers HTTP. Idempotent per process.
 */
/** Whether a server answers HTTP on the port yet (any status counts). */
async function answers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export async function startPortal(opts: { port?: number; skipBuild?: boolean } = {}): Promise<PortalInfo> {
  if (portal) return info(portal);
  const port = opts.port ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort());
  const skipBuild = opts.skipBuild ?? process.env.E2E_SKIP_BUILD === '1';
  const id = `${Date.now()}-${process.pid}`;
  mkdirSync(TMP, { recursive: true });
  const stateDir = path.join(TMP, `e2e-state-${id}`);
  const logFile = path.join(TMP, `e2e-portal-${id}.log`);
  const pidFile = path.join(stateDir, 'wrangler.pgid');
  mkdirSync(stateDir, { recursive: true });

  // The payout providers are local stand-ins speaking their APIs (scripts/standins/): PayPal's webhooks go to
  // Demo Co's PayPal hook as PayPal's would; Stripe's Connect onboarding is a page of its own to click through.
  const paypal = await startPayPal({ port: 0, webhookUrl: `http://localhost:${port}/v1/hooks/paypal/demo` });
  paypal.server.unref();
  const stripe = await startStripeStandIn();
  stripe.server.unref();
  const args = ['--no', 'node', 'scripts/start.mjs', '--port', String(port), '--persist-to', stateDir,
    '--var', `PAYPAL_API_URL:${paypal.url}`, '--var', `STRIPE_API_URL:${stripe.url}`];
  if (skipBuild) args.push('--no-build');
  const log = createWriteStream(logFile);
  const child = spawn('npx', args, {
    cwd: ROOT,
    detached: true, // own process group: stopAll() ends npx, node and (through start.mjs) wrangler
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), PORTAL_PIDFILE: pidFile, FORCE_COLOR: '0' },
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  portal = { port, stateDir, logFile, child, paypalUrl: paypal.url, stripeUrl: stripe.url };

  installSignalHandlers();
  const state: { exited: number | null } = { exited: null };
  child.once('exit', (code) => (state.exited = code ?? 1));
  const deadline = Date.now() + 5 * 60_000; // a cold `astro build` on a busy 2-core machine
  for (;;) {
    if (state.exited !== null) {
      const out = tail(logFile);
      portal = undefined;
      throw new Error(`the portal exited (code ${state.exited}) before answering; ${logFile}:\n${out}`);
    }
    if (!portal.wranglerPgid && existsSync(pidFile)) portal.wranglerPgid = Number(readFileSync(pidFile, 'utf8'));
    if (await answers(port)) break;
    if (Date.now() > deadline) {
      await stopPortal();
      throw new Error(`the portal did not answer on port ${port} within 5 minutes; ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(300);
  }
  if (!portal.wranglerPgid && existsSync(pidFile)) portal.wranglerPgid = Number(readFileSync(pidFile, 'utf8'));
  return info(portal);
}

let signalsInstalled = false;

/** A run interrupted by Ctrl-C or SIGTERM must not leave wrangler/workerd behind. */
function installSignalHandlers() {
  if (signalsInstalled) return;
  signalsInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
    });
  }
}

function info(p: RunningPortal): PortalInfo {
  return { port: p.port, stateDir: p.stateDir, logFile: p.logFile, paypalUrl: p.paypalUrl, stripeUrl: p.stripeUrl };
}

/** The running portal: started in this process, or the one the e2e globalSetup provided. */
export function portalInfo(): PortalInfo {
  if (portal) return info(portal);
  try {
    return inject('portal');
  } catch {
    throw new Error('no portal: call startPortal() first (or run through the e2e vitest project)');
  }
}

/** Origin for a tenant host on the test portal, e.g. baseUrl('acme.localhost') -> http://acme.localhost:8791 */
export function baseUrl(host = 'localhost'): string {
  return `http://${host}:${portalInfo().port}`;
}

/**
 * Chromium to drive: env CHROMIUM_PATH (a path, or `packaged` for the one inside @sparticuz/chromium),
 * else Debian's /usr/bin/chromium, else the packaged one. CI passes with either (scripts/lib/chromium.mjs,
 * which the bench and Lighthouse use too).
 */
export { chromiumPath };

/**
 * What every browser context starts with unless a test says otherwise: the tests must not depend on
 * the machine's locale or time zone (Debian's Chromium takes LANG, the packaged one does not, so a
 * Spanish tenant's "wrong password" came out in English on one of them).
 */
export const CONTEXT_DEFAULTS = BROWSER_LOCALE;

/** A test's context options over CONTEXT_DEFAULTS; an option given as undefined keeps the default. */
export function withContextDefaults<T extends object>(options: T): T & { locale: string; timezoneId: string } {
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as T;
  return { ...CONTEXT_DEFAULTS, ...given };
}

/**
 * Launches headless Chromium (playwright-core) with the language and time zone pinned, and makes every
 * `browser.newContext()` / `browser.newPage()` default to CONTEXT_DEFAULTS. Playwright gives every
 * launch its own temporary user-data-dir and removes it on close. Closed by stopAll().
 */
export async function newBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, `--lang=${CONTEXT_DEFAULTS.locale}`],
    env: browserEnv(),
    timeout: 60_000,
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext(withContextDefaults(options));
  browser.newPage = (options = {}) => newPage(withContextDefaults(options));
  browsers.add(browser);
  browser.once('disconnected', () => browsers.delete(browser));
  return browser;
}

async function stopPortal() {
  const p = portal;
  if (!p) return;
  portal = undefined;
  if (!p.wranglerPgid) {
    const pidFile = path.join(p.stateDir, 'wrangler.pgid');
    if (existsSync(pidFile)) p.wranglerPgid = Number(readFileSync(pidFile, 'utf8'));
  }
  // SIGTERM lets start.mjs end wrangler's group (workerd included); SIGKILL whatever is left.
  killGroup(p.child.pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && [p.child.pid, p.wranglerPgid].some((g) => g && groupAlive(g))) await sleep(100);
  killGroup(p.child.pid, 'SIGKILL');
  killGroup(p.wranglerPgid, 'SIGKILL');
  if (process.env.E2E_KEEP_STATE !== '1') {
    rmSync(p.stateDir, { recursive: true, force: true });
    rmSync(p.logFile, { force: true });
  }
}

/** Closes every browser from newBrowser() and stops the portal if this process started it. */
export async function stopAll(): Promise<void> {
  await Promise.all([...browsers].map((b) => b.close().catch(() => {})));
  browsers.clear();
  await stopPortal();
}

// vitest globalSetup --------------------------------------------------------------------------------

export async function setup(project: TestProject) {
  const started = await startPortal();
  project.provide('portal', started);
  console.log(`[e2e] portal on http://localhost:${started.port} (log ${path.relative(ROOT, started.logFile)})`);
}

export async function teardown() {
  await stopAll();
}


// A second portal ---------------------------------------------------------------------------------

export interface ExtraPortal {
  port: number;
  origin(host?: string): string;
  stop(): Promise<void>;
}

export interface ExtraPortalOptions {
  /** A state dir of the caller's, kept when the portal stops (default: a fresh one, deleted on stop). */
  stateDir?: string;
  /** start.mjs options besides --no-build, --port and --persist-to (default ['--no-seed']). */
  startArgs?: string[];
}

/**
 * Another portal from the same build (no rebuild, no seed unless asked) on its own port and state, with
 * Worker variables of its own, e.g. `AMBASSADOR_API_URL` pointing at the test portal's /v1 so it fronts
 * that API as a remote one.
 */
export async function startExtraPortal(vars: Record<string, string>, options: ExtraPortalOptions = {}): Promise<ExtraPortal> {
  // Portals started at the same moment can race for a port between its pick and wrangler's bind (the
  // listener's, or one of miniflare's internal sockets): such a start is tried again on other ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startExtraPortalOnce(vars, options);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof PortTaken)) throw err;
    }
  }
}

/** A portal that exited because an address it binds was already in use. */
class PortTaken extends Error {}

async function startExtraPortalOnce(vars: Record<string, string>, options: ExtraPortalOptions): Promise<ExtraPortal> {
  const port = await freePort();
  const id = `${Date.now()}-${process.pid}-extra`;
  const ownState = !options.stateDir;
  const stateDir = options.stateDir ?? path.join(TMP, `e2e-state-${id}`);
  const logFile = path.join(TMP, `e2e-portal-${id}.log`);
  const pidFile = path.join(stateDir, 'wrangler.pgid');
  mkdirSync(stateDir, { recursive: true });
  const args = ['--no', 'node', 'scripts/start.mjs', '--no-build', ...(options.startArgs ?? ['--no-seed']), '--port', String(port), '--persist-to', stateDir];
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  const log = createWriteStream(logFile);
  const child = spawn('npx', args, {
    cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), PORTAL_PIDFILE: pidFile, FORCE_COLOR: '0' },
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  const stop = async () => {
    const pgid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : undefined;
    killGroup(child.pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && [child.pid, pgid].some((g) => g && groupAlive(g))) await sleep(100);
    killGroup(child.pid, 'SIGKILL');
    killGroup(pgid, 'SIGKILL');
    if (process.env.E2E_KEEP_STATE !== '1') {
      if (ownState) rmSync(stateDir, { recursive: true, force: true });
      rmSync(logFile, { force: true });
    }
  };
  const deadline = Date.now() + 3 * 60_000;
  for (;;) {
    if (exited !== null) {
      const log = tail(logFile);
      const message = `the second portal exited (code ${exited}); ${logFile}:\n${log}`;
      if (/Address already in use/i.test(log)) {
        await stop();
        throw new PortTaken(message);
      }
      throw new Error(message);
    }
    if (await answers(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the second portal did not answer on port ${port}; ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(300);
  }
  return { port, origin: (host = 'localhost') => `http://${host}:${port}`, stop };
}

// Shared steps of the browser tests ---------------------------------------------------------------

/** Logs in on `origin`'s /login form with the demo password and waits for /app. */
export async function logIn(page: Page, host: string, email: string, origin = baseUrl(host)) {
  await page.goto(`${origin}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('Password1!');
  await Promise.all([page.waitForURL(/\/app$/), page.locator('form[data-login-form] button[type="submit"]').click()]);
}

/** A new page of `context`, logged in. */
export async function logInNewPage(context: BrowserContext, host: string, email: string): Promise<Page> {
  const page = await context.newPage();
  await logIn(page, host, email);
  return page;
}

/**
 * Logs in through the browser API (no page, no scrypt wait in a form) and returns the answer's cookies
 * (the session, and whatever else it sets, e.g. the D1 bookmark) as browser cookies for `addCookies`:
 * by domain and path, since Chromium refuses a __Host- cookie given by url.
 */
export async function sessionCookies(host: string, email: string) {
  const base = baseUrl(host);
  const res = await fetch(`${base}/api/auth/ambassador/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(base).origin },
    body: JSON.stringify({ email, password: 'Password1!' }),
  });
  if (res.status !== 200) throw new Error(`log in ${email} on ${host}: ${res.status}`);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';', 1) as [string];
    const i = pair.indexOf('=');
    return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: host, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' as const };
  });
}

/** A JSON call to the operator API with a company key, as the company's own code makes it: its status and answer. */
export async function operatorCall(host: string, key: string, path: string, body: unknown, options: { method?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${baseUrl(host)}/v1/operator${path}`, {
    method: options.method ?? 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Cookies as a `Cookie` request header. */
export const cookieHeader = (cookies: { name: string; value: string }[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/**
 * Waits until the control at `selector` works: the island holding it has hydrated (Astro drops its `ssr`
 * attribute) or the script of the markup holding it has wired it (it drops `data-enhance`).
 */
export async function hydrated(page: Page, selector: string) {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  await expect.poll(() => el.evaluate((node) => !node.closest('astro-island[ssr], [data-enhance]')), { timeout: 15_000 }).toBe(true);
}

/** SQL on the running portal's local D1 (its state dir), for what no API does: ageing a row, tampering with one. */
export function localD1(sql: string) {
  const run = spawnSync('npx', ['--no', 'wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', portalInfo().stateDir, '--command', sql], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed: ${run.stderr}`);
}
