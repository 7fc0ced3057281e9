import type { MiddlewareHandler } from 'hono';
import { getFetchState } from 'astro/hono';
import type { EdgeEnv } from './types';

/** Hands the edge's request state (tenant, session, nonce, upstream) to Astro pages as `Astro.locals`. */
export function pagesContext(): MiddlewareHandler<EdgeEnv> {
  return async function pagesContext(c, next) {
    const locals = getFetchState(c).locals as App.Locals;
    locals.portal = c.var.portal;
    locals.session = c.var.session;
    locals.nonce = c.var.nonce;
    locals.upstream = c.var.upstream;
    await next();
  };
}
