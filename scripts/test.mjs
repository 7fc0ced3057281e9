// npm test — build once, then the Vitest projects unit, worker and e2e one after another (the
// machines have two cores), and a last line `N passed, N failed` summed over the projects.
//
//   npx node scripts/test.mjs [--no-build] [unit|worker|e2e ...] [-- <extra vitest args>]
//
// Project names select projects (default: all three). --no-build reuses dist/ (e2e only needs it).
// Every project runs even when an earlier one fails; the exit code is 1 when anything failed.
// Vitest's default reporter stays on screen; a JSON report per project goes to .tmp/vitest-<name>.json.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, current, forwardSignals, isBuilt, logger, parseArgs, spawnTool, waitExit } from './lib/proc.mjs';

const log = logger('test');
const PROJECTS = ['unit', 'worker', 'e2e'];

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
  const args = parseArgs(dd >= 0 ? argv.slice(0, dd) : argv, { booleans: ['no-build', 'help'] });
  if (args.help) {
    console.log('usage: npm test [-- --no-build] [-- unit worker e2e] [-- -- <vitest args>]');
    return 0;
  }
  const unknown = args._.filter((p) => !PROJECTS.includes(p));
  if (unknown.length) throw new Error(`unknown project(s): ${unknown.join(', ')} (expected ${PROJECTS.join(', ')})`);
  const projects = args._.length ? PROJECTS.filter((p) => args._.includes(p)) : PROJECTS;
  forwardSignals();

  const tmp = path.join(ROOT, '.tmp');
  mkdirSync(tmp, { recursive: true });
  const rows = [];
  let passed = 0;
  let failed = 0;

  let built = true;
  if (projects.includes('e2e')) {
    if (args['no-build'] && isBuilt()) log('--no-build: using the existing dist/');
    else {
      log('astro build');
      const code = await run('astro', ['build']);
      if (code !== 0) {
        built = false;
        failed += 1;
        rows.push(['build', 0, 1, `astro build exited with ${code}`]);
      }
    }
  }

  for (const project of projects) {
    if (project === 'e2e' && !built) {
      failed += 1;
      rows.push([project, 0, 1, 'skipped: the build failed']);
      continue;
    }
    const report = path.join(tmp, `vitest-${project}.json`);
    rmSync(report, { force: true });
    log(`vitest --project ${project}`);
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
    rows.push([project, p, f, note]);
  }

  console.log('');
  for (const [name, p, f, note] of rows) {
    console.log(`  ${name.padEnd(7)} ${String(p).padStart(4)} passed ${String(f).padStart(4)} failed${note ? `  (${note})` : ''}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
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
