// Load data for the stats bench: fills a local D1 with many clicks, shares, referrals
// and commissions for one company (demo, by default over the last ~2 years), spread over the company's
// share links (so over its ambassadors and campaigns). Rows are made inside SQLite by recursive CTEs
// (no row travels through JavaScript), in chunks, through `wrangler d1 execute --local --file`.
//
//   npx node scripts/generate-load.mjs --persist-to <dir> [--clicks 1000000] [--commissions 100000]
//        [--shares 50000] [--referrals <n, default = commissions>] [--days 730] [--company demo]
//        [--rollups triggers|backfill] [--no-seed] [--chunk 100000]
//
// --persist-to  the local state dir (as `npm start -- --persist-to`); required, so a developer's own
//               .wrangler/state is never filled by accident
// --no-seed     the dir is already migrated and seeded (default: migrations + demo seed first, which also
//               removes rows a previous run generated for the demo companies)
// --rollups     how stats_daily (migrations/0004_stats_rollups.sql) gets the new events:
//               triggers  (default) the insert triggers update it row by row as the events are inserted,
//                         as in production;
//               backfill  the three insert triggers are dropped for the load, the company's rollups are
//                         recounted with the migration's GROUP BY statements, the triggers are created again
//                         (their text taken from the migration file); all in the same file/transaction.
// Prints the time of each step; the rollups and counters (migrations/0019_counters.sql) of the company are
// checked against a recount at the end. tableBytes() gives the bytes per table (bytes per click, per commission).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyMigrations, runSeed } from './lib/db.mjs';
import { ROOT, forwardSignals, isStopping, logger, parseArgs, runTool } from './lib/proc.mjs';

const log = logger('load');
const MIGRATION = 'migrations/0004_stats_rollups.sql';
const EPOCH_SPAN = (days) => days * 86_400;

function int(args, name, fallback) {
  const v = args[name] ?? fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be an integer >= 0 (got ${v})`);
  return n;
}

const q = (s) => `'${String(s).replace(/'/g, "''")}'`;

/** `[from, to]` chunks (both inclusive) of 1..total. */
function chunks(total, size) {
  const out = [];
  for (let from = 1; from <= total; from += size) out.push([from, Math.min(total, from + size - 1)]);
  return out;
}

/**
 * The instant of row i of `total` in the last `days` days (seconds before now), as ISO text: rows evenly
 * spaced over the span (row 1 now, row `total` `days` ago), plus up to an hour of jitter.
 */
const createdAt = (i, days, total) =>
  `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((${i} * ${EPOCH_SPAN(days)} / ${Math.max(1, total)} + (${i} * 7919) % 3600) % ${EPOCH_SPAN(days)}) || ' seconds')`;

/** Share links of the company, numbered 0..n-1 (the events are spread over them). */
const LINKS = (company) => `links AS (
  SELECT row_number() OVER (ORDER BY uid) - 1 AS k, uid, campaign_id, ambassador_uid FROM share_links WHERE company_id = ${q(company)}
), nlinks AS (SELECT COUNT(*) AS c FROM links)`;

function clicksSql(company, [from, to], days, total) {
  // Every 10th click is a bot or repeat (stored, counted = 0).
  return `WITH RECURSIVE seq(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM seq WHERE i < ${to}), ${LINKS(company)}
INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, referrer_host, country, client_hash, counted, created_at)
SELECT ${q(company)}, l.uid, l.campaign_id, l.ambassador_uid,
       CASE i % 4 WHEN 0 THEN 't.co' WHEN 1 THEN 'www.facebook.com' WHEN 2 THEN NULL ELSE 'www.linkedin.com' END,
       CASE i % 3 WHEN 0 THEN 'US' WHEN 1 THEN 'GB' ELSE 'DE' END,
       'load-' || i, CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END, ${createdAt('i', days, total)}
  FROM seq JOIN links l ON l.k = (i * 7919) % (SELECT c FROM nlinks);`;
}

function sharesSql(company, [from, to], days, total) {
  return `WITH RECURSIVE seq(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM seq WHERE i < ${to}), ${LINKS(company)}
INSERT INTO shares (company_id, ambassador_uid, campaign_id, share_link_uid, social_name, created_at)
SELECT ${q(company)}, l.ambassador_uid, l.campaign_id, l.uid,
       CASE i % 3 WHEN 0 THEN 'twitter' WHEN 1 THEN 'facebook' ELSE 'email' END, ${createdAt('i', days, total)}
  FROM seq JOIN links l ON l.k = (i * 104729) % (SELECT c FROM nlinks);`;
}

/** Referral ids are REFERRAL_BASE + i, so commission i can name referral i without a lookup. */
const REFERRAL_BASE = 50_000_000;

