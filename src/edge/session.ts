import type { MiddlewareHandler } from 'hono';
import { requestCookie } from './cookies';
import { forgetCaller } from './caller-cache';
import type { EdgeContext, EdgeEnv, Session } from './types';

/** design.md contract: `__Host-` prefix, HttpOnly, Secure, SameSite=Lax, Path=/, no Domain. */
export const SESSION_COOKIE = '__Host-portal_session';
const MAX_AGE_SECONDS = 14 * 24 * 3600;
/**
 * Changes whenever the session writes (any request but GET/HEAD/OPTIONS): a page verification kept in
 * an isolate (./caller-cache.ts) only answers for the stamp it was made under, so a person's next page
 * after a change is read from D1, whichever isolate serves it. It is not a secret and names nobody.
 */
export const WRITE_STAMP_COOKIE = '__Host-portal_w';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

/** The write stamp a page view reuses a verification under ('' before the first write). */
export const writeStamp = (c: EdgeContext) => requestCookie(c, WRITE_STAMP_COOKIE) ?? '';

/**
 * Reads the session cookie into `c.var.session` (null when absent or malformed) and, after the
 * request, writes the one Set-Cookie a login or logout asked for: the only place the cookie is written.
 * A request that may write drops the session's kept verification first and gets a new write stamp; a
 * response that ends the session drops it as well.
 */
export function session(): MiddlewareHandler<EdgeEnv> {
  return async function session(c, next) {
    const current = parseSessionCookie(requestCookie(c, SESSION_COOKIE));
    c.set('session', current);
    const writes = current !== null && !READS.has(c.req.method);
    if (writes) forgetCaller(current.token);
    await next();
    const change = c.get('sessionChange');
    // A response that ends the session (a logout, also by GET; a refused or denied session) drops it here too.
    if (change && !change.session && current) forgetCaller(current.token);
    if (!change && !writes) return;
    c.res = new Response(c.res.body, c.res);
    if (change) c.res.headers.append('Set-Cookie', sessionCookieHeader(change.session));
    if (writes) {
      const stamp = crypto.randomUUID().slice(0, 8);
      c.res.headers.append('Set-Cookie', `${WRITE_STAMP_COOKIE}=${stamp}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`);
    }
  };
}
