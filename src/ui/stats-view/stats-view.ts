import type { Chart } from 'chart.js';
import { formatCompact, formatNumber } from '../../lib/format.ts';
import { defaultInterval, statsRange, statsSearch, type StatsInterval } from '../../lib/stats-range.ts';
import { graphAria, graphLines, graphPlan, graphTimeLabels, statsCardsHtml, statsGraphHtml, totalsOf, type StatsViewConfig, type StatsViewState } from './stats-view-markup.ts';
import { $statsGraph, fetchStatsGraph, hydrateStatsGraph } from './stats-store.ts';
import { labelValue } from '../../lib/label-value.ts';

// The browser side of the stats view (stats-view-markup.ts): a range or interval change fetches the
// graph through the browser API ($statsGraph) and rewrites the URL, a campaign change loads the page
// again (the earnings and the customization follow the campaign). The cards and the graph's section,
// its SVG graph included, are rewritten from the same markup functions as the server's, so a range
// change costs no chart code. chart.js (line-chart.ts, 54 KB gzipped) is loaded only when the person
// points at or touches the graph, for what the SVG lacks: the figures of a point under the
// pointer. Its canvas then takes the SVG's place in the same box (no layout shift) and stays for later
// changes; the old drawing stays (dimmed) while the next one is fetched.

type Field = HTMLElement & { value: string };

