// npm test — build once, then the Vitest projects unit, worker and e2e one after another (the
// machines have two cores), and a last line `N passed, N failed` summed over the projects.
//
//   npx node scripts/test.mjs [--no-build] [unit|worker|e2e ...] [-- <extra vitest args>]
//
// Project names select projects (default: all three). --no-build reuses dist/ (e2e only needs it).
// Every project runs even when an earlier one fails; the exit code is 1 when anything failed.
// Vitest's default reporter stays on screen; a JSON report per project goes to .tmp/vitest-<name>.json,
// and each project's counts and wall time to .tmp/test-summary.json.
//
//   npx node scripts/test.mjs --ci-summary <phases file>
//
// prints the table `.ci/run` ends with: each CI phase's wall time (the file's lines: name, seconds and exit
// code, tab-separated; the phase `test` is this script's run, shown as one row per project with its test
// counts from .tmp/test-summary.json), then the same last line `N passed, N failed` (a phase that failed
// counts as one failed).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, current, forwardSignals, isBuilt, logger, parseArgs, spawnTool, waitExit } from './lib/proc.mjs';

const log = logger('test');
const PROJECTS = ['unit', 'worker', 'e2e'];
const SUMMARY = path.join(ROOT, '.tmp', 'test-summary.json');
const seconds = (since) => Math.round((performance.now() - since) / 100) / 10;
const line = (passed, failed) => `${passed} passed, ${failed} failed`;

async function run(tool, args, env) {
  const child = spawnTool(tool, args, { env });
  current.add(child);
  const code = await waitExit(child);
  current.delete(child);
  return code;
}

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const dd = argv.indexOf('--');
  const passthrough = dd >= 0 ? argv.slice(dd + 1) : [];
  const args = parseArgs(dd >= 0 ? argv.slice(0, dd) : argv, { booleans: ['no-build', 'help'], strings: ['ci-summary'] });
  if (args.help) {
    console.log('usage: npm test [-- --no-build] [-- unit worker e2e] [-- -- <vitest args>]\n       node scripts/test.mjs --ci-summary <phases file>');
    return 0;
  }
  if (args['ci-summary']) return ciSummary(args['ci-summary']);
  const unknown = args._.filter((p) => !PROJECTS.includes(p));
  if (unknown.length) throw new Error(`unknown project(s): ${unknown.join(', ')} (expected ${PROJECTS.join(', ')})`);
  const projects = args._.length ? PROJECTS.filter((p) => args._.includes(p)) : PROJECTS;
  forwardSignals();

  const tmp = path.join(ROOT, '.tmp');
  mkdirSync(tmp, { recursive: true });
  rmSync(SUMMARY, { force: true });
  const rows = [];
  let passed = 0;
  let failed = 0;

  let built = true;
  if (projects.includes('e2e')) {
    if (args['no-build'] && isBuilt()) log('--no-build: using the existing dist/');
    else {
      log('astro build');
      const started = performance.now();
      const code = await run('astro', ['build']);
      rows.push(['build', 0, code === 0 ? 0 : 1, code === 0 ? '' : `astro build exited with ${code}`, seconds(started)]);
      if (code !== 0) {
        built = false;
        failed += 1;
      }
    }
  }

  for (const project of projects) {
    if (project === 'e2e' && !built) {
      failed += 1;
      rows.push([project, 0, 1, 'skipped: the build failed', 0]);
      continue;
    }
    const report = path.join(tmp, `vitest-${project}.json`);
    rmSync(report, { force: true });
    log(`vitest --project ${project}`);
    const started = performance.now();
    const code = await run(
      'vitest',
      [
        'run',
        '--project',
        project,
        '--passWithNoTests',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...passthrough,
      ],
      project === 'e2e' ? { E2E_SKIP_BUILD: '1' } : {},
    );
    const json = readReport(report);
    let p = json?.numPassedTests ?? 0;
    let f = json?.numFailedTests ?? 0;
    let note = '';
    if (code !== 0 && f === 0) {
      // Failed files (import errors, hook failures) or a crash: count them so the run cannot pass.
      f = Math.max(1, json?.numFailedTestSuites ?? 0);
      note = json ? 'test files failed to run' : `vitest exited with ${code} and no report`;
    }
    passed += p;
    failed += f;
    rows.push([project, p, f, note, seconds(started)]);
  }

  writeFileSync(
    SUMMARY,
    `${JSON.stringify({ passed, failed, projects: rows.map(([name, p, f, note, s]) => ({ name, passed: p, failed: f, seconds: s, note })) }, null, 2)}\n`,
  );
  console.log('');
  for (const [name, p, f, note, s] of rows) {
    const counts = name === 'build' ? ''.padEnd(24) : `${String(p).padStart(4)} passed ${String(f).padStart(4)} failed`;
    console.log(`  ${name.padEnd(7)} ${counts} ${s.toFixed(1).padStart(7)} s${note ? `  (${note})` : ''}`);
  }
  console.log(line(passed, failed));
  return failed > 0 ? 1 : 0;
}

/** `.ci/run`'s closing table: every phase's wall time, the test phase one row per project; then the summary line. */
function ciSummary(phasesFile) {
  const phases = readFileSync(phasesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [name, secs, code] = l.split('\t');
      return { name, seconds: Number(secs), code: Number(code) };
    });
  let summary;
  try {
    summary = JSON.parse(readFileSync(SUMMARY, 'utf8'));
  } catch {
    summary = undefined;
  }
  let tests = 0;
  let passed = 0;
  let failed = 0;
  const rows = [];
  for (const phase of phases) {
    if (phase.name !== 'test') {
      rows.push([phase.name, phase.seconds.toFixed(1), '', '', phase.code === 0 ? '' : `exited with ${phase.code}`]);
      if (phase.code !== 0) failed += 1;
    } else if (!summary) {
      rows.push(['test', phase.seconds.toFixed(1), '', '', `exited with ${phase.code} and no ${path.relative(ROOT, SUMMARY)}`]);
      failed += 1;
    } else {
      rows.push(['test', phase.seconds.toFixed(1), String(summary.passed + summary.failed), line(summary.passed, summary.failed), phase.code === 0 ? '' : `exited with ${phase.code}`]);
      for (const p of summary.projects) {
        const counted = p.name !== 'build';
        rows.push([`  ${p.name}`, p.seconds.toFixed(1), counted ? String(p.passed + p.failed) : '', counted ? line(p.passed, p.failed) : '', p.note || '']);
      }
      tests += summary.passed + summary.failed;
      passed += summary.passed;
      failed += summary.failed;
      if (phase.code !== 0 && summary.failed === 0) failed += 1;
    }
  }
  const total = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  const whole = Math.round(total);
  rows.push(['total', total.toFixed(1), String(tests), line(passed, failed), `${Math.floor(whole / 60)} min ${whole % 60} s`]);
  const headers = ['phase', 'seconds', 'tests', 'result', 'note'];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (r) => r.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log('\nCI phases (wall time)');
  console.log(format(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(format(r));
  console.log(line(passed, failed));
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[test] ${err.message}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
