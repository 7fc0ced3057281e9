import type { MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';
import { ApiError } from './errors';

/** Methods a route of the API can have, in the order `Allow` lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * What the API answers for a path none of its routes serve, before any authentication runs:
 * - no route has this path: 404 `notFound`, whatever the method and credentials;
 * - routes have this path, but not for this method: 405 `methodNotAllowed` with `Allow`;
 * - OPTIONS of a known path: 204 with `Allow`.
 * Without it an unknown path (or method) under a signed-in area fell through to the token check and
 * answered 401 "credentials not provided" even with a valid key. `routes` is the app's own route list
 * (`api.routes`, read on first use): middleware entries (method ALL) are not routes.
 */
export function routeGuard(routes: () => readonly RouterRoute[]): MiddlewareHandler {
  let router: TrieRouter<string> | undefined;
  const build = () => {
    const r = new TrieRouter<string>();
    for (const route of routes()) if (route.method !== 'ALL') r.add(route.method, route.path, route.method);
    return r;
  };
  const serves = (method: string, path: string) => router!.match(method, path)[0].length > 0;
  return async function routeGuard(c, next) {
    router ??= build();
    const path = c.req.path;
    // HEAD is served by GET routes.
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (serves(method, path)) return next();
    const allow = METHODS.filter((m) => m === 'OPTIONS' || serves(m === 'HEAD' ? 'GET' : m, path));
    if (allow.length === 1) throw new ApiError('not_found', 'notFound');
    if (c.req.method === 'OPTIONS') return c.body(null, 204, { Allow: allow.join(', ') });
    throw new ApiError('method_not_allowed', 'methodNotAllowed', undefined, { Allow: allow.join(', ') }, { method: c.req.method });
  };
}
