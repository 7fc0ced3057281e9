// Process helpers shared by the project scripts (start, seed, test, bench).
// Every tool runs through `npx` (see docs/architecture.md) and every long-lived child runs in its own
// process group so that ending the group also ends what it spawned (wrangler -> workerd).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const isWindows = process.platform === 'win32';

/** Prefix for log lines written by the scripts. */
export function logger(tag) {
  return (...args) => console.log(`[${tag}]`, ...args);
}

/**
 * Spawns `npx <tool> ...args` in its own process group (detached) with stdio inherited unless
 * told otherwise. Returns the ChildProcess.
 */
export function spawnTool(tool, args, opts = {}) {
  return spawn('npx', ['--no', tool, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    detached: !isWindows,
    ...opts,
    env: { WRANGLER_SEND_METRICS: 'false', ...process.env, ...(opts.env ?? {}) },
  });
}

/** Sends `signal` to the child's whole process group (falls back to the child alone). */
export function killGroup(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (!isWindows && child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Sends `signal` to a process group by id; ignores groups that no longer exist. */
export function killPgid(pgid, signal = 'SIGTERM') {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** True while a process group still has members. */
export function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the exit code (signal deaths map to 128+n style codes, at least 1). */
export function waitExit(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    if (child.signalCode !== null) return resolve(1);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(127));
  });
}

/**
 * Ends a child's process group: SIGTERM, then SIGKILL after `graceMs`. Resolves once the group is
 * gone (or after the SIGKILL).
 */
export async function stopGroup(child, graceMs = 5000) {
  if (!child?.pid) return;
  const pgid = child.pid;
  killGroup(child, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && groupAlive(pgid)) await sleep(100);
  if (groupAlive(pgid)) killPgid(pgid, 'SIGKILL');
  await Promise.race([waitExit(child), sleep(1000)]);
}

/** Runs `npx <tool> ...args` to completion; rejects on non-zero exit. */
export async function runTool(tool, args, opts = {}) {
  const child = spawnTool(tool, args, opts);
  current.add(child);
  try {
    const code = await waitExit(child);
    if (code !== 0) {
      const err = new Error(`npx ${tool} ${args.join(' ')} exited with code ${code}`);
      err.exitCode = code;
      throw err;
    }
  } finally {
    current.delete(child);
  }
}

/** Children started through runTool, so signal handlers can end them. */
export const current = new Set();

let stopping = false;

/** True once a SIGINT/SIGTERM/SIGHUP handled by forwardSignals() arrived. */
export function isStopping() {
  return stopping;
}

/**
 * Installs SIGINT/SIGTERM/SIGHUP handlers that end every tracked child group (see `current`), run
 * `extraCleanup` (if any) and exit with 128+signal.
 */
export function forwardSignals(extraCleanup) {
  const handler = async (signal) => {
    if (stopping) return;
    stopping = true;
    const kids = [...current];
    await Promise.all(kids.map((c) => stopGroup(c)));
    if (extraCleanup) await extraCleanup();
    process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 1));
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, handler);
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/** True when we can bind the port on 127.0.0.1 right now. */
export function portFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/**
 * Finds a free port: the first free one in [from, to] when a range is given, otherwise one the OS
 * picks. Checks both that it can be bound and that nothing answers on it.
 */
export async function freePort(from, to) {
  if (from) {
    for (let p = from; p <= (to ?? from); p++) {
      if ((await portFree(p)) && !(await portInUse(p))) return p;
    }
    throw new Error(`no free port in ${from}-${to ?? from}`);
  }
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until any HTTP response arrives (status < 500 unless `okStatus` says otherwise) or
 * `timeoutMs` passes. `isAlive` may report that the server process died, to fail fast.
 */
export async function waitForHttp(url, { timeoutMs = 120_000, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastErr;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`server exited before ${url} answered`);
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer().catch(() => {});
      return res.status;
    } catch (e) {
      lastErr = e;
    }
    await sleep(250);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${url}: ${lastErr?.message ?? ''}`);
}

/** Minimal argv parser: --flag, --key value, --key=value. */
export function parseArgs(argv, { booleans = [], strings = [] } = {}) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      out._.push(a);
      continue;
    }
    const [k, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (booleans.includes(k)) out[k] = inline === undefined ? true : inline !== 'false';
    else if (strings.includes(k)) {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`--${k} needs a value`);
      out[k] = v;
    } else throw new Error(`unknown option --${k}`);
  }
  return out;
}

/** The built worker exists (dist/server/wrangler.json plus the redirect wrangler follows). */
export function isBuilt() {
  return (
    existsSync(path.join(ROOT, 'dist/server/wrangler.json')) &&
    existsSync(path.join(ROOT, '.wrangler/deploy/config.json'))
  );
}
