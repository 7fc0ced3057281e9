import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Chart as ChartType } from 'chart.js';
import { formatCompact, formatNumber } from '../lib/format';
import {
  crossesYears, defaultInterval, rangeNeedsYear, statsRange, statsSearch, timeLabel, STATS_INTERVALS,
  type StatsInterval,
} from '../lib/stats-range';
import { $statsGraph, fetchStatsGraph, hydrateStatsGraph, type GraphRequest, type GraphSeries } from '../lib/stores/stats';

// The /app/stats island: the range / interval / campaign form, the period cards, the chart.js line
// chart and its table. The server renders all of it for the first paint (chart.js is loaded in the
// browser only, by this island); without JavaScript the form is a plain GET form. With JavaScript a
// range or interval change fetches the graph through the browser API and rewrites the URL; a campaign
// change loads the page again (the earnings and the customization follow the campaign).

export type StatKind = 'clicks' | 'shares' | 'referrals';
const COLORS: Record<StatKind, string> = { clicks: '#2563eb', shares: '#d97706', referrals: '#059669' };

export interface StatsChartProps {
  lang: string;
  ambassadorUid: string;
  action: string;
  campaigns: { id: string; uid: string | null; name: string }[];
  /** Selected campaign id, or `all`. */
  campaign: string;
  selectorEnabled: boolean;
  range: string;
  interval: StatsInterval;
  startDate: string;
  endDate: string;
  ranges: { key: string; label: string }[];
  /** The server's graph (null: it failed). */
  series: GraphSeries[] | null;
  /** The server's period totals (null: they failed). */
  totals: Record<StatKind, number> | null;
  /** Which kinds get a card and a line (spec §3 stats show flags). */
  cards: StatKind[];
  lines: StatKind[];
  labels: {
    campaign: string; allCampaigns: string; range: string; interval: string; apply: string;
    intervals: Record<StatsInterval, string>; kinds: Record<StatKind, string>; columns: Record<StatsInterval, string>;
    periodTitle: string; graphTitle: string;
    /** With {start} and {end} left in: the island fills them for the range on show. */
    graphAria: string; table: string; empty: string; error: string; loading: string;
  };
}

const sumOf = (series: GraphSeries[], kind: StatKind) =>
  series.find((s) => s.stat_type === kind)?.values.reduce((t, [, v]) => t + v, 0) ?? 0;

