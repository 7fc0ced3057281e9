// The page goals (CPU, response times, HTML and JavaScript sizes) as `npm run bench` judges them: each
// goal against the figure the bench measured (the worst page for the per-page goals). Printed and in
// --json; never a reason to fail the run.
//
// goalTable() reads the report bench.mjs builds: pages[] with cpu.xLogin, whole.xStatic, ttfb.xStatic,
// htmlBytes and js.eager.gzip (measured pages only), redirect.whole.xStatic and concurrency.ratio.
// A goal whose figure was not measured (no /proc, --pages without /login or /register, ...) is n/a.

const KB = 1024; // as the bench's KB columns
const GOAL_CLIENTS = 8; // the /app goal is set at 8 concurrent clients: another --concurrency leaves it n/a

/** Each goal: its comparison and limit, and how to read its figure from one page (`page`) or from the whole report (`report`). */
const GOALS = [
  { id: 'cpu', goal: "CPU per request, every page, x /login's", op: '<=', limit: 2.5, unit: 'x', page: (r) => r.cpu?.xLogin },
  { id: 'whole', goal: 'whole response p50, every page, x static asset', op: '<=', limit: 2, unit: 'x', page: (r) => r.whole?.xStatic },
  { id: 'ttfb', goal: 'first byte p50, every page, x static asset', op: '<=', limit: 1.2, unit: 'x', page: (r) => r.ttfb?.xStatic },
  { id: 'redirect', goal: '/r/<code> whole response p50, x static asset', op: '<=', limit: 1.2, unit: 'x', report: (rep) => rep.redirect?.whole?.xStatic },
  { id: 'concurrency', goal: '/app requests/s under 8 clients, x static asset', op: '>=', limit: 0.4, unit: 'x', report: (rep) => (rep.concurrency?.concurrency === GOAL_CLIENTS ? rep.concurrency.ratio : undefined) },
  { id: 'html', goal: 'HTML per page', op: '<=', limit: 60, unit: 'KB', page: (r) => (r.htmlBytes === undefined ? undefined : r.htmlBytes / KB) },
  { id: 'registerJs', goal: '/register JavaScript (gzip)', op: '<=', limit: 15, unit: 'KB', report: (rep) => gzipKb(rep.pages.find((p) => p.host === 'localhost' && p.path === '/register')) },
  { id: 'pageJs', goal: 'JavaScript per page (gzip)', op: '<=', limit: 100, unit: 'KB', page: gzipKb },
];

function gzipKb(page) {
  const b = page?.measured ? page.js?.eager?.gzip : undefined;
  return b === undefined ? undefined : b / KB;
}

const meets = (op, value, limit) => (op === '<=' ? value <= limit : value >= limit);

/**
 * One row per goal: { id, goal, op, limit, unit, value, page, met } where `value` is the worst figure
 * (highest for <=, lowest for >=), `page` the page it came from and `met` true/false, or null (and
 * value null) when nothing was measured.
 */
export function goalTable(report) {
  return GOALS.map(({ id, goal, op, limit, unit, page, report: whole }) => {
    let value;
    let where = null;
    if (page) {
      for (const r of report.pages.filter((p) => p.measured)) {
        const v = page(r);
        if (!Number.isFinite(v)) continue;
        if (value === undefined || (op === '<=' ? v > value : v < value)) [value, where] = [v, r.page];
      }
    } else value = whole(report);
    if (!Number.isFinite(value)) return { id, goal, op, limit, unit, value: null, page: null, met: null };
    return { id, goal, op, limit, unit, value: Number(value.toFixed(2)), page: where, met: meets(op, value, limit) };
  });
}

/** Prints the goal rows with the bench's table(). */
export function printGoals(rows, table) {
  console.log('\nPage goals (printed, never failing the run; per-page goals show the worst page)');
  const fmt = (v, unit) => (unit === 'x' ? `${v.toFixed(2)}x` : `${v.toFixed(1)} KB`);
  table(
    ['goal', 'target', 'measured', 'worst page', 'result'],
    rows.map((g) => [g.goal, `${g.op === '<=' ? '<=' : '>='} ${fmt(g.limit, g.unit)}`, g.value === null ? 'n/a' : fmt(g.value, g.unit), g.page ?? '-', g.met === null ? 'n/a' : g.met ? 'met' : 'NOT MET']),
  );
  const met = rows.filter((g) => g.met).length;
  console.log(`  ${met} of ${rows.length} goals met${rows.some((g) => g.met === null) ? `, ${rows.filter((g) => g.met === null).length} not measured` : ''}`);
}
