import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueFiles, importedFiles } from './import-walk';
import { detailHtml } from '../../src/ui/table/activity-detail';
import { filterFormHtml, valueInputHtml } from '../../src/ui/table/table-filter-markup';
import { attr, escapeHtml } from '../../src/lib/escape-html';
import { cellText, colAttr, keptParams, pointsHtml, sortSelectHtml, viewHtml } from '../../src/ui/table/table-markup';
import type { TableConfig, TableLabels, TableView } from '../../src/ui/table/table-types';
import { packBoot, unpackBoot } from '../../src/ui/table/table-boot';
import { formatNumber } from '../../src/lib/format';

// The data tables' markup: the server writes the first page and the browser script the
// pages it fetches with these same functions, so what they write is what every user reads.

const labels: TableLabels = {
  lang: 'en', firstPage: 'Go to the first page', emptyFiltered: 'No rows match', error: 'Could not load', loading: 'Loading…',
  rowsPerPage: 'Rows per page', apply: 'Apply', summary: '{from}–{to} of {count}', total: { one: '# row', other: '{count} rows' },
  selected: '{count} selected', clearSelection: 'Clear', selectAll: 'Select all', selectRow: 'Select row', previous: 'Previous', next: 'Next',
  pageOf: 'Page {page} of {pages}', download: 'Download CSV', filters: 'Filters', column: 'Column', operator: 'Operator', value: 'Value',
  removeFilter: 'Remove filter: {filter}', clearFilters: 'Clear filters', yes: 'Yes', no: 'No', sortLabel: 'Sort',
  pointWords: { forms: { other: '{count} {unit}', '=1': '{unit}: {count}' }, unit: 'stars' }, systemTexts: { 'rewards.entry.referralReward': 'Recompensa por referido', 'Referral reward': 'Recompensa por referido' }, ops: { in: 'is one of', not_in: 'is not one of', exact: 'is', icontains: 'contains' },
  detail: { show: 'Details', failed: 'Failed', openPayout: 'All details', fields: { created_at: 'Date', deducted_amount: 'Deducted', card_number: 'Card', security_url: 'Link' }, cardNumber: { amazon: 'Claim code' }, methods: {}, statuses: {} },
};

const config: TableConfig = {
  table: 'activity', prefix: 'activity.', caption: 'Activity', empty: 'No activity yet',
  columns: [
    { key: 'created_at', label: 'Date', type: 'DATE', sortable: true },
    { key: 'referred_email', label: 'E-mail', type: 'EMAIL', sortable: true },
    { key: 'amount', label: 'Amount', type: 'MONEY', sortable: true },
    { key: 'status', label: 'Status', type: 'CHOICE', sortable: true, choices: [{ value: 'paid', label: 'Paid' }, { value: 'denied', label: 'Denied "<b>"' }] },
    { key: 'event_data1', label: 'Note', type: 'STRING', sortable: false },
  ],
  visible: ['created_at', 'referred_email', 'amount', 'status', 'event_data1'],
  defaultOrdering: '-created_at', defaultPageSize: 15, pageSizes: [15, 25],
  tones: { status: { paid: 'success', denied: 'danger' } },
  detail: true,
};

const rows = [
  { id: 1, created_at: '2026-05-19T10:00:00Z', referred_email: 'kim@example.test', amount: { minor: 1250, currency: 'USD' }, status: 'paid', event_data1: '<img src=x onerror=alert(1)>', payout_id: 'po-7' },
  { id: 2, created_at: '2026-05-18T10:00:00Z', referred_email: null, amount: { points: 40 }, status: 'denied', event_data1: 'a "quoted" & \'single\'', redemption_id: 12 },
  { id: 3, created_at: '2026-05-17T10:00:00Z', referred_email: null, amount: null, status: 'paid', event_data1: null },
];

