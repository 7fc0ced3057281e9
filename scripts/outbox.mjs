// Reads the local e-mail outbox (table email_outbox of the local D1 that `npm start` serves).
//
//   npx node scripts/outbox.mjs [--to <email>] [--company <id>] [--limit <n>] [--json] [--persist-to <dir>]
//
// Prints the newest messages first: subject, recipient, time, delivery status (pending until a provider
// sends it; see .dev.vars.example) and the text with its links, so the registration and password e-mails
// can be followed by hand. --json prints the rows as JSON (tests).
// --persist-to (or env PORTAL_STATE_DIR) must match the state dir the portal was started with.
import { spawnSync } from 'node:child_process';
import { resolvePersistDir } from './lib/db.mjs';
import { parseArgs, ROOT } from './lib/proc.mjs';

const args = parseArgs(process.argv.slice(2), { booleans: ['json', 'help'], strings: ['to', 'company', 'limit', 'persist-to'] });
if (args.help) {
  console.log('usage: npx node scripts/outbox.mjs [--to <email>] [--company <id>] [--limit <n>] [--json] [--persist-to <dir>]');
  process.exit(0);
}
const quote = (v) => `'${String(v).replace(/'/g, "''")}'`;
const where = [];
if (args.to) where.push(`to_email = ${quote(args.to)} COLLATE NOCASE`);
if (args.company) where.push(`company_id = ${quote(args.company)}`);
const limit = Math.min(Math.max(Number(args.limit ?? 20) || 20, 1), 500);
const sql = `SELECT id, company_id, to_email, template, subject, body_text, created_at, sent_at, status, attempts, last_error FROM email_outbox` +
  `${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${limit}`;
const persistTo = resolvePersistDir(args['persist-to']);
const run = spawnSync('npx', ['--no', 'wrangler', 'd1', 'execute', 'DB', '--local', '--json', '--command', sql, ...(persistTo ? ['--persist-to', persistTo] : [])], {
  cwd: ROOT, encoding: 'utf8', env: { WRANGLER_SEND_METRICS: 'false', ...process.env }, maxBuffer: 64 * 1024 * 1024,
});
if (run.status !== 0) {
  console.error(run.stderr || run.stdout);
  process.exit(run.status ?? 1);
}
const start = run.stdout.indexOf('[');
const rows = JSON.parse(run.stdout.slice(start))[0]?.results ?? [];
if (args.json) {
  console.log(JSON.stringify(rows, null, 2));
} else if (!rows.length) {
  console.log('The outbox is empty.');
} else {
  for (const m of rows) {
    const attempts = m.attempts ? ` after ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}` : '';
    const status = `${m.status}${attempts}${m.last_error ? ` (${m.last_error})` : ''}`;
    console.log(`#${m.id}  ${m.created_at}  [${m.company_id}] ${m.template}  ${status}\nTo: ${m.to_email}\nSubject: ${m.subject}\n\n${m.body_text}\n${'-'.repeat(72)}`);
  }
}
