import { useMemo, useRef, useState, type MouseEvent } from 'react';
import { formatMoney, formatNumber, formatPoints } from '../lib/format';
import { dateTimeFormat } from '../lib/intl-cache';
import { fillPlural, type PluralTemplates } from '../lib/plural';
import {
  contentHref, csvHref, nextOrdering, pageRange, parseOrdering, parseTableQuery, searchString, toPageParams, unpackRows, withChange, withFilter,
  withoutFilter, type TableFilter, type TableQueryState, type TableRowsPage,
} from '../lib/table-query';
import ActivityDetail, { type ActivityDetailLabels } from './ActivityDetail';
import TableFilters, { filterText } from './TableFilters';

// One data table for every table of the portal (issue 9): the server paints the first page (this
// component's SSR), links and GET forms page, sort and filter without JavaScript; hydrated, the same
// controls fetch pages from the browser API and keep the view in the URL (history.replaceState).
// Sorting, paging and filtering are the API's (a page holds one page of rows), so the island keeps only
// the view state and the row selection: no table model to build per render, on the server or here.

export interface DataTableColumn {
  key: string;
  label: string;
  type: string;
  sortable: boolean;
  /** Only when not the type's catalogue (typeOperators). */
  operators?: string[];
  choices?: { value: string; label: string }[];
}

export type Row = Record<string, unknown>;

export type TableContentPage = TableRowsPage;

export interface DataTableLabels {
  caption: string; empty: string; firstPage: string; emptyFiltered: string; error: string; loading: string;
  rowsPerPage: string; apply: string; summary: string; total: PluralTemplates | string; selected: PluralTemplates | string; clearSelection: string;
  selectAll: string; selectRow: string; previous: string; next: string; pageOf: string; download: string;
  filters: string; column: string; operator: string; value: string; removeFilter: string; clearFilters: string;
  yes: string; no: string; sortBy: string; sortLabel: string; pointName: string;
  ops: Record<string, string>;
}

