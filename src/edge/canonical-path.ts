import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from './types';

// One spelling per page. "/app/%73tats", "/app//stats", "//app/stats", "/app/stats/",
// "/APP/Stats", "/app/stats%2f" all name the stats page; the page gate decides on paths, so every other
// spelling of a page path is answered with a redirect to its canonical one (301 for GET and HEAD, 308
// otherwise, the query string kept) before the gate runs. The Location is always a path of this site with
// a single leading slash: "//evil.example" becomes "/evil.example", never a protocol-relative address.
// A path with control characters or broken percent-encoding names no page: 404.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Characters a path segment keeps as they are (RFC 3986 pchar without "%"). */
const KEEP = /%(3A|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/g;

const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(KEEP, (escape) => decodeURIComponent(escape));

/** Splits decoded path text into segments: "/" and "\" separate, "" and "." vanish, ".." goes up. */
function resolveSegments(parts: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out;
}

/**
 * The canonical spelling of a path (percent-decoded once, slashes collapsed, dot segments resolved, no
 * trailing slash, /app paths and custom-tab slugs in lower case, then encoded the one way), or null when
 * the path can name no page (control characters, malformed percent-encoding).
 */
export function canonicalPath(pathname: string, customSlugs: readonly string[] = []): string | null {
  const parts: string[] = [];
  for (const raw of pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (CONTROL.test(decoded)) return null;
    parts.push(...decoded.split(/[/\\]/));
  }
  let segments = resolveSegments(parts);
  const first = segments[0]?.toLowerCase();
  if (first === 'app' || (segments.length === 1 && customSlugs.includes(first!))) segments = segments.map((s) => s.toLowerCase());
  return `/${segments.map(encodeSegment).join('/')}`;
}

/**
 * The path as the page gate reads it: decoded as often as it is encoded, in lower case, ";params" and
 * empty or dot segments dropped. Deliberately looser than any router, so a spelling that some layer might
 * still take for a gated page is gated like it.
 */
export function gatePath(pathname: string): string {
  let text = pathname;
  for (let i = 0; i < 4 && text.includes('%'); i++) {
    try {
      const decoded = decodeURIComponent(text);
      if (decoded === text) break;
      text = decoded;
    } catch {
      break;
    }
  }
  const parts = text.toLowerCase().split(/[/\\]/).map((segment) => segment.split(';', 1)[0]!.replace(CONTROL_ALL, '').trim());
  return `/${resolveSegments(parts).join('/')}`;
}
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Redirects every non-canonical spelling of a path to the canonical one; 404 for paths that name no page. */
export function canonicalPaths(): MiddlewareHandler<EdgeEnv> {
  return async function canonicalPaths(c, next) {
    const url = new URL(c.req.url);
    const slugs = c.get('requestContext')?.settings.tabs.custom.map((tab) => tab.slug) ?? [];
    const canonical = canonicalPath(url.pathname, slugs);
    if (canonical === null) return c.text('Not found', 404, { 'cache-control': 'no-store' });
    if (canonical === url.pathname) return next();
    const status = c.req.method === 'GET' || c.req.method === 'HEAD' ? 301 : 308;
    return new Response(null, { status, headers: { location: canonical + url.search, 'cache-control': 'no-store' } });
  };
}
