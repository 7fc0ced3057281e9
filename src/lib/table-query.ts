// The data tables' view state (page, page size, ordering, filters) <-> URL query, as pure functions.
// A page may hold several tables, so each table's parameters carry a prefix in the page URL
// ("commissions.status__in=paid&commissions.page=2"); the API takes them without it (tables contract:
// page, page_size, ordering, `<column>__<op>` and `<column>__not_<op>`). The server page and the
// island read and write the URL with the same functions, so a bookmarked URL paints the same view.

/** Operators of spec §9 per column type (each also has a negated `not_<op>` form). */
export const OPERATORS_BY_TYPE = {
  BOOLEAN: ['is'],
  INTEGER: ['gt', 'lt', 'gte', 'lte', 'exact'],
  DECIMAL: ['gt', 'lt', 'gte', 'lte', 'exact'],
  MONEY: ['gt', 'lt', 'gte', 'lte', 'exact'],
  STRING: ['isnull', 'iexact', 'exact', 'icontains', 'istartswith'],
  DATE: ['gt', 'lt', 'gte', 'lte', 'in_day', 'day_gt', 'day_gte', 'day_lt', 'day_lte', 'past_gt', 'past_lt', 'past_exact', 'isnull'],
  URL: ['isnull', 'iexact', 'icontains'],
  EMAIL: ['isnull', 'iexact', 'icontains', 'istartswith'],
  CHOICE: ['in', 'exact'],
  TYPEAHEAD: ['isnull', 'exact'],
} as const;

export type ColumnType = keyof typeof OPERATORS_BY_TYPE;
export type Operator = (typeof OPERATORS_BY_TYPE)[ColumnType][number];

const ALL_OPERATORS = new Set<string>(Object.values(OPERATORS_BY_TYPE).flat());

export function isOperator(op: string): op is Operator {
  return ALL_OPERATORS.has(op);
}

/** A column type's operators as the tables options list them: each one, then its negated form. */
export function typeOperators(type: string): string[] {
  const ops: readonly string[] = OPERATORS_BY_TYPE[type as ColumnType] ?? [];
  return ops.flatMap((op) => [op, `not_${op}`]);
}

/** The page sizes of the tables contract, used until a table's options say otherwise. */
export const DEFAULT_PAGE_SIZES = [15, 25, 50, 100] as const;

export interface TableFilter {
  column: string;
  op: Operator;
  negated: boolean;
  value: string;
}

export interface TableQueryState {
  page: number;
  pageSize: number;
  /** "-created_at", "amount"; null: the table's default ordering. */
  ordering: string | null;
  filters: TableFilter[];
}

export interface TableQueryDefaults {
  pageSize: number;
  pageSizes?: readonly number[];
}

/** The query name of a filter: "status__in", "status__not_in". */
export function filterParamName(filter: Pick<TableFilter, 'column' | 'op' | 'negated'>): string {
  return `${filter.column}__${filter.negated ? 'not_' : ''}${filter.op}`;
}

/** "status__not_in" -> { column: 'status', op: 'in', negated: true }; null when it is not a filter. */
export function parseFilterParam(name: string): Omit<TableFilter, 'value'> | null {
  const m = /^([a-z][a-z0-9_]*?)__(not_)?([a-z_]+)$/.exec(name);
  if (!m) return null;
  const op = m[3]!;
  if (!isOperator(op)) return null;
  return { column: m[1]!, op, negated: !!m[2] };
}

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

const ORDERING = /^-?[a-z][a-z0-9_]*$/;

/**
 * A table's state from the page URL. Unreadable values fall back to the defaults; filters keep their
 * syntax only (the API checks columns and values and answers 400 naming a wrong one). The fields of
 * the no-JavaScript "add a filter" form (`<prefix>fcol`, `fop`, `fval`, repeatable) add one filter.
 */
