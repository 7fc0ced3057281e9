// npm run db:schema — write schema.sql: the schema every migration in migrations/ produces, for reading.
// Applies all migrations to a fresh local D1 in a temporary state dir (the same `wrangler d1 migrations
// apply DB --local` as `npm start`), reads sqlite_master through wrangler's local bindings and writes
// schema.sql at the repository root (scripts/lib/schema-text.mjs renders it; tests/worker/schema-file.test.ts
// renders the worker tests' database the same way and fails while schema.sql is stale).
//
//   npx node scripts/schema.mjs [--out <file>]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from './lib/db.mjs';
import { ROOT, forwardSignals, logger, parseArgs } from './lib/proc.mjs';
import { schemaText } from './lib/schema-text.mjs';

const log = logger('schema');

async function main() {
  const args = parseArgs(process.argv.slice(2), { booleans: ['help'], strings: ['out'] });
  if (args.help) {
    console.log('usage: npm run db:schema [-- --out <file>]\nWrites schema.sql (default) from a fresh local D1 with every migration applied.');
    return 0;
  }
  const out = path.resolve(ROOT, args.out ?? 'schema.sql');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-schema-'));
  forwardSignals(() => rmSync(dir, { recursive: true, force: true }));
  try {
    log('applying migrations to a temporary local D1');
    await applyMigrations(dir);
    const { getPlatformProxy } = await import('wrangler');
    const proxy = await getPlatformProxy({
      configPath: path.join(ROOT, 'wrangler.toml'),
      persist: { path: path.join(dir, 'v3') },
      remoteBindings: false,
    });
    let text;
    try {
      text = await schemaText(proxy.env.DB);
    } finally {
      await proxy.dispose();
    }
    writeFileSync(out, text);
    const count = (text.match(/;\n/g) ?? []).length;
    log(`wrote ${path.relative(ROOT, out) || out} (${count} statements, ${text.length} bytes)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[schema] ${err.message}`);
    process.exit(1);
  },
);
