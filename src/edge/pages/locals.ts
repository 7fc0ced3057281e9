import type { MiddlewareHandler } from 'hono';
import { getFetchState } from 'astro/hono';
import { clearSession, writeSession } from '../session';
import type { EdgeEnv, Session } from '../types';

/** Hands the edge's request state to Astro pages as `Astro.locals` (see src/env.d.ts). */
export function pageLocals(): MiddlewareHandler<EdgeEnv> {
  return async function pageLocals(c, next) {
    const locals = getFetchState(c).locals as App.Locals;
    locals.portal = c.var.portal;
    locals.session = c.var.session;
    locals.nonce = c.var.nonce;
    locals.client = c.var.client;
    locals.requestContext = c.var.requestContext;
    locals.setSession = (s: Session | null) => (s ? writeSession(c, s) : clearSession(c));
    await next();
  };
}