const view = (change: Partial<TableView> = {}): TableView => ({
  state: { page: 1, pageSize: 15, ordering: null, filters: [] },
  search: '?commissions.page=2', content: { count: 40, page: 1, page_size: 15, results: rows }, error: null, ...change,
});

describe('data table markup', () => {
  it('writes every value as text, never as markup', () => {
    const html = viewHtml(config, labels, view());
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('a &quot;quoted&quot; &amp; &#39;single&#39;');
    // A column key is written unquoted only when it needs no quotes.
    expect(colAttr('event_data1')).toBe('data-col=event_data1');
    expect(colAttr('a b"><x')).toBe('data-col="a b&quot;&gt;&lt;x"');
    // So is every attribute a row repeats: a value that could end it (space, quote, =, <, >, `, /) is quoted.
    expect(attr('name', 'activity.fval')).toBe('name=activity.fval');
    for (const value of ['a b', 'x"onclick=y', "x'", 'a=b', 'a>b', 'a`b', 'a/', '']) expect(attr('data-id', value)).toBe(`data-id="${escapeHtml(value)}"`);
  });

  it('formats cells in the page language and badges statuses', () => {
    const html = viewHtml(config, labels, view());
    expect(html).toContain('<td data-col=created_at>May 19, 2026</td>');
    expect(html).toContain('<td data-col=amount>$12.50</td>');
    expect(html).toContain('<td data-col=amount class=pts><span>40 <span class="unit">stars</span></span></td>');
    expect(html).toContain('<td data-col=status data-tone=success><span>Paid</span></td>');
    expect(html).toContain('<td data-col=status data-tone=danger><span>Denied &quot;&lt;b&gt;&quot;</span></td>');
    // An e-mail's one break opportunity, before its "@" (the desktop table's CSS hides it: one line there).
    expect(html).toContain('<td data-col=referred_email>kim<wbr>@example.test</td>');
    // An empty cell is marked for the CSS dash (and hidden on cards).
    expect(html).toContain('<td data-col=referred_email data-empty></td>');
  });

  it('shows the texts the portal stores (a message key, or older rows\' English) in the page language, and a company\'s own text as it is', () => {
    const note = config.columns.find((c) => c.key === 'event_data1')!;
    expect(cellText(note, 'rewards.entry.referralReward', 'es', labels)).toBe('Recompensa por referido');
    expect(cellText(note, 'Referral reward', 'es', labels)).toBe('Recompensa por referido');
    expect(cellText(note, 'Spring launch', 'es', labels)).toBe('Spring launch');
    expect(cellText(note, 'constructor', 'es', labels)).toBe('constructor');
  });

  it('writes a date cell as the UTC day of every spelling the API sends, and text that is no date as it is', () => {
    const date = config.columns.find((c) => c.key === 'created_at')!;
    // The ISO timestamp, SQLite's zone-less UTC text and a bare day: the same day, in the page language.
    for (const value of ['2026-11-24T00:45:56.396Z', '2026-11-24 00:45:56', '2026-11-24', '2026-11-24T23:59:59Z']) {
      expect(cellText(date, value, 'en', labels)).toBe('Nov 24, 2026');
      expect(cellText(date, value, 'fr', labels)).toBe('24 nov. 2026');
    }
    // An offset moves the instant to another UTC day: read as the instant, not by its first ten characters.
    expect(cellText(date, '2026-11-24T00:30:00+02:00', 'en', labels)).toBe('Nov 23, 2026');
    // The same day a second time (kept per isolate) and in another language read the same as the first time.
    expect(cellText(date, '2026-11-24T08:00:00Z', 'en', labels)).toBe('Nov 24, 2026');
    expect(cellText(date, '2026-13-45T00:00:00Z', 'en', labels)).toBe('2026-13-45T00:00:00Z');
    expect(cellText(date, 'soon', 'en', labels)).toBe('soon');
  });

  it('escapes every character that could end a text or an attribute, and leaves plain text as it is', () => {
    expect(escapeHtml('Theo Dubois 17,52 €')).toBe('Theo Dubois 17,52 €');
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    // Twice in a row (a global pattern keeps state between calls when tested, not when replaced).
    expect(escapeHtml('a<b')).toBe('a&lt;b');
    expect(escapeHtml('a<b')).toBe('a&lt;b');
    expect(escapeHtml(42)).toBe('42');
  });

  it('names the activity detail of payout and redemption rows, and nothing for the others', () => {
    const html = viewHtml(config, labels, view());
    expect(html).toContain('<td class=dt-detail data-detail=payout data-id=po-7></td>');
    expect(html).toContain('<td class=dt-detail data-detail=redemption data-id=12></td>');
    expect(html.match(/<td class=dt-detail data-empty><\/td>/g)).toHaveLength(1);
  });

  it('links each detail to its page, so it opens without JavaScript', () => {
    const detailPaths = { payout: '/app/payouts/{id}', redemption: '/app/rewards?redemption={id}#redemption' };
    const html = viewHtml({ ...config, detailPaths }, labels, view());
    // In the activity the link sits in the row's Details disclosure (the script fetches the detail above it).
    expect(html).toContain('<td class=dt-detail data-detail=payout data-id=po-7><details><summary>Details</summary>'
      + '<p class="detail-page"><a href="/app/payouts/po-7" data-detail-page>All details</a></p></details></td>');
    expect(html).toContain('<td class=dt-detail data-detail=redemption data-id=12><details><summary>Details</summary>'
      + '<p class="detail-page"><a href="/app/rewards?redemption=12#redemption" data-detail-page>Details</a></p></details></td>');
    // Every payout of the payouts table links to its own page, by the row's id (encoded into the path); the
    // browser script leaves that link as it is (no data-detail: no room in a desktop table's row for the detail).
    const payouts: TableConfig = {
      ...config, table: 'payouts', prefix: 'payouts.', detailPaths,
      columns: [{ key: 'amount', label: 'Amount', type: 'MONEY', sortable: true }], visible: ['amount'],
    };
    const results = [{ id: 'po-1', amount: { minor: 100, currency: 'USD' } }, { id: 'a/b"c', amount: { minor: 200, currency: 'USD' } }];
    const page = viewHtml(payouts, labels, view({ content: { count: 2, page: 1, page_size: 15, results } }));
    expect(page).toContain('<td class=dt-detail><a href="/app/payouts/po-1" data-detail-page>Details</a></td>');
    expect(page).toContain('<td class=dt-detail><a href="/app/payouts/a%2Fb%22c" data-detail-page>Details</a></td>');
    expect(page).not.toContain('data-detail=');
  });

  it('puts a row\'s `more` fields in its Details disclosure, not in the table\'s columns', () => {
    const html = viewHtml({ ...config, more: ['event_data1'] }, labels, view());
    expect(html).not.toContain('<th scope="col" data-col=event_data1');
    expect(html).not.toContain('<td data-col=event_data1');
    expect(html).toContain('<td class=dt-detail data-detail=payout data-id=po-7><details><summary>Details</summary>'
      + '<div data-col=event_data1>&lt;img src=x onerror=alert(1)&gt;</div></details></td>');
    // A row with none of them and nothing to fetch has an empty cell, no disclosure opening on nothing.
    expect(html.match(/<td class=dt-detail data-empty><\/td>/g)).toHaveLength(1);
    // Every row's selection box is the script's (a selection needs it): an empty first cell.
    expect(html.match(/<tr data-row><td><\/td>/g)).toHaveLength(3);
  });

  it('writes points as their number and the company\'s name for them apart, so a narrow column cuts neither', () => {
    expect(pointsHtml('300 Acme Coins', 300, 'en')).toBe('300 <span class="unit">Acme Coins</span>');
    expect(pointsHtml('Acme Coins: 1', 1, 'en')).toBe('<span class="unit">Acme Coins:</span> 1');
    // The number as the page language writes it ("1 250", its space a no-break one, never the cut).
    const count = formatNumber(1250, 'fr');
    expect(pointsHtml(`${count} points`, 1250, 'fr')).toBe(`${count} <span class="unit">points</span>`);
    expect(pointsHtml('5 <b>&', 5, 'en')).toBe('5 <span class="unit">&lt;b&gt;&amp;</span>');
    // A row's Details writes them alike.
    const html = viewHtml({ ...config, more: ['amount'] }, labels, view());
    expect(html).toContain('<div data-col=amount class=pts><span>40 <span class="unit">stars</span></span></div>');
  });

  it('gives an e-mail in a row\'s Details the same break before its "@"', () => {
    const html = viewHtml({ ...config, more: ['referred_email'] }, labels, view());
    expect(html).toContain('<div data-col=referred_email>kim<wbr>@example.test</div>');
  });

  it('leaves the narrow layout\'s sort choice to the browser script: an empty slot, then the sortable columns both ways', () => {
    const html = viewHtml(config, labels, view());
    expect(html).toContain('<div class="sort-select" data-sort-slot></div>');
    expect(html).not.toContain('data-sort-select');
    const sort = sortSelectHtml(config, labels, view());
    expect(sort).toContain('<label for="activity.sort">Sort</label><select id="activity.sort" data-sort-select>');
    expect(sort).toContain('<option value="-created_at" selected>Date ↓</option>');
    expect(sort).toContain('<option value="amount">Amount ↑</option>');
    // Not sortable, so not offered.
    expect(sort).not.toContain('event_data1');
  });

  it('links sorting and paging with the other tables\' parameters kept', () => {
    const html = viewHtml(config, labels, view());
    expect(html).toContain('href="?commissions.page=2&amp;activity.ordering=amount" class="sort-link" data-sort="amount"');
    expect(html).toContain('aria-sort="descending" data-col=created_at');
    expect(html).toContain('href="?commissions.page=2&amp;activity.page=2" rel="next"');
    expect(html).toContain('<span class="btn btn-secondary" aria-disabled="true">Previous</span>');
    expect(html).toContain('1–15 of 40');
    expect(html).toContain('Page 1 of 3');
    // The rows-per-page GET form keeps the other parameters but not this table's page.
    expect(html).toContain('<input type="hidden" name="commissions.page" value="2">');
  });

  it('says why a table is empty: no rows, no matches, or a page past the end', () => {
    const none = viewHtml(config, labels, view({ content: { count: 0, page: 1, page_size: 15, results: [] } }));
    expect(none).toContain('<p class="empty" data-table-empty>No activity yet</p>');
    expect(none).toContain('0 rows');
    expect(none).not.toContain('<table');
    const filtered = view({ content: { count: 0, page: 1, page_size: 15, results: [] } });
    filtered.state = { ...filtered.state, filters: [{ column: 'status', op: 'in', negated: true, value: 'paid,denied' }] };
    const html = viewHtml(config, labels, filtered);
    expect(html).toContain('No rows match');
    expect(html).toContain('<li data-filter="status__not_in"><span>Status: is not one of Paid, Denied &quot;&lt;b&gt;&quot;</span>');
    const past = viewHtml(config, labels, view({ content: { count: 40, page: 9, page_size: 15, results: [] } }));
    expect(past).toContain('>Go to the first page</a>');
    expect(viewHtml(config, labels, view({ error: 'Bad <filter>' }))).toContain('<p class="form-error" role="alert" data-table-error>Bad &lt;filter&gt;</p>');
  });

  it('writes the no-JavaScript filter form on the status, with its operators and its choices', () => {
    const html = filterFormHtml(config, labels, keptParams(config, view()));
    expect(html).toContain('<select id="activity.fcol" name="activity.fcol" data-filter-column><option value="created_at">Date</option>');
    expect(html).toContain('<option value="status" selected>Status</option>');
    expect(html).toContain('<select id="activity.fop" name="activity.fop" data-filter-operator><option value="in" selected>is one of</option><option value="not_in">is not one of</option>');
    expect(html).toContain('<label><input type=checkbox name=activity.fval value=paid> Paid</label>');
    expect(html).toContain('<input type="hidden" name="commissions.page" value="2">');
    // A table without a status starts on its first column.
    const dated = filterFormHtml({ ...config, columns: config.columns.slice(0, 3) }, labels, []);
    expect(dated).toContain('<option value="created_at" selected>Date</option>');
    expect(dated).toContain('<input id="activity.fval-input" name="activity.fval" type="date" required data-filter-value>');
    const choices = valueInputHtml(config.columns[3]!, 'not_in', 'activity.fval', labels);
    expect(choices).toContain('<input type=checkbox name=activity.fval value=denied> Denied &quot;&lt;b&gt;&quot;</label>');
  });
});

