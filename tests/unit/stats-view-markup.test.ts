// The stats view written as text on the server (it was a React island): the form, the cards,
// the SVG graph (chart.js only once the person points at it) and the table of every figure are in the HTML before any script, what a company or
// ambassador chose is escaped, and the browser redraws from the same functions.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statsCardsHtml, statsGraphHtml, statsViewHtml, totalsOf, type StatsViewConfig, type StatsViewState } from '../../src/ui/stats-view/stats-view-markup';
import { catalogueFiles, importedFiles } from './import-walk';

const HOSTILE = `"><script>alert(1)</script>&'`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;';
const NOW = new Date(Date.UTC(2026, 5, 15));

const config: StatsViewConfig = {
  lang: 'en', ambassadorUid: 'amb-ava', action: '/app/stats',
  campaigns: [{ id: '101', uid: 'cmp-101', name: 'Spring' }, { id: '102', uid: 'cmp-102', name: 'Summer' }],
  campaign: 'all', selectorEnabled: true,
  ranges: [{ key: '30', label: 'Last 30 days' }, { key: 'last_year', label: 'Last Year' }],
  cards: ['clicks', 'shares', 'referrals'], lines: ['clicks', 'referrals'],
  labels: {
    campaign: 'Campaign', allCampaigns: 'All campaigns', range: 'Range', interval: 'Interval', apply: 'Apply',
    intervals: { day: 'Day', week: 'Week', month: 'Month' }, kinds: { clicks: 'Clicks', shares: 'Shares', referrals: 'Referrals' },
    columns: { day: 'Day', week: 'Week of', month: 'Month' }, periodTitle: 'This period', graphTitle: 'Over time',
    graphAria: 'Clicks and referrals from {start} to {end}', table: 'Show as a table', empty: 'Nothing yet', error: 'Something went wrong', loading: 'Loading…',
  },
};
const march = (day: number) => Date.UTC(2026, 2, day);
const series = [
  { stat_type: 'clicks', name: 'clicks', values: [[march(1), 1200], [march(2), 3]] as [number, number][] },
  { stat_type: 'shares', name: 'shares', values: [[march(1), 0], [march(2), 1]] as [number, number][] },
  { stat_type: 'referrals', name: 'referrals', values: [[march(1), 2], [march(2), 0]] as [number, number][] },
];
const state: StatsViewState = {
  range: '30', status: 'fetched', series, totals: { clicks: 1203, shares: 1, referrals: 2 },
  request: { startDate: '2026-03-01', endDate: '2026-03-02', interval: 'day', campaignUid: null },
};

