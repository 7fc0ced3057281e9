// Click ids: `/r/<code>` and the memorable URL add `mbsy_cid=<click id>` to
// the landing URL, beside mbsy and campaignid: URL-safe, at most 64 characters, and exactly the id the
// click is stored under, whether the click is written at once or through the queue (also when the
// queue delivers it again). A target that carries an mbsy_cid of its own gets the visit's instead.
import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeClicks } from '../../src/api/sharing/click-ingest';
import type { NewClick } from '../../src/api/sharing/click-queries';
import { forgetLinks } from '../../src/api/sharing/link-cache';
import { createEdgeApp } from '../../src/edge/app';
import { forgetTenants } from '../../src/edge/tenant';
import { stubPages } from './helpers';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The edge app over the test env with `bindings`; each visit waits for what the redirect left to waitUntil. */
function portal(bindings: Partial<Env> = {}) {
  const app = createEdgeApp([stubPages]);
  return async (url: string, opts: { ip: string; ua?: string; method?: string }) => {
    const ctx = createExecutionContext();
    const headers = { 'cf-connecting-ip': opts.ip, 'user-agent': opts.ua ?? BROWSER };
    const res = await app.fetch(new Request(url, { method: opts.method ?? 'GET', headers, redirect: 'manual' }), { ...env, ...bindings } as Env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
}

/** Stands in for the CLICKS_QUEUE binding: keeps every message sent. */
function recordingQueue() {
  const sent: NewClick[] = [];
  const binding = {
    send: async (body: NewClick) => void sent.push(structuredClone(body)),
    sendBatch: async (messages: Iterable<{ body: NewClick }>) => void [...messages].forEach((m) => sent.push(structuredClone(m.body))),
  } as unknown as Queue;
  return { sent, binding };
}

const clickIdOf = (res: Response) => new URL(res.headers.get('location')!).searchParams.get('mbsy_cid');
const storedUnder = async (clickUid: string) =>
  (await env.DB.prepare('SELECT * FROM clicks WHERE click_uid = ?').bind(clickUid).all<Record<string, unknown>>()).results;

beforeEach(() => {
  forgetTenants();
  forgetLinks();
});

describe('the click id in the landing URL', () => {
  it('is the id the click is stored under, URL-safe and at most 64 characters, beside mbsy and campaignid', async () => {
    const res = await portal()('http://localhost/r/ava-demo', { ip: '198.51.100.101' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect([...location.searchParams.keys()]).toEqual(['mbsy', 'campaignid', 'mbsy_cid']);
    const clickId = location.searchParams.get('mbsy_cid')!;
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(encodeURIComponent(clickId)).toBe(clickId);
    const rows = await storedUnder(clickId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ company_id: 'demo', share_link_uid: 'sl-ava-demo', ambassador_uid: 'amb-ava', counted: 1 });
  });

  it('is a new id on every visit, each stored once, also for a repeat that does not count', async () => {
    const visit = portal();
    const first = clickIdOf(await visit('http://localhost/r/ava-news', { ip: '198.51.100.102' }))!;
    const repeat = clickIdOf(await visit('http://localhost/r/ava-news', { ip: '198.51.100.102' }))!;
    expect(repeat).not.toBe(first);
    expect((await storedUnder(first)).map((r) => r.counted)).toEqual([1]);
    expect((await storedUnder(repeat)).map((r) => r.counted)).toEqual([0]);
  });

  it('comes with the memorable URL too', async () => {
    const res = await portal()('http://acme.localhost/alex', { ip: '198.51.100.103' });
    const clickId = clickIdOf(res)!;
    expect(res.headers.get('location')).toBe(`https://www.acme-outdoor.test/trail?mbsy=alex-trail&campaignid=201&mbsy_cid=${clickId}`);
    expect(await storedUnder(clickId)).toMatchObject([{ company_id: 'acme', share_link_uid: 'sl-alex-trail' }]);
  });

  it("replaces an mbsy_cid the link's own target carries", async () => {
    await env.DB.prepare("UPDATE share_links SET redirect_url = 'https://blog.demo.test/picks?mbsy_cid=someone-elses-click&x=1' WHERE uid = 'sl-ava-blog'").run();
    try {
      const res = await portal()('http://localhost/r/ava-blog', { ip: '198.51.100.104' });
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.getAll('mbsy_cid')).toHaveLength(1);
      const clickId = location.searchParams.get('mbsy_cid')!;
      expect(clickId).not.toBe('someone-elses-click');
      expect(Object.fromEntries(location.searchParams)).toEqual({ x: '1', mbsy: 'ava-blog', campaignid: '101', mbsy_cid: clickId });
      expect(await storedUnder(clickId)).toHaveLength(1);
    } finally {
      await env.DB.prepare("UPDATE share_links SET redirect_url = 'https://blog.demo.test/ava-summer-picks' WHERE uid = 'sl-ava-blog'").run();
    }
  });

  it('is not given to a known bot (its click is stored, uncounted) nor to a HEAD request (no click)', async () => {
    const visit = portal();
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM clicks WHERE share_link_uid = 'sl-ava-pin'").first<{ n: number }>())!.n;
    const bot = await visit('http://localhost/r/ava-pin', { ip: '198.51.100.105', ua: 'facebookexternalhit/1.1' });
    expect(bot.status).toBe(302);
    expect(bot.headers.get('location')).toMatch(/[?&]mbsy=ava-pin&campaignid=101$/);
    const head = await visit('http://localhost/r/ava-pin', { ip: '198.51.100.106', method: 'HEAD' });
    expect(head.status).toBe(302);
    expect(clickIdOf(head)).toBeNull();
    const rows = (await env.DB.prepare("SELECT counted FROM clicks WHERE share_link_uid = 'sl-ava-pin' ORDER BY id").all<{ counted: number }>()).results;
    expect(rows.slice(before).map((r) => r.counted)).toEqual([0]);
  });
});

describe('the click id through the clicks queue', () => {
  it('is the id of the queued click, stored once however often the queue delivers it', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding, CLICKS_DIRECT: undefined });
    const ids = [
      clickIdOf(await visit('http://localhost/r/ava-insta', { ip: '198.51.100.110' })),
      clickIdOf(await visit('http://localhost/ava', { ip: '198.51.100.111' })),
    ];
    expect(queue.sent.map((c) => c.clickUid)).toEqual(ids);
    // Nothing is stored before the consumer runs; then each id once, also when the batch comes again.
    expect(await storedUnder(ids[0]!)).toEqual([]);
    for (let delivery = 0; delivery < 2; delivery++) {
      const batch = createMessageBatch('portal-clicks', queue.sent.map((body, i) => ({ id: `m-${delivery}-${i}`, timestamp: new Date(), attempts: delivery + 1, body })));
      await consumeClicks(batch, env, createExecutionContext());
    }
    expect(await storedUnder(ids[0]!)).toMatchObject([{ share_link_uid: 'sl-ava-insta', counted: 1 }]);
    expect(await storedUnder(ids[1]!)).toMatchObject([{ share_link_uid: 'sl-ava-demo', counted: 1 }]);
  });
});