describe('a table\'s JSON for its script', () => {
  const methods = { 0: 'Manual', 1: 'PayPal' };
  const withMethods: TableConfig = {
    ...config,
    columns: [...config.columns, { key: 'payment_method', label: 'Method', type: 'CHOICE', sortable: true, choices: [{ value: '0', label: 'Manual' }, { value: '1', label: 'PayPal' }] }],
  };
  const boot = { config: withMethods, state: view().state, count: 40 };
  const pageLabels = { ...labels, detail: { ...labels.detail, methods } };

  it('writes choices as pairs and the payment methods as a name for the label set\'s list, and reads back the same config', () => {
    const packed = packBoot(boot, pageLabels);
    const text = JSON.stringify(packed);
    expect(text).toContain('"choices":[["paid","Paid"],["denied","Denied \\"<b>\\""]]');
    expect(text).toContain('"choices":"methods"');
    expect(text).not.toContain('PayPal');
    // Sortable and the contract's page sizes go without saying; a column that is not says so.
    expect(text).not.toContain('"sortable":true');
    expect(text).toContain('"key":"event_data1","label":"Note","type":"STRING","sortable":false');
    expect(unpackBoot(JSON.parse(text), pageLabels)).toEqual(boot);
  });

  it('writes a list that differs from the label set\'s methods out in full', () => {
    const text = JSON.stringify(packBoot(boot, { detail: { ...labels.detail, methods: { 0: 'Manual', 1: 'PayPal', 2: 'Dwolla' } } }));
    expect(text).toContain('[["0","Manual"],["1","PayPal"]]');
  });
});

