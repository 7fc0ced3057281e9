// npm start — build the portal, migrate the local D1 (and seed the demo into it the first time, while it
// holds no company), then serve the built Worker with `wrangler dev` on http://localhost:${PORT:-8787}
// (tenants: localhost, demo.localhost, acme.localhost). Local data is the user's: a later start applies new
// migrations and keeps every row; `--reset` or `npm run db:seed` start over.
//
//   npx node scripts/start.mjs [--no-build] [--port <n>] [--persist-to <dir>] [--no-seed] [--reset]
//                              [--var KEY:VALUE ...]
//
// --no-build     reuse dist/ from an earlier `astro build` (builds anyway when dist/ is missing)
// --port         port to listen on (default env PORT, else 8787); the server binds 127.0.0.1
// --persist-to   local state dir for D1/KV/R2 (default env PORTAL_STATE_DIR, else .wrangler/state);
//                migrations, seed and `wrangler dev` all use it, so tests can run on isolated state
// --no-seed      never load the demo, not even into an empty database (migrations still run)
// --seed         load the demo again now, replacing everything in the local database, cache and files
//                (= npm run db:seed)
// --var          a Worker variable for this server only (repeatable), e.g. `--var AMBASSADOR_API_URL:http://127.0.0.1:8787/v1`
//                to front another portal's API, or `--var D1_METER:1` for the bench's round-trip header
// --reset        delete the local state (D1, KV, R2) first, then seed the demo: start over (also when a
//                migration was edited after it had been applied locally: "no such table")
//
// Env PORTAL_PIDFILE=<file>: the process-group id of `wrangler dev` is written there (for harnesses
// that must clean up even if this script is killed with SIGKILL).
//
// Ctrl-C / SIGTERM end the whole wrangler process group (wrangler leaves workerd running when only
// the npx process dies, so it runs detached in its own group and the group is killed).
import { appendFileSync, copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyMigrations, isDatabaseEmpty, resolvePersistDir, runSeed, seedR2 } from './lib/db.mjs';
import {
  ROOT,
  current,
  forwardSignals,
  isBuilt,
  isStopping,
  logger,
  parseArgs,
  portInUse,
  runTool,
  spawnTool,
  waitExit,
  waitForHttp,
} from './lib/proc.mjs';

const log = logger('start');

function usage() {
  console.log(
    'usage: npm start [-- options]\n' +
      'Builds the portal, applies new D1 migrations to the local database and serves it with wrangler dev.\n' +
      'Local data is kept across starts: the demo is loaded only into an empty database (the first start of\n' +
      'a state dir); later starts keep every row, including what you made with the operator API.\n' +
      '  --reset              delete the local state (D1, KV, R2) and start over with the demo\n' +
      '  --seed               replace everything in the local database with the demo now (= npm run db:seed)\n' +
      '  --no-seed            never load the demo, not even into an empty database\n' +
      '  --no-build           reuse dist/ from an earlier build\n' +
      '  --port <n>           port to listen on (default env PORT, else 8787)\n' +
      '  --persist-to <dir>   local state dir (default env PORTAL_STATE_DIR, else .wrangler/state)\n' +
      '  --var KEY:VALUE      a Worker variable for this run (repeatable)\n' +
      'env: PORT, PORTAL_STATE_DIR, PORTAL_PIDFILE',
  );
}

const VAR_LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;
/** `# NAME=...`: a variable a developer switched off on purpose. */
const COMMENTED_VAR_LINE = /^\s*#\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

/**
 * .dev.vars from .dev.vars.example: copied when missing; otherwise every variable the example has and
 * .dev.vars lacks is appended with the comment lines above it (so an older checkout gets a new secret
 * such as ADMIN_API_KEY). A developer's values are never changed, and a variable they commented out
 * counts as present.
 */
function syncDevVars(devVars, example) {
  if (!existsSync(example)) return;
  if (!existsSync(devVars)) {
    copyFileSync(example, devVars);
    log('created .dev.vars from .dev.vars.example');
    return;
  }
  const current = readFileSync(devVars, 'utf8');
  const known = new Set(current.split(/\r?\n/).map((line) => (VAR_LINE.exec(line) ?? COMMENTED_VAR_LINE.exec(line))?.[1]).filter(Boolean));
  const added = [];
  const lines = [];
  let comments = [];
  for (const line of readFileSync(example, 'utf8').split(/\r?\n/)) {
    const name = VAR_LINE.exec(line)?.[1];
    if (!name) {
      comments = line.trimStart().startsWith('#') ? [...comments, line] : [];
      continue;
    }
    if (!known.has(name)) {
      lines.push(...comments, line);
      added.push(name);
      known.add(name);
    }
    comments = [];
  }
  if (!added.length) return;
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  appendFileSync(devVars, `${separator}\n# Added by npm start from .dev.vars.example:\n${lines.join('\n')}\n`);
  log(`added ${added.join(', ')} to .dev.vars from .dev.vars.example (your other values are unchanged)`);
}

