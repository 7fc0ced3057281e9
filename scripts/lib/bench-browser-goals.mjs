// The goals of the browser benches, judged from what they measured (pure: no browser, no portal), so
// that `npm run bench -- --cls` and `--lighthouse` print met / not met the same way the timing goals do
// (scripts/lib/bench-goals.mjs). Printed and in --json; never a reason to fail the run.

/** The goal per page: web.dev's "good" cumulative layout shift. */
export const CLS_GOAL = 0.1;

/**
 * One page's figure from its recorded shifts: { cls, shifts, met } (cls rounded to 4 places; met against
 * `goal`, null when the page was not measured).
 * @param {{ value: number }[] | undefined} shifts
 */
export function judgeShifts(shifts, goal = CLS_GOAL) {
  if (!shifts) return { cls: null, shifts: [], met: null };
  const cls = Number(shifts.reduce((sum, s) => sum + s.value, 0).toFixed(4));
  return { cls, shifts, met: cls <= goal };
}

/**
 * The goal over all runs: { goal, measured, met, worst: { page, cls } | null, over: [page...] } where a run
 * that landed elsewhere than asked (a lost session) or failed is not measured.
 * @param {{ page: string, cls: number | null, landed: boolean }[]} runs
 */
export function clsSummary(runs, goal = CLS_GOAL) {
  const measured = runs.filter((r) => r.cls !== null && r.landed);
  const worst = measured.reduce((w, r) => (w === null || r.cls > w.cls ? { page: r.page, cls: r.cls } : w), null);
  const over = measured.filter((r) => r.cls > goal).map((r) => r.page);
  return { goal, pages: runs.length, measured: measured.length, met: measured.length - over.length, worst, over };
}

/** The categories whose goal is 100 on every page (performance is printed only). */
export const GOAL_CATEGORIES = ['accessibility', 'best-practices', 'seo'];

/**
 * The goal over all runs: { categories, runs, audited, met, below: [{ page, formFactor, scores }] } where a
 * run that failed or landed on another page than the one asked for (a lost session) is not audited.
 * @param {{ page: string, url: string, finalUrl?: string, formFactor: string, error?: string, scores: Record<string, number | null> }[]} runs
 */
export function lighthouseSummary(runs) {
  const audited = runs.filter((r) => !r.error && r.finalUrl && new URL(r.finalUrl).pathname === new URL(r.url).pathname);
  const below = audited
    .filter((r) => GOAL_CATEGORIES.some((c) => r.scores[c] !== 100))
    .map((r) => ({ page: r.page, formFactor: r.formFactor, scores: Object.fromEntries(GOAL_CATEGORIES.map((c) => [c, r.scores[c] ?? null])) }));
  return { categories: GOAL_CATEGORIES, runs: runs.length, audited: audited.length, met: audited.length - below.length, below };
}
