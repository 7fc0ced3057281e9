import { describe, expect, it } from 'vitest';
import {
  activityColumns, csvHref, contentHref, filterParamName, nextOrdering, pageRange, parseFilterParam, parseOrdering, parseTableQuery,
  searchString, toApiQuery, toPageParams, typeOperators, withChange, withFilter, withoutFilter, type TableQueryState,
} from '../../src/lib/table-query';
import { operatorsOf } from '../../src/api/tables/columns';
import { cssString } from '../../src/ui/table/table-markup';

const defaults = { pageSize: 25 };
const q = (text: string) => new URLSearchParams(text);

describe('filter parameter names', () => {
  it('reads plain and negated filters', () => {
    expect(parseFilterParam('status__in')).toEqual({ column: 'status', op: 'in', negated: false });
    expect(parseFilterParam('status__not_in')).toEqual({ column: 'status', op: 'in', negated: true });
    expect(parseFilterParam('created_at__day_gte')).toEqual({ column: 'created_at', op: 'day_gte', negated: false });
    expect(parseFilterParam('event_data1__not_icontains')).toEqual({ column: 'event_data1', op: 'icontains', negated: true });
    expect(parseFilterParam('customer_email__not_isnull')).toEqual({ column: 'customer_email', op: 'isnull', negated: true });
  });
  it('refuses what is not a filter', () => {
    for (const name of ['page', 'page_size', 'ordering', 'status', 'status__bogus', 'status__not_', '__in', 'Status__in', 'a__in;drop']) {
      expect(parseFilterParam(name)).toBeNull();
    }
  });
  it('writes names back', () => {
    expect(filterParamName({ column: 'amount', op: 'gt', negated: true })).toBe('amount__not_gt');
    expect(filterParamName({ column: 'amount', op: 'gt', negated: false })).toBe('amount__gt');
  });
});

describe('parseTableQuery', () => {
  it('reads this table\'s prefixed parameters only', () => {
    const state = parseTableQuery(q('commissions.page=3&commissions.page_size=50&commissions.ordering=-amount&commissions.status__in=paid,pending&payouts.page=2&payouts.status__exact=paid'), 'commissions.', defaults);
    expect(state).toEqual({
      page: 3, pageSize: 50, ordering: '-amount',
      filters: [{ column: 'status', op: 'in', negated: false, value: 'paid,pending' }],
    });
  });
  it('falls back to the defaults for unreadable values', () => {
    const state = parseTableQuery(q('t.page=0&t.page_size=13&t.ordering=amount;drop&t.status__in='), 't.', defaults);
    expect(state).toEqual({ page: 1, pageSize: 25, ordering: null, filters: [] });
    expect(parseTableQuery(q('t.page=abc&t.page_size=1000'), 't.', { pageSize: 15 })).toMatchObject({ page: 1, pageSize: 15 });
  });
  it('adds the filter of the no-JavaScript form and goes back to page 1', () => {
    const state = parseTableQuery(q('t.page=4&t.status__in=paid&t.fcol=status&t.fop=not_in&t.fval=denied&t.fval=zero'), 't.', defaults);
    expect(state.page).toBe(1);
    expect(state.filters).toEqual([
      { column: 'status', op: 'in', negated: false, value: 'paid' },
      { column: 'status', op: 'in', negated: true, value: 'denied,zero' },
    ]);
    // The same column and operator replaces the filter.
    expect(parseTableQuery(q('t.status__in=paid&t.fcol=status&t.fop=in&t.fval=zero'), 't.', defaults).filters)
      .toEqual([{ column: 'status', op: 'in', negated: false, value: 'zero' }]);
  });
});

