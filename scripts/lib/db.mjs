// Local D1 helpers: migrations and the demo seed, run through wrangler against the same local state
// directory that `wrangler dev` uses (wrangler's default .wrangler/state, or --persist-to <dir>).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clearD1 } from './clear-d1.mjs';
import { ROOT, runTool } from './proc.mjs';

export const SEED_FILE = 'seed/demo.sql';
/** Demo files for the R2 bucket (binding FILES): [{ key, content_type, size_bytes }], files under seed/assets/r2/<key>. */
export const R2_MANIFEST = 'seed/assets/r2-manifest.json';
const R2_DIR = 'seed/assets/r2';

/**
 * The local state directory: `--persist-to <dir>` wins over env PORTAL_STATE_DIR; undefined means
 * wrangler's default (.wrangler/state). Relative paths are taken from the caller's cwd.
 */
export function resolvePersistDir(cliValue) {
  const v = cliValue ?? process.env.PORTAL_STATE_DIR;
  return v ? path.resolve(process.cwd(), v) : undefined;
}

function persistArgs(persistTo) {
  return persistTo ? ['--persist-to', persistTo] : [];
}

// stdin is not a terminal, so wrangler skips its confirmation prompt (same as in CI).
const quiet = { stdio: ['ignore', 'inherit', 'inherit'] };

/** `wrangler d1 migrations apply DB --local` (idempotent: only unapplied migrations run). */
export async function applyMigrations(persistTo) {
  await runTool('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs(persistTo)], quiet);
}

/**
 * The local bindings (D1 `DB`, R2 `FILES`, ...) of the state dir that `wrangler dev --persist-to <same dir>`
 * serves, for `work(env)`; disposed afterwards. wrangler.toml is named explicitly: no redirect to the build
 * output, and its `main` is not loaded.
 */
async function withLocalBindings(persistTo, work) {
  const { getPlatformProxy } = await import('wrangler');
  const state = path.join(persistTo ?? path.join(ROOT, '.wrangler/state'), 'v3');
  const proxy = await getPlatformProxy({
    configPath: path.join(ROOT, 'wrangler.toml'),
    persist: { path: state },
    remoteBindings: false,
  });
  try {
    return await work(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

/** True when the local database holds no company yet (a fresh state dir): the only time `npm start` seeds. */
export async function isDatabaseEmpty(persistTo) {
  return withLocalBindings(persistTo, async (env) => {
    const row = await env.DB.prepare('SELECT EXISTS (SELECT 1 FROM companies) AS any').first();
    return !row?.any;
  });
}

/** Deletes every key of a KV namespace (the local tenant cache: nothing in it may outlive a start over). */
async function clearKv(kv) {
  let cursor;
  do {
    const page = await kv.list({ cursor });
    await Promise.all(page.keys.map((k) => kv.delete(k.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

/** Deletes every object under `prefix` ('' = the whole bucket). */
async function clearR2(bucket, prefix = '') {
  let cursor;
  do {
    const page = await bucket.list({ prefix, cursor });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/**
 * Start over: empties the local D1 (clearD1), the KV cache and the whole local R2 bucket (files uploaded
 * for any company), then runs seed/demo.sql. Whatever the product was used for, loading the demo again
 * works and gives exactly the demo; callers put the demo files back with seedR2(). Returns false (and
 * changes nothing) when the seed file is missing.
 */
export async function runSeed(persistTo, log = console.log) {
  const file = path.join(ROOT, SEED_FILE);
  if (!existsSync(file)) {
    log(`${SEED_FILE} not found: skipping the demo seed (the database has the schema but no demo data).`);
    return false;
  }
  const tables = await withLocalBindings(persistTo, async (env) => {
    const count = await clearD1(env.DB);
    await clearKv(env.CACHE);
    await clearR2(env.FILES);
    return count;
  });
  log(`emptied the local database (${tables} tables), cache and file bucket`);
  try {
    await runTool(
      'wrangler',
      ['d1', 'execute', 'DB', '--local', '--yes', '--file', SEED_FILE, ...persistArgs(persistTo)],
      quiet,
    );
  } catch (err) {
    err.message +=
      '\n  If wrangler said "no such table" or "no such column": the local database is not migrated yet' +
      '\n  (`npm run db:seed -- --migrate`), or it was migrated with an older version of a migration file:' +
      '\n  start over with `npm start -- --reset` (deletes the local D1/KV/R2 state).';
    throw err;
  }
  return true;
}

/** The seed's R2 objects, read from seed/assets/r2 as listed in the manifest ([] when there is none). */
export function readR2Seed() {
  const manifest = path.join(ROOT, R2_MANIFEST);
  if (!existsSync(manifest)) return [];
  return JSON.parse(readFileSync(manifest, 'utf8')).map(({ key, content_type }) => ({
    key,
    contentType: content_type,
    data: readFileSync(path.join(ROOT, R2_DIR, key)),
  }));
}

/**
 * Puts the demo files into the local R2 bucket that `wrangler dev --persist-to <same dir>` serves.
 * Resets first: every object under the seeded `<top>/<company>/` prefixes (e.g. avatars/demo/) is
 * deleted, so files uploaded at run time (tests, trying the app) go too. Returns the object count.
 */
export async function seedR2(persistTo, log = console.log) {
  const objects = readR2Seed();
  if (objects.length === 0) {
    log(`${R2_MANIFEST} not found: no demo files for R2.`);
    return 0;
  }
  return withLocalBindings(persistTo, async (env) => {
    const bucket = env.FILES;
    const prefixes = new Set(objects.map((o) => o.key.split('/').slice(0, 2).join('/') + '/'));
    for (const prefix of prefixes) await clearR2(bucket, prefix);
    for (const o of objects) await bucket.put(o.key, o.data, { httpMetadata: { contentType: o.contentType } });
    return objects.length;
  });
}
