import type { OpenApiDocument, OperationObject } from './document';

/**
 * GET /v1/docs: the OpenAPI document as one server-rendered HTML page: operations grouped by tag,
 * parameters and schemas as tables, examples as code blocks. No script and no external resource (a
 * bundled Scalar build is megabytes of JS and wants a CSP exception); its only style is one inline
 * `<style>` carrying the response's CSP nonce. Every text from the document is escaped.
 */

type Json = Record<string, unknown>;

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v: unknown) => String(v).replace(/[&<>"']/g, (ch) => ESC[ch]!);
/** Escaped text with `code` spans. */
const prose = (v: unknown) => esc(v).replace(/`([^`]+)`/g, '<code>$1</code>');
const pre = (value: unknown) => `<pre><code>${esc(typeof value === 'string' ? value : JSON.stringify(value, null, 2))}</code></pre>`;
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const schemaLink = (name: string) => `<a href="#schema-${esc(name)}">${esc(name)}</a>`;
export const anchorOf = (method: string, path: string) => `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/** A schema's type in a few words (HTML). */
function typeOf(s: Json): string {
  if (typeof s.$ref === 'string') return schemaLink(refName(s.$ref));
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeOf).join(' or ');
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(' | ');
  if (s.type === 'array') return `array of ${s.items ? typeOf(s.items as Json) : 'any'}`;
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties) {
    return `map of ${typeOf(s.additionalProperties as Json)}`;
  }
  if (Array.isArray(s.type)) return s.type.map(esc).join(' or ');
  return s.type ? esc(s.type) : 'any';
}

/** Constraints, default and description of a schema (HTML). */
function notesOf(s: Json): string {
  const notes: string[] = [];
  const safe = (n: unknown) => typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  const range = (min: unknown, max: unknown, unit: string) => {
    if (safe(min) && safe(max)) notes.push(`${esc(min)}-${esc(max)}${unit}`);
    else if (safe(max)) notes.push(`at most ${esc(max)}${unit}`);
    else if (safe(min)) notes.push(`at least ${esc(min)}${unit}`);
  };
  range(s.minLength, s.maxLength, ' characters');
  range(s.minimum, s.maximum, '');
  range(s.minItems, s.maxItems, ' items');
  if (typeof s.pattern === 'string') notes.push(`pattern <code>${esc(s.pattern)}</code>`);
  if (typeof s.format === 'string') notes.push(`format ${esc(s.format)}`);
  if ('default' in s) notes.push(`default <code>${esc(JSON.stringify(s.default))}</code>`);
  for (const alt of (s.anyOf as Json[] | undefined) ?? []) {
    const inner = notesOf({ ...alt, description: undefined });
    if (inner) notes.push(inner);
  }
  if (typeof s.description === 'string') notes.push(prose(s.description));
  return notes.join('; ');
}

/** Rows of an object schema's properties; nested inline objects become `parent.child` rows. */
function rows(s: Json, prefix = ''): string[] {
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const out: string[] = [];
  for (const [name, prop] of Object.entries(props)) {
    const nested = prop.type === 'object' && prop.properties;
    out.push(`<tr><td><code>${esc(prefix + name)}</code></td><td>${nested ? 'object' : typeOf(prop)}</td>` +
      `<td>${required.has(name) ? 'yes' : ''}</td><td>${notesOf(prop)}</td></tr>`);
    if (nested) out.push(...rows(prop, `${prefix}${name}.`));
  }
  if (s.additionalProperties && typeof s.additionalProperties === 'object' && s.properties) {
    out.push(`<tr><td><em>any other key</em></td><td>${typeOf(s.additionalProperties as Json)}</td><td></td><td></td></tr>`);
  }
  return out;
}

