// import-ambassadors: a CSV of ambassadors through the company-key endpoint
// POST /v1/operator/ambassadors/import?invite=true|false (Content-Type: text/csv, at most 1000 rows and
// 2 MB a request). Big files go in chunks, each with the header row; progress after each chunk, then one
// report of the rows that failed, with their line in the file (the endpoint reports lines of its chunk).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { baseUrl, call, CliError, companyKey } from './client.mjs';
import { csvChunks } from './csv.mjs';

export const MAX_ROWS_PER_REQUEST = 1000;
/** Text per request, well under the endpoint's 2 MB limit. */
const MAX_BYTES_PER_REQUEST = 1536 * 1024;
const REQUIRED_COLUMNS = ['email', 'first_name', 'last_name'];

/** `email: Enter a valid e-mail address.; group: Unknown group.` */
const errorsText = (errors) =>
  Object.entries(errors ?? {}).map(([field, messages]) => `${field}: ${[].concat(messages).join(' ')}`).join('; ') || 'refused';

export async function importAmbassadors(args) {
  const [file] = args._;
  if (!file) throw new CliError('use: import-ambassadors <file.csv> [--invite] [--key opk_...]', 2);
  const size = Number(args['chunk-size'] ?? MAX_ROWS_PER_REQUEST);
  if (!Number.isInteger(size) || size < 1 || size > MAX_ROWS_PER_REQUEST) {
    throw new CliError(`--chunk-size must be a whole number from 1 to ${MAX_ROWS_PER_REQUEST}`, 2);
  }
  const base = baseUrl(args);
  const auth = companyKey(args);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${err.message}`, 2);
  }
  let parsed;
  try {
    parsed = csvChunks(text, { maxRows: size, maxBytes: MAX_BYTES_PER_REQUEST });
  } catch (err) {
    throw new CliError(`${file}: ${err.message}`, 2);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !parsed.header.includes(column));
  if (missing.length) {
    throw new CliError(`${file}: the header row needs the columns ${REQUIRED_COLUMNS.join(',')} (optional: group,campaigns,language); missing ${missing.join(', ')}`, 2);
  }
  if (!parsed.total) throw new CliError(`${file}: no rows under the header`, 2);

  const invite = Boolean(args.invite);
  const totals = { created: 0, skipped: 0, failed: 0 };
  const failures = [];
  const run = randomUUID();
  for (const [index, chunk] of parsed.chunks.entries()) {
    let body;
    try {
      // One Idempotency-Key per chunk of this run: a chunk retried after a lost answer is not imported twice.
      ({ body } = await call(base, auth, 'POST', `/ambassadors/import?invite=${invite}`, {
        body: chunk.text, contentType: 'text/csv', headers: { 'idempotency-key': `import-${run}-${index}` }, retry: 3,
      }));
    } catch (err) {
      const done = chunk.offset;
      const before = done
        ? `rows 1-${done} were sent (created ${totals.created}, skipped ${totals.skipped}, failed ${totals.failed}); rows already imported are skipped when you run it again`
        : 'nothing was imported';
      throw new CliError(`${err.message}\n  rows ${done + 1}-${done + chunk.count} of ${parsed.total} were not imported; ${before}.`);
    }
    totals.created += body.created;
    totals.skipped += body.skipped;
    totals.failed += body.failed;
    for (const row of body.rows ?? []) {
      const { row: chunkLine, ...report } = row;
      if (report.status === 'error') failures.push({ line: chunk.fileLine(chunkLine), ...report });
    }
    if (!args.json) {
      console.log(`imported ${chunk.offset + chunk.count}/${parsed.total}  (created ${totals.created}, skipped ${totals.skipped}, failed ${totals.failed})`);
    }
  }

  if (args.json) console.log(JSON.stringify({ total: parsed.total, ...totals, invited: invite, failures }, null, 2));
  else {
    const invited = invite && totals.created ? `; ${totals.created} invitation e-mail(s) sent` : '';
    console.log(`\nDone: ${parsed.total} row(s): ${totals.created} created, ${totals.skipped} skipped (already there), ${totals.failed} failed${invited}.`);
    if (failures.length) {
      console.log(`\nRows that failed (line numbers of ${file}):`);
      for (const f of failures) console.log(`  line ${f.line}${f.email ? ` <${f.email}>` : ''}: ${errorsText(f.errors)}`);
    }
  }
  if (totals.failed) process.exitCode = 1;
}
