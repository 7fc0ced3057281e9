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
/**
 * A random id of this browser, set when someone logs in and kept for 400 days (the most a browser keeps a
 * cookie): the fraud rules' "same device" signal. A click from the browser an ambassador logged in with
 * carries it to the redirect on the same host, so a sale through their own click is held whatever network
 * it came from. It names nobody and holds nothing else; same attributes as the session cookie.
 */
export const DEVICE_COOKIE = '__Host-portal_device';
const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function parseSessionCookie(value: string | undefined): Session | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9]{32,128})$/.exec(value ?? '');
  return match ? { userId: Number(match[1]), ambassadorUid: match[2]!, token: match[3]! } : null;
}

/** The Set-Cookie header that stores (or, for null, clears) the session. Only `session()` writes it. */
function sessionCookieHeader(session: Session | null): string {
  return sessionCookie(SESSION_COOKIE, session && `${session.userId}.${session.ambassadorUid}.${session.token}`, MAX_AGE_SECONDS);
}

/** A session cookie's Set-Cookie (null: cleared): `__Host-` attributes, HttpOnly, SameSite=Lax. */
export function sessionCookie(name: string, value: string | null, maxAgeSeconds: number): string {
  const attrs = 'Path=/; HttpOnly; Secure; SameSite=Lax';
  return value ? `${name}=${value}; Max-Age=${maxAgeSeconds}; ${attrs}` : `${name}=; Max-Age=0; ${attrs}`;
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
    const device = requestCookie(c, DEVICE_COOKIE);
    const knownDevice = device !== undefined && DEVICE_ID.test(device);
    // A browser without one gets a new id on a write (a login is one); a visit that sets nothing names none.
    if (knownDevice) c.set('deviceId', device);
    else if (!READS.has(c.req.method)) c.set('deviceId', crypto.randomUUID().replaceAll('-', ''));
    const writes = current !== null && !READS.has(c.req.method);
    if (writes) forgetCaller(current.token);
    await next();
    const change = c.get('sessionChange');
    // A response that ends the session (a logout, also by GET; a refused or denied session) drops it here too.
    if (change && !change.session && current) forgetCaller(current.token);
    if (!change && !writes) return;
    c.res = new Response(c.res.body, c.res);
    if (change) c.res.headers.append('Set-Cookie', sessionCookieHeader(change.session));
    if (change?.session && !knownDevice && c.get('deviceId')) {
      c.res.headers.append('Set-Cookie', `${DEVICE_COOKIE}=${c.get('deviceId')}; Max-Age=${DEVICE_MAX_AGE_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`);
    }
    if (writes) {
      const stamp = crypto.randomUUID().slice(0, 8);
      c.res.headers.append('Set-Cookie', `${WRITE_STAMP_COOKIE}=${stamp}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`);
    }
  };
}
