import { escapeHtml } from '../../lib/escape-html.ts';
import { formatNumber } from '../../lib/format.ts';
import { lineGraphHtml } from '../line-chart/line-graph-svg.ts';
import type { LoadStatus } from '../../lib/status.ts';
import { crossesYears, rangeNeedsYear, timeLabel, STATS_INTERVALS, type StatsInterval } from '../../lib/stats-range.ts';
import type { GraphRequest, GraphSeries } from './stats-store.ts';

// The /app/stats view as text (it was a React island whose server render cost more CPU than
// the rest of the page): the range / interval / campaign form, the period cards, the chart's box and
// the table of its figures. Pure functions of the view's state, so the server's first paint and the
// browser's redraw after a range change (src/ui/stats-view/stats-view.ts, which also draws the chart.js line
// chart) write the same markup. Without JavaScript the form is a plain GET form and the table holds
// every figure of the graph.

export type StatKind = 'clicks' | 'shares' | 'referrals';
export const STAT_COLORS: Record<StatKind, string> = { clicks: '#2563eb', shares: '#d97706', referrals: '#059669' };

export interface StatsViewLabels {
  campaign: string; allCampaigns: string; range: string; interval: string; apply: string;
  intervals: Record<StatsInterval, string>; kinds: Record<StatKind, string>; columns: Record<StatsInterval, string>;
  periodTitle: string; graphTitle: string;
  /** With {start} and {end} left in: filled for the range on show. */
  graphAria: string; table: string; empty: string; error: string; loading: string;
}

/** What the view needs besides its changing state: written once per page as JSON for the browser script. */
export interface StatsViewConfig {
  lang: string;
  ambassadorUid: string;
  action: string;
  campaigns: { id: string; uid: string | null; name: string }[];
  /** Selected campaign id, or `all`. */
  campaign: string;
  selectorEnabled: boolean;
  ranges: { key: string; label: string }[];
  /** Which kinds get a card and a line (spec §3 stats show flags). */
  cards: StatKind[];
  lines: StatKind[];
  labels: StatsViewLabels;
}

/** The view's changing part: the server's answer first, then each range or interval the person picks. */
export interface StatsViewState {
  range: string;
  status: LoadStatus;
  series: GraphSeries[] | null;
  request: GraphRequest;
  /** The period totals (null: they failed or are being fetched). */
  totals: Record<StatKind, number> | null;
}

const sumOf = (series: GraphSeries[], kind: StatKind) =>
  series.find((s) => s.stat_type === kind)?.values.reduce((t, [, v]) => t + v, 0) ?? 0;

/** The totals of a fetched graph (after a range change the cards follow the graph). */
export function totalsOf(series: GraphSeries[] | null): Record<StatKind, number> | null {
  return series ? { clicks: sumOf(series, 'clicks'), shares: sumOf(series, 'shares'), referrals: sumOf(series, 'referrals') } : null;
}

