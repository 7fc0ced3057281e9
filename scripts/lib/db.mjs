// Local D1 helpers: migrations and the demo seed, run through wrangler against the same local state
// directory that `wrangler dev` uses (wrangler's default .wrangler/state, or --persist-to <dir>).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, runTool } from './proc.mjs';

export const SEED_FILE = 'seed/demo.sql';

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
 * Runs seed/demo.sql against the local D1. The file resets the demo rows itself (it starts with
 * DELETEs), so running it again restores the demo data. Returns false when the file is missing.
 */
export async function runSeed(persistTo, log = console.log) {
  const file = path.join(ROOT, SEED_FILE);
  if (!existsSync(file)) {
    log(`${SEED_FILE} not found: skipping the demo seed (the database has the schema but no demo data).`);
    return false;
  }
  try {
    await runTool(
      'wrangler',
      ['d1', 'execute', 'DB', '--local', '--yes', '--file', SEED_FILE, ...persistArgs(persistTo)],
      quiet,
    );
  } catch (err) {
    err.message +=
      '\n  If wrangler said "no such table" or "no such column", the local database was migrated with an' +
      '\n  older version of a migration: start over with `npm start -- --reset` (deletes the local state).';
    throw err;
  }
  return true;
}
