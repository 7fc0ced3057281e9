import type { DetailKind } from '../../lib/detail-paths.ts';
import { attr, escapeHtml } from '../../lib/escape-html.ts';
import { formatMoney, formatNumber, formatPointsIn } from '../../lib/format.ts';
import { dateTimeFormat, memoized } from '../../lib/intl-cache.ts';
import { fillPlural, fillTemplate } from '../../lib/plural.ts';
import {
  csvHref, nextOrdering, pageRange, parseOrdering, searchString, toPageParams, withChange, withoutFilter, type TableQueryState,
} from '../../lib/table-query.ts';
import { filterText } from './table-filter-markup.ts';
import type { TableColumn, TableConfig, TableLabels, TableView } from './table-types.ts';
import { emailBreakHtml } from '../../lib/url-breaks.ts';

// The markup of a data table: one set of pure functions that write the table's HTML
// as text, every value escaped. The server writes the first page with them (TableView.astro) and the
// browser script (data-table.ts) writes the pages it fetches with the same ones, so both paint the same
// table and no row is written twice into a page (no island props).

export type Row = Record<string, unknown>;

export const isBlank = (v: unknown) => v === null || v === undefined || v === '';

function isMoney(v: unknown): v is { minor: number; currency?: string | null } {
  return typeof v === 'object' && v !== null && typeof (v as { minor?: unknown }).minor === 'number';
}

/** An amount of points (`{ points: 40 }`), else null. */
const pointsOf = (value: unknown): number | null => (typeof value === 'object' && value !== null && typeof (value as { points?: unknown }).points === 'number'
  ? (value as { points: number }).points : null);

/** A cell's text: money in the row's currency, dates in the page language, choices by label. */
export function cellText(
  column: TableColumn, value: unknown, lang: string, labels: Pick<TableLabels, 'yes' | 'no' | 'pointWords' | 'systemTexts'>,
): string {
  if (isBlank(value)) return '';
  if (isMoney(value)) return formatMoney(value.minor, value.currency, lang);
  const points = pointsOf(value);
  if (points !== null) return formatPointsIn(points, labels.pointWords, lang);
  switch (column.type) {
    case 'DATE': return cellDate(lang, value);
    case 'BOOLEAN': return value === true || value === 1 || value === 'true' ? labels.yes : labels.no;
    case 'CHOICE': return column.choices?.find((c) => c.value === String(value))?.label ?? String(value);
    case 'INTEGER': case 'DECIMAL': case 'MONEY': return typeof value === 'number' ? formatNumber(value, lang) : String(value);
    // An activity's event data the portal wrote itself ("Referral reward") reads in the page language.
    default: return Object.hasOwn(labels.systemTexts, String(value)) ? labels.systemTexts[String(value)]! : String(value);
  }
}