export default function StatsChart(props: StatsChartProps) {
  const { labels, lang, lines, cards } = props;
  const uid = useId();
  const initial: GraphRequest = useMemo(() => ({
    startDate: props.startDate, endDate: props.endDate, interval: props.interval,
    campaignUid: props.campaigns.find((c) => c.id === props.campaign)?.uid ?? null,
  }), [props.startDate, props.endDate, props.interval, props.campaign, props.campaigns]);
  const [range, setRange] = useState(props.range);
  const [interval, setIntervalKey] = useState<StatsInterval>(props.interval);
  const state = useStore($statsGraph);
  // The store is filled by the effect below, in the browser only: until then this is the server's render.
  const hydrated = state.request !== null;

  useEffect(() => {
    hydrateStatsGraph(props.series, initial);
  }, [props.series, initial]);

  // Before the store is loaded (server render, first client render) the server's answer is the state.
  const loaded = hydrated;
  const status = loaded ? state.status : props.series ? 'fetched' : 'fetchError';
  const series = loaded ? state.series : props.series;
  const request = loaded ? state.request! : initial;
  const changed = request !== initial;
  const totals: Record<StatKind, number> | null = !changed
    ? props.totals
    : series ? { clicks: sumOf(series, 'clicks'), shares: sumOf(series, 'shares'), referrals: sumOf(series, 'referrals') } : null;

  const shown = (series ?? []).filter((s) => (lines as string[]).includes(s.stat_type));
  const times = shown[0]?.values.map(([time]) => time) ?? [];
  const withYear = crossesYears(times) || rangeNeedsYear(request.startDate, request.endDate);
  const timeLabels = times.map((time) => timeLabel(time, request.interval, lang, withYear));
  const empty = status === 'fetched' && shown.every((s) => s.values.every(([, v]) => v === 0))
    && (!totals || cards.every((k) => totals[k] === 0));
  const drawable = lines.length > 0 && (status === 'fetching' || (status === 'fetched' && !empty));

  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartType | null>(null);
  useEffect(() => {
    if (!drawable || !series || !canvas.current) return;
    let cancelled = false;
    void (async () => {
      const { Chart } = await import('./line-chart');
      if (cancelled || !canvas.current) return;
      const datasets = shown.map((s) => {
        const kind = s.stat_type as StatKind;
        return {
          label: labels.kinds[kind] ?? s.name, data: s.values.map(([, v]) => v),
          // Straight segments: the counts are whole numbers per period, a curve would draw values between them.
          borderColor: COLORS[kind], backgroundColor: COLORS[kind], tension: 0, cubicInterpolationMode: 'default' as const, borderWidth: 2,
          pointRadius: s.values.length > 40 ? 0 : 3, pointHoverRadius: 5,
        };
      });
      if (chart.current && chart.current.canvas === canvas.current) {
        chart.current.data.labels = timeLabels;
        chart.current.data.datasets = datasets;
        chart.current.update();
        return;
      }
      chart.current?.destroy();
      chart.current = new Chart(canvas.current, {
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
    })();
    return () => { cancelled = true; };
    // timeLabels and shown derive from series and request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, drawable, request]);
  useEffect(() => () => { chart.current?.destroy(); chart.current = null; }, []);
  useEffect(() => {
    if (!drawable) { chart.current?.destroy(); chart.current = null; }
  }, [drawable]);

  function reload(next: { range: string; interval: StatsInterval }) {
    const { startDate, endDate } = statsRange(next.range);
    const search = statsSearch({ ...next, campaign: props.campaign });
    history.replaceState(history.state, '', `${props.action}${search}`);
    void fetchStatsGraph(props.ambassadorUid, { startDate, endDate, interval: next.interval, campaignUid: initial.campaignUid });
  }
  function onRange(value: string) {
    const { startDate, endDate } = statsRange(value);
    const nextInterval = defaultInterval(startDate, endDate);
    setRange(value);
    setIntervalKey(nextInterval);
    reload({ range: value, interval: nextInterval });
  }
  function onInterval(value: StatsInterval) {
    setIntervalKey(value);
    reload({ range, interval: value });
  }
  function onCampaign(value: string) {
    if (value === props.campaign) return;
    location.assign(`${props.action}${statsSearch({ range, interval, campaign: value })}`);
  }

  const busy = status === 'fetching';
  const columns = labels.columns[request.interval];
  const graphAria = labels.graphAria
    .replace('{start}', timeLabel(request.startDate, 'day', lang, true))
    .replace('{end}', timeLabel(request.endDate, 'day', lang, true));
  return (
    <div className="stats-view" data-stats-view data-status={status}>
      <form method="get" action={props.action} className="stats-controls card" data-stats-form>
        {props.campaigns.length > 0 && (
          <div className="field">
            <label htmlFor={`${uid}-campaign`}>{labels.campaign}</label>
            <select id={`${uid}-campaign`} name="campaign" defaultValue={props.campaign} disabled={!props.selectorEnabled}
              data-stats-campaign onChange={hydrated ? (e) => onCampaign(e.currentTarget.value) : undefined}>
              {props.selectorEnabled && <option value="all">{labels.allCampaigns}</option>}
              {props.campaigns.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${uid}-range`}>{labels.range}</label>
          <select id={`${uid}-range`} name="range" value={range} data-stats-range
            onChange={(e) => (hydrated ? onRange(e.currentTarget.value) : setRange(e.currentTarget.value))}>
            {props.ranges.map((r) => <option key={r.key} value={r.key}>{r.label}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-interval`}>{labels.interval}</label>
          <select id={`${uid}-interval`} name="interval" value={interval} data-stats-interval
            onChange={(e) => (hydrated ? onInterval(e.currentTarget.value as StatsInterval) : setIntervalKey(e.currentTarget.value as StatsInterval))}>
            {STATS_INTERVALS.map((i) => <option key={i} value={i}>{labels.intervals[i]}</option>)}
          </select>
        </div>
        {/* Without JavaScript (or before the island wakes) the form is submitted; afterwards changes apply at once. */}
        <button className="btn btn-secondary" type="submit" hidden={hydrated} data-stats-apply>{labels.apply}</button>
      </form>

      {cards.length > 0 && (
        <section className="card" aria-labelledby={`${uid}-period`} data-stats-cards>
          <h2 id={`${uid}-period`}>{labels.periodTitle}</h2>
          {totals ? (
            <div className="tiles">
              {cards.map((kind) => (
                <div className="tile" key={kind} data-tile={kind}>
                  <div className="value">{busy ? '…' : formatNumber(totals[kind], lang)}</div>
                  <div className="label">{labels.kinds[kind]}</div>
                </div>
              ))}
            </div>
          ) : status === 'fetching' ? <p className="muted" role="status">{labels.loading}</p>
            : <p className="form-error" role="alert" data-stats-error>{labels.error}</p>}
        </section>
      )}

      {lines.length > 0 && (
        <section className="card" aria-labelledby={`${uid}-graph`} aria-busy={busy} data-stats-graph>
          <h2 id={`${uid}-graph`}>{labels.graphTitle}</h2>
          {status === 'fetchError' && <p className="form-error" role="alert" data-stats-error>{labels.error}</p>}
          {empty && <p className="empty" data-stats-empty>{labels.empty}</p>}
          {drawable && (
            <div className={`chart-box${busy ? ' is-busy' : ''}`}>
              <canvas ref={canvas} role="img" data-stats-canvas aria-label={graphAria} />
              {busy && <p className="chart-loading" role="status">{labels.loading}</p>}
            </div>
          )}
          {status === 'fetched' && !empty && (
            <details className="stats-table">
              <summary>{labels.table}</summary>
              <div className="table-wrap">
                <table className="data stack" data-stats-table>
                  <thead>
                    <tr>
                      <th scope="col">{columns}</th>
                      {shown.map((s) => <th scope="col" className="num" key={s.stat_type}>{labels.kinds[s.stat_type as StatKind] ?? s.name}</th>)}
                    </tr>
                  </thead>
                  <tbody>
                    {times.map((time, i) => (
                      <tr key={time}>
                        <th scope="row">{timeLabel(time, request.interval, lang, true)}</th>
                        {shown.map((s) => (
                          <td className="num" key={s.stat_type} data-label={labels.kinds[s.stat_type as StatKind] ?? s.name}>{formatNumber(s.values[i]?.[1] ?? 0, lang)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          )}
        </section>
      )}
    </div>
  );
}
