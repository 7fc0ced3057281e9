// Starts the portal for a harness (used by scripts/bench.mjs) on its own port and local state dir, and
// stops it again. The steps are those of `npm start` (scripts/start.mjs): astro build, .dev.vars from
// .dev.vars.example when missing, migrations + demo seed (scripts/seed.mjs --migrate), then
// `wrangler dev --ip 127.0.0.1` with the same flags start.mjs uses — plus `--var KEY:VALUE` for each
// entry of `vars` (e.g. { D1_METER: '1' }), which start.mjs cannot pass through. Every child runs in its
// own process group (tracked in proc.mjs `current`, so forwardSignals() ends them on Ctrl-C) and writes
// to one log file, kept only when the start failed. `seed: false` only applies pending migrations (for a
// state dir that already holds its data, e.g. the load of scripts/generate-load.mjs, which the demo seed
// would delete); `keepState: true` leaves the state dir in place when the portal stops.
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, current, groupAlive, isBuilt, killPgid, sleep, spawnTool, waitExit, waitForHttp } from './proc.mjs';

/** `wrangler dev` arguments, as in scripts/start.mjs step 4, plus one `--var KEY:VALUE` per entry of vars. */
export function devArgs({ port, stateDir, vars = {} }) {
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false'];
  if (stateDir) args.push('--persist-to', stateDir);
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  return args;
}

/**
 * @param {{ port: number, build?: boolean, stateDir?: string, logFile?: string, vars?: Record<string, string>,
 *           seed?: boolean, keepState?: boolean,
 *           log?: (...a: unknown[]) => void }} opts
 * @returns {Promise<{ port: number, stateDir: string, logFile: string, stop: () => Promise<void> }>}
 */
export async function startPortal({ port, build = true, stateDir, logFile, vars = {}, seed = true, keepState = false, log = () => {} }) {
  const tmp = path.join(ROOT, '.tmp');
  const id = `${Date.now()}-${process.pid}`;
  stateDir ??= path.join(tmp, `portal-state-${id}`);
  logFile ??= path.join(tmp, `portal-${id}.log`);
  mkdirSync(stateDir, { recursive: true });
  mkdirSync(path.dirname(logFile), { recursive: true });
  const out = createWriteStream(logFile);
  const groups = []; // every child's process group (wrangler leaves workerd behind when npx alone dies)
  let server;
  let serverExited = false;

  const spawnLogged = (tool, args) => {
    out.write(`\n$ npx ${tool} ${args.join(' ')}\n`);
    const child = spawnTool(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { FORCE_COLOR: '0' } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    if (child.pid) groups.push(child.pid);
    current.add(child);
    child.once('exit', () => current.delete(child));
    return child;
  };
  const step = async (tool, args) => {
    const child = spawnLogged(tool, args);
    const code = await waitExit(child);
    // A finished step whose group is gone is forgotten, so stop() never signals a reused id.
    const i = groups.indexOf(child.pid);
    if (i >= 0 && !groupAlive(child.pid)) groups.splice(i, 1);
    if (code !== 0) throw new Error(`npx ${tool} ${args.join(' ')} exited with code ${code}`);
  };

  let failed = false;
  const stop = async () => {
    for (const g of groups) killPgid(g, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && groups.some(groupAlive)) await sleep(100);
    for (const g of groups) killPgid(g, 'SIGKILL');
    await new Promise((r) => out.end(r));
    if (!keepState) rmSync(stateDir, { recursive: true, force: true });
    if (!failed) rmSync(logFile, { force: true });
  };

  try {
    if (build || !isBuilt()) {
      log('astro build');
      await step('astro', ['build']);
    }
    if (!isBuilt()) throw new Error('astro build did not produce dist/server/wrangler.json');
    const devVars = path.join(ROOT, '.dev.vars');
    const example = path.join(ROOT, '.dev.vars.example');
    if (!existsSync(devVars) && existsSync(example)) copyFileSync(example, devVars);
    log(seed ? 'migrating and seeding a fresh local D1/KV/R2' : `applying pending migrations to ${stateDir} (no seed)`);
    if (seed) await step('node', ['scripts/seed.mjs', '--migrate', '--persist-to', stateDir]);
    else await step('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir]);
    const args = devArgs({ port, stateDir, vars });
    log(`wrangler ${args.join(' ')}`);
    server = spawnLogged('wrangler', args);
    server.once('exit', () => (serverExited = true));
    await waitForHttp(`http://127.0.0.1:${port}/`, { timeoutMs: 300_000, isAlive: () => !serverExited });
  } catch (err) {
    failed = true;
    await stop();
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${err.message}\n--- ${logFile} ---\n${tail}`);
  }
  return { port, stateDir, logFile, stop };
}