async function main() {
  // --var may repeat: take every `--var KEY:VALUE` out before the other options are read.
  const argv = process.argv.slice(2);
  const vars = [];
  for (let i = argv.indexOf('--var'); i !== -1; i = argv.indexOf('--var')) {
    const value = argv[i + 1];
    if (!value || !/^[A-Za-z_][A-Za-z0-9_]*:/.test(value)) throw new Error(`--var needs KEY:VALUE, got ${value ?? 'nothing'}`);
    vars.push(value);
    argv.splice(i, 2);
  }
  const args = parseArgs(argv, {
    booleans: ['no-build', 'no-seed', 'seed', 'reset', 'help'],
    strings: ['persist-to', 'port'],
  });
  if (args.help) {
    usage();
    return 0;
  }
  const port = Number(args.port ?? process.env.PORT ?? 8787);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`invalid port: ${args.port ?? process.env.PORT}`);
  const persistTo = resolvePersistDir(args['persist-to']);
  const pidfile = process.env.PORTAL_PIDFILE ? path.resolve(process.env.PORTAL_PIDFILE) : undefined;
  forwardSignals(async () => {
    if (pidfile) rmSync(pidfile, { force: true });
  });

  if (await portInUse(port)) {
    throw new Error(`port ${port} is already in use on 127.0.0.1; stop that server or set PORT=<another port>`);
  }

  // 1. Build.
  if (args['no-build'] && isBuilt()) {
    log('--no-build: using the existing dist/');
  } else {
    if (args['no-build']) log('--no-build given but dist/ is missing: building anyway');
    log('astro build');
    await runTool('astro', ['build']);
  }
  if (!isBuilt()) throw new Error('astro build did not produce dist/server/wrangler.json');

  // 2. Local secrets.
  syncDevVars(path.join(ROOT, '.dev.vars'), path.join(ROOT, '.dev.vars.example'));

  // 3. Database.
  if (args.reset) {
    const state = path.join(persistTo ?? path.join(ROOT, '.wrangler/state'), 'v3');
    log(`--reset: deleting ${path.relative(ROOT, state) || state}`);
    rmSync(state, { recursive: true, force: true });
  }
  log(`applying D1 migrations (local${persistTo ? `, ${persistTo}` : ''})`);
  await applyMigrations(persistTo);
  if (args['no-seed'] && args.seed) throw new Error('--seed and --no-seed contradict each other');
  const seed = args.seed ? 'asked' : args['no-seed'] ? null : (await isDatabaseEmpty(persistTo)) ? 'empty' : null;
  if (!seed) log(args['no-seed'] ? '--no-seed: keeping existing data' : 'keeping your local data (npm run db:seed or --reset start over with the demo)');
  else {
    log(seed === 'asked' ? '--seed: replacing the local data with the demo' : 'empty database: loading the demo data');
    await runSeed(persistTo, log);
    const files = await seedR2(persistTo, log);
    if (files) log(`put ${files} demo files into R2`);
  }

  // 4. Serve.
  // --test-scheduled: the cron handler answers /cdn-cgi/handler/scheduled (npm run loyalty:run).
  const devArgs = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', '--test-scheduled'];
  if (persistTo) devArgs.push('--persist-to', persistTo);
  for (const v of vars) devArgs.push('--var', v);
  log(`wrangler ${devArgs.join(' ')}`);
  const server = spawnTool('wrangler', devArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
  current.add(server);
  if (pidfile && server.pid) writeFileSync(pidfile, String(server.pid));

  let exited = false;
  const exit = waitExit(server).then((code) => {
    exited = true;
    return code;
  });
  waitForHttp(`http://127.0.0.1:${port}/`, { timeoutMs: 180_000, isAlive: () => !exited }).then(
    () => {
      log(`ready: http://localhost:${port}  (tenants: localhost, demo.localhost, acme.localhost)`);
    },
    (err) => {
      if (!exited) log(`not answering yet: ${err.message}`);
    },
  );
  const code = await exit;
  current.delete(server);
  if (pidfile) rmSync(pidfile, { force: true });
  if (!isStopping()) log(`wrangler dev exited with code ${code}`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[start] ${err.message}`);
    process.exit(err.exitCode || 1);
  },
);
