import { Hono } from 'hono';
import type { EdgeEnv } from './types';

/** Types shown inline; anything else is sent as a download so the browser never renders it as a page. */
const INLINE_TYPES = /^(image\/(png|jpeg|webp|gif|avif)|video\/(mp4|webm|ogg|mpeg)|audio\/(mpeg|ogg|wav|webm)|application\/pdf)$/;

/** The R2 key of a /media path when it belongs to the tenant: avatars/<company>/..., assets/<company>/... or brand/<company>/... */
export function tenantKey(path: string, companyId: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(path.replace(/^\/media\//, ''));
  } catch {
    return null;
  }
  if (!/^[\w.\-/]{1,512}$/.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) return null;
  const [area, company] = key.split('/');
  if ((area !== 'avatars' && area !== 'assets' && area !== 'brand') || company !== companyId) return null;
  return key;
}

/** A `Range` header's one byte range: `first-last`, `first-` or `-suffix`; `invalid` when last < first. */
export type ByteRange = { first: number; last: number | null } | { suffix: number } | 'invalid';

/**
 * The byte range a `Range` header asks for (RFC 9110 §14.1.2), or null when the header is to be ignored:
 * another unit, syntax that is not a range (`bytes=abc`, `bytes=1-2-3`), or several ranges (served as the
 * whole file rather than as multipart/byteranges, which RFC 9110 allows).
 */
export function parseRange(header: string | null): ByteRange | null {
  const m = header ? /^\s*bytes\s*=\s*(.*)$/i.exec(header) : null;
  if (!m) return null;
  const specs = m[1]!.split(',').map((s) => s.trim()).filter(Boolean);
  if (specs.length !== 1) return null;
  const spec = specs[0]!;
  const closed = /^(\d+)\s*-\s*(\d*)$/.exec(spec);
  if (closed) {
    const first = Number(closed[1]);
    const last = closed[2] ? Number(closed[2]) : null;
    return last !== null && last < first ? 'invalid' : { first, last };
  }
  const suffix = /^-\s*(\d+)$/.exec(spec);
  return suffix ? { suffix: Number(suffix[1]) } : null;
}

/** The bytes `range` covers in a file of `size` bytes, or null when none of them exist (416). */
export function satisfiable(range: ByteRange, size: number): { offset: number; length: number } | null {
  if (range === 'invalid' || size === 0) return null;
  if ('suffix' in range) return range.suffix === 0 ? null : { offset: Math.max(0, size - range.suffix), length: Math.min(range.suffix, size) };
  if (range.first >= size) return null;
  const last = Math.min(range.last ?? size - 1, size - 1);
  return { offset: range.first, length: last - range.first + 1 };
}

/** An entity tag list (If-None-Match, If-Match) that names `etag` (weakly) or is `*`. */
const namesTag = (list: string, etag: string) =>
  list.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag.replace(/^W\//, ''));

/**
 * GET /media/<key>: files kept in R2 (avatars, assets), served on the tenant's own host only. Keys of
 * other companies answer 404 exactly like missing ones. Conditional requests go to R2. A `Range` is
 * resolved here against the file's size (RFC 9110): one satisfiable range is a 206 of exactly those
 * bytes; a range that starts past the end, `bytes=-0`, `last < first` or any range of an empty file is
 * a 416 whose `Content-Range` gives the size (`bytes *` then `/size`); other units, garbage and several
 * ranges are ignored (200, the whole file); an `If-Range` other than the current ETag gets the whole file.
 */
export const media = new Hono<EdgeEnv>().on(['GET', 'HEAD'], '/*', async (c) => {
  const key = tenantKey(c.req.path, c.var.portal.uid);
  const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  if (!key) return notFound();
  const headers = c.req.raw.headers;
  const wanted = c.req.method === 'GET' ? parseRange(headers.get('range')) : null;
  let range: { offset: number; length: number } | undefined;
  if (wanted) {
    const meta = await c.env.FILES.head(key);
    if (!meta) return notFound();
    const ifRange = headers.get('if-range');
    if (!ifRange || ifRange.trim() === meta.httpEtag) {
      const bytes = satisfiable(wanted, meta.size);
      if (!bytes) {
        // Preconditions come before the range (RFC 9110 §13.2.2).
        const inm = headers.get('if-none-match');
        if (inm && namesTag(inm, meta.httpEtag)) return new Response(null, { status: 304, headers: { ETag: meta.httpEtag } });
        const im = headers.get('if-match');
        if (im && !namesTag(im, meta.httpEtag)) return new Response(null, { status: 412, headers: { ETag: meta.httpEtag } });
        return c.text('Range not satisfiable', 416, {
          'Content-Range': `bytes */${meta.size}`, 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff',
        });
      }
      range = bytes;
    }
  }
  const object = await c.env.FILES.get(key, { ...(range && { range }), onlyIf: headers });
  if (!object) return notFound();

  const out = new Headers();
  object.writeHttpMetadata(out);
  const type = object.httpMetadata?.contentType ?? 'application/octet-stream';
  // SVG and HTML can carry script: never inline, never as their own type. A brand logo's SVG is the one
  // exception: the API stored only its sanitised text (src/api/companies/svg-logo.ts), and an <img> shows
  // an SVG only as image/svg+xml (the page CSP still forbids any script in it opened on its own).
  const brandSvg = key.startsWith('brand/') && type === 'image/svg+xml';
  const safeType = !brandSvg && /svg|html|xml|javascript/i.test(type) ? 'application/octet-stream' : type;
  out.set('Content-Type', safeType);
  if (!brandSvg && !INLINE_TYPES.test(safeType)) {
    const name = key.split('/').pop()!.replace(/[^\w.-]/g, '_');
    out.set('Content-Disposition', `attachment; filename="${name}"`);
  }
  out.set('ETag', object.httpEtag);
  out.set('Accept-Ranges', 'bytes');
  out.set('X-Content-Type-Options', 'nosniff');
  // Keys are never reused for other content (avatars get a new random name), so caches may keep them a day.
  out.set('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800');
  out.set('Vary', 'Host');
  out.set('Cross-Origin-Resource-Policy', 'cross-origin');

  if (!('body' in object)) {
    // onlyIf failed: a matching If-None-Match gives 304, a failed If-Match 412.
    const status = headers.has('if-none-match') || headers.has('if-modified-since') ? 304 : 412;
    return new Response(null, { status, headers: out });
  }
  if (c.req.method === 'HEAD') {
    out.set('Content-Length', String(object.size));
    return new Response(null, { status: 200, headers: out });
  }
  if (range) {
    out.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    out.set('Content-Length', String(range.length));
    return new Response(object.body, { status: 206, headers: out });
  }
  out.set('Content-Length', String(object.size));
  return new Response(object.body, { status: 200, headers: out });
});