export function parseTableQuery(params: URLSearchParams, prefix: string, defaults: TableQueryDefaults): TableQueryState {
  const sizes = defaults.pageSizes ?? DEFAULT_PAGE_SIZES;
  const size = positiveInt(params.get(`${prefix}page_size`));
  const ordering = params.get(`${prefix}ordering`);
  const filters: TableFilter[] = [];
  for (const [name, value] of params) {
    if (!name.startsWith(prefix)) continue;
    const parsed = parseFilterParam(name.slice(prefix.length));
    if (parsed && value !== '') filters.push({ ...parsed, value });
  }
  const added = formFilter(params, prefix);
  if (added) {
    const at = filters.findIndex((f) => filterParamName(f) === filterParamName(added));
    if (at >= 0) filters[at] = added;
    else filters.push(added);
  }
  return {
    page: added ? 1 : positiveInt(params.get(`${prefix}page`)) ?? 1,
    pageSize: size && sizes.includes(size) ? size : defaults.pageSize,
    ordering: ordering && ORDERING.test(ordering) ? ordering : null,
    filters,
  };
}

function formFilter(params: URLSearchParams, prefix: string): TableFilter | null {
  const column = params.get(`${prefix}fcol`) ?? '';
  const opField = params.get(`${prefix}fop`) ?? '';
  const value = params.getAll(`${prefix}fval`).map((v) => v.trim()).filter(Boolean).join(',');
  if (!column || !opField || !value) return null;
  const parsed = parseFilterParam(`${column}__${opField}`);
  return parsed ? { ...parsed, value } : null;
}

/** The API's query for a state (no prefix): page, page_size, ordering when chosen, the filters. */
export function toApiQuery(state: TableQueryState, options: { paging?: boolean } = {}): Record<string, string> {
  const query: Record<string, string> = {};
  if (options.paging !== false) {
    query.page = String(state.page);
    query.page_size = String(state.pageSize);
  }
  if (state.ordering) query.ordering = state.ordering;
  for (const f of state.filters) query[filterParamName(f)] = f.value;
  return query;
}

/** Whether a page URL parameter belongs to the table with this prefix (its state or its add-filter form). */
function ownsParam(name: string, prefix: string): boolean {
  return name.startsWith(prefix);
}

/**
 * The page URL's query for a table state: the other tables' parameters kept, this table's replaced.
 * Defaults are left out so URLs stay short (page 1, the default page size, the default ordering).
 */
export function toPageParams(state: TableQueryState, prefix: string, base: URLSearchParams, defaults: TableQueryDefaults): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of base) if (!ownsParam(name, prefix)) out.append(name, value);
  for (const f of state.filters) out.append(`${prefix}${filterParamName(f)}`, f.value);
  if (state.ordering) out.set(`${prefix}ordering`, state.ordering);
  if (state.pageSize !== defaults.pageSize) out.set(`${prefix}page_size`, String(state.pageSize));
  if (state.page > 1) out.set(`${prefix}page`, String(state.page));
  return out;
}

