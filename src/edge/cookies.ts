import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

// The request's cookies, parsed once: the session, the replica bookmark, the write stamp, the
// language and the campaign choice are each read by another middleware, and hono's getCookie parses
// the whole header on every call.
const parsed = new WeakMap<Request, Record<string, string>>();

/** The value of the request cookie `name`, or undefined. */
export function requestCookie(c: Context, name: string): string | undefined {
  let all = parsed.get(c.req.raw);
  if (!all) {
    all = getCookie(c);
    parsed.set(c.req.raw, all);
  }
  return all[name];
}
