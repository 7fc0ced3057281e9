import { escapeHtml } from '../../lib/escape-html.ts';
import { formatCompact } from '../../lib/format.ts';
import { sparkPath, sparkPoints } from './sparkline.ts';

// The stats graph drawn without chart.js (on a phone chart.js cost the page its speed index):
// whole-number counts as straight segments on a y axis of whole-number ticks, time labels under it and
// the legend below, the same colours and layout as the chart.js line chart that replaces it once the
// person points at the graph. Text, so the server paints it and the browser redraws it after a range
// change with the same function; a real graph without JavaScript too.
//
// The lines are an SVG stretched over the plot (preserveAspectRatio none, strokes that do not scale);
// the axes and the legend are HTML around it, so their text keeps the page's size on any width. The
// y labels sit in a column spread from the top tick to 0, the x labels at their point's percentage.

export interface LineGraphSeries {
  key: string;
  label: string;
  color: string;
  /** One count per time label, oldest first. */
  values: readonly number[];
}

export interface LineGraph {
  series: readonly LineGraphSeries[];
  /** The time of each point, already in the page language. */
  timeLabels: readonly string[];
  /** What a screen reader hears for the whole graph. */
  label: string;
  lang: string;
}

/** The plot's SVG box; the SVG is stretched over the plot, so only proportions matter. */
const BOX = 1000;
/** Dots on the points up to this many (chart.js's pointRadius 0 beyond it). */
const MOST_DOTS = 40;
/** Roughly how wide the plot is on a wide screen and on a phone, and an axis character (.75rem). */
const PLOT_PX = { wide: 720, narrow: 240 };
const CHAR_PX = 6.5;

/** The y axis: 0 to a top that holds `highest`, in 1, 2 or 5 times a power of ten, whole numbers only. */
export function countTicks(highest: number, most = 6): number[] {
  const top = Math.max(1, Math.ceil(highest));
  const rough = top / (most - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!);
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}

/** Which of `count` points get a time label when at most `most` fit: the first, then evenly spaced. */
export function labelIndices(count: number, most: number): number[] {
  if (count <= 0) return [];
  const step = Math.max(1, Math.ceil((count - 1) / Math.max(1, most - 1)));
  const picked: number[] = [];
  for (let i = 0; i < count; i += step) picked.push(i);
  return picked;
}

/** How many labels of `chars` characters fit side by side on a plot `px` wide. */
const labelsThatFit = (px: number, chars: number) => Math.max(2, Math.floor(px / (chars * CHAR_PX + 24)));

const percent = (i: number, count: number) => (count > 1 ? (i / (count - 1)) * 100 : 50);

function xAxisHtml(timeLabels: readonly string[]): string {
  const count = timeLabels.length;
  const chars = Math.max(1, ...timeLabels.map((l) => l.length));
  const wide = new Set(labelIndices(count, labelsThatFit(PLOT_PX.wide, chars)));
  const narrow = new Set(labelIndices(count, labelsThatFit(PLOT_PX.narrow, chars)));
  return '<div class="line-graph-x">' + timeLabels.map((label, i) => {
    if (!wide.has(i) && !narrow.has(i)) return '';
    const at = percent(i, count);
    const classes = [at < 8 ? 'at-start' : at > 92 ? 'at-end' : '', wide.has(i) ? '' : 'narrow-only', narrow.has(i) ? '' : 'wide-only'].filter(Boolean);
    return `<span${classes.length ? ` class="${classes.join(' ')}"` : ''} style="left:${Math.round(at * 100) / 100}%">${escapeHtml(label)}</span>`;
  }).join('') + '</div>';
}

/** The graph as HTML: a named image whose parts (axes, lines, legend) a screen reader skips. */
export function lineGraphHtml(graph: LineGraph): string {
  const { series, timeLabels, lang } = graph;
  const ticks = countTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks[ticks.length - 1]!;
  const grid = ticks.map((tick) => `M0,${Math.round(BOX - (tick / top) * BOX)}H${BOX}`).join('');
  const lines = series.map((s) => {
    const points = sparkPoints(s.values, BOX, BOX, top, 0);
    const color = escapeHtml(s.color);
    const line = points.length > 1 ? `<path class="line" stroke="${color}" d="${sparkPath(points)}"/>` : '';
    // A dot is a zero-length segment with round caps: round on any stretch of the box.
    const dots = points.length > 0 && points.length <= MOST_DOTS ? `<path class="dots" stroke="${color}" d="${points.map(([x, y]) => `M${x},${y}h0`).join('')}"/>` : '';
    return `<g data-line="${escapeHtml(s.key)}">${line}${dots}</g>`;
  }).reverse().join(''); // the first series on top, as chart.js draws them
  return `<div class="line-graph" role="img" aria-label="${escapeHtml(graph.label)}" data-stats-svg>`
    + `<div class="line-graph-y">${ticks.map((tick) => `<span>${escapeHtml(formatCompact(tick, lang))}</span>`).reverse().join('')}</div>`
    + `<div class="line-graph-plot"><svg viewBox="0 0 ${BOX} ${BOX}" preserveAspectRatio="none" aria-hidden="true" focusable="false">`
    + `<path class="grid" d="${grid}"/>${lines}</svg></div>`
    + xAxisHtml(timeLabels)
    + `<ul class="line-graph-legend">${series.map((s) => `<li><span style="background:${escapeHtml(s.color)}"></span>${escapeHtml(s.label)}</li>`).join('')}</ul>`
    + '</div>';
}