function enhance(root: HTMLElement): void {
  root.removeAttribute('data-enhance');
  const boot = root.querySelector('[data-stats-boot]')?.textContent;
  const form = root.querySelector<HTMLFormElement>('form[data-stats-form]');
  if (!boot || !form) return;
  const { config, state: initial } = JSON.parse(boot) as { config: StatsViewConfig; state: StatsViewState };
  const { lang } = config;
  // A select's value is all this needs (HTMLSelectElement clashes with the Workers types' Element).
  const rangeField = form.querySelector<Field>('select[data-stats-range]')!;
  const intervalField = form.querySelector<Field>('select[data-stats-interval]')!;
  const campaignField = form.querySelector<Field>('select[data-stats-campaign]');
  const cards = root.querySelector<HTMLElement>('[data-stats-cards]');
  const graph = root.querySelector<HTMLElement>('[data-stats-graph]');
  let range = initial.range;
  let chart: Chart | null = null;
  /** Set once the person reaches for the graph: from then on chart.js draws it. */
  let wanted = false;
  /** Where the pointer was when chart.js was asked for: the new chart shows that point's tooltip. */
  let pointer: { clientX: number; clientY: number } | null = null;
  let drawn = 0;

  const current = (): StatsViewState => {
    const s = $statsGraph.get();
    const request = s.request ?? initial.request;
    // The server's totals until the first change; then the cards follow the graph.
    return { range, status: s.status, series: s.series, request, totals: request === initial.request ? initial.totals : totalsOf(s.series) };
  };

  async function draw(state: StatsViewState): Promise<void> {
    const call = ++drawn;
    const plan = graphPlan(config, state);
    if (!wanted || !plan.drawable || !state.series) return;
    const { Chart } = await import('../line-chart/line-chart.ts');
    const box = graph?.querySelector<HTMLElement>('[data-stats-chart]');
    if (call !== drawn || !box) return;
    const timeLabels = graphTimeLabels(config, plan, state.request.interval);
    const datasets = graphLines(config, plan).map((line) => ({
      label: line.label, data: [...line.values],
      // Straight segments: the counts are whole numbers per period, a curve would draw values between them.
      borderColor: line.color, backgroundColor: line.color, tension: 0, cubicInterpolationMode: 'default' as const, borderWidth: 2,
      pointRadius: line.values.length > 40 ? 0 : 3, pointHoverRadius: 5,
    }));
    if (chart && box.contains(chart.canvas)) {
      chart.data.labels = timeLabels;
      chart.data.datasets = datasets;
      chart.update();
      return;
    }
    chart?.destroy();
    // The canvas takes the SVG graph's place and name; the box keeps its size.
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', graphAria(config, state.request));
    canvas.dataset.statsCanvas = '';
    const svg = box.querySelector<HTMLElement>('[data-stats-svg]');
    if (svg) box.replaceChild(canvas, svg);
    else box.insertBefore(canvas, box.firstChild);
    chart = new Chart(canvas, {
      type: 'line',
      data: { labels: timeLabels, datasets },
      options: {
        responsive: true, maintainAspectRatio: false, animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12 } },
          tooltip: { callbacks: { label: (item) => labelValue(lang, item.dataset.label ?? '', formatNumber(Number(item.raw), lang)) } },
        },
        scales: {
          x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12 } },
          // Counts: whole-number ticks only (precision 0 keeps 0.5 steps off a small graph).
          y: { beginAtZero: true, ticks: { precision: 0, callback: (v) => formatCompact(Number(v), lang) } },
        },
      },
    });
    // The point the person reached for shows its figures at once (a tap is not asked twice).
    if (pointer) canvas.dispatchEvent(new MouseEvent('mousemove', { ...pointer, bubbles: true }));
  }

  function render(): void {
    const state = current();
    root.dataset.status = state.status;
    if (cards) cards.innerHTML = statsCardsHtml(config, state);
    if (graph) {
      // chart.js's canvas stays once drawn; while the next series is fetched the old drawing stays too.
      const kept = graph.querySelector<HTMLElement>('canvas[data-stats-canvas]') ?? (state.status === 'fetching' ? graph.querySelector<HTMLElement>('[data-stats-svg]') : null);
      const tableOpen = graph.querySelector('details')?.open ?? false;
      graph.setAttribute('aria-busy', String(state.status === 'fetching'));
      graph.innerHTML = statsGraphHtml(config, state);
      const box = graph.querySelector<HTMLElement>('[data-stats-chart]');
      if (kept && box) {
        const fresh = box.querySelector<HTMLElement>('[data-stats-svg]');
        if (fresh) {
          kept.setAttribute('aria-label', fresh.getAttribute('aria-label') ?? '');
          box.replaceChild(kept, fresh);
        } else box.insertBefore(kept, box.firstChild);
      } else if (!box) {
        chart?.destroy();
        chart = null;
      }
      const table = graph.querySelector('details');
      if (table) table.open = tableOpen;
    }
    void draw(state);
  }

  function reload(interval: StatsInterval): void {
    const { startDate, endDate } = statsRange(range);
    history.replaceState(history.state, '', `${config.action}${statsSearch({ range, interval, campaign: config.campaign })}`);
    void fetchStatsGraph(config.ambassadorUid, { startDate, endDate, interval, campaignUid: initial.request.campaignUid });
  }

  hydrateStatsGraph(initial.series, initial.request);
  $statsGraph.listen(render);
  rangeField.addEventListener('change', () => {
    range = rangeField.value;
    const { startDate, endDate } = statsRange(range);
    intervalField.value = defaultInterval(startDate, endDate);
    reload(intervalField.value as StatsInterval);
  });
  intervalField.addEventListener('change', () => reload(intervalField.value as StatsInterval));
  campaignField?.addEventListener('change', () => {
    if (campaignField.value === config.campaign) return;
    location.assign(`${config.action}${statsSearch({ range, interval: intervalField.value as StatsInterval, campaign: campaignField.value })}`);
  });
  // Choices apply at once from now on.
  form.querySelector<HTMLButtonElement>('[data-stats-apply]')!.hidden = true;

  // chart.js is fetched when the person reaches for the graph: a mouse over it, a pen or finger on it.
  // (Its tooltips follow a pointer only; a keyboard reads every figure in the table below.)
  const reach = (event: Event) => {
    if (wanted || !(event.target as Element | null)?.closest?.('[data-stats-chart]')) return;
    if (event instanceof MouseEvent) pointer = { clientX: event.clientX, clientY: event.clientY };
    wanted = true;
    void draw(current());
  };
  for (const type of ['pointerover', 'pointerdown']) graph?.addEventListener(type, reach, { passive: true });

  // A choice made before this script ran still counts.
  if (campaignField && campaignField.value !== config.campaign) campaignField.dispatchEvent(new Event('change'));
  else if (rangeField.value !== initial.range) rangeField.dispatchEvent(new Event('change'));
  else if (intervalField.value !== initial.request.interval) intervalField.dispatchEvent(new Event('change'));
}

/** Wires the stats view on the page, if it is not wired yet. */
export function enhanceStatsViews(root: ParentNode = document): void {
  for (const view of root.querySelectorAll<HTMLElement>('[data-stats-view][data-enhance]')) enhance(view);
}
