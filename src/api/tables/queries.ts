import { currencyMinorDigits } from '../../lib/format';
import type { Column, Table } from './columns';
import type { Condition, SqlArg } from './filters';
import { batch, row, rows } from '../core/named-batch';

// The SQL of the data tables: one page (LIMIT/OFFSET) with its count, and keyset pages for the CSV
// export. Text comes from columns.ts only; values are bound.

export interface Ordering {
  column: Column;
  desc: boolean;
}

export interface TableSql {
  table: Table;
  companyId: string;
  ambassadorUid: string;
  conditions: Condition[];
  ordering: Ordering;
  /** 10^digits of the company currency (points of activity rows count as whole units). */
  scale: string;
}

export const withScale = (sql: string, scale: string) => sql.replaceAll(':scale', scale);

export const scaleOf = (currency: string) => String(10 ** currencyMinorDigits(currency));

function selectList(q: TableSql): string {
  const cols = q.table.columns.flatMap((c) => {
    const out = [`${withScale(c.sql, q.scale)} AS ${c.key}`];
    if (c.currency) out.push(`${c.currency} AS ${c.key}__currency`);
    return out;
  });
  return [`${q.table.idOut} AS id`, ...cols, ...q.table.extras, `${sortExpr(q)} AS _sort`, `${q.table.idSql} AS _rid`].join(', ');
}

const sortExpr = (q: TableSql) => withScale(q.ordering.column.sort ?? q.ordering.column.sql, q.scale);

function where(q: TableSql, extra: Condition[] = []): Condition {
  const parts = [q.table.owner, ...q.conditions.map((c) => c.sql), ...extra.map((c) => c.sql)];
  const args: SqlArg[] = [q.companyId, q.ambassadorUid, ...q.conditions.flatMap((c) => c.args), ...extra.flatMap((c) => c.args)];
  return { sql: parts.map((p) => `(${p})`).join(' AND '), args };
}

function orderBy(q: TableSql): string {
  const dir = q.ordering.desc ? 'DESC' : 'ASC';
  return `${sortExpr(q)} ${dir}, ${q.table.idSql} ${dir}`;
}

/** Whether the filters and the order read the row's own columns alone (no alias but `t.`). */
const ownOnly = (q: TableSql) => [sortExpr(q), ...q.conditions.map((c) => c.sql)].every((sql) => !/\b(?!t\.)[a-z_]\w*\.[a-z_]/i.test(sql));

/**
 * One page and the count of every filtered row, as two statements for one batch. The page keeps its
 * number (the API's `page`), so it is an OFFSET; when the filters and the order read the row's own columns
 * (the default: newest first), the OFFSET walks the table's (company, ambassador, created_at) index alone
 * and only the page's rows are joined and computed (a page deep in the history costs index entries, not
 * joined rows), and the count reads that index without the joins.
 */
export function pageStatements(db: D1Database, q: TableSql, page: number, pageSize: number) {
  const w = where(q);
  const own = ownOnly(q);
  const rowsOf = `FROM ${own ? q.table.own : q.table.from} WHERE ${w.sql}`;
  const pageOf = `${rowsOf} ORDER BY ${orderBy(q)} LIMIT ? OFFSET ?`;
  const pageSql = own
    ? `SELECT ${selectList(q)} FROM ${q.table.from} WHERE ${q.table.idSql} IN (SELECT ${q.table.idSql} ${pageOf}) ORDER BY ${orderBy(q)}`
    : `SELECT ${selectList(q)} ${pageOf}`;
  return [
    db.prepare(pageSql).bind(...w.args, pageSize, (page - 1) * pageSize),
    db.prepare(`SELECT COUNT(*) AS n ${rowsOf}`).bind(...w.args),
  ] as const;
}

/** One page of `Row`s and the count of every filtered row, in one batch. */
export function tablePage<Row>(db: D1Database, q: TableSql, page: number, pageSize: number) {
  const [pageRows, count] = pageStatements(db, q, page, pageSize);
  return batch(db, { rows: rows<Row>(pageRows), count: row<{ n: number }>(count) });
}

export interface Cursor {
  sort: SqlArg;
  rid: number;
}

/** The next keyset page after `after` (the first page without one), in the table's order. */
export function keysetStatement(db: D1Database, q: TableSql, after: Cursor | null, limit: number) {
  const extra: Condition[] = [];
  if (after) {
    const cmp = q.ordering.desc ? '<' : '>';
    const s = sortExpr(q);
    // A row value, so SQLite can seek the (company, ambassador, created_at, rowid) index instead of rescanning.
    extra.push({ sql: `(${s}, ${q.table.idSql}) ${cmp} (?, ?)`, args: [after.sort, after.rid] });
  }
  const w = where(q, extra);
  return db.prepare(`SELECT ${selectList(q)} FROM ${q.table.from} WHERE ${w.sql} ORDER BY ${orderBy(q)} LIMIT ?`).bind(...w.args, limit);
}
