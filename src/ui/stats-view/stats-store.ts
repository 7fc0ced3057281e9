import { map } from 'nanostores';
import type { LoadStatus } from '../../lib/status.ts';
import type { StatsInterval } from '../../lib/stats-range.ts';

// The stats graph of the /app/stats island (spec §4 "Stats, ambassador stats, metrics"): a fetch
// start sets `fetching` and clears the old data, success stores the series, failure stores the error
// and clears the data. The server paints the first series, so the island starts `fetched`.

/** One series of GET /ambassadors/{id}/stats/graph/: points are [epoch ms of the bucket start, value]. */
export interface GraphSeries {
  stat_type: string;
  name: string;
  values: [number, number][];
}

export interface GraphRequest {
  startDate: string;
  endDate: string;
  interval: StatsInterval;
  /** null: every campaign. */
  campaignUid: string | null;
}

export interface StatsGraphState {
  status: LoadStatus;
  series: GraphSeries[] | null;
  request: GraphRequest | null;
  /** HTTP status of a failed fetch (0: no answer). */
  error: number | null;
}

export const $statsGraph = map<StatsGraphState>({ status: 'idle', series: null, request: null, error: null });

/** The server's series (or its failure: null) as the starting state. */
export function hydrateStatsGraph(series: GraphSeries[] | null, request: GraphRequest): void {
  $statsGraph.set(series
    ? { status: 'fetched', series, request, error: null }
    : { status: 'fetchError', series: null, request, error: 500 });
}

/** The browser API path of the graph call (spec §7) for a request. */
export function graphUrl(ambassadorUid: string, request: GraphRequest): string {
  const q = new URLSearchParams({ start_date: request.startDate, end_date: request.endDate, interval: request.interval, stat_types: 'clicks,shares,referrals' });
  if (request.campaignUid) q.set('campaign_uid', request.campaignUid);
  return `/api/ambassadors/${encodeURIComponent(ambassadorUid)}/stats/graph/?${q.toString()}`;
}

let latest = 0;

/**
 * Fetches the graph for `request` through the browser API. Only the latest call's answer is kept (a
 * quick second change wins over a slow first one). A 401 follows the API's redirect to /login.
 */
export async function fetchStatsGraph(ambassadorUid: string, request: GraphRequest, fetcher: typeof fetch = fetch): Promise<void> {
  const call = ++latest;
  $statsGraph.set({ status: 'fetching', series: null, request, error: null });
  let status = 0;
  try {
    const res = await fetcher(graphUrl(ambassadorUid, request), { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    status = res.status;
    const body: unknown = await res.json().catch(() => null);
    if (call !== latest) return;
    if (res.ok && Array.isArray(body)) {
      $statsGraph.set({ status: 'fetched', series: body as GraphSeries[], request, error: null });
      return;
    }
    if (res.status === 401 && typeof location !== 'undefined') {
      const to = (body as { redirect?: unknown } | null)?.redirect;
      location.assign(typeof to === 'string' && to.startsWith('/') ? to : '/login');
    }
  } catch {
    if (call !== latest) return;
  }
  $statsGraph.set({ status: 'fetchError', series: null, request, error: status });
}
