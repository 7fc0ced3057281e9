// The stats graph as an inline SVG (the first paint no longer waits for chart.js): whole-number
// ticks in the page language, time labels that fit (with the year where the range needs it), straight
// segments in the chart's colours, a name for screen readers, escaped text, and no crash on an empty or
// one-point series.
import { describe, expect, it } from 'vitest';
import { countTicks, labelIndices, lineGraphHtml, type LineGraph } from '../../src/ui/line-chart/line-graph-svg';
import { statsGraphHtml, type StatsViewConfig, type StatsViewState } from '../../src/ui/stats-view/stats-view-markup';

const HOSTILE = `"><script>alert(1)</script>&'`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;';

const graph = (over: Partial<LineGraph> = {}): LineGraph => ({
  series: [{ key: 'clicks', label: 'Clicks', color: '#2563eb', values: [0, 7, 3] }],
  timeLabels: ['Mar 1', 'Mar 2', 'Mar 3'], label: 'Clicks from Mar 1 to Mar 3', lang: 'en', ...over,
});
const yTicks = (html: string) => [...html.matchAll(/<div class="line-graph-y">(.*?)<\/div>/g)][0]![1]!.match(/<span>(.*?)<\/span>/g)!.map((s) => s.slice(6, -7));
const xLabels = (html: string) => [...html.matchAll(/<span[^>]*style="left:[^"]*">(.*?)<\/span>/g)].map((m) => m[1]);

describe('line graph SVG', () => {
  it('counts on whole-number ticks from 0 to a round top that holds the highest count', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(99)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(countTicks(1200)).toEqual([0, 500, 1000, 1500]);
    for (const highest of [1, 2, 5, 11, 37, 250, 9999]) {
      const ticks = countTicks(highest);
      expect(ticks.every((t) => Number.isInteger(t))).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(highest);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });

  it('writes the ticks in the page language, top first', () => {
    expect(yTicks(lineGraphHtml(graph()))).toEqual(['8', '6', '4', '2', '0']);
    const big = graph({ series: [{ key: 'clicks', label: 'Clics', color: '#2563eb', values: [1200, 3] }], timeLabels: ['1 mars', '2 mars'], lang: 'fr' });
    expect(yTicks(lineGraphHtml(big))).toEqual(['1,5\u00a0k', '1\u00a0k', '500', '0']);
  });

  it('is an image named for screen readers, whose parts a screen reader skips', () => {
    const html = lineGraphHtml(graph());
    expect(html).toMatch(/^<div class="line-graph" role="img" aria-label="Clicks from Mar 1 to Mar 3" data-stats-svg>/);
    expect(html).toContain('<svg viewBox="0 0 1000 1000" preserveAspectRatio="none" aria-hidden="true" focusable="false">');
  });

  it('draws straight segments through every count, a dot on each, in the series\' colour', () => {
    const html = lineGraphHtml(graph());
    // 0 at the bottom, 7 of a top tick of 8 near the top, 3 below the middle; no curve commands.
    expect(html).toContain('<path class="line" stroke="#2563eb" d="M0,1000L500,125L1000,625"/>');
    expect(html).toContain('<path class="dots" stroke="#2563eb" d="M0,1000h0M500,125h0M1000,625h0"/>');
    expect(html).not.toMatch(/d="[^"]*[CQSTA]/);
  });

  it('draws the first series on top, as the chart does (clicks over referrals where they meet)', () => {
    const html = lineGraphHtml(graph({ series: [
      { key: 'clicks', label: 'Clicks', color: '#2563eb', values: [0, 1] },
      { key: 'referrals', label: 'Referrals', color: '#059669', values: [0, 1] },
    ] }));
    expect(html.indexOf('data-line="referrals"')).toBeLessThan(html.indexOf('data-line="clicks"'));
    expect(html).toContain('<li><span style="background:#2563eb"></span>Clicks</li><li><span style="background:#059669"></span>Referrals</li>');
  });

  it('leaves the dots off a long series, as the chart does', () => {
    const values = Array.from({ length: 41 }, (_, i) => i);
    const html = lineGraphHtml(graph({ series: [{ key: 'clicks', label: 'Clicks', color: '#2563eb', values }], timeLabels: values.map(String) }));
    expect(html).toContain('class="line"');
    expect(html).not.toContain('class="dots"');
  });

  it('labels as many times as fit: more on a wide screen than on a phone, the first always', () => {
    expect(labelIndices(31, 12)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
    expect(labelIndices(31, 4)).toEqual([0, 10, 20, 30]);
    expect(labelIndices(1, 4)).toEqual([0]);
    expect(labelIndices(0, 4)).toEqual([]);
    const days = Array.from({ length: 31 }, (_, i) => `Mar ${i + 1}`);
    const html = lineGraphHtml(graph({ series: [{ key: 'clicks', label: 'Clicks', color: '#2563eb', values: days.map(() => 1) }], timeLabels: days }));
    const shown = xLabels(html);
    expect(shown[0]).toBe('Mar 1');
    expect(html).toContain('<span class="at-start" style="left:0%">Mar 1</span>');
    expect(html).toMatch(/<span class="wide-only" style="left:[\d.]+%">Mar 4<\/span>/);
    expect(html).toContain('<span class="at-end" style="left:100%">Mar 31</span>');
  });

  it('draws one point in the middle, and nothing but the axes for no points', () => {
    const one = lineGraphHtml(graph({ series: [{ key: 'clicks', label: 'Clicks', color: '#2563eb', values: [4] }], timeLabels: ['March'] }));
    expect(one).not.toContain('class="line"');
    expect(one).toContain('<path class="dots" stroke="#2563eb" d="M500,0h0"/>');
    expect(one).toContain('<span style="left:50%">March</span>');
    const none = lineGraphHtml(graph({ series: [{ key: 'clicks', label: 'Clicks', color: '#2563eb', values: [] }], timeLabels: [] }));
    expect(yTicks(none)).toEqual(['1', '0']);
    expect(none).toContain('<g data-line="clicks"></g>');
    expect(none).toContain('<div class="line-graph-x"></div>');
  });

  it('escapes the name, the legend, the time labels and the colours', () => {
    const html = lineGraphHtml({
      series: [{ key: HOSTILE, label: HOSTILE, color: HOSTILE, values: [1, 2] }], timeLabels: [HOSTILE, HOSTILE], label: HOSTILE, lang: 'en',
    });
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/="[^"]*"[^ >/]/);
    expect(html).toContain(`aria-label="${ESCAPED}"`);
    expect(html).toContain(`</span>${ESCAPED}</li>`);
    expect(html).toContain(`style="left:0%">${ESCAPED}</span>`);
  });

  it('puts the year on the labels of a range in another year ("Last year" in March 2026 reads 2025)', () => {
    const config = {
      lang: 'fr', ambassadorUid: 'a', action: '/app/stats', campaigns: [], campaign: 'all', selectorEnabled: false, ranges: [],
      cards: [], lines: ['clicks'],
      labels: { kinds: { clicks: 'Clics', shares: 'Partages', referrals: 'Parrainages' }, graphAria: 'Clics du {start} au {end}', graphTitle: 'Évolution', table: 'Tableau', columns: { day: 'Jour', week: 'Semaine', month: 'Mois' } },
    } as unknown as StatsViewConfig;
    const months = Array.from({ length: 12 }, (_, m) => [Date.UTC(2025, m, 1), m] as [number, number]);
    const state: StatsViewState = {
      range: 'last_year', status: 'fetched', totals: null, series: [{ stat_type: 'clicks', name: 'clicks', values: months }],
      request: { startDate: '2025-01-01', endDate: '2025-12-31', interval: 'month', campaignUid: null },
    };
    const html = statsGraphHtml(config, state, new Date(Date.UTC(2026, 2, 15)));
    const labels = xLabels(html);
    expect(labels[0]).toBe('janvier 2025');
    expect(labels.every((l) => l!.endsWith('2025'))).toBe(true);
    expect(html).toContain('aria-label="Clics du 1 janv. 2025 au 31 déc. 2025"');
    const thisYear = statsGraphHtml(config, { ...state, request: { ...state.request, startDate: '2026-01-01', endDate: '2026-12-31' },
      series: [{ stat_type: 'clicks', name: 'clicks', values: months.map(([, v], m) => [Date.UTC(2026, m, 1), v]) }] }, new Date(Date.UTC(2026, 2, 15)));
    expect(xLabels(thisYear)[0]).toBe('janvier');
  });
});