function schemaTable(s: Json): string {
  if (typeof s.$ref === 'string' || s.anyOf) return `<p>${typeOf(s)}</p>`;
  const body = rows(s);
  if (!body.length) return '<p>An empty object (<code>{}</code>) or no body.</p>';
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function parameterTable(params: Json[], doc: OpenApiDocument): string {
  if (!params.length) return '';
  const resolved = params.map((p) => (typeof p.$ref === 'string' ? (doc.components.parameters[refName(p.$ref)] as Json) : p));
  const body = resolved.map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : ''}</td>` +
    `<td>${typeOf(p.schema as Json)}${notesOf(p.schema as Json) ? `; ${notesOf(p.schema as Json)}` : ''}` +
    `${p.description ? `<br>${prose(p.description)}` : ''}</td></tr>`);
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function operationHtml(method: string, path: string, op: OperationObject, doc: OpenApiDocument): string {
  const parts = [
    `<section class="op" id="${anchorOf(method, path)}">`,
    `<h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>`,
    `<p class="summary">${esc(op.summary)}</p><p>${prose(op.description)}</p>`,
    `<p class="auth">Authentication: <code>Authorization: Bearer opk_...</code> (bearerAuth)</p>`,
    parameterTable(op.parameters, doc),
  ];
  if (op.requestBody) {
    // One media type per body: JSON, or text/csv / multipart/form-data for imports and uploads.
    const [type, media] = Object.entries(op.requestBody.content)[0]!;
    parts.push(`<h4>Request body${op.requestBody.required ? '' : ' (optional)'}: <code>${esc(type)}</code></h4>`, schemaTable(media.schema));
    if (media.example !== undefined) parts.push('<p>Example:</p>', pre(media.example));
  }
  parts.push('<h4>Responses</h4><dl class="responses">');
  for (const [status, res] of Object.entries(op.responses)) {
    parts.push(`<dt><span class="status s${esc(status[0])}">${esc(status)}</span> ${prose(res.description)}</dt><dd>`);
    for (const [name, h] of Object.entries((res.headers ?? {}) as Record<string, Json>)) {
      parts.push(`<p>Header <code>${esc(name)}</code>: ${prose(h.description)}</p>`);
    }
    const [type, media] = (Object.entries(res.content ?? {})[0] ?? []) as [string | undefined, Json | undefined];
    if (media) {
      parts.push(`<p>Body${type === 'application/json' ? '' : ` (<code>${esc(type)}</code>)`}: ${typeOf(media.schema as Json)}</p>`);
      for (const [name, ex] of Object.entries((media.examples ?? {}) as Record<string, { value: unknown }>)) {
        parts.push(`<details><summary>Example: ${esc(name)}</summary>${pre(ex.value)}</details>`);
      }
    }
    parts.push('</dd>');
  }
  parts.push('</dl></section>');
  return parts.join('\n');
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}
main{max-width:1000px;margin:0 auto;padding:1rem 1.5rem 4rem}
nav>ul{padding-left:1.2rem}nav ul ul{padding-left:1rem;margin:.2rem 0 .6rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
pre{background:#f6f8fa;padding:.75rem;overflow:auto;border-radius:6px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}
.op{border-top:1px solid #d0d7de;margin-top:2rem;padding-top:.5rem}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:0 .4rem}
.method.post{background:#1a7f37}.method.get{background:#0969da}
.status{font-weight:600}.s2{color:#1a7f37}.s4{color:#cf222e}
.summary{font-weight:600}.auth{color:#57606a}
dd{margin:0 0 .75rem 1.5rem}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}pre,th{background:#161b22}th,td{border-color:#30363d}}
`;

/** The page; `nonce` goes on the one `<style>` (the answer's CSP allows only that). */
export function docsHtml(doc: OpenApiDocument, nonce: string): string {
  const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ path, method, op })));
  const tags = (doc.tags as { name: string; description?: string }[] | undefined) ?? [];
  const info = doc.info as { title: string; version: string; description: string };
  const toc = tags.map((t) => `<li><strong>${esc(t.name)}</strong><ul>${ops.filter((o) => o.op.tags.includes(t.name))
    .map((o) => `<li><a href="#${anchorOf(o.method, o.path)}">${esc(o.method.toUpperCase())} ${esc(o.path)}</a></li>`).join('')}</ul></li>`);
  const sections = tags.map((t) => `<h2 id="tag-${esc(t.name)}">${esc(t.name)}</h2><p>${prose(t.description ?? '')}</p>` +
    ops.filter((o) => o.op.tags.includes(t.name)).map((o) => operationHtml(o.method, o.path, o.op, doc)).join('\n'));
  const schemas = Object.entries(doc.components.schemas).map(([name, s]) =>
    `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${s.description ? `<p>${prose(s.description)}</p>` : ''}${schemaTable(s)}</section>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(info.title)}</title><style nonce="${esc(nonce)}">${STYLE}</style></head>
<body><main>
<h1>${esc(info.title)} <small>v${esc(info.version)}</small></h1>
<p>${prose(info.description)}</p>
<p>Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>
<nav><h2>Operations</h2><ul>${toc.join('')}</ul><p><a href="#schemas">Schemas</a></p></nav>
${sections.join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.join('\n')}
</main></body></html>`;
}
