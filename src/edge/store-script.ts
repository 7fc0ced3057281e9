import { Hono } from 'hono';
import { STORE_SCRIPT } from '../store-script/built';
import type { EdgeEnv } from './types';

/** The script with a window of `days` baked in (what a host whose company has that window serves). */
export const storeScriptFor = (days: number) => `${STORE_SCRIPT.before}${days}${STORE_SCRIPT.after}`;

/**
 * How long browsers and CDNs keep it: five minutes, then one more use while it is fetched again, so a
 * changed window reaches stores within minutes and a busy store still costs the Worker one request per
 * five minutes per cache.
 */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

/**
 * GET /t.js - the store script (src/store-script/store-script.ts) with the company's attribution
 * window (customization `attribution.window_days`) baked in. Mounted right after the tenant, before the
 * session: it sets no cookie of the portal's, and answers every origin the same bytes (`*`, no
 * credentials), so a store on any domain can load it, with `crossorigin` or without, under COEP too.
 */
export const storeScript = new Hono<EdgeEnv>().get('/t.js', (c) => {
  const days = c.var.portal.settings.attribution.window_days;
  const etag = `"${STORE_SCRIPT.version}-${days}"`;
  const headers = {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': CACHE_CONTROL,
    ETag: etag,
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(storeScriptFor(days), { headers });
});