describe('activity detail markup', () => {
  it('labels the card number by brand, formats money and links only http(s) addresses', () => {
    const html = detailHtml({
      created_at: '2026-05-19 10:00:00', deducted_amount: { minor: 2500, currency: 'USD' }, card_number: '1234', card_number_label_key: 'activityDetail.cardNumber.amazon',
      security_url: 'javascript:alert(1)',
    }, labels);
    expect(html).toContain('<dt>Claim code</dt><dd>1234</dd>');
    expect(html).toContain('<dd>$25</dd>');
    expect(html).toContain('<dt>Link</dt><dd>javascript:alert(1)</dd>');
    expect(html).not.toContain('href="javascript');
    expect(detailHtml({ security_url: 'https://cards.example/x?a=1&b=2' }, labels)).toContain('<a href="https://cards.example/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">');
  });
});

describe('the tables\' browser script', () => {
  // It gets its words from the page (TableLabels.astro): importing lib/i18n, even through another
  // module, would put every catalogue into the browser bundle. (Type-only imports are erased.)
  it('imports no message catalogue, directly or through another module', () => {
    const seen = importedFiles(path.resolve(__dirname, '../../src/ui/table/data-table.ts'));
    expect(seen.size).toBeGreaterThan(5);
    expect(catalogueFiles(seen)).toEqual([]);
  });
});
