// npm run check — SQL lives in query modules (style.md habit 2): files named `queries.ts` or `*-queries.ts`,
// so a service or a route reads as what it does and the statements of an area are found in one place.
// Counts the `.prepare(` calls of every .ts file under src/ and fails when fewer than MIN_SHARE of them are
// in query modules, listing the files outside them, most calls first. The D1 infrastructure (the batching
// wrapper, the named batch) prepares statements for others and is not counted.
//
//   node scripts/check-sql-placement.mjs
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIN_SHARE = 0.85;
const INFRASTRUCTURE = new Set(['batching-d1.ts', 'named-batch.ts']);

const isQueryModule = (file) => {
  const name = path.basename(file);
  return name === 'queries.ts' || name.endsWith('-queries.ts');
};

/** `.prepare(` calls per .ts file of src (paths relative to the repository, only files that have some). */
function prepareCalls() {
  const counts = new Map();
  for (const entry of readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || INFRASTRUCTURE.has(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const n = readFileSync(full, 'utf8').split('.prepare(').length - 1;
    if (n > 0) counts.set(path.relative(ROOT, full).split(path.sep).join('/'), n);
  }
  return counts;
}

const counts = prepareCalls();
let total = 0;
let inQueries = 0;
const outside = [];
for (const [file, n] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
  total += n;
  if (isQueryModule(file)) inQueries += n;
  else outside.push(`  ${file}: ${n}`);
}
const share = total ? inQueries / total : 0;
const summary = `${inQueries} of ${total} prepare() calls in query modules (${(share * 100).toFixed(1)}%, at least ${MIN_SHARE * 100}% required)`;
if (total === 0 || share < MIN_SHARE) {
  console.error(`check-sql-placement: ${total === 0 ? 'no prepare() call found under src/' : summary}; outside query modules:\n${outside.join('\n')}`);
  process.exit(1);
}
console.log(`check-sql-placement: ${summary}`);
