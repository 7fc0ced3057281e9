// Clicks through the queue: the redirect answers before anything is written and
// sends the click to CLICKS_QUEUE; consumeClicks writes a batch once, however often the queue delivers
// it; without the binding the click is written at once, by the same rules. The queue's consumer cannot
// run inside the test runner (no Worker entry), so a recording stand-in takes the place of the binding
// and its messages are handed to consumeClicks with createMessageBatch, as the queue would.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { api as apiApp } from '../../src/api/app';
import { consumeClicks } from '../../src/api/sharing/click-ingest';
import { mintClickId, readClickId } from '../../src/api/sharing/click-id';
import type { NewClick } from '../../src/api/sharing/click-queries';
import { createEdgeApp, type EdgeOptions } from '../../src/edge/app';
import { forgetTenants } from '../../src/edge/tenant';
import { stubPages } from './helpers';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const TODAY = () => new Date().toISOString().slice(0, 10);

/** Stands in for the CLICKS_QUEUE binding: keeps every message sent. */
function recordingQueue() {
  const sent: NewClick[] = [];
  /** How many clicks each call carried. */
  const calls: number[] = [];
  const binding = {
    send: async (body: NewClick) => void (sent.push(structuredClone(body)), calls.push(1)),
    sendBatch: async (messages: Iterable<{ body: NewClick }>) => {
      const bodies = [...messages].map((m) => structuredClone(m.body));
      sent.push(...bodies);
      calls.push(bodies.length);
    },
  } as unknown as Queue;
  return { sent, calls, binding };
}

/** The edge app on `bindings` over the test env (clicks go to the queue unless the bindings say otherwise). */
function portal(bindings: Partial<Env>, options: EdgeOptions = {}) {
  const app = createEdgeApp([stubPages], options);
  const portalEnv = { ...env, CLICKS_DIRECT: undefined, ...bindings } as Env;
  /** The answer as it leaves, and `settled` once everything handed to waitUntil is done. */
  return (url: string, opts: { ip?: string; ua?: string } = {}) => {
    const ctx = createExecutionContext();
    const headers = { 'cf-connecting-ip': opts.ip ?? '203.0.113.7', 'user-agent': opts.ua ?? BROWSER };
    const answer = Promise.resolve(app.fetch(new Request(url, { headers, redirect: 'manual' }), portalEnv, ctx));
    return { answer, settled: answer.then(() => waitOnExecutionContext(ctx)) };
  };
}

