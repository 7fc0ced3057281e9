// HTML/JS scanning for scripts/bench.mjs: which JavaScript a server-rendered page makes the browser load.

export function decodeEntities(s) {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

export function attr(tag, name) {
  return new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined);
}

/** JS URLs the HTML loads: script src, modulepreload, island component/renderer URLs, inline imports. */
export function jsFromHtml(html, base) {
  const urls = new Set();
  const add = (u) => u && urls.add(new URL(decodeEntities(u), base).href);
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) add(attr(tag, 'src'));
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel\s*=\s*["']?modulepreload/i.test(tag)) add(attr(tag, 'href'));
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    add(attr(tag, 'component-url'));
    add(attr(tag, 'renderer-url'));
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const spec of importsOf(body).static) if (/^(\.|\/)/.test(spec)) add(spec);
  }
  return [...urls];
}

/** Module specifiers imported by a JS source: static (loaded with it) and dynamic (loaded later). */
export function importsOf(src) {
  const stat = new Set();
  const dyn = new Set();
  for (const m of src.matchAll(/(?:^|[;\s}])import\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) stat.add(m[1]);
  for (const m of src.matchAll(/(?:^|[;\s}])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) stat.add(m[1]);
  for (const m of src.matchAll(/\bimport\(\s*(["'`])([^"'`$]+)\1\s*\)/g)) dyn.add(m[2]);
  return { static: [...stat], dynamic: [...dyn].filter((d) => !stat.has(d)) };
}
