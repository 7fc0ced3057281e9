import { Hono } from 'hono';
import type { EdgeEnv } from './types';

/** Types shown inline; anything else is sent as a download so the browser never renders it as a page. */
const INLINE_TYPES = /^(image\/(png|jpeg|webp|gif|avif)|video\/(mp4|webm|ogg|mpeg)|audio\/(mpeg|ogg|wav|webm)|application\/pdf)$/;

/** The R2 key of a /media path when it belongs to the tenant: avatars/<company>/... or assets/<company>/... */
export function tenantKey(path: string, companyId: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(path.replace(/^\/media\//, ''));
  } catch {
    return null;
  }
  if (!/^[\w.\-/]{1,512}$/.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) return null;
  const [area, company] = key.split('/');
  if ((area !== 'avatars' && area !== 'assets') || company !== companyId) return null;
  return key;
}

/**
 * GET /media/<key>: files kept in R2 (avatars, assets), served on the tenant's own host only. Keys of
 * other companies answer 404 exactly like missing ones. Range and conditional requests go to R2.
 */
export const media = new Hono<EdgeEnv>().on(['GET', 'HEAD'], '/*', async (c) => {
  const key = tenantKey(c.req.path, c.var.portal.uid);
  const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  if (!key) return notFound();
  const headers = c.req.raw.headers;
  const object = await c.env.FILES.get(key, { range: headers, onlyIf: headers });
  if (!object) return notFound();

  const out = new Headers();
  object.writeHttpMetadata(out);
  const type = object.httpMetadata?.contentType ?? 'application/octet-stream';
  // SVG and HTML can carry script: never inline, never as their own type.
  const safeType = /svg|html|xml|javascript/i.test(type) ? 'application/octet-stream' : type;
  out.set('Content-Type', safeType);
  if (!INLINE_TYPES.test(safeType)) {
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
  const range = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
  if (range && headers.has('range')) {
    const offset = range.suffix !== undefined ? object.size - range.suffix : range.offset ?? 0;
    const length = range.suffix ?? range.length ?? object.size - offset;
    out.set('Content-Range', `bytes ${offset}-${offset + length - 1}/${object.size}`);
    out.set('Content-Length', String(length));
    return new Response(object.body, { status: 206, headers: out });
  }
  out.set('Content-Length', String(object.size));
  return new Response(object.body, { status: 200, headers: out });
});
