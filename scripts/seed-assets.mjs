// Upload the demo asset files (seed/assets/r2/**, listed in seed/assets/r2-manifest.json) into the
// local R2 bucket `ambassador-portal-files` (binding FILES) that `wrangler dev` serves at /media/<key>.
//
//   npx node scripts/seed-assets.mjs [--persist-to <dir>]
//
// --persist-to (or env PORTAL_STATE_DIR) must name the same state dir as `npm start -- --persist-to`.
// Re-runnable: the seeded prefixes (assets/<company>/, avatars/<company>/) are emptied first. The work
// is done by seedR2() in scripts/lib/db.mjs (one local R2 binding, not one wrangler process per file).
import { resolvePersistDir, seedR2 } from './lib/db.mjs';
import { forwardSignals, logger, parseArgs } from './lib/proc.mjs';

const log = logger('seed-assets');

async function main() {
  const args = parseArgs(process.argv.slice(2), { booleans: ['help'], strings: ['persist-to'] });
  if (args.help) {
    console.log('usage: npx node scripts/seed-assets.mjs [--persist-to <dir>]');
    return 0;
  }
  forwardSignals();
  const persistTo = resolvePersistDir(args['persist-to']);
  const count = await seedR2(persistTo, log);
  log(`${count} files in the local R2 bucket${persistTo ? ` (${persistTo})` : ''}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[seed-assets] ${err.message}`);
    process.exit(err.exitCode || 1);
  },
);
