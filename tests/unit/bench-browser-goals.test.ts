import { describe, expect, it } from 'vitest';
import { CLS_GOAL, clsSummary, judgeShifts, lighthouseSummary } from '../../scripts/lib/bench-browser-goals.mjs';

const shift = (value: number) => ({ value, time: 100, sources: [] });

describe('layout shift against its goal in the bench', () => {
  it('sums the shifts of a page and meets the goal at 0.1 exactly', () => {
    expect(CLS_GOAL).toBe(0.1);
    expect(judgeShifts([shift(0.06), shift(0.04)])).toMatchObject({ cls: 0.1, met: true });
    expect(judgeShifts([shift(0.06), shift(0.0401)])).toMatchObject({ cls: 0.1001, met: false });
    expect(judgeShifts([])).toMatchObject({ cls: 0, met: true });
  });

  it('leaves a page that was not measured without figure or verdict', () => {
    expect(judgeShifts(undefined)).toEqual({ cls: null, shifts: [], met: null });
  });

  it('names the worst page and the pages over the goal, not counting pages that landed elsewhere or failed', () => {
    const s = clsSummary([
      { page: '/login', cls: 0, landed: true },
      { page: '/register', cls: 0.12, landed: true },
      { page: '/app/sharing', cls: 0.17, landed: true },
      { page: '/app', cls: 0.5, landed: false }, // a lost session: /register was measured instead
      { page: '/app/stats', cls: null, landed: false }, // the load failed
    ]);
    expect(s).toEqual({ goal: 0.1, pages: 5, measured: 3, met: 1, worst: { page: '/app/sharing', cls: 0.17 }, over: ['/register', '/app/sharing'] });
  });

  it('has no worst page when nothing was measured', () => {
    expect(clsSummary([])).toMatchObject({ measured: 0, met: 0, worst: null, over: [] });
  });
});

describe('Lighthouse accessibility, best practices and SEO against 100 in the bench', () => {
  const run = (page: string, scores: Record<string, number | null>, finalPath = page) => ({
    page, url: `http://localhost:8787${page}`, finalUrl: `http://localhost:8787${finalPath}`, formFactor: 'desktop', scores,
  });

  it('lists the runs below 100 in any of the three, whatever performance reads', () => {
    const s = lighthouseSummary([
      run('/login', { performance: 71, accessibility: 100, 'best-practices': 100, seo: 100 }),
      run('/register', { accessibility: 100, 'best-practices': 96, seo: 100 }),
      run('/app', { accessibility: 98, 'best-practices': 100, seo: null }),
    ]);
    expect(s).toMatchObject({ runs: 3, audited: 3, met: 1 });
    expect(s.below).toEqual([
      { page: '/register', formFactor: 'desktop', scores: { accessibility: 100, 'best-practices': 96, seo: 100 } },
      { page: '/app', formFactor: 'desktop', scores: { accessibility: 98, 'best-practices': 100, seo: null } },
    ]);
  });

  it('does not judge a run that failed or audited another page than the one asked for', () => {
    const s = lighthouseSummary([
      run('/app', { accessibility: 100, 'best-practices': 100, seo: 100 }, '/register'),
      { page: '/app/stats', url: 'http://localhost:8787/app/stats', formFactor: 'mobile', error: 'FAILED_DOCUMENT_REQUEST', scores: {} },
    ]);
    expect(s).toMatchObject({ runs: 2, audited: 0, met: 0, below: [] });
  });
});