function referralsSql(company, [from, to], days, total) {
  return `WITH RECURSIVE seq(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM seq WHERE i < ${to}), ${LINKS(company)}
INSERT INTO referrals (id, company_id, ambassador_uid, campaign_id, share_link_uid, name, email, created_at)
SELECT ${REFERRAL_BASE} + i, ${q(company)}, l.ambassador_uid, l.campaign_id, l.uid, 'Load Customer ' || i, 'load-' || i || '@example.test',
       ${createdAt('i', days, total)}
  FROM seq JOIN links l ON l.k = (i * 31) % (SELECT c FROM nlinks);`;
}

function commissionsSql(company, [from, to], days, total, referrals) {
  // Same link (ambassador, campaign) and time as referral i when there is one; statuses mixed
  // (no 'paid': a paid monetary commission needs a payout row).
  return `WITH RECURSIVE seq(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM seq WHERE i < ${to}), ${LINKS(company)}
INSERT INTO commissions (uid, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor,
  currency, is_monetary, event, status, event_data1, created_at)
SELECT 'com-load-' || i, ${q(company)}, l.ambassador_uid, l.campaign_id, CASE WHEN i <= ${referrals} THEN ${REFERRAL_BASE} + i END,
       'load-tx-' || i, 1000 + (i * 37) % 20000, (1000 + (i * 37) % 20000) / 10, 'USD', CASE WHEN i % 20 = 0 THEN 0 ELSE 1 END,
       CASE WHEN i % 7 = 0 THEN 'second' ELSE 'first' END,
       CASE i % 10 WHEN 0 THEN 'denied' WHEN 1 THEN 'zero' WHEN 2 THEN 'approved' WHEN 3 THEN 'approved' ELSE 'pending' END,
       'order-' || i, ${createdAt('i', days, total)}
  FROM seq JOIN links l ON l.k = (i * 31) % (SELECT c FROM nlinks);`;
}

/** The migration's insert triggers and backfill statements, verbatim (one source of truth). */
function migrationParts() {
  const text = readFileSync(path.join(ROOT, MIGRATION), 'utf8');
  const triggers = [...text.matchAll(/CREATE TRIGGER (stats_daily_\w+_insert)\b[\s\S]*?\nEND;/g)].map((m) => ({ name: m[1], sql: m[0] }));
  const backfill = [...text.matchAll(/INSERT INTO stats_daily \(company_id, ambassador_uid, campaign_id, kind, day, n\)\s+SELECT[\s\S]*?;/g)].map((m) => m[0]);
  if (triggers.length !== 3 || backfill.length !== 3) throw new Error(`${MIGRATION}: expected 3 insert triggers and 3 backfill statements`);
  return { triggers, backfill };
}

/** The backfill statements limited to one company (the others keep their rows). */
function companyBackfill(backfill, company) {
  return backfill.map((s) => s.replace(/FROM (clicks|shares|referrals)( WHERE counted = 1)?/, (_, t, w) => `FROM ${t} WHERE company_id = ${q(company)}${w ? ' AND counted = 1' : ''}`));
}

