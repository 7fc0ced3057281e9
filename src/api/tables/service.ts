import { browserLanguage, type Language } from '../../lib/languages';
import { ApiError, fieldError } from '../core/errors';
import { parseWith } from '../core/validate';
import type { Caller, ServiceContext } from '../core/types';
import { tableQuery, TABLE_QUERY_FIELDS, type TableContent, type TableOptions, type TableQuery, type TableRow } from '../../lib/schemas/tables';
import { choicesFor, columnOf, isTableKey, operatorsOf, PAGE_SIZES, TABLES, type Table } from './columns';
import { filterConditions } from './filters';
import { scaleOf, tablePage, type Ordering, type TableSql } from './queries';

// The data tables: GET|POST /tables/options/{table}/ and
// /tables/content/{table}/ (spec §7), the caller's own rows only (company id and ambassador uid are in
// every query). The CSV export of the same rows is csv.ts.

export function tableOf(key: string): Table {
  if (!isTableKey(key)) throw new ApiError('not_found', 'tables.unknown');
  return TABLES[key];
}

/** A table as a reader in `lang` reads it: each column with a value in a language gets that language's SQL. Once per table and language. */
const localized = new Map<string, Table>();
export function tableIn(table: Table, lang: Language | null): Table {
  if (!table.columns.some((c) => c.inLanguage)) return table;
  const key = `${table.key}|${lang ?? ''}`;
  let kept = localized.get(key);
  if (!kept) {
    const columns = table.columns.map((c) => {
      if (!c.inLanguage) return c;
      const sql = c.inLanguage(lang);
      return { ...c, sql, sort: `COALESCE(${sql}, '')` };
    });
    localized.set(key, (kept = { ...table, columns }));
  }
  return kept;
}

/** GET|POST /tables/options/{table}/ - the columns, their operators and choices, orderings and page sizes. */
export function tableOptions(svc: ServiceContext, caller: Caller, key: string): TableOptions {
  const table = tableOf(key);
  const lang = browserLanguage(svc.acceptLanguage);
  return {
    table: table.key,
    columns: table.columns.map((c) => {
      const choices = choicesFor(c, caller, lang);
      return {
        key: c.key,
        label_key: c.label_key,
        type: c.type,
        sortable: c.sortable,
        operators: operatorsOf(c.type),
        ...(choices ? { choices } : {}),
      };
    }),
    default_ordering: table.default_ordering,
    page_sizes: [...PAGE_SIZES],
    default_page_size: table.default_page_size,
  };
}

function parseOrdering(table: Table, raw: string | undefined): Ordering {
  const text = raw || table.default_ordering;
  const desc = text.startsWith('-');
  const column = columnOf(table, desc ? text.slice(1) : text);
  if (!column || !column.sortable) throw fieldError('ordering', 'tables.orderingInvalid');
  return { column, desc };
}

export interface PreparedQuery {
  table: Table;
  sql: TableSql;
  page: number;
  pageSize: number;
  format: 'json' | 'csv';
}

/**
 * Validates a content query (400 naming the bad parameter) and builds its SQL parts, with the values a
 * reader in `lang` sees (a filter or the order on event_data1 reads the names the page shows).
 */
export function prepareQuery(caller: Caller, key: string, input: TableQuery | Record<string, unknown>, lang: Language | null = null): PreparedQuery {
  const table = tableIn(tableOf(key), lang);
  const raw: Record<string, unknown> = input ?? {};
  const q = parseWith(tableQuery, raw);
  // Filters from the input's own keys (zod drops some names, e.g. __proto__: they must still be refused).
  const filters: Record<string, string> = Object.create(null);
  for (const k of Object.keys(raw)) {
    const v = raw[k];
    if ((TABLE_QUERY_FIELDS as readonly string[]).includes(k) || v === undefined) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw fieldError(k, 'invalidField');
    filters[k] = String(v);
  }
  const ordering = parseOrdering(table, q.ordering);
  const conditions = filterConditions(table, filters, caller);
  return {
    table,
    page: q.page,
    pageSize: q.page_size ?? table.default_page_size,
    format: q.format ?? 'json',
    sql: {
      table, companyId: caller.company.id, ambassadorUid: caller.ambassador.uid, conditions, ordering, scale: scaleOf(caller.company.currency),
    },
  };
}

export type RawRow = Record<string, unknown> & { id: string | number; _sort: string | number; _rid: number };

/**
 * A row of the answer: keyed by column, MONEY as `{ minor, currency }` (activity points as `{ points }`); an
 * activity's event_data1 as the query's language reads it (tableIn).
 */
export function rowView(table: Table, raw: RawRow): TableRow {
  const row: TableRow = { id: raw.id };
  for (const c of table.columns) {
    if (c.type === 'MONEY') {
      const points = table.key === 'activity' && raw.points !== null && raw.points !== undefined && raw[`${c.key}__currency`] == null;
      row[c.key] = points ? { points: raw.points as number } : raw[c.key] === null ? null : { minor: raw[c.key] as number, currency: raw[`${c.key}__currency`] as string };
    } else if (c.type === 'BOOLEAN') {
      row[c.key] = raw[c.key] === null ? null : raw[c.key] === 1;
    } else if (c.type === 'CHOICE' && c.integerChoices) {
      row[c.key] = raw[c.key] === null ? null : String(raw[c.key]);
    } else {
      row[c.key] = raw[c.key];
    }
  }
  for (const extra of table.extras) {
    const name = extra.slice(extra.lastIndexOf(' AS ') + 4);
    if (name.startsWith('_')) continue;
    if (name !== 'points' || table.key !== 'activity') row[name] = raw[name];
  }
  return row;
}

/** GET|POST /tables/content/{table}/ - one page of the caller's filtered, ordered rows and their count. */
export async function tableContent(svc: ServiceContext, caller: Caller, key: string, input: TableQuery | Record<string, unknown>): Promise<TableContent> {
  const p = prepareQuery(caller, key, input, browserLanguage(svc.acceptLanguage));
  const { rows, count } = await tablePage<RawRow>(svc.db, p.sql, p.page, p.pageSize);
  const total = count?.n ?? 0;
  return {
    count: total,
    page: p.page,
    page_size: p.pageSize,
    next: p.page * p.pageSize < total,
    previous: p.page > 1,
    results: rows.map((r) => rowView(p.table, r)),
  };
}
