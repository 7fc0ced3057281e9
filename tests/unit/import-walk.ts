import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The modules a browser script pulls into its bundle: every relative value import, followed through the
// modules it reaches. Type-only imports are erased at build time, so they are not followed.

const valueImports = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

/** Every file reached from `entry` by relative value imports, `entry` included. */
export function importedFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of valueImports(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      walk([target, `${target}.ts`, `${target}.tsx`].find((f) => existsSync(f) && statSync(f).isFile()) ?? `${target}.ts`);
    }
  };
  walk(entry);
  return seen;
}

/** The message catalogues (lib/i18n) among `files`. */
export const catalogueFiles = (files: Iterable<string>) => [...files].filter((file) => /\/lib\/i18n(\.ts|\/)/.test(file));