/** Delivers messages to the consumer as the queue would; the ack/retry state it left. */
async function deliver(bodies: unknown[], bindings: Partial<Env> = {}) {
  const batch = createMessageBatch('portal-clicks', bodies.map((body, i) => ({ id: `msg-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })));
  const ctx = createExecutionContext();
  const error = await consumeClicks(batch, { ...env, ...bindings } as Env, ctx).then(() => null, (e: Error) => e);
  return { error, result: await getQueueResult(batch, ctx) };
}

const rowsOf = async (uids: string[]) =>
  (await env.DB.prepare(`SELECT * FROM clicks WHERE click_uid IN (${uids.map(() => '?').join(',')}) ORDER BY created_at, id`).bind(...uids).all<Record<string, any>>()).results;

async function rollup(campaignId: number) {
  const row = await env.DB.prepare("SELECT n FROM stats_daily WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava' AND campaign_id = ? AND kind = 'clicks' AND day = ?")
    .bind(campaignId, TODAY()).first<{ n: number }>();
  return row?.n ?? 0;
}

beforeEach(() => forgetTenants());

describe('the redirect with a clicks queue', () => {
  it('answers the 302 before any click row exists and sends the click with its id, tenant, hash and visit details', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding })('http://localhost/r/ava-pin', { ip: '198.51.100.1' });
    const res = await visit.answer;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('mbsy=ava-pin&campaignid=101');
    await visit.settled;
    expect(queue.sent).toHaveLength(1);
    const click = queue.sent[0]!;
    expect(click).toMatchObject({ companyId: 'demo', shareLinkUid: 'sl-ava-pin', bot: false, referrerHost: null });
    // The id the portal minted for this visit: it names the link by itself, signed for this company.
    expect(await readClickId(env, 'demo', click.clickUid)).toMatchObject({ shareLinkUid: 'sl-ava-pin' });
    expect(click.clientHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(click)).not.toContain('198.51.100.1');
    expect(Date.now() - Date.parse(click.at)).toBeLessThan(60_000);
    // Nothing is written on the redirect's path: the row only comes with the consumer.
    expect(await rowsOf([click.clickUid])).toEqual([]);
  });

  it('sends the clicks of visits close together in one batch, each under its own id', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding });
    const visits = ['198.51.100.90', '198.51.100.91', '198.51.100.92'].map((ip) => visit('http://localhost/r/ava-summer', { ip }));
    const answers = await Promise.all(visits.map((v) => v.answer));
    await Promise.all(visits.map((v) => v.settled));
    expect(queue.calls).toEqual([3]);
    const ids = answers.map((res) => new URL(res.headers.get('location')!).searchParams.get('mbsy_cid'));
    expect(queue.sent.map((c) => c.clickUid).sort()).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(3);
  });

  it('writes a batch in one go, with campaign and ambassador from the link, and moves the daily rollup', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding });
    for (const [path, ip] of [['/r/ava-pin', '198.51.100.2'], ['/r/ava-demo', '198.51.100.3'], ['/ava', '198.51.100.4']] as const) {
      await visit(`http://localhost${path}`, { ip }).settled;
    }
    const [pinBefore, demoBefore] = [await rollup(101), await rollup(102)];
    const { error, result } = await deliver(queue.sent);
    expect(error).toBeNull();
    expect(result.ackAll).toBe(true);
    const rows = await rowsOf(queue.sent.map((c) => c.clickUid));
    expect(rows.map((r) => [r.share_link_uid, r.campaign_id, r.ambassador_uid, r.counted])).toEqual([
      ['sl-ava-pin', 101, 'amb-ava', 1], ['sl-ava-demo', 102, 'amb-ava', 1], ['sl-ava-demo', 102, 'amb-ava', 1],
    ]);
    expect(rows.map((r) => r.created_at)).toEqual(queue.sent.map((c) => c.at));
    expect([await rollup(101), await rollup(102)]).toEqual([pinBefore + 1, demoBefore + 2]);
  });
});

describe('a batch delivered again', () => {
  it('counts each click once when the same batch comes twice', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding });
    for (let i = 0; i < 4; i++) await visit('http://localhost/r/ava-news', { ip: `198.51.100.${20 + i}` }).settled;
    const before = await rollup(102);
    await deliver(queue.sent);
    await deliver(queue.sent);
    expect(await rowsOf(queue.sent.map((c) => c.clickUid))).toHaveLength(4);
    expect(await rollup(102)).toBe(before + 4);
  });

  it('counts each click once when a batch partly written before comes again with new clicks', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding });
    for (let i = 0; i < 5; i++) await visit('http://localhost/r/ava-insta', { ip: `198.51.100.${30 + i}` }).settled;
    const before = await rollup(102);
    await deliver(queue.sent.slice(0, 2));
    const again = await deliver(queue.sent);
    expect(again.result.ackAll).toBe(true);
    expect(await rowsOf(queue.sent.map((c) => c.clickUid))).toHaveLength(5);
    expect(await rollup(102)).toBe(before + 5);
  });

  it('retries a failed batch, and a batch that failed after its write does not count twice', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding });
    for (let i = 0; i < 3; i++) await visit('http://localhost/r/ava-demo', { ip: `198.51.100.${40 + i}` }).settled;
    const uids = queue.sent.map((c) => c.clickUid);
    const before = await rollup(102);
    // CLICKS_FAULT_EVERY=1: every batch fails, first before its write, then after it.
    const first = await deliver(queue.sent, { CLICKS_FAULT_EVERY: '1' });
    expect(first.error?.message).toMatch(/before the write/);
    expect(first.result.ackAll).toBe(false);
    expect(await rowsOf(uids)).toEqual([]);
    const second = await deliver(queue.sent, { CLICKS_FAULT_EVERY: '1' });
    expect(second.error?.message).toMatch(/after the write/);
    expect(second.result.ackAll).toBe(false);
    expect(await rowsOf(uids)).toHaveLength(3);
    const third = await deliver(queue.sent);
    expect([third.error, third.result.ackAll]).toEqual([null, true]);
    expect(await rowsOf(uids)).toHaveLength(3);
    expect(await rollup(102)).toBe(before + 3);
  });

  it('acknowledges a malformed message without writing it and writes the rest', async () => {
    const queue = recordingQueue();
    await portal({ CLICKS_QUEUE: queue.binding })('http://localhost/r/ava-blog', { ip: '198.51.100.50' }).settled;
    const { error, result } = await deliver([{ clickUid: 'x' }, 'not a click', queue.sent[0]]);
    expect([error, result.ackAll]).toEqual([null, true]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await rowsOf([queue.sent[0]!.clickUid])).toHaveLength(1);
  });
});