export interface DataTableProps {
  table: string;
  /** This table's prefix in the page URL ("commissions."). */
  prefix: string;
  lang: string;
  columns: DataTableColumn[];
  /** The keys of the columns shown (the others can still be filtered on). */
  visible: string[];
  defaultOrdering: string | null;
  defaultPageSize: number;
  pageSizes: number[];
  state: TableQueryState;
  /** The page URL's query at render time ("?a=b" or ""). */
  search: string;
  /** The first page, packed (packRows): the columns shown and the row ids, each value written once. */
  content: string | null;
  error: string | null;
  /** Badge tones per column and value (statuses). */
  tones?: Record<string, Record<string, string>>;
  labels: DataTableLabels;
  /** Activity: rows of payout or redemption type open their detail (spec §3). */
  detail?: ActivityDetailLabels;
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function isMoney(v: unknown): v is { minor: number; currency?: string | null } {
  return typeof v === 'object' && v !== null && typeof (v as { minor?: unknown }).minor === 'number';
}

/** A cell's text: money in the row's currency, dates in the page language, choices by label. */
export function cellText(column: DataTableColumn, value: unknown, lang: string, labels: Pick<DataTableLabels, 'yes' | 'no' | 'pointName'>): string {
  if (value === null || value === undefined || value === '') return '';
  if (isMoney(value)) return formatMoney(value.minor, value.currency, lang);
  if (typeof value === 'object' && typeof (value as { points?: unknown }).points === 'number') return formatPoints((value as { points: number }).points, labels.pointName, lang);
  switch (column.type) {
    case 'DATE': {
      const date = new Date(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      return dateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
    }
    case 'BOOLEAN': return value === true || value === 1 || value === 'true' ? labels.yes : labels.no;
    case 'CHOICE': return column.choices?.find((c) => c.value === String(value))?.label ?? String(value);
    case 'INTEGER': case 'DECIMAL': case 'MONEY': return typeof value === 'number' ? formatNumber(value, lang) : String(value);
    default: return String(value);
  }
}

// A cell's look by column type; with its card label (--label, read by the narrow layout) it is written
// once per table in the island's <style>, not as attributes on every cell.
const TYPE_STYLE: Partial<Record<string, string>> = {
  MONEY: 'text-align:right;white-space:nowrap', DATE: 'white-space:nowrap',
  EMAIL: 'overflow-wrap:break-word;min-width:7ch', STRING: 'overflow-wrap:break-word;min-width:7ch',
};

/** A CSS string of any text: every character but ASCII letters, digits and spaces as a hex escape. */
export const cssString = (text: string) => `"${text.replace(/[^A-Za-z0-9 ]/gu, (ch) => `\\${ch.codePointAt(0)!.toString(16)} `)}"`;

/** The cell rules of one table: `.data-table[data-table=payouts] td[data-col=amount]{--label:"Amount";…}`. */
export function cellStyles(table: string, columns: readonly DataTableColumn[]): string {
  return columns.map((c) => `.data-table[data-table=${table}] td[data-col=${c.key}]{--label:${cssString(c.label)};${TYPE_STYLE[c.type] ?? ''}}`).join('');
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

function rowId(row: Row, index: number): string {
  const id = row.uid ?? row.id ?? row.transaction_id;
  return id === undefined || id === null ? `row-${index}` : `${String(id)}-${index}`;
}

export default function DataTable(props: DataTableProps) {
  const { table: tableName, prefix, lang, columns, labels, defaultOrdering, pageSizes } = props;
  const defaults = { pageSize: props.defaultPageSize, pageSizes };
  const [state, setState] = useState<TableQueryState>(props.state);
  const [content, setContent] = useState<TableContentPage | null>(() => (props.content ? unpackRows(props.content) : null));
  const [error, setError] = useState<string | null>(props.error);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState(props.search);
  // The ids of the selected rows of this page (a new filter clears it).
  const [selection, setSelection] = useState<ReadonlySet<string>>(NONE);
  // The latest fetch: an answer to an older one (a quick second click) is dropped.
  const latest = useRef(0);

  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const rows = content?.results ?? EMPTY;
  const ids = useMemo(() => rows.map(rowId), [rows]);
  // Columns with no value on any row of this page are left out: a table stays as narrow as its data.
  const shown = useMemo(() => props.visible.map((k) => byKey.get(k))
    .filter((c): c is DataTableColumn => !!c && (rows.length === 0 || rows.some((r) => !isBlank(r[c.key])))), [props.visible, byKey, rows]);

  const styles = useMemo(() => cellStyles(tableName, props.visible.flatMap((k) => byKey.get(k) ?? [])), [tableName, props.visible, byKey]);

  const sort = parseOrdering(state.ordering ?? defaultOrdering);
  const allSelected = ids.length > 0 && ids.every((id) => selection.has(id));
  const toggle = (id: string) => setSelection((now) => {
    const next = new Set(now);
    if (!next.delete(id)) next.add(id);
    return next;
  });

  const params = (s: TableQueryState) => toPageParams(s, prefix, new URLSearchParams(search), defaults);
  const href = (s: TableQueryState) => searchString(params(s)) || '?';

  async function go(next: TableQueryState) {
    const url = new URL(window.location.href);
    const merged = toPageParams(next, prefix, url.searchParams, defaults);
    url.search = searchString(merged);
    window.history.replaceState(window.history.state, '', url);
    setSearch(url.search);
    const filtersChanged = JSON.stringify(next.filters) !== JSON.stringify(state.filters);
    setState(next);
    if (filtersChanged) setSelection(NONE);
    const id = ++latest.current;
    setBusy(true);
    try {
      const res = await fetch(contentHref(tableName, next), { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (res.status === 401) { window.location.assign('/login'); return; }
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as TableContentPage;
      if (id !== latest.current) return;
      setContent(body);
      setError(null);
    } catch (err) {
      if (id !== latest.current) return;
      console.error('table:', tableName, err);
      setError(labels.error);
    } finally {
      if (id === latest.current) setBusy(false);
    }
  }

  /** A link that pages, sorts or filters: followed without JavaScript, read back into the state with it. */
  function follow(e: MouseEvent<HTMLAnchorElement>) {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    const query = new URL(e.currentTarget.href, window.location.href).searchParams;
    void go(parseTableQuery(query, prefix, defaults));
  }

  const count = content?.count ?? 0;
  const range = pageRange(state.page, state.pageSize, count);
  const selected = ids.filter((id) => selection.has(id)).length;
  const hiddenForFilter = [...params(state)].filter(([name]) => name !== `${prefix}page`);
  const hiddenForSize = [...params(state)].filter(([name]) => name !== `${prefix}page` && name !== `${prefix}page_size`);
  const ariaSort = (key: string) => (sort?.column === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined);

  return (
    <div className="data-table" data-table={tableName} data-busy={busy ? 'true' : undefined} aria-busy={busy} data-wide={shown.length >= 9 ? '' : undefined}>
      <style>{styles}</style>
      <details className="table-filters" open={state.filters.length > 0 || undefined}>
        <summary>{labels.filters}{state.filters.length > 0 ? ` (${state.filters.length})` : ''}</summary>
        <TableFilters prefix={prefix} columns={columns} labels={labels} hidden={hiddenForFilter} onApply={(f: TableFilter) => void go(withFilter(state, f))} />
      </details>
      {state.filters.length > 0 && (
        <ul className="filter-chips" data-active-filters>
          {state.filters.map((f, i) => {
            const text = filterText(f, byKey.get(f.column), labels);
            return (
              <li key={`${f.column}-${f.op}-${f.negated}`} data-filter={`${f.column}__${f.negated ? 'not_' : ''}${f.op}`}>
                <span>{text}</span>
                <a href={href(withoutFilter(state, i))} onClick={follow} className="chip-remove" aria-label={fill(labels.removeFilter, { filter: text })}>×</a>
              </li>
            );
          })}
          <li><a href={href(withChange(state, { filters: [] }))} onClick={follow} data-clear-filters>{labels.clearFilters}</a></li>
        </ul>
      )}

      <div className="table-toolbar">
        <p className="table-summary" data-table-summary aria-live="polite">
          {rows.length > 0 ? fill(labels.summary, { from: range.from, to: range.to, count: formatNumber(count, lang) }) : fillPlural(labels.total, lang, count, { count: formatNumber(count, lang) })}
          {selected > 0 && (
            <span className="table-selected" data-table-selected> · {fillPlural(labels.selected, lang, selected, { count: formatNumber(selected, lang) })}{' '}
              <button type="button" className="link-button" onClick={() => setSelection(NONE)}>{labels.clearSelection}</button>
            </span>
          )}
        </p>
        <a className="btn btn-secondary" href={csvHref(tableName, state)} download data-table-csv>{labels.download}</a>
      </div>
      {rows.length > 1 && (
        <div className="sort-select">
          <label htmlFor={`${prefix}sort`}>{labels.sortLabel}</label>
          <select id={`${prefix}sort`} value={sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.column}` : ''} data-sort-select
            onChange={(e) => void go(withChange(state, { ordering: e.target.value || null }))}>
            {shown.filter((c) => c.sortable).flatMap((c) => [
              <option key={c.key} value={c.key}>{`${c.label} ↑`}</option>,
              <option key={`-${c.key}`} value={`-${c.key}`}>{`${c.label} ↓`}</option>,
            ])}
          </select>
        </div>
      )}

      {error ? <p className="form-error" role="alert" data-table-error>{error}</p> : rows.length === 0 ? (
        <p className="empty" data-table-empty>
          {count > 0 ? <a href={href(withChange(state, { page: 1 }))} onClick={follow}>{labels.firstPage}</a>
            : state.filters.length > 0 ? labels.emptyFiltered : labels.empty}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="dt">
            <caption className="visually-hidden">{labels.caption}</caption>
            <thead>
              <tr>
                <th scope="col" className="dt-select" data-label={labels.selectAll}>
                  <input type="checkbox" aria-label={labels.selectAll} checked={allSelected}
                    onChange={() => setSelection(allSelected ? NONE : new Set(ids))} data-select-all />
                </th>
                {shown.map((col) => (
                  <th key={col.key} scope="col" aria-sort={ariaSort(col.key)} data-col={col.key} className={`t-${col.type.toLowerCase()}`}>
                    {col.sortable ? (
                      <a href={href(withChange(state, { ordering: nextOrdering(state.ordering, defaultOrdering, col.key, col.type) }))} onClick={follow}
                        className="sort-link" title={fill(labels.sortBy, { column: col.label })} data-sort={col.key}>
                        {col.label}<span aria-hidden="true" className="sort-mark">{sort?.column === col.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </a>
                    ) : col.label}
                  </th>
                ))}
                {props.detail && <th scope="col" className="dt-detail"><span className="visually-hidden">{props.detail.show}</span></th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const id = ids[i]!;
                const isSelected = selection.has(id);
                return (
                  <tr key={id} data-row aria-selected={isSelected || undefined}>
                    <td className="dt-select">
                      <input type="checkbox" aria-label={labels.selectRow} checked={isSelected} onChange={() => toggle(id)} data-select-row />
                    </td>
                    {shown.map((col) => {
                      const value = row[col.key];
                      const text = cellText(col, value, lang, labels);
                      const tone = props.tones?.[col.key]?.[String(value)];
                      const at = col.type === 'EMAIL' ? text.indexOf('@') : -1;
                      return (
                        <td key={col.key} data-col={col.key} data-empty={text ? undefined : ''}>
                          {tone ? <span className={`status-badge tone-${tone}`}>{text}</span>
                            : at > 0 ? <>{text.slice(0, at)}<wbr />{text.slice(at)}</>
                              : text}
                        </td>
                      );
                    })}
                    {props.detail && <DetailCell row={row} lang={lang} labels={props.detail} />}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <nav className="table-pager" aria-label={labels.caption}>
        <form method="get" className="page-size" onSubmit={(e) => e.preventDefault()}>
          {hiddenForSize.map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />)}
          <label htmlFor={`${prefix}page_size`}>{labels.rowsPerPage}</label>
          <select id={`${prefix}page_size`} name={`${prefix}page_size`} value={state.pageSize} data-page-size
            onChange={(e) => void go(withChange(state, { pageSize: Number(e.target.value) }))}>
            {pageSizes.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
          <noscript><button type="submit" className="btn btn-secondary">{labels.apply}</button></noscript>
        </form>
        <span className="page-of">{fill(labels.pageOf, { page: state.page, pages: range.pages })}</span>
        {state.page > 1
          ? <a href={href(withChange(state, { page: state.page - 1 }))} onClick={follow} rel="prev" className="btn btn-secondary" data-page-prev>{labels.previous}</a>
          : <span className="btn btn-secondary" aria-disabled="true">{labels.previous}</span>}
        {state.page < range.pages
          ? <a href={href(withChange(state, { page: state.page + 1 }))} onClick={follow} rel="next" className="btn btn-secondary" data-page-next>{labels.next}</a>
          : <span className="btn btn-secondary" aria-disabled="true">{labels.next}</span>}
      </nav>
    </div>
  );
}

const EMPTY: Row[] = [];
const NONE: ReadonlySet<string> = new Set();

function DetailCell({ row, lang, labels }: { row: Row; lang: string; labels: ActivityDetailLabels }) {
  const kind = !isBlank(row.payout_id) ? 'payout' : !isBlank(row.redemption_id) ? 'redemption' : null;
  const id = kind === 'payout' ? row.payout_id : row.redemption_id;
  return (
    <td className="dt-detail" data-empty={kind ? undefined : ''}>
      {kind && <ActivityDetail kind={kind} id={String(id)} lang={lang} labels={labels} />}
    </td>
  );
}
