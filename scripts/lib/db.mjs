// Local D1 helpers: migrations and the demo seed, run through wrangler against the same local state
// directory that `wrangler dev` uses (wrangler's default .wrangler/state, or --persist-to <dir>).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/** Tables of the app (not SQLite's, D1's or the migrations' bookkeeping). */
const APP_TABLE = (name) => !/^(sqlite_|_cf_|d1_)/.test(name);

/**
 * Deletes every row of every table, whatever the product wrote (operator-made companies, keys, webhooks,
 * deliveries, outbox, ledger, clicks...), so the demo seed loads on any database the product was used on.
 * The order is read from the schema at run time (children before the tables they reference), never a
 * hand-kept list; triggers that refuse deletes (append-only ledgers) are dropped for the wipe and
 * created again from their own SQL in the same batch.
 */
export async function clearDatabase(persistTo) {
  return withLocalBindings(persistTo, async (env) => {
    const db = env.DB;
    const { results: tables } = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    const names = tables.map((t) => t.name).filter(APP_TABLE);
    const parents = new Map();
    for (const name of names) {
      const { results } = await db.prepare(`SELECT "table" AS parent FROM pragma_foreign_key_list(?)`).bind(name).all();
      parents.set(name, new Set(results.map((r) => r.parent).filter((p) => p !== name && names.includes(p))));
    }
    // Children first: a table is deleted once no remaining table references it.
    const order = [];
    const left = new Set(names);
    while (left.size) {
      const ready = [...left].filter((t) => ![...left].some((other) => parents.get(other).has(t)));
      const next = ready.length ? ready : [...left]; // a reference cycle: deferred foreign keys settle it
      for (const t of next) {
        order.push(t);
        left.delete(t);
      }
    }
    const { results: guards } = await db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%BEFORE DELETE%'")
      .all();
    const quote = (id) => `"${id.replace(/"/g, '""')}"`;
    await db.batch([
      db.prepare('PRAGMA defer_foreign_keys = ON'),
      ...guards.map((g) => db.prepare(`DROP TRIGGER IF EXISTS ${quote(g.name)}`)),
      ...order.map((t) => db.prepare(`DELETE FROM ${quote(t)}`)),
      ...guards.map((g) => db.prepare(g.sql)),
    ]);
    return order.length;
  });
}

/**
 * Runs seed/demo.sql against the local D1 after emptying it (clearDatabase): whatever the product was
 * used for, loading the demo again works, and gives exactly the demo. Returns false when the file is
 * missing.
 */
export async function runSeed(persistTo, log = console.log) {
  const file = path.join(ROOT, SEED_FILE);
  if (!existsSync(file)) {
    log(`${SEED_FILE} not found: skipping the demo seed (the database has the schema but no demo data).`);
    return false;
  }
  await clearDatabase(persistTo);
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
    for (const prefix of prefixes) {
      let cursor;
      do {
        const page = await bucket.list({ prefix, cursor });
        if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    }
    for (const o of objects) await bucket.put(o.key, o.data, { httpMetadata: { contentType: o.contentType } });
    return objects.length;
  });
}
