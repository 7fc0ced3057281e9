// npm run db:seed — load the demo tenants and accounts (seed/demo.sql) into the local D1 and the demo
// files (seed/assets/r2, listed in seed/assets/r2-manifest.json) into the local R2 bucket FILES.
// Re-runnable: the seed file deletes the demo rows before inserting them again, and the demo
// companies' R2 prefixes are emptied before the files are put back.
//
//   npx node scripts/seed.mjs [--persist-to <dir>] [--migrate]
//
// --persist-to (or env PORTAL_STATE_DIR) selects the same local state dir as `npm start -- --persist-to`.
// --migrate applies pending migrations first (handy on a fresh checkout).
import { applyMigrations, resolvePersistDir, runSeed, seedR2 } from './lib/db.mjs';
import { forwardSignals, logger, parseArgs } from './lib/proc.mjs';

const log = logger('seed');

async function main() {
  const args = parseArgs(process.argv.slice(2), { booleans: ['migrate', 'help'], strings: ['persist-to'] });
  if (args.help) {
    console.log('usage: npm run db:seed [-- --persist-to <dir>] [-- --migrate]');
    return 0;
  }
  forwardSignals();
  const persistTo = resolvePersistDir(args['persist-to']);
  if (args.migrate) {
    log('applying migrations');
    await applyMigrations(persistTo);
  }
  const seeded = await runSeed(persistTo, log);
  const files = await seedR2(persistTo, log);
  if (seeded) log(`demo data loaded${files ? ` (+ ${files} files in R2)` : ''}${persistTo ? ` into ${persistTo}` : ''}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[seed] ${err.message}`);
    process.exit(err.exitCode || 1);
  },
);
