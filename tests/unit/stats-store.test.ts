import { beforeEach, describe, expect, it } from 'vitest';
import { $statsGraph, fetchStatsGraph, graphUrl, hydrateStatsGraph, type GraphRequest, type GraphSeries } from '../../src/ui/stats-view/stats-store';

const REQUEST: GraphRequest = { startDate: '2026-01-01', endDate: '2026-03-31', interval: 'month', campaignUid: null };
const SERIES: GraphSeries[] = [{ stat_type: 'clicks', name: 'clicks', values: [[Date.UTC(2026, 0, 1), 3]] }];

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('$statsGraph (spec §4 status cycle)', () => {
  beforeEach(() => hydrateStatsGraph(SERIES, REQUEST));

  it('starts fetched from the server series, or fetchError when the server had none', () => {
    expect($statsGraph.get()).toMatchObject({ status: 'fetched', series: SERIES, request: REQUEST });
    hydrateStatsGraph(null, REQUEST);
    expect($statsGraph.get()).toMatchObject({ status: 'fetchError', series: null });
  });

  it('a fetch clears the old data while fetching, then stores the answer', async () => {
    let release!: (r: Response) => void;
    const pending = fetchStatsGraph('amb-1', { ...REQUEST, campaignUid: 'cmp-1' }, () => new Promise<Response>((r) => { release = r; }));
    expect($statsGraph.get()).toMatchObject({ status: 'fetching', series: null });
    release(answer(200, SERIES));
    await pending;
    expect($statsGraph.get()).toMatchObject({ status: 'fetched', series: SERIES, error: null });
  });

  it('a failure stores the error and clears the data', async () => {
    await fetchStatsGraph('amb-1', REQUEST, () => Promise.resolve(answer(500, { detail: 'boom' })));
    expect($statsGraph.get()).toMatchObject({ status: 'fetchError', series: null, error: 500 });
    await fetchStatsGraph('amb-1', REQUEST, () => Promise.reject(new TypeError('offline')));
    expect($statsGraph.get()).toMatchObject({ status: 'fetchError', series: null, error: 0 });
  });

  it('keeps only the latest answer when a slow call ends after a quick one', async () => {
    let slow!: (r: Response) => void;
    const first = fetchStatsGraph('amb-1', REQUEST, () => new Promise<Response>((r) => { slow = r; }));
    const quick: GraphSeries[] = [{ stat_type: 'clicks', name: 'clicks', values: [[Date.UTC(2026, 0, 1), 9]] }];
    await fetchStatsGraph('amb-1', { ...REQUEST, interval: 'week' }, () => Promise.resolve(answer(200, quick)));
    slow(answer(200, SERIES));
    await first;
    expect($statsGraph.get()).toMatchObject({ status: 'fetched', series: quick, request: { interval: 'week' } });
  });

  it('asks the browser API with the spec §7 parameters', () => {
    expect(graphUrl('amb 1', { ...REQUEST, campaignUid: 'cmp-1' })).toBe(
      '/api/ambassadors/amb%201/stats/graph/?start_date=2026-01-01&end_date=2026-03-31&interval=month&stat_types=clicks%2Cshares%2Creferrals&campaign_uid=cmp-1');
  });
});
