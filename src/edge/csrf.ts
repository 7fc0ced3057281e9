import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from './types';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another origin (403): `/api` calls and form
 * posts alike. Browsers always send `Origin` (or at least `Sec-Fetch-Site`) on such requests; a request
 * with neither comes from no browser, so it carries no ambient cookie risk.
 */
export function csrf(): MiddlewareHandler<EdgeEnv> {
  return async function csrf(c, next) {
    if (SAFE.has(c.req.method)) return next();
    const own = new URL(c.req.url).origin;
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const referer = c.req.header('referer');
    let foreign = false;
    if (origin) foreign = origin !== own;
    else if (site) foreign = site !== 'same-origin' && site !== 'none';
    else if (referer) foreign = safeOrigin(referer) !== own;
    if (foreign) return c.json({ detail: 'Cross-origin request refused.', code: 'crossOrigin' }, 403);
    await next();
  };
}

function safeOrigin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
