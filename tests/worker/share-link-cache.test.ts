// Resolved share links kept in the isolate (src/api/sharing/link-cache.ts): a link visited
// again is answered without a D1 read, every visit still leaves its click, and a link must not keep
// leading somewhere it no longer should: a write request through this isolate forgets the kept links
// at once, and a change made elsewhere (another isolate, straight in D1) is followed within
// LINK_CACHE_TTL_MS.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLinks, LINK_CACHE_TTL_MS } from '../../src/api/sharing/link-cache';
import { forgetTenants } from '../../src/edge/tenant';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';
import { api, login } from './sharing-fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const portal = edge();
const visit = (path: string, ip = '203.0.113.77') =>
  portal.fetch(`http://localhost${path}`, { headers: { 'cf-connecting-ip': ip, 'user-agent': BROWSER }, redirect: 'manual' });
const landing = (res: Response) => res.headers.get('location')?.replace(/[?&]mbsy=.*$/, '') ?? null;

beforeEach(() => {
  forgetTenants();
  forgetLinks();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a share link kept in the isolate', () => {
  it('still records every visit as its own click, by the counting rules', async () => {
    await visit('/r/ava-summer', '198.51.100.150'); // now kept
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM clicks WHERE share_link_uid = 'sl-ava-summer'").first<number>('n');
    for (const ip of ['198.51.100.151', '198.51.100.152', '198.51.100.152']) {
      expect((await visit('/r/ava-summer', ip)).status).toBe(302);
    }
    const rows = (await env.DB.prepare("SELECT counted FROM clicks WHERE share_link_uid = 'sl-ava-summer' ORDER BY id").all<{ counted: number }>()).results;
    expect(rows.slice(before!).map((r) => r.counted)).toEqual([1, 1, 0]);
  });

  it('leads to the new target at once after its ambassador re-targets it', async () => {
    const ava = await login('localhost', 'ava@demo.test');
    expect(landing(await visit('/r/ava-pin'))).toBe('https://shop.demo.test/summer/lookbook');
    const edited = await api(ava, 'PATCH', '/urls/sl-ava-pin/', { redirectUrl: 'https://blog.demo.test/autumn-board' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(landing(await visit('/r/ava-pin'))).toBe('https://blog.demo.test/autumn-board');
  });

  it('stops at once when the operator ends its campaign, and works again when it is reactivated', async () => {
    expect((await visit('/r/ava-vip')).status).toBe(302);
    expect((await op(KEYS.demo, 'PATCH', '/campaigns/cmp-demo-vip', { is_active: false })).status).toBe(200);
    expect((await visit('/r/ava-vip')).status).toBe(404);
    expect((await op(KEYS.demo, 'PATCH', '/campaigns/cmp-demo-vip', { is_active: true })).status).toBe(200);
    expect((await visit('/r/ava-vip')).status).toBe(302);
  });

  it(`follows a change made outside this isolate within LINK_CACHE_TTL_MS (${LINK_CACHE_TTL_MS} ms)`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    expect((await visit('/r/ava-news')).status).toBe(302);
    expect((await visit('/ava')).status).toBe(302);
    // The ambassador deactivated in D1 by another isolate: this one has not served that write.
    await env.DB.prepare("UPDATE ambassadors SET deactivated_at = ? WHERE uid = 'amb-ava'").bind(new Date().toISOString()).run();
    try {
      vi.setSystemTime(start + LINK_CACHE_TTL_MS - 1);
      expect((await visit('/r/ava-news')).status).toBe(302); // still kept: the bound, not an instant
      vi.setSystemTime(start + LINK_CACHE_TTL_MS);
      expect((await visit('/r/ava-news')).status).toBe(404);
      expect((await visit('/ava')).status).not.toBe(302);
    } finally {
      await env.DB.prepare("UPDATE ambassadors SET deactivated_at = NULL WHERE uid = 'amb-ava'").run();
    }
  });

  it("keeps no answer across tenants: another company's host never gets a kept link", async () => {
    expect((await visit('/r/ava-demo')).status).toBe(302);
    const other = await portal.fetch('http://acme.localhost/r/ava-demo', { headers: { 'user-agent': BROWSER }, redirect: 'manual' });
    expect(other.status).toBe(404);
  });
});
