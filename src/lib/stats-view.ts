import type { Chart } from 'chart.js';
import { formatCompact, formatNumber } from './format.ts';
import { defaultInterval, statsRange, statsSearch, timeLabel, type StatsInterval } from './stats-range.ts';
import { graphPlan, statsCardsHtml, statsGraphHtml, totalsOf, STAT_COLORS, type StatKind, type StatsViewConfig, type StatsViewState } from './stats-view-markup.ts';
import { $statsGraph, fetchStatsGraph, hydrateStatsGraph } from './stores/stats.ts';

// The browser side of the stats view (stats-view-markup.ts): a range or interval change fetches the
// graph through the browser API ($statsGraph) and rewrites the URL, a campaign change loads the page
// again (the earnings and the customization follow the campaign), and chart.js (line-chart.ts, loaded
// when the graph first comes into view) draws the series on the server's canvas. The cards and the
// graph's section are rewritten from the same markup functions as the server's; the canvas is kept,
// so the old drawing stays (dimmed) while the next one is fetched.

type Field = HTMLElement & { value: string };

function enhance(root: HTMLElement): void {
  root.removeAttribute('data-enhance');
  const boot = root.querySelector('[data-stats-boot]')?.textContent;
  const form = root.querySelector<HTMLFormElement>('form[data-stats-form]');
  if (!boot || !form) return;
  const { config, state: initial } = JSON.parse(boot) as { config: StatsViewConfig; state: StatsViewState };
  const { labels, lang } = config;
  // A select's value is all this needs (HTMLSelectElement clashes with the Workers types' Element).
  const rangeField = form.querySelector<Field>('select[data-stats-range]')!;
  const intervalField = form.querySelector<Field>('select[data-stats-interval]')!;
  const campaignField = form.querySelector<Field>('select[data-stats-campaign]');
  const cards = root.querySelector<HTMLElement>('[data-stats-cards]');
  const graph = root.querySelector<HTMLElement>('[data-stats-graph]');
  let range = initial.range;
  let chart: Chart | null = null;
  let inView = false;
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
    const canvas = graph?.querySelector('canvas');
    if (!inView || !plan.drawable || !state.series || !canvas) return;
    const { Chart } = await import('./line-chart.ts');
    if (call !== drawn) return;
    const timeLabels = plan.times.map((time) => timeLabel(time, state.request.interval, lang, plan.withYear));
    const datasets = plan.shown.map((s) => {
      const kind = s.stat_type as StatKind;
      return {
        label: labels.kinds[kind] ?? s.name, data: s.values.map(([, v]) => v),
        // Straight segments: the counts are whole numbers per period, a curve would draw values between them.
        borderColor: STAT_COLORS[kind], backgroundColor: STAT_COLORS[kind], tension: 0, cubicInterpolationMode: 'default' as const, borderWidth: 2,
        pointRadius: s.values.length > 40 ? 0 : 3, pointHoverRadius: 5,
      };
    });
    if (chart && chart.canvas === canvas) {
      chart.data.labels = timeLabels;
      chart.data.datasets = datasets;
      chart.update();
      return;
    }
    chart?.destroy();
    chart = new Chart(canvas, {
      type: 'line',
      data: { labels: timeLabels, datasets },
      options: {
        responsive: true, maintainAspectRatio: false, animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatNumber(Number(item.raw), lang)}` } },
        },
        scales: {
          x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12 } },
          // Counts: whole-number ticks only (precision 0 keeps 0.5 steps off a small graph).
          y: { beginAtZero: true, ticks: { precision: 0, callback: (v) => formatCompact(Number(v), lang) } },
        },
      },
    });
  }

  function render(): void {
    const state = current();
    root.dataset.status = state.status;
    if (cards) cards.innerHTML = statsCardsHtml(config, state);
    if (graph) {
      const canvas = graph.querySelector('canvas');
      const tableOpen = graph.querySelector('details')?.open ?? false;
      graph.setAttribute('aria-busy', String(state.status === 'fetching'));
      graph.innerHTML = statsGraphHtml(config, state);
      const fresh = graph.querySelector('canvas');
      if (canvas && fresh) {
        canvas.setAttribute('aria-label', fresh.getAttribute('aria-label') ?? '');
        fresh.replaceWith(canvas);
      } else if (!fresh) {
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

  // chart.js is fetched when the graph first comes into view (a phone may never scroll to it).
  if (graph && typeof IntersectionObserver === 'function') {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      inView = true;
      void draw(current());
    });
    seen.observe(graph);
  } else {
    inView = true;
    void draw(current());
  }

  // A choice made before this script ran still counts.
  if (campaignField && campaignField.value !== config.campaign) campaignField.dispatchEvent(new Event('change'));
  else if (rangeField.value !== initial.range) rangeField.dispatchEvent(new Event('change'));
  else if (intervalField.value !== initial.request.interval) intervalField.dispatchEvent(new Event('change'));
}

/** Wires the stats view on the page, if it is not wired yet. */
export function enhanceStatsViews(root: ParentNode = document): void {
  for (const view of root.querySelectorAll<HTMLElement>('[data-stats-view][data-enhance]')) enhance(view);
}