async function execFile(persistTo, sql, label) {
  if (isStopping()) throw new Error('stopped');
  const dir = path.join(ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `load-${process.pid}-${label.replace(/\W+/g, '-')}.sql`);
  writeFileSync(file, sql);
  const t0 = performance.now();
  try {
    await runTool('wrangler', ['d1', 'execute', 'DB', '--local', '--yes', '--persist-to', persistTo, '--file', file], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    rmSync(file, { force: true });
  }
  const secs = (performance.now() - t0) / 1000;
  log(`${label}: ${secs.toFixed(1)} s`);
  return secs;
}

/** One query's rows through `wrangler d1 execute --command --json`. */
export async function queryJson(persistTo, sql) {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync('npx', ['--no', 'wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', sql], {
    cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { WRANGLER_SEND_METRICS: 'false', ...process.env },
  });
  return JSON.parse(out.slice(out.indexOf('[')));
}

/**
 * Bytes on disk per table (the table and its indexes, pages as SQLite's dbstat counts them) and its
 * rows, read straight from the local D1 file (node:sqlite, read only; D1 itself has no dbstat).
 */
export async function tableBytes(persistTo, tables) {
  const dir = path.join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database in ${dir}`);
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
  try {
    const bytes = db.prepare(`SELECT s.tbl_name AS tbl, SUM(d.pgsize) AS bytes FROM dbstat d JOIN sqlite_schema s ON s.name = d.name
      GROUP BY s.tbl_name`).all();
    const byTable = new Map(bytes.map((r) => [r.tbl, Number(r.bytes)]));
    return Object.fromEntries(tables.map((t) => [t, {
      bytes: byTable.get(t) ?? 0,
      rows: Number(db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get().n),
    }]));
  } finally {
    db.close();
  }
}

/** Generates the load; returns the seconds each step took. */
export async function generateLoad(opts) {
  const { persistTo, company = 'demo', clicks = 1_000_000, commissions = 100_000, shares = 50_000, days = 730, chunk = 100_000, seed = true } = opts;
  const referrals = opts.referrals ?? commissions;
  const mode = opts.rollups ?? 'triggers';
  if (!['triggers', 'backfill'].includes(mode)) throw new Error('--rollups must be triggers or backfill');
  const timings = {};
  if (seed) {
    log(`migrating and seeding ${persistTo}`);
    await applyMigrations(persistTo);
    await runSeed(persistTo, log);
  }
  const { triggers, backfill } = migrationParts();
  const events = [
    ...chunks(clicks, chunk).map((c) => clicksSql(company, c, days, clicks)),
    ...chunks(shares, chunk).map((c) => sharesSql(company, c, days, shares)),
    ...chunks(referrals, chunk).map((c) => referralsSql(company, c, days, referrals)),
  ];
  log(`${clicks} clicks, ${shares} shares, ${referrals} referrals over ${days} days for ${company}; rollups by ${mode}`);
  if (!events.length) {
    timings.events = 0;
  } else if (mode === 'triggers') {
    timings.events = await execFile(persistTo, events.join('\n'), 'clicks, shares and referrals (rollups by the triggers)');
  } else {
    const sql = [
      ...triggers.map((t) => `DROP TRIGGER ${t.name};`),
      ...events,
      `DELETE FROM stats_daily WHERE company_id = ${q(company)};`,
      ...companyBackfill(backfill, company),
      ...triggers.map((t) => t.sql),
    ].join('\n');
    timings.events = await execFile(persistTo, sql, 'clicks, shares and referrals (triggers off, then one backfill)');
  }
  const commissionSql = chunks(commissions, chunk).map((c) => commissionsSql(company, c, days, commissions, referrals)).join('\n');
  // Counters (migrations/0019_counters.sql) are kept by their triggers as the rows above arrive, as in production.
  timings.commissions = await execFile(persistTo, `${commissionSql}\nANALYZE;`, `${commissions} commissions (+ ANALYZE)`);

  // Check: the company's rollups equal a recount of its raw rows.
  const [check] = await queryJson(persistTo, `SELECT
      (SELECT COALESCE(SUM(n), 0) FROM stats_daily WHERE company_id = ${q(company)} AND kind = 'clicks') AS rollup_clicks,
      (SELECT COUNT(*) FROM clicks WHERE company_id = ${q(company)} AND counted = 1) AS raw_clicks,
      (SELECT COALESCE(SUM(n), 0) FROM stats_daily WHERE company_id = ${q(company)} AND kind <> 'clicks') AS rollup_other,
      (SELECT COUNT(*) FROM shares WHERE company_id = ${q(company)}) + (SELECT COUNT(*) FROM referrals WHERE company_id = ${q(company)}) AS raw_other,
      (SELECT COUNT(*) FROM stats_daily WHERE company_id = ${q(company)}) AS rollup_rows,
      (SELECT COALESCE(SUM(clicks), 0) FROM share_link_counters WHERE company_id = ${q(company)}) AS counter_clicks,
      (SELECT COALESCE(SUM(n), 0) FROM commission_totals WHERE company_id = ${q(company)}) AS counter_commissions,
      (SELECT COUNT(*) FROM commissions WHERE company_id = ${q(company)}) AS raw_commissions`);
  const row = check.results[0];
  log(`check: ${JSON.stringify(row)}`);
  if (row.rollup_clicks !== row.raw_clicks || row.rollup_other !== row.raw_other) throw new Error('stats_daily does not match a recount of the raw rows');
  if (row.counter_clicks !== row.raw_clicks || row.counter_commissions !== row.raw_commissions) throw new Error('the counters do not match a recount of the raw rows');
  return timings;
}

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    booleans: ['no-seed', 'help'],
    strings: ['persist-to', 'clicks', 'commissions', 'shares', 'referrals', 'days', 'company', 'rollups', 'chunk'],
  });
  if (args.help || !args['persist-to']) {
    console.log('usage: npx node scripts/generate-load.mjs --persist-to <dir> [--clicks 1000000] [--commissions 100000] [--shares 50000]\n' +
      '         [--referrals <n>] [--days 730] [--company demo] [--rollups triggers|backfill] [--no-seed] [--chunk 100000]');
    return args.help ? 0 : 2;
  }
  forwardSignals();
  const persistTo = path.resolve(process.cwd(), args['persist-to']);
  const t0 = performance.now();
  await generateLoad({
    persistTo,
    company: args.company ?? 'demo',
    clicks: int(args, 'clicks', 1_000_000),
    commissions: int(args, 'commissions', 100_000),
    shares: int(args, 'shares', 50_000),
    referrals: args.referrals === undefined ? undefined : int(args, 'referrals', 0),
    days: int(args, 'days', 730),
    chunk: Math.max(1, int(args, 'chunk', 100_000)),
    rollups: args.rollups,
    seed: !args['no-seed'],
  });
  log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${persistTo}`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(`[load] ${err.message}`);
      process.exit(err.exitCode || 1);
    },
  );
}
