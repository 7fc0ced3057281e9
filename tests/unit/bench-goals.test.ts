import { describe, expect, it } from 'vitest';
import { goalTable } from '../../scripts/lib/bench-goals.mjs';

const KB = 1024;

// A page of the bench's report, measured (2xx) unless told otherwise.
function page(path: string, f: { cpu?: number; whole?: number; ttfb?: number; html?: number; js?: number; host?: string; measured?: boolean }) {
  const host = f.host ?? 'localhost';
  return {
    page: host === 'localhost' ? path : `${host}${path}`,
    host,
    path,
    measured: f.measured ?? true,
    cpu: f.cpu === undefined ? null : { msPerRequest: f.cpu * 2, xLogin: f.cpu },
    whole: f.whole === undefined ? undefined : { xStatic: f.whole },
    ttfb: f.ttfb === undefined ? undefined : { xStatic: f.ttfb },
    htmlBytes: f.html === undefined ? undefined : f.html * KB,
    js: f.js === undefined ? undefined : { eager: { gzip: f.js * KB } },
  };
}

const report = {
  pages: [
    page('/login', { cpu: 1, whole: 0.9, ttfb: 1, html: 12, js: 3 }),
    page('/register', { cpu: 1.2, whole: 1.1, ttfb: 1, html: 20, js: 96 }),
    page('/app/activity-portal', { cpu: 6.8, whole: 7, ttfb: 1.1, html: 160, js: 80 }),
    page('/app/stats', { cpu: 2.4, whole: 1.9, ttfb: 1.3, html: 50, js: 130 }),
    page('/app', { host: 'acme.localhost', cpu: 2, whole: 1.5, ttfb: 1.05, html: 40, js: 90 }),
    page('/app/gone', { measured: false }),
  ],
  redirect: { whole: { xStatic: 1.1 } },
  concurrency: { concurrency: 8, ratio: 0.21 },
};

const byId = (rows: { id: string }[]) => Object.fromEntries(rows.map((r) => [r.id, r]));

describe('issue 19 goals in the bench', () => {
  it('judges per-page goals by the worst page and names it', () => {
    const g = byId(goalTable(report));
    expect(g.cpu).toMatchObject({ value: 6.8, page: '/app/activity-portal', met: false });
    expect(g.whole).toMatchObject({ value: 7, page: '/app/activity-portal', met: false });
    expect(g.ttfb).toMatchObject({ value: 1.3, page: '/app/stats', met: false });
    expect(g.html).toMatchObject({ value: 160, page: '/app/activity-portal', met: false });
    expect(g.pageJs).toMatchObject({ value: 130, page: '/app/stats', met: false });
  });

  it('judges the redirect, the /app concurrency and /register JavaScript on their own figures', () => {
    const g = byId(goalTable(report));
    expect(g.redirect).toMatchObject({ value: 1.1, met: true });
    expect(g.concurrency).toMatchObject({ op: '>=', limit: 0.4, value: 0.21, met: false });
    expect(g.registerJs).toMatchObject({ value: 96, limit: 15, met: false });
  });

  it('meets a goal at its limit exactly', () => {
    const atLimits = {
      pages: [page('/login', { cpu: 1, whole: 2, ttfb: 1.2, html: 60, js: 15 }), page('/register', { cpu: 2.5, whole: 1, ttfb: 1, html: 1, js: 15 })],
      redirect: { whole: { xStatic: 1.2 } },
      concurrency: { concurrency: 8, ratio: 0.4 },
    };
    expect(goalTable(atLimits).every((g: { met: boolean | null }) => g.met === true)).toBe(true);
  });

  it('says n/a for what was not measured instead of met or not met', () => {
    const g = byId(goalTable({ pages: [page('/app', { whole: 1.5, ttfb: 1, html: 30, js: 40 })], redirect: null, concurrency: null }));
    expect(g.cpu).toMatchObject({ value: null, page: null, met: null });
    expect(g.redirect).toMatchObject({ value: null, met: null });
    expect(g.concurrency).toMatchObject({ value: null, met: null });
    expect(g.registerJs).toMatchObject({ value: null, met: null });
    expect(g.whole).toMatchObject({ value: 1.5, met: true });
  });

  it('leaves the /app concurrency goal n/a when measured with other than 8 clients', () => {
    const g = byId(goalTable({ ...report, concurrency: { concurrency: 4, ratio: 0.9 } }));
    expect(g.concurrency).toMatchObject({ value: null, met: null });
  });

  it('lists every goal of the issue once', () => {
    expect(goalTable(report).map((g: { id: string }) => g.id)).toEqual(['cpu', 'whole', 'ttfb', 'redirect', 'concurrency', 'html', 'registerJs', 'pageJs']);
  });
});
