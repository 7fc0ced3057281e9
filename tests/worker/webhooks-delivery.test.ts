// Delivering webhooks: a failed send is retried with exponential back-off until it succeeds
// or gives up, a duplicate queue message never sends twice, a lost message is not a lost event (the
// scheduled sweep sends it), and a replay sends the event again as a new delivery.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, backoffSeconds } from '../../src/api/webhooks/delivery';
import { setWebhookFetch } from '../../src/api/webhooks/send';
import { verifyWebhook } from '../../src/api/webhooks/signing';
import { KEYS, conversion } from './operator-fixtures';
import { call, consume, deliveriesTo, envWith, forgetWebhooks, hookUrl, receivers, recordingQueue, sweep } from './webhooks-fixtures';

afterEach(async () => {
  setWebhookFetch(null);
  await forgetWebhooks();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** An endpoint of demo for commission.created, and one conversion's delivery to it (not sent yet). */
async function pendingDelivery(portal: Env) {
  const made = await call(portal, KEYS.demo, 'POST', '/webhooks/endpoints', { url: hookUrl(), event_types: ['commission.created'] });
  expect(made.status).toBe(201);
  const endpoint = made.body.endpoint as { id: string; url: string };
  const sale = await call(portal, KEYS.demo, 'POST', '/events', conversion());
  expect(sale.status).toBe(201);
  const [delivery] = await deliveriesTo(endpoint.id);
  return { endpoint, secret: made.body.secret as string, delivery: delivery!, message: { company_id: 'demo', delivery_id: delivery!.id } };
}

const row = async (endpointId: string) => (await deliveriesTo(endpointId))[0]!;

describe('retries', () => {
  it('retries a 500 after 30 s through the queue, then succeeds; the log shows each answer', async () => {
    const queue = recordingQueue();
    const portal = envWith(queue.binding);
    const { endpoint, secret, message } = await pendingDelivery(portal);
    const world = receivers((_, n) => (n === 1 ? new Response('database down', { status: 500 }) : new Response('{"ok":true}')));

    const first = await consume([message], portal);
    expect(first.retryMessages).toEqual([{ msgId: first.ids[0], delaySeconds: 30 }]);
    const failed = await row(endpoint.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, last_response: 'database down', last_error: 'HTTP 500' });
    const due = Date.parse(failed.next_attempt_at) - Date.parse(failed.last_attempt_at);
    expect(due).toBe(30 * SECOND);

    // The queue hands the message back early (a duplicate, a clock): it waits, nothing is sent.
    const early = await consume([message], portal);
    expect(early.retryMessages[0]!.delaySeconds).toBeGreaterThan(20);
    expect(world.received).toHaveLength(1);

    // 30 s later the sweep finds it overdue (as when the queue lost the message) and sends it again.
    const summary = await sweep(portal, new Date(Date.parse(failed.next_attempt_at) + 6 * MINUTE));
    expect(summary).toMatchObject({ attempted: 1, succeeded: 1 });
    expect(world.received).toHaveLength(2);
    expect(world.received[1]!.headers.get('webhook-id')).toBe(world.received[0]!.headers.get('webhook-id'));
    expect(world.received[1]!.body).toBe(world.received[0]!.body);
    const later = Number(world.received[1]!.headers.get('webhook-timestamp')) * 1000;
    expect(await verifyWebhook(secret, world.received[1]!.headers, world.received[1]!.body, later)).toBe(true);
    expect(await row(endpoint.id)).toMatchObject({ status: 'succeeded', attempts: 2, last_status: 200, last_response: '{"ok":true}', next_attempt_at: null });
  });

  it('backs off 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, 12 h and gives up after 8 attempts', async () => {
    const portal = envWith(undefined);
    const { endpoint, message } = await pendingDelivery(portal);
    const world = receivers(() => new Response('nope', { status: 503 }));
    const gaps: number[] = [];
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const summary = await sweep(portal, new Date(now));
      expect(summary.attempted, `attempt ${attempt}`).toBe(1);
      const d = await row(endpoint.id);
      if (d.next_attempt_at) {
        gaps.push((Date.parse(d.next_attempt_at) - now) / SECOND);
        now = Date.parse(d.next_attempt_at);
      }
    }
    expect(gaps).toEqual([30, 120, 600, 3600, 21_600, 43_200, 43_200]);
    expect(gaps).toEqual(gaps.map((_, i) => backoffSeconds(i + 1)));
    expect(await row(endpoint.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, last_status: 503, next_attempt_at: null });
    expect(world.received).toHaveLength(MAX_ATTEMPTS);

    // Given up: neither a late queue message nor a later sweep sends it again.
    const late = await consume([message], portal);
    expect(late.explicitAcks).toEqual(late.ids);
    expect((await sweep(portal, new Date(now + 30 * 86_400_000 - MINUTE))).attempted).toBe(0);
    expect(world.received).toHaveLength(MAX_ATTEMPTS);
  });

  it('counts a timeout or network error and a redirect as failures, and never follows the redirect', async () => {
    const portal = envWith(undefined);
    const { endpoint } = await pendingDelivery(portal);
    receivers(() => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')));
    await sweep(portal, new Date());
    expect(await row(endpoint.id)).toMatchObject({ status: 'pending', last_status: null, last_error: 'no answer within 10 s' });

    const world = receivers(() => new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/' } }));
    await sweep(portal, new Date(Date.now() + 31 * SECOND));
    expect(world.received).toHaveLength(1);
    expect(world.received[0]!.redirect).toBe('manual');
    expect(await row(endpoint.id)).toMatchObject({ status: 'pending', attempts: 2, last_status: 302 });
    expect((await row(endpoint.id)).last_error).toContain('redirect not followed');
  });

  it('keeps only the start of a long answer', async () => {
    const portal = envWith(undefined);
    const { endpoint } = await pendingDelivery(portal);
    receivers(() => new Response('x'.repeat(100_000), { status: 400 }));
    await sweep(portal, new Date());
    const kept = (await row(endpoint.id)).last_response as string;
    expect(kept).toBe(`${'x'.repeat(1024)}…`);
  });
});

describe('exactly one send per attempt', () => {
  it('a duplicate queue message of a delivered event sends nothing', async () => {
    const queue = recordingQueue();
    const portal = envWith(queue.binding);
    const { message } = await pendingDelivery(portal);
    const world = receivers();
    const first = await consume([message], portal);
    expect(first.explicitAcks).toEqual(first.ids);
    const again = await consume([message, message], portal);
    expect(again.explicitAcks).toEqual(again.ids);
    expect(again.retryMessages).toEqual([]);
    expect(world.received).toHaveLength(1);
  });

  it('two copies of one message in one batch send once', async () => {
    const portal = envWith(recordingQueue().binding);
    const { endpoint, message } = await pendingDelivery(portal);
    const world = receivers();
    await consume([message, message, message], portal);
    expect(world.received).toHaveLength(1);
    expect(await row(endpoint.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('without a queue binding nothing is lost: the scheduled sweep delivers', async () => {
    const portal = envWith(undefined);
    const { endpoint } = await pendingDelivery(portal);
    const world = receivers();
    expect(world.received).toHaveLength(0);
    const summary = await sweep(portal, new Date());
    expect(summary).toMatchObject({ attempted: 1, succeeded: 1 });
    expect(world.received.map((r) => r.url)).toEqual([endpoint.url]);
  });

  it('with a queue, the sweep leaves a fresh delivery to its message', async () => {
    const queue = recordingQueue();
    const portal = envWith(queue.binding);
    const { endpoint } = await pendingDelivery(portal);
    const world = receivers();
    expect((await sweep(portal, new Date())).attempted).toBe(0);
    expect(world.received).toHaveLength(0);
    expect((await row(endpoint.id)).status).toBe('pending');
  });
});

describe('POST /v1/operator/webhooks/deliveries/:id/replay', () => {
  it('sends the event again now as a new delivery with the same webhook-id and payload', async () => {
    const portal = envWith(recordingQueue().binding);
    const { endpoint, secret, message } = await pendingDelivery(portal);
    const world = receivers(() => new Response('boom', { status: 500 }));
    await consume([message], portal);

    world.answerWith(() => new Response('thanks', { status: 202 }));
    const replay = await call(portal, KEYS.demo, 'POST', `/webhooks/deliveries/${message.delivery_id}/replay`, {});
    expect(replay.status).toBe(201);
    expect(replay.body.delivery).toMatchObject({
      endpoint_id: endpoint.id, replay_of: message.delivery_id, status: 'succeeded', attempts: 1, last_response_status: 202,
      last_response_body: 'thanks', event_type: 'commission.created',
    });
    expect(replay.body.delivery.payload.type).toBe('commission.created');
    expect(world.received).toHaveLength(2);
    const [original, again] = world.received;
    expect(again!.headers.get('webhook-id')).toBe(original!.headers.get('webhook-id'));
    expect(again!.body).toBe(original!.body);
    expect(await verifyWebhook(secret, again!.headers, again!.body)).toBe(true);

    // The log lists both, newest first; the original stays as it was.
    const log = await call(portal, KEYS.demo, 'GET', `/webhooks/endpoints/${endpoint.id}/deliveries`);
    expect(log.body.results.map((d: any) => d.id)).toEqual([replay.body.delivery.id, message.delivery_id]);
    expect(log.body.results[1]).toMatchObject({ status: 'pending', attempts: 1, last_response_status: 500 });
  });

  it('a replay that fails goes back to the queue with the back-off', async () => {
    const queue = recordingQueue();
    const portal = envWith(queue.binding);
    const { message } = await pendingDelivery(portal);
    receivers(() => new Response('still down', { status: 500 }));
    const replay = await call(portal, KEYS.demo, 'POST', `/webhooks/deliveries/${message.delivery_id}/replay`, {});
    expect(replay.body.delivery).toMatchObject({ status: 'pending', attempts: 1, last_response_status: 500 });
    expect(queue.sent.at(-1)).toEqual({ body: { company_id: 'demo', delivery_id: replay.body.delivery.id }, delaySeconds: 30 });
  });

  it('refuses to replay to a disabled endpoint; disabling fails its pending deliveries at once', async () => {
    const portal = envWith(recordingQueue().binding);
    const { endpoint, message } = await pendingDelivery(portal);
    const world = receivers();
    await call(portal, KEYS.demo, 'PATCH', `/webhooks/endpoints/${endpoint.id}`, { enabled: false });
    expect(await row(endpoint.id)).toMatchObject({ status: 'failed', last_error: 'endpoint disabled' });
    const refused = await call(portal, KEYS.demo, 'POST', `/webhooks/deliveries/${message.delivery_id}/replay`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('disabled');
    await consume([message], portal);
    expect(world.received).toHaveLength(0);

    await call(portal, KEYS.demo, 'PATCH', `/webhooks/endpoints/${endpoint.id}`, { enabled: true });
    const replay = await call(portal, KEYS.demo, 'POST', `/webhooks/deliveries/${message.delivery_id}/replay`, {});
    expect(replay.body.delivery.status).toBe('succeeded');
    expect(world.received).toHaveLength(1);
  });

  it('answers 404 for an unknown delivery', async () => {
    const res = await call(envWith(undefined), KEYS.demo, 'POST', '/webhooks/deliveries/dlv_000000000000000000000000/replay', {});
    expect(res.status).toBe(404);
  });
});

describe('the delivery log', () => {
  it('pages newest first and filters by status', async () => {
    const portal = envWith(undefined);
    const { endpoint } = await pendingDelivery(portal);
    for (let i = 0; i < 3; i++) await call(portal, KEYS.demo, 'POST', '/events', conversion());
    receivers();
    const page1 = await call(portal, KEYS.demo, 'GET', `/webhooks/endpoints/${endpoint.id}/deliveries?limit=3`);
    expect(page1.body.count).toBe(3);
    expect(page1.body.next_before).toBe(page1.body.results[2].id);
    const page2 = await call(portal, KEYS.demo, 'GET', `/webhooks/endpoints/${endpoint.id}/deliveries?limit=3&before=${page1.body.next_before}`);
    expect(page2.body).toMatchObject({ count: 1, next_before: null });
    const all = [...page1.body.results, ...page2.body.results];
    expect(new Set(all.map((d: any) => d.id)).size).toBe(4);
    expect(all.every((d: any) => d.status === 'pending' && d.attempts === 0)).toBe(true);
    expect((await call(portal, KEYS.demo, 'GET', `/webhooks/endpoints/${endpoint.id}/deliveries?status=succeeded`)).body.count).toBe(0);
    const bad = await call(portal, KEYS.demo, 'GET', `/webhooks/endpoints/${endpoint.id}/deliveries?limit=1000`);
    expect(bad.status).toBe(400);
    expect(bad.body.limit).toBeDefined();
  });
});