const CELL_DATE = Object.freeze({ year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const);
/** A UTC timestamp or day as the API writes it ("2026-11-24T00:45:56.396Z", SQLite's "2026-11-24 00:45:56", "2026-11-24"): its day is its first ten characters. */
const UTC_DAY = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/;

/**
 * A date cell in the page language ("24 nov 2026"). A cell shows the day only, so a UTC timestamp is
 * formatted once per language and day in an isolate (a table page's dates were its largest
 * self time); any other text is parsed and formatted as before.
 */
function cellDate(lang: string, value: unknown): string {
  const text = typeof value === 'string' && UTC_DAY.test(value) ? dayText(`${lang}|${value.slice(0, 10)}`) : dateText(lang, new Date(String(value)));
  return text ?? String(value);
}
const dayText = memoized(4096, (key) => {
  const cut = key.indexOf('|');
  return dateText(key.slice(0, cut), new Date(`${key.slice(cut + 1)}T00:00:00Z`));
});
const dateText = (lang: string, date: Date) => (Number.isNaN(date.getTime()) ? null : dateTimeFormat(lang, CELL_DATE).format(date));

// A cell's look by column type; with its card label (--label, read by the narrow layout and the row's
// disclosure) it is written once per table in a <style>, not as attributes on every cell. Only money needs
// a rule of its own (right-aligned): that every desktop cell keeps to one line, cut with an ellipsis, and
// that a card wraps, are tables.css's rules for every cell.
const TYPE_STYLE: Partial<Record<string, string>> = { MONEY: 'text-align:right' };

/** A CSS string of any text: every character but ASCII letters, digits and spaces as a hex escape. */
export const cssString = (text: string) => `"${text.replace(/[^A-Za-z0-9 ]/gu, (ch) => `\\${ch.codePointAt(0)!.toString(16)} `)}"`;

/** A cell's column, `data-col=amount`: every cell of a page carries one. */
export const colAttr = (key: string) => attr('data-col', key);

/**
 * The cell rules of one table: each column's label, `[data-table=payouts] [data-col=amount]{--label:"Amount"}`
 * (its heading, its cells and its lines in a row's Details), and the look of its cells by type, one rule per type.
 */
export function cellStyles(table: string, columns: readonly TableColumn[]): string {
  const scope = `[data-table=${table}]`;
  const labels = columns.map((c) => `${scope} [data-col=${c.key}]{--label:${cssString(c.label)}}`).join('');
  const types = [...new Set(columns.map((c) => c.type))].filter((type) => TYPE_STYLE[type]).map((type) => {
    const cells = columns.filter((c) => c.type === type).map((c) => `td[data-col=${c.key}]`).join();
    return `${scope} :is(${cells}){${TYPE_STYLE[type]}}`;
  }).join('');
  return labels + types;
}

/** The columns a page of rows shows: the visible ones with a value on some row (all of them when there is none). */
export function shownColumns(config: TableConfig, rows: readonly Row[]): TableColumn[] {
  const byKey = new Map(config.columns.map((c) => [c.key, c]));
  return config.visible.flatMap((k) => byKey.get(k) ?? [])
    .filter((c) => rows.length === 0 || rows.some((r) => !isBlank(r[c.key])));
}

/** The shown columns split into the table's own and those of each row's disclosure (`more`). */
export function splitColumns(config: TableConfig, shown: readonly TableColumn[]): { cells: TableColumn[]; more: TableColumn[] } {
  const more = new Set(config.more ?? []);
  return { cells: shown.filter((c) => !more.has(c.key)), more: shown.filter((c) => more.has(c.key)) };
}

/**
 * Names, e-mails and other text longer than this get their whole value as a title and a focus stop in
 * the server's markup: the table cuts every text cell to one line, and the browser script
 * (data-table.ts) does the same for any shorter value the column's width cut as well.
 */
export const CLIP_AT = 22;
const CLIPPED = new Set(['STRING', 'EMAIL']);

const defaultsOf = (config: TableConfig) => ({ pageSize: config.defaultPageSize, pageSizes: config.pageSizes });

/** The query a link of this table leads to: the page URL's other parameters kept. */
export function viewParams(config: TableConfig, view: TableView, state: TableQueryState): URLSearchParams {
  return toPageParams(state, config.prefix, new URLSearchParams(view.search), defaultsOf(config));
}

const href = (config: TableConfig, view: TableView, state: TableQueryState) => escapeHtml(searchString(viewParams(config, view, state)) || '?');

const hiddenInputs = (params: [string, string][]) => params.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');

/** The page URL's parameters a GET form of this table keeps (all but the page, and the names left out). */
export function keptParams(config: TableConfig, view: TableView, ...without: string[]): [string, string][] {
  const drop = new Set([`${config.prefix}page`, ...without.map((name) => `${config.prefix}${name}`)]);
  return [...viewParams(config, view, view.state)].filter(([name]) => !drop.has(name));
}

/** "1–25 of 36", or "36 rows" with no row on this page, and "· 2 selected". */
export function summaryHtml(labels: TableLabels, view: TableView, rowCount: number, selected: number): string {
  const lang = labels.lang;
  const count = view.content?.count ?? 0;
  const range = pageRange(view.state.page, view.state.pageSize, count);
  const text = rowCount > 0 ? fillTemplate(labels.summary, { from: range.from, to: range.to, count: formatNumber(count, lang) })
    : fillPlural(labels.total, lang, count, { count: formatNumber(count, lang) });
  const chosen = selected > 0 ? `<span class="table-selected" data-table-selected> · ${escapeHtml(fillPlural(labels.selected, lang, selected, { count: formatNumber(selected, lang) }))} `
    + `<button type="button" class="link-button" data-clear-selection>${escapeHtml(labels.clearSelection)}</button></span>` : '';
  return escapeHtml(text) + chosen;
}

function chipsHtml(config: TableConfig, labels: TableLabels, view: TableView): string {
  const { state } = view;
  if (state.filters.length === 0) return '';
  const chips = state.filters.map((f, i) => {
    const text = filterText(f, config.columns.find((c) => c.key === f.column), labels);
    const name = `${f.column}__${f.negated ? 'not_' : ''}${f.op}`;
    return `<li data-filter="${escapeHtml(name)}"><span>${escapeHtml(text)}</span><a href="${href(config, view, withoutFilter(state, i))}" class="chip-remove" aria-label="${escapeHtml(fillTemplate(labels.removeFilter, { filter: text }))}">×</a></li>`;
  }).join('');
  return `<ul class="filter-chips" data-active-filters>${chips}<li><a href="${href(config, view, withChange(state, { filters: [] }))}" data-clear-filters>${escapeHtml(labels.clearFilters)}</a></li></ul>`;
}

/**
 * The sort choice of the narrow layout (no column headings there). Only the browser script follows it, so
 * only the script writes it, into the slot `viewHtml` leaves (sized by tables.css while it waits).
 */
export function sortSelectHtml(config: TableConfig, labels: TableLabels, view: TableView): string {
  const sort = parseOrdering(view.state.ordering ?? config.defaultOrdering);
  const current = sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.column}` : '';
  const option = (value: string, text: string) => `<option value="${escapeHtml(value)}"${value === current ? ' selected' : ''}>${escapeHtml(text)}</option>`;
  const sortable = config.visible.flatMap((key) => config.columns.find((c) => c.key === key && c.sortable) ?? []);
  const options = sortable.map((c) => option(c.key, `${c.label} ↑`) + option(`-${c.key}`, `${c.label} ↓`)).join('');
  const id = escapeHtml(`${config.prefix}sort`);
  return `<label for="${id}">${escapeHtml(labels.sortLabel)}</label><select id="${id}" data-sort-select>${options}</select>`;
}

function headHtml(config: TableConfig, labels: TableLabels, view: TableView, shown: TableColumn[]): string {
  const { state } = view;
  const sort = parseOrdering(state.ordering ?? config.defaultOrdering);
  const cells = shown.map((col) => {
    const mine = sort?.column === col.key;
    const aria = mine ? ` aria-sort="${sort.direction === 'asc' ? 'ascending' : 'descending'}"` : '';
    const label = escapeHtml(col.label);
    const inner = col.sortable
      ? `<a href="${href(config, view, withChange(state, { ordering: nextOrdering(state.ordering, config.defaultOrdering, col.key, col.type) }))}" class="sort-link" data-sort="${escapeHtml(col.key)}">${label}${mine ? `<span aria-hidden="true" class="sort-mark">${sort.direction === 'asc' ? ' ▲' : ' ▼'}</span>` : ''}</a>`
      : label;
    return `<th scope="col"${aria} ${colAttr(col.key)} class="t-${escapeHtml(col.type.toLowerCase())}">${inner}</th>`;
  }).join('');
  const detail = hasDetailCell(config) ? `<th scope="col" class="dt-detail"><span class="visually-hidden">${escapeHtml(labels.detail.show)}</span></th>` : '';
  return `<thead><tr><th scope="col" class="dt-select" data-label="${escapeHtml(labels.selectAll)}"><input type="checkbox" aria-label="${escapeHtml(labels.selectAll)}" data-select-all></th>${cells}${detail}</tr></thead>`;
}

const hasDetailCell = (config: TableConfig) => config.detail || (config.more?.length ?? 0) > 0;

/**
 * Points as markup: the count, then the company's name for them ("300 Acme Coins", "Acme Coins: 1") in a
 * span of their own, so a narrow amount column puts the name under the number instead of cutting either
 * (never "300 Acme Co...").
 */
export function pointsHtml(text: string, points: number, lang: string): string {
  const count = formatNumber(points, lang);
  const at = text.indexOf(count);
  if (at < 0) return escapeHtml(text);
  const unit = (part: string) => (part.trim() ? `<span class="unit">${escapeHtml(part.trim())}</span>` : '');
  const before = text.slice(0, at);
  const after = text.slice(at + count.length);
  return `${unit(before)}${before.trim() ? ' ' : ''}${escapeHtml(count)}${after.trim() ? ' ' : ''}${unit(after)}`;
}

/**
 * A cell's text as markup: a status as its badge, points with their name apart, a long text with its
 * whole value on hover and focus.
 */
function cellHtml(config: TableConfig, col: TableColumn, value: unknown, text: string, tag: 'td' | 'div', lang: string): string {
  const key = colAttr(col.key);
  const tone = config.tones?.[col.key]?.[String(value)];
  // A status's badge is the span of a toned cell (tables.css): no class on each of them.
  if (tone) return `<${tag} ${key} ${attr('data-tone', tone)}><span>${escapeHtml(text)}</span></${tag}>`;
  const points = pointsOf(value);
  // One span around both: a card's line is a grid whose every child is a cell of its own.
  if (points !== null) return `<${tag} ${key} class=pts><span>${pointsHtml(text, points, lang)}</span></${tag}>`;
  const whole = tag === 'td' && CLIPPED.has(col.type) && text.length > CLIP_AT ? ` class=dt-clip tabindex=0 title="${escapeHtml(text)}"` : '';
  // An e-mail may wrap before its "@" on a phone's card and in a row's Details. Chromium breaks even a
  // nowrap cell at a <wbr>, so the desktop table hides it (tables.css): its cell stays one line, cut.
  return `<${tag} ${key}${whole}>${col.type === 'EMAIL' ? emailBreakHtml(text) : escapeHtml(text)}</${tag}>`;
}

/**
 * The rows of a page. Each starts with the cell of its selection box, an empty first cell (the browser
 * script writes the box: a selection needs it). A row's `more` fields go into its "Details" disclosure,
 * and a payout or redemption row of activity names its detail for the browser script to fetch into the
 * same disclosure.
 */
export function rowsHtml(config: TableConfig, labels: TableLabels, rows: readonly Row[], shown: TableColumn[]): string {
  const { cells, more } = splitColumns(config, shown);
  const withDetail = hasDetailCell(config);
  return rows.map((row) => {
    const tds = cells.map((col) => {
      const text = cellText(col, row[col.key], labels.lang, labels);
      return text ? cellHtml(config, col, row[col.key], text, 'td', labels.lang) : `<td ${colAttr(col.key)} data-empty></td>`;
    }).join('');
    const lines = more.map((col) => {
      const text = cellText(col, row[col.key], labels.lang, labels);
      return text ? cellHtml(config, col, row[col.key], text, 'div', labels.lang) : '';
    }).join('');
    return `<tr data-row><td></td>${tds}${withDetail ? detailCell(config, labels, row, lines) : ''}</tr>`;
  }).join('');
}

/**
 * A row's detail cell. A payout of the payouts table links to its page (no room in a desktop row for
 * more). An activity row has a "Details" disclosure holding its `more` fields and, for a payout or a
 * redemption, the link to the detail's page (what a reader without JavaScript follows); the browser
 * script fetches the detail into the same disclosure (`data-detail`).
 */
function detailCell(config: TableConfig, labels: TableLabels, row: Row, lines: string): string {
  const [kind, id]: [DetailKind, unknown] | [null, null] = config.table === 'payouts' ? ['payout', row.id]
    : !config.detail ? [null, null]
      : !isBlank(row.payout_id) ? ['payout', row.payout_id] : !isBlank(row.redemption_id) ? ['redemption', row.redemption_id] : [null, null];
  const path = kind ? config.detailPaths?.[kind] : undefined;
  const href = path ? escapeHtml(path.replace('{id}', encodeURIComponent(String(id)))) : '';
  if (config.table === 'payouts') {
    return href ? `<td class=dt-detail><a href="${href}" data-detail-page>${escapeHtml(labels.detail.show)}</a></td>` : '<td class=dt-detail data-empty></td>';
  }
  const page = href ? `<p class="detail-page"><a href="${href}" data-detail-page>${escapeHtml(kind === 'payout' ? labels.detail.openPayout : labels.detail.show)}</a></p>` : '';
  const fetched = kind ? ` ${attr('data-detail', kind)} ${attr('data-id', String(id))}` : '';
  const disclosure = lines || page ? `<details><summary>${escapeHtml(labels.detail.show)}</summary>${lines}${page}</details>` : '';
  return disclosure || fetched ? `<td class=dt-detail${fetched}>${disclosure}</td>` : '<td class=dt-detail data-empty></td>';
}

function pagerHtml(config: TableConfig, labels: TableLabels, view: TableView): string {
  const { state } = view;
  const range = pageRange(state.page, state.pageSize, view.content?.count ?? 0);
  const id = escapeHtml(`${config.prefix}page_size`);
  const sizes = config.pageSizes.map((n) => `<option value="${n}"${n === state.pageSize ? ' selected' : ''}>${n}</option>`).join('');
  const step = (page: number, rel: 'prev' | 'next', text: string, on: boolean) => on
    ? `<a href="${href(config, view, withChange(state, { page }))}" rel="${rel}" class="btn btn-secondary" data-page-${rel}>${escapeHtml(text)}</a>`
    : `<span class="btn btn-secondary" aria-disabled="true">${escapeHtml(text)}</span>`;
  return `<nav class="table-pager" aria-label="${escapeHtml(config.caption)}">`
    + `<form method="get" class="page-size">${hiddenInputs(keptParams(config, view, 'page_size'))}<label for="${id}">${escapeHtml(labels.rowsPerPage)}</label>`
    + `<select id="${id}" name="${id}" data-page-size>${sizes}</select><noscript><button type="submit" class="btn btn-secondary">${escapeHtml(labels.apply)}</button></noscript></form>`
    + `<span class="page-of">${escapeHtml(fillTemplate(labels.pageOf, { page: state.page, pages: range.pages }))}</span>`
    + step(state.page - 1, 'prev', labels.previous, state.page > 1) + step(state.page + 1, 'next', labels.next, state.page < range.pages)
    + '</nav>';
}

/**
 * Everything of a table below its filter form: the active filters, the summary and CSV link, the slot of
 * the narrow layout's sort choice, the table (or its error or empty message) and the pager. Links and GET
 * forms page, sort and filter without JavaScript; the browser script follows them in place.
 */
export function viewHtml(config: TableConfig, labels: TableLabels, view: TableView): string {
  const { state } = view;
  const rows = view.content?.results ?? [];
  const shown = shownColumns(config, rows);
  const { cells } = splitColumns(config, shown);
  const toolbar = `<div class="table-toolbar"><p class="table-summary" data-table-summary aria-live="polite">${summaryHtml(labels, view, rows.length, 0)}</p>`
    + `<a class="btn btn-secondary" href="${escapeHtml(csvHref(config.table, state))}" download data-table-csv>${escapeHtml(labels.download)}</a></div>`;
  let body: string;
  if (view.error) body = `<p class="form-error" role="alert" data-table-error>${escapeHtml(view.error)}</p>`;
  else if (rows.length === 0) {
    const count = view.content?.count ?? 0;
    const text = count > 0 ? `<a href="${href(config, view, withChange(state, { page: 1 }))}">${escapeHtml(labels.firstPage)}</a>`
      : escapeHtml(state.filters.length > 0 ? labels.emptyFiltered : config.empty);
    body = `<p class="empty" data-table-empty>${text}</p>`;
  } else {
    body = `<div class="table-scroll"><table class="dt"><caption class="visually-hidden">${escapeHtml(config.caption)}</caption>`
      + `${headHtml(config, labels, view, cells)}<tbody>${rowsHtml(config, labels, rows, shown)}</tbody></table></div>`;
  }
  const sortSlot = rows.length > 1 ? '<div class="sort-select" data-sort-slot></div>' : '';
  return chipsHtml(config, labels, view) + toolbar + sortSlot + body + pagerHtml(config, labels, view);
}
