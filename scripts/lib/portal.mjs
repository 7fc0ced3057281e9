// Starts the portal the way a user does (`npx node scripts/start.mjs`) in its own process group, on
// its own port and local state dir, and stops it again (used by scripts/bench.mjs).
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, groupAlive, killPgid, sleep, spawnTool, waitForHttp } from './proc.mjs';

/**
 * @param {{ port: number, build?: boolean, stateDir?: string, logFile?: string }} opts
 * @returns {Promise<{ port: number, stateDir: string, logFile: string, stop: () => Promise<void> }>}
 */
export async function startPortal({ port, build = true, stateDir, logFile }) {
  const tmp = path.join(ROOT, '.tmp');
  const id = `${Date.now()}-${process.pid}`;
  stateDir ??= path.join(tmp, `portal-state-${id}`);
  logFile ??= path.join(tmp, `portal-${id}.log`);
  mkdirSync(stateDir, { recursive: true });
  const pidFile = path.join(stateDir, 'wrangler.pgid');
  const args = ['scripts/start.mjs', '--port', String(port), '--persist-to', stateDir];
  if (!build) args.push('--no-build');
  const out = createWriteStream(logFile);
  const child = spawnTool('node', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PORTAL_PIDFILE: pidFile, FORCE_COLOR: '0' },
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  let exited = false;
  let failed = false;
  child.once('exit', () => (exited = true));
  let wranglerPgid;
  const readPgid = () => {
    if (!wranglerPgid && existsSync(pidFile)) wranglerPgid = Number(readFileSync(pidFile, 'utf8'));
  };

  const stop = async () => {
    readPgid();
    if (child.pid) killPgid(child.pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && [child.pid, wranglerPgid].some((g) => g && groupAlive(g))) await sleep(100);
    if (child.pid) killPgid(child.pid, 'SIGKILL');
    if (wranglerPgid) killPgid(wranglerPgid, 'SIGKILL');
    rmSync(stateDir, { recursive: true, force: true });
    if (!failed) rmSync(logFile, { force: true });
  };

  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, { timeoutMs: 300_000, isAlive: () => !exited });
  } catch (err) {
    failed = true;
    await stop();
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${err.message}\n--- ${logFile} ---\n${tail}`);
  }
  readPgid();
  return { port, stateDir, logFile, stop };
}
