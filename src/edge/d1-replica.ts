import { requestCookie } from './cookies';
import type { EdgeContext } from './types';

// D1 read replication (D1's Sessions API, called a "replica view" here so that
// "session" keeps meaning the sign-in cookie). Each request reads through one replica view: its reads may
// go to a nearby replica, but never to one older than the bookmark the browser brought back, and every
// write is on the primary. The bookmark the view ends with goes back to the browser in a cookie, so whatever a person wrote is there on their next page (read-your-writes),
// while a visitor who wrote nothing reads from whichever replica is closest.

/** design.md cookie rules: `__Host-` prefix, HttpOnly, Secure, SameSite=Lax, Path=/, no Domain. */
export const BOOKMARK_COOKIE = '__Host-d1b';

// D1 bookmarks are groups of hex digits joined by dashes; anything else is ignored, not sent to D1.
const BOOKMARK = /^[0-9a-f]{1,40}(?:-[0-9a-f]{1,80}){0,7}$/i;
// Pages and calls about money (rewards, balances, payouts, commissions) read the primary: a balance
// must not lag behind an operator's approval, even on the first page of a new browser.
const MONEY = /^\/(?:app\/(?:rewards|transactions|payouts)\b|api\/.*\b(?:loyalty|payouts?|redemptions?|rewards|gift[_-]card|commissions)\b)/;

/** Where a request's replica view starts: the primary for money and for a write without a bookmark, else the bookmark, else anywhere. */
export function replicaStart(method: string, path: string, bookmark: string | null): D1SessionConstraint | D1SessionBookmark {
  if (MONEY.test(path)) return 'first-primary';
  if (bookmark) return bookmark;
  return method === 'GET' || method === 'HEAD' ? 'first-unconstrained' : 'first-primary';
}

/** The bookmark cookie as a Set-Cookie value (a browser-session cookie: a bookmark matters for seconds). */
export function bookmarkCookie(bookmark: string): string {
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

/**
 * The replica view as a D1Database for the code that takes one (services, batchingD1): statements and
 * batches go through the view; `exec` (raw SQL, migrations only) and the rest go to the binding.
 */
function asDatabase(db: D1Database, view: D1DatabaseSession): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare' || prop === 'batch') return view[prop].bind(view);
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Opens this request's replica view: `db` to use instead of the binding, and `finish(c)` which adds the new
 * bookmark cookie to the response when the view moved past the one the browser sent (publicly
 * cacheable answers never carry it: a shared cache must not hand one person's cookie out).
 */
export function replicatedReads(c: EdgeContext) {
  const sent = requestCookie(c, BOOKMARK_COOKIE) ?? null;
  const bookmark = sent && BOOKMARK.test(sent) ? sent : null;
  const view = c.env.DB.withSession(replicaStart(c.req.method, c.req.path, bookmark));
  return {
    db: asDatabase(c.env.DB, view),
    finish(c: EdgeContext): void {
      const latest = view.getBookmark();
      if (!latest || latest === bookmark || !BOOKMARK.test(latest) || /\bpublic\b/i.test(c.res.headers.get('Cache-Control') ?? '')) return;
      // A visitor sent on to another site (a share link) is not a portal user: no cookie for them.
      if (leavesThePortal(c)) return;
      // Appended after the assignment: Hono's `c.res` setter keeps the Set-Cookie headers of the
      // response it replaces, not those of the new one.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.append('Set-Cookie', bookmarkCookie(latest));
    },
  };
}

/** A redirect to another host (the share-link redirect, the memorable URL). */
function leavesThePortal(c: EdgeContext): boolean {
  const location = c.res.status >= 300 && c.res.status < 400 ? c.res.headers.get('Location') : null;
  if (!location) return false;
  try {
    return new URL(location, c.req.url).host !== new URL(c.req.url).host;
  } catch {
    return false;
  }
}
