// The docs point at files that exist. README.md and docs/*.md are read; two kinds of references
// are checked against the working tree:
//   - markdown links to local files, `[text](docs/x.md)` or `[text](../src/y.ts#anchor)`, resolved from the
//     document's own folder (web addresses, mailto: and same-page #anchors are not files);
//   - code spans that are a repository path, `src/...`, `scripts/...`, `migrations/...`, `tests/...`,
//     `docs/...`, `seed/...`, resolved from the repository root.
// Paths with a glob or a placeholder (`src/api/operator/admin*.ts`, `tests/worker/<area>.test.ts`, `…`) are
// skipped. When code moves, this test lists every doc line that still names the old path.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Files another branch is adding while these docs are written: skipped only while missing, so
 * once they exist they are checked like any other path. Remove an entry when its file has landed.
 */
const LANDING = new Set(['src/api/money/README.md']);

const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

const REPO_PATH = /^(?:src|scripts|migrations|tests|docs|seed)\/[^\s`'"]*$/;
const PLACEHOLDER = /[*?<>{}[\]…]|\.\.\.|\|/;

interface Ref {
  doc: string;
  line: number;
  ref: string;
  file: string; // repository-relative
}

/** Local references of one document: markdown links and path-like code spans (fenced code is skipped). */
function references(doc: string, text: string): Ref[] {
  const refs: Ref[] = [];
  const dir = path.dirname(doc);
  let fenced = false;
  text.split('\n').forEach((raw, i) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = i + 1;
    // Links: [text](target) and ![alt](target); the target ends at the first space or ')'.
    for (const m of raw.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const clean = decodeURI(target.split('#')[0].split('?')[0]);
      if (!clean || PLACEHOLDER.test(clean)) continue;
      const file = path.posix.normalize(path.posix.join(dir, clean));
      refs.push({ doc, line, ref: target, file });
    }
    // Code spans outside links: a repository path, possibly with a trailing `:line` or `#anchor`.
    const withoutLinks = raw.replace(/!?\[[^\]]*\]\([^)]*\)/g, (s) => s.replace(/`/g, ''));
    for (const m of withoutLinks.matchAll(/`([^`\n]+)`/g)) {
      const span = m[1].trim().replace(/[#:].*$/, '').replace(/[.,;]$/, '');
      if (!REPO_PATH.test(span) || PLACEHOLDER.test(span)) continue;
      refs.push({ doc, line, ref: m[1], file: path.posix.normalize(span) });
    }
  });
  return refs;
}

function missing(refs: Ref[]): string[] {
  return refs
    .filter((r) => !existsSync(path.join(ROOT, r.file)) && !LANDING.has(r.file))
    .map((r) => `${r.doc}:${r.line}: ${r.ref}${r.ref !== r.file ? ` (${r.file})` : ''}`);
}

describe('documentation references', () => {
  it('reads README.md and docs/*.md', () => {
    expect(DOCS).toContain('README.md');
    expect(DOCS.length).toBeGreaterThan(1);
  });

  it('finds links and repository paths, and skips globs, placeholders, web links and fenced code', () => {
    const text = [
      'See [the API](docs/operator-api.md#keys), [money](../src/api/money/README.md) and [web](https://example.com).',
      'Code in `src/edge/app.ts`, `scripts/lib/db.mjs:12`, `src/api/<area>/`, `src/lib/i18n/*.ts`, `npm test`.',
      '```',
      'src/not/checked.ts `src/not/checked/either.ts`',
      '```',
    ].join('\n');
    const refs = references('docs/x.md', text).map((r) => r.file);
    expect(refs).toEqual(['docs/docs/operator-api.md', 'src/api/money/README.md', 'src/edge/app.ts', 'scripts/lib/db.mjs']);
  });

  it.each(DOCS)('%s names only files that exist', (doc) => {
    const refs = references(doc, readFileSync(path.join(ROOT, doc), 'utf8'));
    const gone = missing(refs);
    expect(gone, `missing files named in ${doc}:\n  ${gone.join('\n  ')}`).toEqual([]);
  });
});
