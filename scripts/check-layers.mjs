// The floors of src/ (docs/architecture.md), checked on every `npm run check`:
// - no import cycle between the folders of src/api (a folder is the first directory under src/api; a file
//   at its root, like app.ts, is a floor of its own);
// - src/api/money imports nothing of src/api but core/;
// - src/api imports no edge, page, layout, component, island or widget (src/edge, src/pages, src/layouts,
//   src/components, src/islands, src/ui);
// - src/lib imports nothing of those nor of src/api.
// Imports are read with a regular expression (import/export ... from, import '...', import('...')); relative
// specifiers are resolved to files, type-only imports count too. Exits 1 with the list of what breaks a rule.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|astro)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\1/g;
const TRIES = ['', '.ts', '.tsx', '.astro', '.mjs', '.js', '/index.ts'];
const UI = ['src/edge', 'src/pages', 'src/layouts', 'src/components', 'src/islands', 'src/ui'];

function sourceFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (SOURCE.test(entry.name)) out.push(p);
  }
  return out;
}

const isFile = (p) => existsSync(p) && statSync(p).isFile();

/** The repository path a relative specifier of `file` names, or null (an asset such as `x.css?url`). */
function resolve(file, specifier) {
  const base = path.resolve(path.dirname(file), specifier.split('?')[0]);
  for (const ext of TRIES) if (isFile(base + ext)) return base + ext;
  if (base.endsWith('.js') && isFile(`${base.slice(0, -3)}.ts`)) return `${base.slice(0, -3)}.ts`;
  return null;
}

const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');
const under = (p, dir) => p === dir || p.startsWith(`${dir}/`);

/** Every resolved import of src/, as [from, to] repository paths. */
export function importsOf(root = ROOT) {
  const edges = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolve(file, m[2]);
      if (target) edges.push([rel(file), rel(target)]);
    }
  }
  return edges;
}

/** The floor of an API file: its first directory under src/api, or the file itself when it sits at the root. */
const floorOf = (p) => {
  const rest = p.slice('src/api/'.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest;
};

/** Strongly connected components of a directed graph (Tarjan), those of more than one node. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const seen = new Map();
  const low = new Map();
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    seen.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!seen.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), seen.get(w)));
    }
    if (low.get(v) === seen.get(v)) {
      const part = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!seen.has(v)) visit(v);
  return found;
}

/** For each edge a -> b inside a cycle, the shortest way back from b to a: the loops to break, shortest first. */
function shortestLoops(graph, inside) {
  const loops = new Map();
  for (const a of inside) {
    for (const b of graph.get(a) ?? []) {
      if (!inside.has(b)) continue;
      const back = new Map([[b, null]]);
      const queue = [b];
      while (queue.length && !back.has(a)) {
        const v = queue.shift();
        for (const w of graph.get(v) ?? []) {
          if (inside.has(w) && !back.has(w)) {
            back.set(w, v);
            queue.push(w);
          }
        }
      }
      if (!back.has(a)) continue;
      const path = [];
      for (let v = a; v !== null; v = back.get(v)) path.unshift(v);
      const loop = [a, ...path.slice(0, -1)];
      const start = loop.indexOf([...loop].sort()[0]);
      const key = [...loop.slice(start), ...loop.slice(0, start)];
      loops.set(key.join('>'), key);
    }
  }
  return [...loops.values()].sort((x, y) => x.length - y.length || x.join().localeCompare(y.join()));
}

export function layerProblems(edges) {
  const problems = [];
  const folderGraph = new Map();
  const crossing = [];
  for (const [from, to] of edges) {
    if (under(from, 'src/api')) {
      const ui = UI.find((dir) => under(to, dir));
      if (ui) problems.push(`${from} imports ${to}: the API knows no ${ui}`);
      if (under(to, 'src/api')) {
        const a = floorOf(from);
        const b = floorOf(to);
        if (a === 'money' && b !== 'money' && b !== 'core') {
          problems.push(`${from} imports ${to}: money/ is the bottom floor, it imports only core/`);
        }
        if (a !== b) {
          if (!folderGraph.has(a)) folderGraph.set(a, new Set());
          folderGraph.get(a).add(b);
          crossing.push([a, b, from, to]);
        }
      }
    }
    if (under(from, 'src/lib')) {
      const above = ['src/api', ...UI].find((dir) => under(to, dir));
      if (above) problems.push(`${from} imports ${to}: shared code (src/lib) knows no ${above}`);
    }
  }
  for (const part of cycles(folderGraph)) {
    const inside = new Set(part);
    const example = new Map();
    for (const [a, b, from, to] of crossing) if (inside.has(a) && inside.has(b) && !example.has(`${a}>${b}`)) example.set(`${a}>${b}`, `${from} -> ${to}`);
    const loops = shortestLoops(folderGraph, inside).map((loop) =>
      `    ${[...loop, loop[0]].join(' -> ')}
${loop.map((a, i) => `      ${example.get(`${a}>${loop[(i + 1) % loop.length]}`)}`).join('\n')}`);
    problems.push(`import cycle between src/api folders ${part.join(', ')}:\n${loops.join('\n')}`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = layerProblems(importsOf());
  if (problems.length) {
    console.error(`check-layers: ${problems.length} problem(s) (see docs/architecture.md, "The floors"):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log('check-layers: the floors hold');
}