describe('query round trips', () => {
  const state: TableQueryState = {
    page: 2, pageSize: 50, ordering: '-amount',
    filters: [{ column: 'status', op: 'in', negated: false, value: 'paid' }, { column: 'amount', op: 'lt', negated: true, value: '12.50' }],
  };
  it('gives the API its query without prefix', () => {
    expect(toApiQuery(state)).toEqual({ page: '2', page_size: '50', ordering: '-amount', status__in: 'paid', amount__not_lt: '12.50' });
    expect(toApiQuery(state, { paging: false })).toEqual({ ordering: '-amount', status__in: 'paid', amount__not_lt: '12.50' });
  });
  it('writes the page URL keeping the other tables and reads it back', () => {
    const base = q('payouts.page=2&commissions.page=9&commissions.fcol=x&lang=es');
    const params = toPageParams(state, 'commissions.', base, defaults);
    expect(params.get('payouts.page')).toBe('2');
    expect(params.get('lang')).toBe('es');
    expect(params.get('commissions.fcol')).toBeNull();
    expect(parseTableQuery(params, 'commissions.', defaults)).toEqual(state);
  });
  it('leaves defaults out of the URL', () => {
    const plain = { page: 1, pageSize: 25, ordering: null, filters: [] };
    expect(searchString(toPageParams(plain, 't.', q(''), defaults))).toBe('');
  });
  it('links the CSV of the filtered rows (all pages) and the JSON page through the browser API', () => {
    expect(csvHref('commissions', state)).toBe('/api/tables/content/commissions/?format=csv&ordering=-amount&status__in=paid&amount__not_lt=12.50');
    expect(contentHref('commissions', state)).toBe('/api/tables/content/commissions/?page=2&page_size=50&ordering=-amount&status__in=paid&amount__not_lt=12.50');
  });
});

describe('state changes', () => {
  const state: TableQueryState = { page: 3, pageSize: 25, ordering: null, filters: [] };
  it('goes back to page 1 when filters, ordering or page size change', () => {
    expect(withChange(state, { ordering: 'amount' }).page).toBe(1);
    expect(withChange(state, { pageSize: 50 }).page).toBe(1);
    expect(withChange(state, { page: 4 }).page).toBe(4);
    const filtered = withFilter(state, { column: 'status', op: 'exact', negated: false, value: 'paid' });
    expect(filtered.page).toBe(1);
    expect(withFilter(filtered, { column: 'status', op: 'exact', negated: false, value: 'zero' }).filters).toHaveLength(1);
    expect(withoutFilter(filtered, 0).filters).toEqual([]);
  });
  it('sorts a new column ascending (dates newest first) and flips the current one', () => {
    expect(nextOrdering(null, '-created_at', 'amount', 'MONEY')).toBe('amount');
    expect(nextOrdering('amount', '-created_at', 'amount', 'MONEY')).toBe('-amount');
    expect(nextOrdering(null, '-created_at', 'created_at', 'DATE')).toBe('created_at');
    expect(nextOrdering(null, null, 'paid_at', 'DATE')).toBe('-paid_at');
    expect(parseOrdering('-amount')).toEqual({ column: 'amount', direction: 'desc' });
    expect(parseOrdering('bad order')).toBeNull();
  });
  it('summarises a page', () => {
    expect(pageRange(1, 15, 42)).toEqual({ from: 1, to: 15, count: 42, pages: 3 });
    expect(pageRange(3, 15, 42)).toEqual({ from: 31, to: 42, count: 42, pages: 3 });
    expect(pageRange(1, 15, 0)).toEqual({ from: 0, to: 0, count: 0, pages: 1 });
  });
  it('hides the activity columns the company turned off', () => {
    expect(activityColumns({})).toContain('event_data3');
    const cols = activityColumns({ show_referred_email: false, show_event_data_2: false });
    expect(cols).not.toContain('referred_email');
    expect(cols).not.toContain('event_data2');
    expect(cols).toContain('referred_name');
  });
});

describe('operators by column type', () => {
  it('are the API\'s catalogue, so a column of its type\'s catalogue need not list them', () => {
    for (const type of ['BOOLEAN', 'INTEGER', 'DECIMAL', 'MONEY', 'STRING', 'DATE', 'URL', 'EMAIL', 'CHOICE', 'TYPEAHEAD'] as const) {
      expect(typeOperators(type)).toEqual(operatorsOf(type));
    }
    expect(typeOperators('NOT_A_TYPE')).toEqual([]);
  });
});

describe('card labels written into a table\'s style', () => {
  it('escapes every character that could end the string or the style element', () => {
    const hostile = 'Comisión "x" </style><script>alert(1)</script> \\ ; } 🎉';
    const css = cssString(hostile);
    expect(css).toMatch(/^"[A-Za-z0-9 \\]*"$/);
    expect(css).not.toMatch(/[<>;{}]/);
    // CSS reads the escapes back to the same text.
    const read = css.slice(1, -1).replace(/\\([0-9a-f]+) /g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
    expect(read).toBe(hostile);
  });
});
