// D1 read replication through the Sessions API (src/edge/d1-replica.ts): each request
// reads through one replica view that starts where the browser's bookmark cookie says, and the bookmark it
// ends with goes back in that cookie, so a person reads their own writes on the next page.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetLinks } from '../../src/api/sharing/link-cache';
import { createEdgeApp } from '../../src/edge/app';
import { BOOKMARK_COOKIE, replicaStart } from '../../src/edge/d1-replica';
import { forgetTenants } from '../../src/edge/tenant';
import { stubPages } from './helpers';
import { login, type Who } from './sharing-fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The edge app on a D1 binding that notes where each request's session starts. */
function portal(vars: Partial<Env> = {}) {
  const starts: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession') return (start: string) => (starts.push(start), target.withSession(start));
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const app = createEdgeApp([stubPages]);
  const fetch = async (url: string, init: RequestInit = {}) => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...vars, DB: db }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return { fetch, starts };
}

const bookmarkSet = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
const bookmarkOf = (res: Response) => bookmarkSet(res)?.split(';', 1)[0]!.slice(BOOKMARK_COOKIE.length + 1);

let ava: Who;
let sessionCookie: string;
beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
  sessionCookie = `__Host-portal_session=${ava.userId}.${ava.uid}.${ava.token}`;
});
beforeEach(() => {
  forgetTenants();
  forgetLinks();
});

describe('where a request reads', () => {
  it('starts anywhere for a first read, on the primary for a first write and for money, else at the bookmark', () => {
    expect(replicaStart('GET', '/app/stats', null)).toBe('first-unconstrained');
    expect(replicaStart('POST', '/api/track/share/', null)).toBe('first-primary');
    expect(replicaStart('GET', '/app/stats', '0000000a-0000000b')).toBe('0000000a-0000000b');
    expect(replicaStart('POST', '/app/account', '0000000a-0000000b')).toBe('0000000a-0000000b');
    for (const path of ['/app/rewards', '/app/rewards/v3', '/app/transactions', '/app/payouts/po-7', '/api/ambassadors/amb-ava/loyalty/ledger/', '/api/payouts/7/',
      '/api/rewards/portals/demo/vault-items/', '/api/tables/content/commissions/']) {
      expect(replicaStart('GET', path, '0000000a-0000000b'), path).toBe('first-primary');
    }
  });
});

describe('the bookmark cookie', () => {
  it('is never given to a share-link visitor sent on to another site', async () => {
    const { fetch } = portal();
    const res = await fetch('http://localhost/r/ava-demo', { headers: { 'user-agent': BROWSER } });
    expect(res.status).toBe(302);
    expect(bookmarkSet(res)).toBeUndefined();
  });

  it('is set after a request that read D1, HttpOnly, Secure, SameSite=Lax, Path=/, no Domain', async () => {
    const { fetch, starts } = portal();
    // An unknown share code: the link lookup reads D1 and the branded 404 stays on the portal.
    const res = await fetch('http://localhost/r/no-such-code', { headers: { 'user-agent': BROWSER } });
    expect(res.status).toBe(404);
    expect(starts).toEqual(['first-unconstrained']);
    const cookie = bookmarkSet(res)!;
    expect(cookie).toBeDefined();
    const attrs = cookie.split(';').slice(1).map((a) => a.trim().toLowerCase());
    expect(attrs.sort()).toEqual(['httponly', 'path=/', 'samesite=lax', 'secure']);
    expect(bookmarkOf(res)).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*$/);
  });

  it('brings back a write on the next read: the session starts at the bookmark the write left', async () => {
    const { fetch, starts } = portal();
    const stats = async (bookmark?: string) => {
      const res = await fetch(`http://localhost/api/ambassadors/${ava.uid}/stats/campaigns/?campaign_uid=cmp-demo-summer`, {
        headers: { cookie: bookmark ? `${sessionCookie}; ${BOOKMARK_COOKIE}=${bookmark}` : sessionCookie },
      });
      expect(res.status).toBe(200);
      return { shares: ((await res.json()) as { campaign_links: { shares: number }[] }).campaign_links[0]!.shares, bookmark: bookmarkOf(res) };
    };
    const before = await stats();
    expect(before.bookmark).toBeDefined();

    const write = await fetch('http://localhost/api/track/share/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: `${sessionCookie}; ${BOOKMARK_COOKIE}=${before.bookmark}` },
      body: JSON.stringify({ short_code: 'ava-summer', social_name: 'email' }),
    });
    expect(write.status).toBe(201);
    const afterWrite = bookmarkOf(write);
    expect(afterWrite).toBeDefined();
    expect(afterWrite).not.toBe(before.bookmark);

    const after = await stats(afterWrite);
    expect(after.shares).toBe(before.shares + 1);
    expect(starts).toEqual(['first-unconstrained', before.bookmark, afterWrite]);
  });

  it('ignores a cookie that is not a bookmark', async () => {
    const { fetch, starts } = portal();
    await fetch('http://localhost/r/ava-demo', { headers: { 'user-agent': BROWSER, cookie: `${BOOKMARK_COOKIE}=first-primary` } });
    await fetch('http://localhost/r/ava-demo', { headers: { 'user-agent': BROWSER, cookie: `${BOOKMARK_COOKIE}=zz;drop` } });
    expect(starts).toEqual(['first-unconstrained', 'first-unconstrained']);
  });

  it('costs no D1 round trip of its own: a redirect with the queue is one read, then none while the link is kept', async () => {
    const queue = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue;
    const { fetch } = portal({ D1_METER: '1', CLICKS_QUEUE: queue, CLICKS_DIRECT: undefined });
    await fetch('http://localhost/r/ava-news', { headers: { 'user-agent': BROWSER } }); // the tenant, now cached
    const first = await fetch('http://localhost/r/ava-demo', { headers: { 'user-agent': BROWSER } });
    expect(first.headers.get('x-d1-round-trips')).toBe('1');
    const again = await fetch('http://localhost/r/ava-demo', { headers: { 'user-agent': BROWSER } });
    expect(again.status).toBe(302);
    expect(again.headers.get('x-d1-round-trips')).toBe('0');
  });
});