describe('stats view markup', () => {
  it('is a GET form with the campaign, range and interval of the view selected, and an Apply button', () => {
    const html = statsViewHtml(config, state, { now: NOW });
    expect(html).toContain('<form method="get" action="/app/stats" class="stats-controls card" data-stats-form>');
    expect(html).toContain('<option value="all" selected>All campaigns</option><option value="101">Spring</option>');
    expect(html).toContain('<option value="30" selected>Last 30 days</option><option value="last_year">Last Year</option>');
    expect(html).toContain('<option value="day" selected>Day</option><option value="week">Week</option>');
    expect(html).toContain('<button class="btn btn-secondary" type="submit" data-stats-apply>Apply</button>');
    expect(html).toContain('data-stats-view data-status="fetched" data-enhance');
  });

  it('paints the cards, the SVG graph named by its range and a table of every figure', () => {
    const html = statsViewHtml(config, state, { now: NOW });
    expect(html).toContain('<div class="tile" data-tile="clicks"><div class="value">1,203</div><div class="label">Clicks</div></div>');
    expect(html).toContain('<div class="chart-box" data-stats-chart><div class="line-graph" role="img" aria-label="Clicks and referrals from Mar 1, 2026 to Mar 2, 2026" data-stats-svg>');
    expect(html).not.toContain('<canvas');
    // A line per graph flag, in the chart's colours; the labels carry the year of a range in another year.
    expect(html).toContain('<g data-line="clicks"><path class="line" stroke="#2563eb"');
    expect(html).toContain('<g data-line="referrals"><path class="line" stroke="#059669"');
    expect(html).not.toContain('data-line="shares"');
    expect(html).toContain('style="left:0%">Mar 1</span>');
    expect(html).toContain('<li><span style="background:#2563eb"></span>Clicks</li><li><span style="background:#059669"></span>Referrals</li>');
    expect(html).toContain('<thead><tr><th scope="col">Day</th><th scope="col" class="num">Clicks</th><th scope="col" class="num">Referrals</th></tr></thead>');
    expect(html).toContain('<tr><th scope="row">Mar 1, 2026</th><td class="num" data-label="Clicks">1,200</td><td class="num" data-label="Referrals">2</td></tr>');
    // Shares have a card but no line (spec §3 show flags).
    expect(html).not.toContain('data-label="Shares"');
  });

  it('writes the page language\'s numbers and dates', () => {
    const html = statsViewHtml({ ...config, lang: 'es' }, state, { now: NOW });
    expect(html).toContain('<div class="value">1203</div>');
    expect(html).toContain('<th scope="row">1 mar 2026</th>');
  });

  it('carries its config and state for the browser script in a data block with the page\'s nonce, with no way out of it', () => {
    const hostile = { ...config, campaigns: [{ id: '1', uid: 'u', name: `</script><script>alert(1)</script>` }] };
    const html = statsViewHtml(hostile, state, { nonce: 'abc+/=', now: NOW });
    const block = /<script type="application\/json" nonce="abc\+\/=" data-stats-boot>(.*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual({ config: hostile, state });
    expect(html.match(/<script/g)?.length).toBe(1);
  });

  it('escapes the campaign names, the labels and the range labels', () => {
    const words = Object.fromEntries(Object.entries(config.labels).map(([k, v]) => [k, typeof v === 'string' ? HOSTILE : v])) as StatsViewConfig['labels'];
    const html = statsViewHtml({
      ...config, action: HOSTILE, campaign: HOSTILE, campaigns: [{ id: HOSTILE, uid: null, name: HOSTILE }], ranges: [{ key: HOSTILE, label: HOSTILE }],
      labels: { ...words, kinds: { clicks: HOSTILE, shares: HOSTILE, referrals: HOSTILE } },
    }, state, { now: NOW });
    const markup = html.replace(/<script type="application\/json"[^>]*>.*?<\/script>/, '');
    expect(markup).not.toContain('<script');
    expect(markup).not.toMatch(/="[^"]*"[^ >/]/);
    expect(markup).toContain(`<option value="${ESCAPED}" selected>${ESCAPED}</option>`);
    expect(markup).toContain(`action="${ESCAPED}"`);
    expect(markup).toContain(`data-label="${ESCAPED}"`);
  });

  it('shows the loading line in the graph\'s box while fetching, the error without a graph on failure, and an empty line', () => {
    const fetching = { ...state, status: 'fetching' as const, series: null, totals: null };
    expect(statsCardsHtml(config, fetching)).toContain('<p class="muted" role="status">Loading…</p>');
    expect(statsGraphHtml(config, fetching, NOW)).toContain('<div class="chart-box is-busy" data-stats-chart><p class="chart-loading" role="status">Loading…</p></div>');
    expect(statsGraphHtml(config, fetching, NOW)).not.toContain('<table');
    const failed = { ...state, status: 'fetchError' as const, series: null, totals: null };
    expect(statsCardsHtml(config, failed)).toContain('<p class="form-error" role="alert" data-stats-error>Something went wrong</p>');
    expect(statsGraphHtml(config, failed, NOW)).not.toContain('data-stats-chart');
    const zero = series.map((s) => ({ ...s, values: s.values.map(([t]) => [t, 0] as [number, number]) }));
    const empty = statsGraphHtml(config, { ...state, series: zero, totals: totalsOf(zero) }, NOW);
    expect(empty).toContain('<p class="empty" data-stats-empty>Nothing yet</p>');
    expect(empty).not.toContain('data-stats-chart');
  });

  it('adds up a fetched graph into the cards\' totals', () => {
    expect(totalsOf(series)).toEqual({ clicks: 1203, shares: 1, referrals: 2 });
    expect(totalsOf(null)).toBeNull();
  });

  it('its page script imports no message catalogue, directly or through another module', () => {
    expect(catalogueFiles(importedFiles(path.resolve(__dirname, '../../src/ui/stats-view/stats-view.ts')))).toEqual([]);
  });
});
