import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 18: SQL lives in query modules (style.md habit 2), files named `queries.ts` or `*-queries.ts`, so
// a service or route reads as what it does and the statements of an area are found in one place. The
// D1 infrastructure itself (the batching wrapper and the named batch) prepares statements for others
// and is not counted.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'src');
const INFRASTRUCTURE = new Set(['src/api/core/batching-d1.ts', 'src/api/core/named-batch.ts']);
const MIN_SHARE = 0.85;

const isQueryModule = (file: string) => {
  const name = path.basename(file);
  return name === 'queries.ts' || name.endsWith('-queries.ts');
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** `.prepare(` calls per file of src (relative paths, only files that have some). */
function prepareCalls(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of sourceFiles(SRC)) {
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    if (INFRASTRUCTURE.has(relative)) continue;
    const n = readFileSync(file, 'utf8').split('.prepare(').length - 1;
    if (n > 0) counts.set(relative, n);
  }
  return counts;
}

describe('SQL placement', () => {
  it(`keeps at least ${MIN_SHARE * 100}% of prepare() calls in query modules (queries.ts, *-queries.ts)`, () => {
    const counts = prepareCalls();
    let total = 0;
    let inQueries = 0;
    const outside: string[] = [];
    for (const [file, n] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
      total += n;
      if (isQueryModule(file)) inQueries += n;
      else outside.push(`${file}: ${n}`);
    }
    expect(total).toBeGreaterThan(0);
    const share = inQueries / total;
    expect(share, `${inQueries} of ${total} prepare() calls are in query modules (${(share * 100).toFixed(1)}%); outside:\n  ${outside.join('\n  ')}`)
      .toBeGreaterThanOrEqual(MIN_SHARE);
  });

  it('tells query modules by name', () => {
    expect(['src/api/auth/queries.ts', 'src/api/operator/people-asset-queries.ts'].every(isQueryModule)).toBe(true);
    expect(['src/api/operator/service.ts', 'src/api/queries-helper.ts', 'src/api/myqueries.ts'].some(isQueryModule)).toBe(false);
  });
});
