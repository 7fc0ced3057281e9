// Runs the loyalty program's scheduled job (src/api/loyalty/scheduled.ts: expiry, stale holds, expiry
// warnings) once, now, on the portal `npm start` serves: wrangler dev runs with --test-scheduled, which
// answers /cdn-cgi/handler/scheduled by calling the Worker's scheduled() handler.
//
//   npm run loyalty:run [-- --port 8787]
//
// The run's summary ({expired, voided, warned}) is in the portal's log ("loyalty: scheduled run").
import { parseArgs } from './lib/proc.mjs';

const args = parseArgs(process.argv.slice(2), { booleans: ['help'], strings: ['port'] });
if (args.help) {
  console.log('usage: npm run loyalty:run [-- --port <port>]   (the portal must be running: npm start)');
  process.exit(0);
}
const port = Number(args.port ?? process.env.PORT ?? 8787);
const url = `http://127.0.0.1:${port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('17 * * * *')}`;
try {
  const res = await fetch(url);
  const text = await res.text();
  if (!res.ok) {
    console.error(`loyalty:run: ${res.status} ${text}`);
    process.exit(1);
  }
  console.log(`loyalty:run: scheduled handler ran (${res.status}); see the portal log for the summary`);
} catch (err) {
  console.error(`loyalty:run: no portal on port ${port} (start it with npm start): ${err.message}`);
  process.exit(1);
}
