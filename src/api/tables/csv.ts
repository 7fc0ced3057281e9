import { inLanguage } from '../../lib/customization-language';
import { minorToDecimal } from '../../lib/format';
import { browserLanguage, normalizeLanguage, t, type Language } from '../../lib/i18n';
import { systemText } from '../../lib/system-text';
import { eventDataLabels } from '../../lib/table-query';
import { csvCell, csvLine } from '../../lib/csv-cell';
import { loadCustomization } from '../companies/customization';
import { streamReply, type Reply } from '../core/endpoint';
import type { Caller, ServiceContext } from '../core/types';
import { choicesFor, type Column } from './columns';
import { keysetStatement, type Cursor } from './queries';
import { prepareQuery, tableContent, tableOf, type PreparedQuery, type RawRow } from './service';
import type { TableContent, TableQuery } from '../../lib/schemas/tables';

// GET /tables/content/{table}/?format=csv: exactly the filtered rows in order, all pages, streamed. The
// stream reads keyset pages of CSV_PAGE rows from D1 as the reader pulls, so memory stays flat whatever
// the row count. Headings and words in the request's language (the page's: the browser API forwards the
// language menu's choice), else the ambassador's, else the company's; the activity's event-data columns
// headed as the company names them, else "Details", "Details (2)" as on the page; money as decimals of its currency; RFC 4180 quoting; text
// cells that a spreadsheet would run as a formula (= + - @, tab, CR) get a leading apostrophe.

export const CSV_PAGE = 1000;
export { csvCell, csvLine };


function cellOf(column: Column, raw: RawRow, labels: Map<string, Map<string, string>>, lang: Language): string {
  // An activity's task or redeemed item is named in the file's language by the query (tableIn).
  const v = raw[column.key];
  if (v === null || v === undefined) return '';
  switch (column.type) {
    case 'MONEY': {
      const currency = raw[`${column.key}__currency`] as string | null;
      if (currency == null && raw.points != null) return csvCell(raw.points, true);
      return csvCell(minorToDecimal(Number(v), currency), true);
    }
    case 'BOOLEAN':
      return v === 1 ? 'true' : 'false';
    case 'CHOICE':
      return csvCell(labels.get(column.key)?.get(String(v)) ?? (column.key === 'campaign' ? raw.campaign_name ?? v : v));
    default:
      // The portal's own stored texts (a message key) in the file's language, like the page shows them.
      return csvCell(typeof v === 'string' ? systemText(v, lang) : v);
  }
}

export function csvFilename(table: string, now = new Date()) {
  return `${table}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The file's language, its column headings (the activity's event data by the company's names) and choice words. */
async function wordsOf(svc: ServiceContext, caller: Caller, table: PreparedQuery['table']) {
  const settings = (await loadCustomization(svc.db, caller.company.id)).company;
  const lang: Language = browserLanguage(svc.acceptLanguage) ?? normalizeLanguage(caller.ambassador.language)
    ?? normalizeLanguage(settings.default_language) ?? 'en';
  const own: Record<string, string> = table.key === 'activity'
    ? eventDataLabels(inLanguage(settings, lang).activity, { details: t(lang, 'tables.col.details'), detailsN: (n) => t(lang, 'tables.col.detailsN', { n }) })
    : {};
  const labels = new Map<string, Map<string, string>>();
  for (const c of table.columns) {
    const choices = choicesFor(c, caller, lang);
    if (choices) labels.set(c.key, new Map(choices.map((ch) => [ch.value, ch.label ?? (ch.label_key ? t(lang, ch.label_key) : ch.value)])));
  }
  return { lang, labels, headings: table.columns.map((c) => own[c.key] ?? t(lang, c.label_key)) };
}

/** Validates the query at once (a bad one throws before any byte is sent), then streams the rows. */
export function tableCsv(svc: ServiceContext, caller: Caller, key: string, input: TableQuery | Record<string, unknown>): ReadableStream<Uint8Array> {
  // Checked now (a bad query is a 400 before any byte), prepared again in the file's language once that is known.
  let p: PreparedQuery = prepareQuery(caller, key, input);
  const { table } = p;
  let words: Awaited<ReturnType<typeof wordsOf>>;
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        words = await wordsOf(svc, caller, table);
        p = prepareQuery(caller, key, input, words.lang);
        controller.enqueue(encoder.encode(csvLine(words.headings.map((h) => csvCell(h)))));
        return;
      }
      if (done) return;
      const { results } = await keysetStatement(svc.db, p.sql, cursor, CSV_PAGE).all<RawRow>();
      let chunk = '';
      for (const raw of results) chunk += csvLine(table.columns.map((c) => cellOf(c, raw, words.labels, words.lang)));
      if (chunk) controller.enqueue(encoder.encode(chunk));
      const last = results.at(-1);
      if (results.length < CSV_PAGE || !last) {
        done = true;
        controller.close();
      } else {
        cursor = { sort: last._sort, rid: last._rid };
      }
    },
  }, { highWaterMark: 0 });
}

/**
 * GET|POST /tables/content/{table}/ - a page of rows as JSON, or with `format=csv` every row as a CSV
 * download (streamed as it is read).
 */
export async function tableAnswer(svc: ServiceContext, caller: Caller, key: string, input: Record<string, unknown>): Promise<TableContent | Reply<never>> {
  if (input.format !== 'csv') return tableContent(svc, caller, key, input);
  const stream = tableCsv(svc, caller, key, input);
  return streamReply(stream, 'text/csv; charset=utf-8', {
    'content-disposition': `attachment; filename="${csvFilename(tableOf(key).key)}"`,
    'cache-control': 'private, no-store',
  });
}
