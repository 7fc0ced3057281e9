// Review of webhooks and e-mail delivery: regressions for the defects the review fixed.
// - a full refund denies a commission and must say commission.denied (once, never on a replay);
// - more than 100 deliveries at once must reach the queue in sendBatch calls of at most 100;
// - an attempt made with a stale clock (the sweep passes its cron's scheduled time) still holds a lease
//   for the real time of the send and signs with the real time;
// - the e-mail sweep without a queue goes on past a row that fails, and finished outbox rows are pruned.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepOutbox } from '../../src/api/email/delivery';
import { setEmailFetch } from '../../src/api/email/providers';
import { attemptDelivery } from '../../src/api/webhooks/delivery';
import { enqueueDeliveries, MAX_SEND_BATCH } from '../../src/api/webhooks/events';
import { setWebhookFetch } from '../../src/api/webhooks/send';
import { KEYS, conversion } from './operator-fixtures';
import { call, consume, deliveriesTo, envWith, forgetWebhooks, hookUrl, receivers, recordingQueue } from './webhooks-fixtures';

afterEach(async () => {
  setWebhookFetch(null);
  setEmailFetch(null);
  await forgetWebhooks();
});

describe('commission.denied on a full refund', () => {
  it('a full refund of an unpaid commission says commission.denied once; a partial one and a replay say nothing', async () => {
    const queue = recordingQueue();
    const portal = envWith(queue.binding);
    const demo = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(portal, KEYS.demo, method, path, body, headers);
    const made = await demo('POST', '/webhooks/endpoints', { url: hookUrl(), event_types: ['commission.denied'] });
    expect(made.status).toBe(201);

    const partial = await demo('POST', '/events', conversion({ revenue: '100.00' }));
    expect(partial.status).toBe(201);
    const part = await demo('POST', `/events/${partial.body.commission.transaction_uid}/refund`, { revenue: '40.00' });
    expect(part.status).toBe(200);
    expect(part.body.commission.status).toBe('pending');

    const sale = await demo('POST', '/events', conversion({ revenue: '100.00' }));
    const key = { 'idempotency-key': `review-${crypto.randomUUID()}` };
    const full = await demo('POST', `/events/${sale.body.commission.transaction_uid}/refund`, {}, key);
    expect(full.status).toBe(200);
    expect(full.body.commission.status).toBe('denied');
    const again = await demo('POST', `/events/${sale.body.commission.transaction_uid}/refund`, {}, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const world = receivers();
    await consume(queue.sent.splice(0).map((m) => m.body), portal);
    const events = world.received.map((r) => JSON.parse(r.body) as { type: string; data: { commission: { uid: string; status: string } } });
    expect(events.map((e) => [e.type, e.data.commission.uid, e.data.commission.status])).toEqual([
      ['commission.denied', sale.body.commission.uid, 'denied'],
    ]);
  });
});

describe('handing deliveries to the queue', () => {
  it('sends more than 100 deliveries in batches of at most 100 (the Queues limit), none left behind', async () => {
    const batches: number[] = [];
    const sent: string[] = [];
    const strict = {
      sendBatch: async (messages: Iterable<{ body: { delivery_id: string } }>) => {
        const list = [...messages];
        if (list.length > 100) throw new Error('Queue sendBatch: more than 100 messages');
        batches.push(list.length);
        sent.push(...list.map((m) => m.body.delivery_id));
      },
    } as unknown as Queue;
    const ids = Array.from({ length: 250 }, (_, i) => `dlv_review${i}`);
    const pending: Promise<unknown>[] = [];
    enqueueDeliveries({ ...env, WEBHOOKS_QUEUE: strict } as Env, (p) => pending.push(p), 'demo', ids);
    await Promise.all(pending);
    expect(MAX_SEND_BATCH).toBe(100);
    expect(batches).toEqual([100, 100, 50]);
    expect(sent).toEqual(ids);
  });
});

describe('an attempt made with a stale clock', () => {
  it('holds its lease from the real time of the send and signs with the real time', async () => {
    const portal = envWith(undefined);
    const made = await call(portal, KEYS.demo, 'POST', '/webhooks/endpoints', { url: hookUrl(), event_types: ['commission.created'] });
    expect(made.status).toBe(201);
    expect((await call(portal, KEYS.demo, 'POST', '/events', conversion())).status).toBe(201);
    const [delivery] = await deliveriesTo(made.body.endpoint.id);
    // Due for an hour: as a sweep that started 10 minutes ago (its scheduled time) would find it.
    await env.DB.prepare('UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 3_600_000).toISOString(), delivery!.id).run();
    const stale = Date.now() - 10 * 60_000;
    let leaseDuringSend: string | null = null;
    const world = receivers(async () => {
      leaseDuringSend = (await env.DB.prepare('SELECT lease_until FROM webhook_deliveries WHERE id = ?').bind(delivery!.id).first<string>('lease_until'));
      return new Response('ok');
    });
    const result = await attemptDelivery(portal, 'demo', delivery!.id, stale);
    expect(result.state).toBe('succeeded');
    expect(world.received).toHaveLength(1);
    // The lease still holds while the request is out, so no other sender could claim the delivery.
    expect(Date.parse(leaseDuringSend!)).toBeGreaterThan(Date.now());
    const signedAt = Number(world.received[0]!.headers.get('webhook-timestamp'));
    expect(Math.abs(signedAt - Date.now() / 1000)).toBeLessThan(30);
  });
});

describe('the e-mail sweep', () => {
  const sendingNoQueue = () => {
    const { EMAIL_QUEUE: _, ...rest } = env as Env & { EMAIL_QUEUE?: Queue };
    return { ...rest, RESEND_API_KEY: 're_test_key', EMAIL_FROM: 'Portal <no-reply@mail.example.test>' } as Env;
  };
  const insertRow = (to: string, status: string, age: string) =>
    env.DB.prepare(
      `INSERT INTO email_outbox (company_id, to_email, template, subject, body_text, status, created_at)
       VALUES ('demo', ?, 'reset_password', 'Code', 'Your code: 123456', ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)) RETURNING id`,
    ).bind(to, status, age).first<number>('id');
  const statusOf = (id: number) => env.DB.prepare('SELECT status FROM email_outbox WHERE id = ?').bind(id).first<string>('status');

  it('without a queue, goes on past a row whose delivery fails', async () => {
    const first = (await insertRow('first@demo.test', 'pending', '-5 minutes'))!;
    const second = (await insertRow('second@demo.test', 'pending', '-5 minutes'))!;
    const base = sendingNoQueue();
    let batches = 0;
    // D1 fails the first claim only (a hiccup): the second row must still go out in the same sweep.
    const flaky = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'batch') {
          return (statements: D1PreparedStatement[]) => {
            if (++batches === 1) return Promise.reject(new Error('D1_ERROR: network connection lost'));
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const sentTo: string[] = [];
    setEmailFetch(async (_input, init) => {
      sentTo.push((JSON.parse(String(init?.body)) as { to: string[] }).to[0]!);
      return Response.json({ id: `re-${crypto.randomUUID()}` });
    });
    const ctx = createExecutionContext();
    const summary = await sweepOutbox({ ...base, DB: flaky } as Env, ctx, new Date());
    await waitOnExecutionContext(ctx);
    expect(summary).toMatchObject({ delivered: { error: 1 } });
    const statuses = [await statusOf(first), await statusOf(second)];
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(1);
    expect(sentTo).toHaveLength(1);
  });

  it('deletes finished rows older than 30 days, keeps newer ones and unsent ones', async () => {
    const oldSent = (await insertRow('old-sent@demo.test', 'sent', '-40 days'))!;
    const oldFailed = (await insertRow('old-failed@demo.test', 'failed', '-40 days'))!;
    const recentSent = (await insertRow('recent@demo.test', 'sent', '-2 days'))!;
    setEmailFetch(async () => Response.json({ id: `re-${crypto.randomUUID()}` }));
    const ctx = createExecutionContext();
    const summary = await sweepOutbox(sendingNoQueue(), ctx, new Date());
    await waitOnExecutionContext(ctx);
    expect((summary as { pruned: number }).pruned).toBeGreaterThanOrEqual(2);
    expect(await statusOf(oldSent)).toBeNull();
    expect(await statusOf(oldFailed)).toBeNull();
    expect(await statusOf(recentSent)).toBe('sent');
  });
});
