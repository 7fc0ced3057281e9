import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { EdgeContext, EdgeEnv, Session } from './types';

/** design.md contract: `__Host-` prefix, HttpOnly, Secure, SameSite=Lax, Path=/, no Domain. */
export const SESSION_COOKIE = '__Host-portal_session';
const MAX_AGE_SECONDS = 14 * 24 * 3600;

export function parseSessionCookie(value: string | undefined): Session | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9]{32,128})$/.exec(value ?? '');
  return match ? { userId: Number(match[1]), ambassadorUid: match[2]!, token: match[3]! } : null;
}

/** The Set-Cookie header that stores (or, for null, clears) the session. Only `session()` writes it. */
function sessionCookieHeader(session: Session | null): string {
  const attrs = 'Path=/; HttpOnly; Secure; SameSite=Lax';
  return session
    ? `${SESSION_COOKIE}=${session.userId}.${session.ambassadorUid}.${session.token}; Max-Age=${MAX_AGE_SECONDS}; ${attrs}`
    : `${SESSION_COOKIE}=; Max-Age=0; ${attrs}`;
}

/** Starts a session on this response (login, registration with auto-login, single sign-on). */
export function writeSession(c: EdgeContext, session: Session) {
  c.set('sessionChange', { session });
}

/** Ends the session cookie on this response (logout, a 401, an invalid user). */
export function clearSession(c: EdgeContext) {
  c.set('sessionChange', { session: null });
}

/**
 * Reads the session cookie into `c.var.session` (null when absent or malformed) and, after the
 * request, writes the one Set-Cookie a login or logout asked for: the only place the cookie is written.
 */
export function session(): MiddlewareHandler<EdgeEnv> {
  return async function session(c, next) {
    c.set('session', parseSessionCookie(getCookie(c, SESSION_COOKIE)));
    await next();
    const change = c.get('sessionChange');
    if (!change) return;
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append('Set-Cookie', sessionCookieHeader(change.session));
  };
}
