import type { ArchivedClick, ClickArchive, ClickArchiveList, ClickRetention, ClickRetentionRun } from '../../lib/schemas/retention';
import { streamReply, type Reply } from '../core/endpoint';
import { ApiError } from '../core/errors';
import {
  archiveOf, archivesOf, claimMonth, clicksAfter, companyWindows, oldestClickBefore, purgeClicks, recordArchive, releaseMonth,
  retentionMonthsOf, setRetentionMonths,
  type ArchiveRow, type ClickCursor, type ClickRow,
} from './queries';

/**
 * Click retention: a company's raw clicks older than its window (`click_retention_months`,
 * default 13) go to R2 as gzip NDJSON, one object per company and month (`clicks/<company>/<YYYY-MM>.ndjson.gz`),
 * and are then deleted as a purge (migration 0020), so stats_daily and the counters keep counting them.
 *
 * A month is archived in four steps, each safe to stop after: (1) write the object: what it held plus the
 * month's next clicks in (created_at, id) order, its rows and last click in its metadata, sent with its
 * SHA-256 so R2 refuses a damaged upload; (2) verify it (size and metadata read back); (3) record it in
 * click_archives; (4) purge the clicks it holds, page by page. The object is the truth: a run starts from
 * the last click the object's metadata names, records it when the record lags, purges what it holds and
 * appends only clicks after it, so a second run, or one after an interruption, neither loses nor repeats a
 * row. A lease on the month's record keeps the cron and an operator's call from appending at once.
 *
 * Bounded per run: at most LIMITS.maxRowsPerRun clicks read, in pages of LIMITS.page; the rest waits for the next run.
 * A late click cannot land behind an archived one: clicks are recorded as they happen, months after the
 * window closed on them.
 */

export const DEFAULT_RETENTION_MONTHS = 13;
const LEASE_MS = 10 * 60_000;

/** Clicks read per D1 query, and at most per run (the rest waits for the next run). */
export interface RetentionLimits { page: number; maxRowsPerRun: number }
const LIMITS: RetentionLimits = { page: 2_000, maxRowsPerRun: 50_000 };

/** What a run did: clicks archived, clicks purged (including ones an interrupted run had archived), months worked on. */
export type RetentionSummary = ClickRetentionRun;

export const archiveKey = (companyId: string, month: string) => `clicks/${companyId}/${month}.ndjson.gz`;

/** The first month a window of `months` keeps raw on `now` (UTC): every earlier month is archived. */
export function firstKeptMonth(now: Date, months: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 7);
}