/** "?a=1&b=2" or "" for a link's href from page params ("?" alone would keep nothing). */
export function searchString(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The browser API's CSV of exactly the filtered rows (all pages) in the table's order. */
export function csvHref(table: string, state: TableQueryState): string {
  const query = new URLSearchParams({ format: 'csv', ...toApiQuery(state, { paging: false }) });
  return `/api/tables/content/${encodeURIComponent(table)}/?${query.toString()}`;
}

/** The browser API's JSON page for a state. */
export function contentHref(table: string, state: TableQueryState): string {
  return `/api/tables/content/${encodeURIComponent(table)}/?${new URLSearchParams(toApiQuery(state)).toString()}`;
}

export type SortDirection = 'asc' | 'desc';

/** "-amount" -> { column: 'amount', direction: 'desc' }. */
export function parseOrdering(ordering: string | null | undefined): { column: string; direction: SortDirection } | null {
  if (!ordering || !ORDERING.test(ordering)) return null;
  return ordering.startsWith('-') ? { column: ordering.slice(1), direction: 'desc' } : { column: ordering, direction: 'asc' };
}

/**
 * The next ordering when a column header is pressed: a new column sorts ascending (dates newest
 * first), the same column flips its direction.
 */
export function nextOrdering(current: string | null, defaultOrdering: string | null, column: string, type?: string): string {
  const now = parseOrdering(current ?? defaultOrdering);
  if (now?.column === column) return now.direction === 'asc' ? `-${column}` : column;
  return type === 'DATE' ? `-${column}` : column;
}

/** The state with some fields changed; a change of filters, ordering or page size goes back to page 1. */
export function withChange(state: TableQueryState, change: Partial<TableQueryState>): TableQueryState {
  const resetsPage = change.filters !== undefined || change.ordering !== undefined || change.pageSize !== undefined;
  return { ...state, ...change, page: change.page ?? (resetsPage ? 1 : state.page) };
}

/** The state with one filter added, or replacing the filter of the same column and operator. */
export function withFilter(state: TableQueryState, filter: TableFilter): TableQueryState {
  const name = filterParamName(filter);
  const filters = state.filters.filter((f) => filterParamName(f) !== name);
  return withChange(state, { filters: [...filters, filter] });
}

/** The state without the filter at `index`. */
export function withoutFilter(state: TableQueryState, index: number): TableQueryState {
  return withChange(state, { filters: state.filters.filter((_, i) => i !== index) });
}

/** "1–15 of 42": the rows shown on a page; from = 0 when there are none. */
export function pageRange(page: number, pageSize: number, count: number): { from: number; to: number; count: number; pages: number } {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (count <= 0) return { from: 0, to: 0, count: 0, pages };
  const from = Math.min((page - 1) * pageSize + 1, count);
  return { from, to: Math.min(page * pageSize, count), count, pages };
}

/** The commission row of spec §3: date, customer referral name and e-mail, transaction id, campaign, revenue, commission, status. */
export const COMMISSION_COLUMNS = ['created_at', 'customer_name', 'customer_email', 'transaction_id', 'campaign', 'revenue', 'amount', 'status'];
/**
 * The commission fields each row shows in its "Details" disclosure, not as columns: at 1280 px in
 * English, French and Polish the table then reads its date, name, campaign, commission and status whole.
 */
export const COMMISSION_MORE = ['customer_email', 'transaction_id', 'revenue'];
/** The payout row of spec §3: payout date, amount, method, status. */
export const PAYOUT_COLUMNS = ['paid_at', 'amount', 'method', 'status'];

/** The activity row of spec §3, less what the company's activity settings hide (spec §3 show flags). */
export function activityColumns(flags: Partial<Record<
  'show_referred_name' | 'show_referred_email' | 'show_expiration_date' | 'show_event_data_1' | 'show_event_data_2' | 'show_event_data_3', boolean>>): string[] {
  const shown = (flag: boolean | undefined) => flag !== false;
  return [
    'created_at', 'type',
    ...(shown(flags.show_referred_name) ? ['referred_name'] : []),
    ...(shown(flags.show_referred_email) ? ['referred_email'] : []),
    'amount', 'status', 'payment_method',
    ...(shown(flags.show_expiration_date) ? ['expire_at'] : []),
    ...(shown(flags.show_event_data_1) ? ['event_data1'] : []),
    ...(shown(flags.show_event_data_2) ? ['event_data2'] : []),
    ...(shown(flags.show_event_data_3) ? ['event_data3'] : []),
  ];
}

/**
 * The activity's fields each row shows in its "Details" disclosure, not as columns: with them
 * its table fits a desktop window (date, type, name, e-mail, amount, status).
 */
export const ACTIVITY_MORE = ['payment_method', 'expire_at', 'event_data1', 'event_data2', 'event_data3'];

/**
 * The headings of the activity's event-data columns: the company's own name for each, else
 * "Details" for the first unnamed one and "Details (2)", "Details (3)" after it, never "Event data N".
 */
export function eventDataLabels(
  names: Partial<Record<'event_data_1_label' | 'event_data_2_label' | 'event_data_3_label', string | null>>,
  words: { details: string; detailsN: (n: number) => string },
): Record<string, string> {
  const labels: Record<string, string> = {};
  let unnamed = 0;
  for (const n of [1, 2, 3] as const) {
    const own = names[`event_data_${n}_label`]?.trim();
    if (own) labels[`event_data${n}`] = own;
    else labels[`event_data${n}`] = (unnamed += 1) === 1 ? words.details : words.detailsN(unnamed);
  }
  return labels;
}

/** A page of rows as the API answers it (spec §9): the total, the page, its rows. */
export interface TableRowsPage {
  count: number;
  page: number;
  page_size: number;
  results: Record<string, unknown>[];
}
