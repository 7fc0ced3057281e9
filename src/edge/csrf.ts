import type { MiddlewareHandler } from 'hono';
import { en } from '../lib/i18n/en';
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
    if (isForeignRequest(c.req.raw)) return c.json({ detail: en.crossOrigin, code: 'crossOrigin' }, 403);
    await next();
  };
}

/**
 * Whether a browser sent this request from another origin: `Origin` names another origin, or (without
 * one) `Sec-Fetch-Site` says cross-site or same-site, or (without either) `Referer` is another origin.
 */
export function isForeignRequest(request: Request): boolean {
  const own = new URL(request.url).origin;
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const referer = request.headers.get('referer');
  if (origin) return origin !== own;
  if (site) return site !== 'same-origin' && site !== 'none';
  if (referer) return safeOrigin(referer) !== own;
  return false;
}

/**
 * Stricter, for what may change the session cookie: any sign of another site - Sec-Fetch-Site
 * cross-site or same-site, or an Origin or Referer of another origin - even when another header looks
 * same-origin. Such a request never logs anyone in or out.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const own = new URL(request.url).origin;
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin && origin !== own) return true;
  const referer = request.headers.get('referer');
  return !!referer && safeOrigin(referer) !== own;
}

function safeOrigin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