/** A month's [from, to) in the ISO times clicks are stored with. */
function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01T00:00:00.000Z`, to: new Date(Date.UTC(y, m, 1)).toISOString() };
}

/** What an archive object holds, by its metadata: its rows and its last click. */
function heldBy(object: R2Object | null): { rows: number; last: ClickCursor } | null {
  const meta = object?.customMetadata;
  if (!meta?.last_created_at || !meta.last_id || !meta.rows) return null;
  return { rows: Number(meta.rows), last: { createdAt: meta.last_created_at, id: Number(meta.last_id) } };
}

/** Runs the job over every company (the cron) or one (the operator's call). */
export async function runClickRetention(
  db: D1Database, bucket: R2Bucket, companyId: string | null, now = new Date(), limits = LIMITS,
): Promise<RetentionSummary> {
  const summary: RetentionSummary = { archived: 0, deleted: 0, months: [] };
  const budget = { rows: limits.maxRowsPerRun, page: limits.page };
  const { results } = await companyWindows(db);
  for (const company of results) {
    if (companyId && company.id !== companyId) continue;
    const before = `${firstKeptMonth(now, company.click_retention_months)}-01T00:00:00.000Z`;
    const seen = new Set<string>();
    while (budget.rows > 0) {
      const oldest = await oldestClickBefore(db, company.id, before);
      const month = oldest?.slice(0, 7);
      // A month met twice in one run was left with clicks it could not take: the next run tries again.
      if (!month || seen.has(month)) break;
      seen.add(month);
      if (!(await archiveMonth(db, bucket, company.id, month, now, budget, summary))) break;
    }
    if (budget.rows <= 0) break;
  }
  return summary;
}

/** One month of one company, as far as the budget goes; false when it could not finish (budget, lease). */
async function archiveMonth(
  db: D1Database, bucket: R2Bucket, companyId: string, month: string, now: Date, budget: { rows: number; page: number }, summary: RetentionSummary,
): Promise<boolean> {
  const key = archiveKey(companyId, month);
  const record = await claimMonth(db, companyId, month, key, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString());
  if (!record) return false;
  summary.months.push(`${companyId}/${month}`);
  const { from, to } = monthRange(month);
  try {
    // Catch up with an object written by a run that stopped before recording or purging it.
    const previous = await bucket.head(key);
    let held = heldBy(previous);
    if (held) {
      if (record.last_id !== held.last.id || record.row_count !== held.rows) {
        await recordArchive(db, companyId, month, held.rows, previous!.size, held.last, now.toISOString());
      }
      summary.deleted += await purgeClicks(db, companyId, from, held.last);
    }

    const pages: ClickCursor[] = [];
    const written = await writeObject(bucket, key, previous, held?.rows ?? 0, async () => {
      if (budget.rows <= 0) return null;
      const { results } = await clicksAfter(db, companyId, from, to, pages.at(-1) ?? held?.last ?? null, Math.min(budget.page, budget.rows));
      if (!results.length) return null;
      budget.rows -= results.length;
      const last = results.at(-1)!;
      pages.push({ createdAt: last.created_at, id: last.id });
      return results;
    });
    if (!written) return budget.rows > 0;
    summary.archived += written.rows - (held?.rows ?? 0);
    held = { rows: written.rows, last: pages.at(-1)! };
    await recordArchive(db, companyId, month, held.rows, written.size, held.last, now.toISOString());
    for (const cursor of pages) summary.deleted += await purgeClicks(db, companyId, from, cursor);
    return budget.rows > 0;
  } finally {
    await releaseMonth(db, companyId, month);
  }
}

const encoder = new TextEncoder();

/**
 * Writes the month's object again: the lines it held, then the pages `next` gives until it gives null,
 * gzip-compressed. Nothing is written when there is no new page. The object is verified after the put
 * (R2 checked the SHA-256 on the way in; its size and metadata are read back).
 */
async function writeObject(
  bucket: R2Bucket, key: string, previous: R2Object | null, heldRows: number, next: () => Promise<ClickRow[] | null>,
): Promise<{ rows: number; size: number } | null> {
  let page = await next();
  if (!page) return null;
  const gzip = new CompressionStream('gzip');
  const compressed = new Response(gzip.readable).arrayBuffer();
  const writer = gzip.writable.getWriter();
  if (previous) {
    const old = await bucket.get(key, { onlyIf: { etagMatches: previous.etag } });
    if (!old || !('body' in old)) throw new Error(`click archive ${key} changed while it was being appended to`);
    const reader = old.body.pipeThrough(new DecompressionStream('gzip')).getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) await writer.write(chunk.value);
  }
  let rows = heldRows;
  let last: ClickRow | undefined;
  while (page) {
    await writer.write(encoder.encode(page.map((click) => `${JSON.stringify(click)}\n`).join('')));
    rows += page.length;
    last = page.at(-1);
    page = await next();
  }
  await writer.close();
  const bytes = new Uint8Array(await compressed);
  const metadata = { rows: String(rows), last_created_at: last!.created_at, last_id: String(last!.id) };
  const put = await bucket.put(key, bytes, {
    sha256: await crypto.subtle.digest('SHA-256', bytes),
    httpMetadata: { contentType: 'application/x-ndjson', contentEncoding: 'gzip' },
    customMetadata: metadata,
    ...(previous && { onlyIf: { etagMatches: previous.etag } }),
  });
  if (!put) throw new Error(`click archive ${key} changed while it was being appended to`);
  const stored = await bucket.head(key);
  if (!stored || stored.size !== bytes.byteLength || JSON.stringify(stored.customMetadata) !== JSON.stringify(metadata)) {
    throw new Error(`click archive ${key} did not read back as written`);
  }
  return { rows, size: bytes.byteLength };
}

/** The company's archived months, newest first. */
export async function listArchives(db: D1Database, companyId: string): Promise<ClickArchiveList> {
  const { results } = await archivesOf(db, companyId);
  const shown = results.filter((a) => a.row_count > 0).map(archiveView);
  return { count: shown.length, results: shown };
}

const archiveView = (a: ArchiveRow): ClickArchive => ({
  month: a.month, object_key: a.object_key, row_count: a.row_count, bytes: a.bytes, created_at: a.created_at, updated_at: a.updated_at,
});

/** The window as the company row has it (a key's company has a row: none is a 404, not a window of null). */
function windowOf(months: number | null): ClickRetention {
  if (months === null) throw new ApiError('not_found', 'notFound');
  return { click_retention_months: months };
}

/** The company's click retention window, in whole months. */
export async function clickRetentionOf(db: D1Database, companyId: string): Promise<ClickRetention> {
  return windowOf(await retentionMonthsOf(db, companyId));
}

/** Changes the window: the next run archives by it. */
export async function setClickRetention(db: D1Database, companyId: string, months: number): Promise<ClickRetention> {
  return windowOf(await setRetentionMonths(db, companyId, months));
}

/**
 * One archived month of the company, streamed: the stored gzip as is (`Content-Encoding: gzip`) when the
 * caller accepts gzip, else the NDJSON gunzipped on the way out. 404 when the company has no such month.
 */
export async function archiveReply(
  db: D1Database, bucket: R2Bucket, companyId: string, month: string, acceptsGzip: boolean,
): Promise<Reply<ArchivedClick>> {
  const record = await archiveOf(db, companyId, month);
  const object = record && record.row_count > 0 ? await bucket.get(record.object_key) : null;
  if (!record || !object) throw new ApiError('not_found', 'notFound');
  const type = 'application/x-ndjson; charset=utf-8';
  const headers: Record<string, string> = {
    'Content-Disposition': `attachment; filename="clicks-${companyId}-${month}.ndjson"`,
    'Cache-Control': 'private, no-store',
    Vary: 'Accept-Encoding',
    'X-Row-Count': object.customMetadata?.rows ?? String(record.row_count),
  };
  if (acceptsGzip) {
    return streamReply(object.body, type, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(object.size) }, true);
  }
  return streamReply(object.body.pipeThrough(new DecompressionStream('gzip')), type, headers);
}