describe('the counting rules through the queue', () => {
  it('stores repeats within the window and bots uncounted, across batches and whatever the order in a batch', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding });
    await visit('http://localhost/r/ava-unboxing', { ip: '198.51.100.60' }).settled;
    await visit('http://localhost/r/ava-unboxing', { ip: '198.51.100.60' }).settled; // a repeat
    await visit('http://localhost/r/ava-unboxing', { ip: '198.51.100.61', ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }).settled;
    await visit('http://localhost/r/ava-unboxing', { ip: '198.51.100.62', ua: '' }).settled; // no user agent: a bot
    await visit('http://localhost/r/ava-unboxing', { ip: '198.51.100.63' }).settled;
    const [first, repeat, ...rest] = queue.sent;
    // The repeat arrives first in its batch: the earlier click is still the one that counts.
    await deliver([repeat, first]);
    await deliver(rest);
    await visit('http://localhost/r/ava-unboxing', { ip: '198.51.100.60' }).settled; // a repeat, in a later batch
    await deliver(queue.sent.slice(5));
    const rows = await rowsOf(queue.sent.map((c) => c.clickUid));
    expect(rows.map((r) => r.counted)).toEqual([1, 0, 0, 0, 1, 0]);
    expect(queue.sent.map((c) => c.bot)).toEqual([false, false, true, true, false, false]);
  });
});

describe('without the queue', () => {
  it('writes the click at once with its id, by the same rules', async () => {
    const direct = portal({ CLICKS_QUEUE: undefined });
    const before = await rollup(101);
    await direct('http://localhost/r/ava-blog', { ip: '198.51.100.70' }).settled;
    await direct('http://localhost/r/ava-blog', { ip: '198.51.100.70' }).settled;
    const rows = (await env.DB.prepare("SELECT * FROM clicks WHERE share_link_uid = 'sl-ava-blog' ORDER BY id DESC LIMIT 2").all<Record<string, any>>()).results.reverse();
    expect(rows.map((r) => r.counted)).toEqual([1, 0]);
    for (const r of rows) expect((await readClickId(env, 'demo', r.click_uid))?.shareLinkUid).toBe('sl-ava-blog');
    expect(await rollup(101)).toBe(before + 1);
  });

  it('writes the click when the queue refuses it', async () => {
    const refuse = async () => Promise.reject(new Error('queue unavailable'));
    const failing = { send: refuse, sendBatch: refuse } as unknown as Queue;
    const before = await rollup(101);
    await portal({ CLICKS_QUEUE: failing })('http://localhost/r/ava-blog', { ip: '198.51.100.72' }).settled;
    expect(await rollup(101)).toBe(before + 1);
  });

  it('writes directly with CLICKS_DIRECT=1 even when the queue is bound', async () => {
    const queue = recordingQueue();
    const visit = portal({ CLICKS_QUEUE: queue.binding, CLICKS_DIRECT: '1' });
    const before = await rollup(101);
    await visit('http://localhost/r/ava-blog', { ip: '198.51.100.71' }).settled;
    expect(queue.sent).toEqual([]);
    expect(await rollup(101)).toBe(before + 1);
  });
});

