import type { MiddlewareHandler } from 'hono';
import { getFetchState } from 'astro/hono';
import { CONSOLE_COOKIE, parseConsoleCookie } from '../console-session';
import { requestCookie } from '../cookies';
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
    // Every page knows whether a console cookie came (an /app page sends such a browser to /login), console pages its token.
    locals.consoleToken = c.var.consoleToken ?? parseConsoleCookie(requestCookie(c, CONSOLE_COOKIE));
    locals.consoleClient = c.var.consoleClient;
    locals.setConsoleSession = (token: string | null) => c.set('consoleChange', { token });
    await next();
  };
}
