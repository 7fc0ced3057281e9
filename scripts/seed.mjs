// npm run db:seed — start over with the demo: empty the local D1 (every table, whatever the product wrote:
// operator-made companies, keys, webhooks, ledger, clicks...), the local KV cache and the local R2 bucket,
// then load the demo tenants and accounts (seed/demo.sql) and the demo files (seed/assets/r2, listed in
// seed/assets/r2-manifest.json). Re-runnable after any use of the product; it deletes local data on purpose
// (`npm start` never does: it seeds only an empty database).
//
//   npx node scripts/seed.mjs [--persist-to <dir>] [--migrate] [--if-empty]
//
// --persist-to (or env PORTAL_STATE_DIR) selects the same local state dir as `npm start -- --persist-to`.
// --migrate applies pending migrations first (handy on a fresh checkout).
// --if-empty loads the demo only when the database holds no company yet, else keeps everything
//            (what `npm start` and `npm run dev` do on every start).
import { applyMigrations, isDatabaseEmpty, resolvePersistDir, runSeed, seedR2 } from './lib/db.mjs';
import { forwardSignals, logger, parseArgs } from './lib/proc.mjs';

const log = logger('seed');

function usage() {
  console.log(
    'usage: npm run db:seed [-- --persist-to <dir>] [-- --migrate] [-- --if-empty]\n' +
      'Starts over: deletes every row of the local database (and the local cache and files), then loads the demo.\n' +
      '  --persist-to <dir>  the local state dir (default env PORTAL_STATE_DIR, else .wrangler/state)\n' +
      '  --migrate           apply pending migrations first\n' +
      '  --if-empty          load the demo only into a database without companies; otherwise keep everything',
  );
}

async function main() {
  const args = parseArgs(process.argv.slice(2), { booleans: ['migrate', 'if-empty', 'help'], strings: ['persist-to'] });
  if (args.help) {
    usage();
    return 0;
  }
  forwardSignals();
  const persistTo = resolvePersistDir(args['persist-to']);
  if (args.migrate) {
    log('applying migrations');
    await applyMigrations(persistTo);
  }
  if (args['if-empty'] && !(await isDatabaseEmpty(persistTo))) {
    log('keeping your local data (the demo is loaded only into an empty database; npm run db:seed starts over)');
    return 0;
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