const option = (value: string, label: string, selected: boolean) =>
  `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;

function formHtml(config: StatsViewConfig, state: StatsViewState): string {
  const { labels } = config;
  const campaign = config.campaigns.length > 0
    ? `<div class="field"><label for="stats-campaign">${escapeHtml(labels.campaign)}</label>`
      + `<select id="stats-campaign" name="campaign"${config.selectorEnabled ? '' : ' disabled'} data-stats-campaign>`
      + (config.selectorEnabled ? option('all', labels.allCampaigns, config.campaign === 'all') : '')
      + config.campaigns.map((c) => option(c.id, c.name, c.id === config.campaign)).join('')
      + '</select></div>'
    : '';
  return `<form method="get" action="${escapeHtml(config.action)}" class="stats-controls card" data-stats-form>${campaign}`
    + `<div class="field"><label for="stats-range">${escapeHtml(labels.range)}</label><select id="stats-range" name="range" data-stats-range>`
    + config.ranges.map((r) => option(r.key, r.label, r.key === state.range)).join('') + '</select></div>'
    + `<div class="field"><label for="stats-interval">${escapeHtml(labels.interval)}</label><select id="stats-interval" name="interval" data-stats-interval>`
    + STATS_INTERVALS.map((i) => option(i, labels.intervals[i], i === state.request.interval)).join('') + '</select></div>'
    // Without JavaScript (or before the script runs) the form is submitted; afterwards changes apply at once.
    + `<button class="btn btn-secondary" type="submit" data-stats-apply>${escapeHtml(labels.apply)}</button></form>`;
}

/** The period cards' section body: a tile per kind, or the loading / error line. */
export function statsCardsHtml(config: StatsViewConfig, state: StatsViewState): string {
  const { labels, lang } = config;
  const busy = state.status === 'fetching';
  const body = state.totals
    ? `<div class="tiles">${config.cards.map((kind) => `<div class="tile" data-tile="${kind}"><div class="value">${busy ? '…' : escapeHtml(formatNumber(state.totals![kind], lang))}</div>`
      + `<div class="label">${escapeHtml(labels.kinds[kind])}</div></div>`).join('')}</div>`
    : busy ? `<p class="muted" role="status">${escapeHtml(labels.loading)}</p>`
      : `<p class="form-error" role="alert" data-stats-error>${escapeHtml(labels.error)}</p>`;
  return `<h2 id="stats-period-title">${escapeHtml(labels.periodTitle)}</h2>${body}`;
}

/** What the graph shows for a state: its series, time labels, and whether there is anything to draw. */
export function graphPlan(config: StatsViewConfig, state: StatsViewState, now: Date = new Date()) {
  const shown = (state.series ?? []).filter((s) => (config.lines as string[]).includes(s.stat_type));
  const times = shown[0]?.values.map(([time]) => time) ?? [];
  const { request } = state;
  const withYear = crossesYears(times) || rangeNeedsYear(request.startDate, request.endDate, now);
  const empty = state.status === 'fetched' && shown.every((s) => s.values.every(([, v]) => v === 0))
    && (!state.totals || config.cards.every((k) => state.totals![k] === 0));
  const drawable = config.lines.length > 0 && (state.status === 'fetching' || (state.status === 'fetched' && !empty));
  return { shown, times, withYear, empty, drawable };
}

const kindLabel = (config: StatsViewConfig, s: GraphSeries) => config.labels.kinds[s.stat_type as StatKind] ?? s.name;

/** What a screen reader hears for the graph: its series and the range on show. */
export function graphAria(config: StatsViewConfig, request: StatsViewState['request']): string {
  const { labels, lang } = config;
  return labels.graphAria
    .replace('{start}', timeLabel(request.startDate, 'day', lang, true))
    .replace('{end}', timeLabel(request.endDate, 'day', lang, true));
}

/** The graph's time labels, as the SVG and chart.js both write them (the year where the range needs it). */
export const graphTimeLabels = (config: StatsViewConfig, plan: ReturnType<typeof graphPlan>, interval: StatsInterval) =>
  plan.times.map((time) => timeLabel(time, interval, config.lang, plan.withYear));

/** The lines of a graph plan as the SVG and chart.js both draw them: label, colour and counts per series. */
export function graphLines(config: StatsViewConfig, plan: ReturnType<typeof graphPlan>) {
  return plan.shown.map((s) => ({
    key: s.stat_type, label: kindLabel(config, s), color: STAT_COLORS[s.stat_type as StatKind] ?? '#667085', values: s.values.map(([, v]) => v),
  }));
}

/**
 * The graph's section body: the error or empty line, the chart's box (the SVG graph, which the script
 * may replace with chart.js's canvas) and the table.
 */
export function statsGraphHtml(config: StatsViewConfig, state: StatsViewState, now: Date = new Date()): string {
  const { labels, lang } = config;
  const { request, status } = state;
  const plan = graphPlan(config, state, now);
  const { shown, times, empty, drawable } = plan;
  const busy = status === 'fetching';
  let html = `<h2 id="stats-graph-title">${escapeHtml(labels.graphTitle)}</h2>`;
  if (status === 'fetchError') html += `<p class="form-error" role="alert" data-stats-error>${escapeHtml(labels.error)}</p>`;
  if (empty) html += `<p class="empty" data-stats-empty>${escapeHtml(labels.empty)}</p>`;
  if (drawable) {
    html += `<div class="chart-box${busy ? ' is-busy' : ''}" data-stats-chart>`
      + (state.series ? lineGraphHtml({
        series: graphLines(config, plan), label: graphAria(config, request), lang,
        timeLabels: graphTimeLabels(config, plan, request.interval),
      }) : '')
      + (busy ? `<p class="chart-loading" role="status">${escapeHtml(labels.loading)}</p>` : '') + '</div>';
  }
  if (status === 'fetched' && !empty) {
    const head = shown.map((s) => `<th scope="col" class="num">${escapeHtml(kindLabel(config, s))}</th>`).join('');
    const rows = times.map((time, i) => `<tr><th scope="row">${escapeHtml(timeLabel(time, request.interval, lang, true))}</th>`
      + shown.map((s) => `<td class="num" data-label="${escapeHtml(kindLabel(config, s))}">${escapeHtml(formatNumber(s.values[i]?.[1] ?? 0, lang))}</td>`).join('')
      + '</tr>').join('');
    html += `<details class="stats-table"><summary>${escapeHtml(labels.table)}</summary><div class="table-wrap"><table class="data stack" data-stats-table>`
      + `<thead><tr><th scope="col">${escapeHtml(labels.columns[request.interval])}</th>${head}</tr></thead><tbody>${rows}</tbody></table></div></details>`;
  }
  return html;
}

/**
 * The whole view as the server paints it, its config and state as JSON for the browser script (in a
 * data block with the page's CSP nonce: every script of a page carries it); `data-enhance` until the
 * script has wired it.
 */
export function statsViewHtml(config: StatsViewConfig, state: StatsViewState, { nonce, now = new Date() }: { nonce?: string; now?: Date } = {}): string {
  const busy = state.status === 'fetching';
  const json = JSON.stringify({ config, state }).replace(/</g, '\\u003c');
  return `<div class="stats-view" data-stats-view data-status="${state.status}" data-enhance>`
    + `<script type="application/json"${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''} data-stats-boot>${json}</script>`
    + formHtml(config, state)
    + (config.cards.length > 0 ? `<section class="card" aria-labelledby="stats-period-title" data-stats-cards>${statsCardsHtml(config, state)}</section>` : '')
    + (config.lines.length > 0
      ? `<section class="card" aria-labelledby="stats-graph-title" aria-busy="${busy}" data-stats-graph>${statsGraphHtml(config, state, now)}</section>`
      : '')
    + '</div>';
}