describe('POST /v1/clicks/ (the remote API the edge calls)', () => {
  const post = (bindings: Partial<Env>, body: unknown) => apiApp.fetch(new Request('http://localhost/v1/clicks/', {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-portal-company': 'demo', 'cf-connecting-ip': '198.51.100.80', 'user-agent': BROWSER },
  }), { ...env, CLICKS_DIRECT: undefined, ...bindings } as Env, createExecutionContext());

  it('queues the click under the id the edge made', async () => {
    const queue = recordingQueue();
    const uid = (await mintClickId(env, 'demo', 'sl-ava-news'))!;
    const res = await post({ CLICKS_QUEUE: queue.binding }, { click_uid: uid, share_link_uid: 'sl-ava-news', country: 'fr' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ code: 'clickRecorded', click_uid: uid, counted: null });
    expect(queue.sent).toMatchObject([{ clickUid: uid, shareLinkUid: 'sl-ava-news', country: 'FR', companyId: 'demo' }]);
  });

  it('stores a retried POST once and answers it like the first, and refuses a malformed id', async () => {
    const uid = (await mintClickId(env, 'demo', 'sl-ava-summer'))!;
    const first = await post({ CLICKS_QUEUE: undefined }, { click_uid: uid, share_link_uid: 'sl-ava-summer' });
    const retry = await post({ CLICKS_QUEUE: undefined }, { click_uid: uid, share_link_uid: 'sl-ava-summer' });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect((await retry.json() as { counted: boolean }).counted).toBe((await first.json() as { counted: boolean }).counted);
    expect(await rowsOf([uid])).toHaveLength(1);
    expect((await post({ CLICKS_QUEUE: undefined }, { click_uid: 'no', share_link_uid: 'sl-ava-summer' })).status).toBe(400);
    // Another company's id is not this tenant's: refused before anything is read or written.
    const other = await apiApp.fetch(new Request('http://localhost/v1/clicks/', {
      method: 'POST', body: JSON.stringify({ click_uid: uid, share_link_uid: 'sl-ava-summer' }),
      headers: { 'content-type': 'application/json', 'x-portal-company': 'acme', 'user-agent': BROWSER },
    }), { ...env, CLICKS_DIRECT: '1' } as Env, createExecutionContext());
    expect(other.status).toBe(400);
  });

  it('takes no id a caller chose: a planted, edited or another link\'s id is refused; without one the API mints it', async () => {
    const planted = ['ORDER-2026-000123-XYZ', crypto.randomUUID(), `c1${'A'.repeat(54)}`];
    const minted = (await mintClickId(env, 'demo', 'sl-ava-summer'))!;
    const edited = minted.slice(0, -2) + (minted.endsWith('AA') ? 'BB' : 'AA');
    const forOtherLink = (await mintClickId(env, 'demo', 'sl-ben-demo'))!;
    for (const click_uid of [...planted, edited, forOtherLink]) {
      const res = await post({ CLICKS_QUEUE: undefined }, { click_uid, share_link_uid: 'sl-ava-summer' });
      expect(res.status, click_uid).toBe(400);
      expect(await rowsOf([click_uid])).toEqual([]);
    }
    const res = await post({ CLICKS_QUEUE: undefined }, { share_link_uid: 'sl-ava-summer' });
    expect(res.status).toBe(201);
    const { click_uid } = await res.json() as { click_uid: string };
    expect(await readClickId(env, 'demo', click_uid)).toMatchObject({ shareLinkUid: 'sl-ava-summer' });
    expect(await rowsOf([click_uid])).toHaveLength(1);
  });
});
