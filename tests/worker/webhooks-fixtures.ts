// Shared by the webhook worker tests. The outside world (the receivers) is a scripted fetch put in place
// with setWebhookFetch; the WEBHOOKS_QUEUE binding is a recording stand-in (the queue's consumer cannot
// run inside the test runner, which has no Worker entry), and its messages reach consumeWebhooks through
// createMessageBatch, as the queue would hand them over.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { consumeWebhooks, sweepWebhooks } from '../../src/api/webhooks/delivery';
import type { DeliveryMessage } from '../../src/api/webhooks/events';
import { setWebhookFetch } from '../../src/api/webhooks/send';
import { createEdgeApp } from '../../src/edge/app';
import { stubPages } from './helpers';
import { hostOfKey, type Reply } from './operator-fixtures';

export interface Sent {
  body: DeliveryMessage;
  delaySeconds?: number;
}

/** Stands in for the WEBHOOKS_QUEUE binding: keeps every message sent. */
export function recordingQueue() {
  const sent: Sent[] = [];
  const binding = {
    send: async (body: DeliveryMessage, options?: { delaySeconds?: number }) => void sent.push({ body, delaySeconds: options?.delaySeconds }),
    sendBatch: async (messages: Iterable<{ body: DeliveryMessage; delaySeconds?: number }>) =>
      void [...messages].forEach((m) => sent.push({ body: m.body, delaySeconds: m.delaySeconds })),
  } as unknown as Queue;
  return { sent, binding };
}

/** The test env with the given queue binding (undefined: a deployment without the queue). */
export const envWith = (queue: Queue | undefined) => ({ ...env, WEBHOOKS_QUEUE: queue }) as Env;

/** Calls the edge app at `url` on `portalEnv`, waiting for what the request left to waitUntil. */
export async function request(portalEnv: Env, url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Reply> {
  const app = createEdgeApp([stubPages]);
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.fetch(new Request(new URL(url, 'http://localhost'), {
    method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }), portalEnv, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json, headers: res.headers };
}

/** Calls /v1/operator{path} with a company key, on its company's host, on `portalEnv`. */
export const call = async (portalEnv: Env, key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(portalEnv, `http://${await hostOfKey(key)}/v1/operator${path}`, { method, body, headers: { authorization: `Bearer ${key}`, ...headers } });

export interface Received {
  url: string;
  headers: Headers;
  body: string;
  redirect: RequestRedirect;
}

/**
 * The receivers: every request the sender makes is kept, and answered by `answer` (default 200 "ok").
 * `answer` may also throw, as a network failure would.
 */
export function receivers(answer: (req: Received, n: number) => Response | Promise<Response> = () => new Response('ok')) {
  const received: Received[] = [];
  let script = answer;
  setWebhookFetch(async (request) => {
    const req = { url: request.url, headers: request.headers, body: await request.text(), redirect: request.redirect };
    received.push(req);
    return script(req, received.length);
  });
  return {
    received,
    answerWith(next: typeof answer) {
      script = next;
    },
  };
}

/** Hands the messages to consumeWebhooks as the queue would; the ack/retry state it left. */
export async function consume(bodies: DeliveryMessage[], portalEnv: Env) {
  const batch = createMessageBatch<DeliveryMessage>(
    'portal-webhooks', bodies.map((body, i) => ({ id: `m-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  // getQueueResult does not keep retry options: each message's retry() notes its delay first.
  const delays = new Map<string, number | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    Object.defineProperty(message, 'retry', {
      value: (options?: QueueRetryOptions) => {
        delays.set(message.id, options?.delaySeconds);
        retry(options);
      },
    });
  }
  const ctx = createExecutionContext();
  await consumeWebhooks(batch as MessageBatch<unknown>, portalEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  return {
    ...result,
    retryMessages: result.retryMessages.map((m) => ({ ...m, delaySeconds: delays.get(m.msgId) })),
    ids: batch.messages.map((m) => m.id),
  };
}

/** Empties the webhook tables (tests in one file share the database; each test starts with no endpoints). */
export async function forgetWebhooks() {
  await env.DB.batch(['webhook_deliveries', 'webhook_events', 'webhook_endpoints'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
}

/** The scheduled sweep at `now`. */
export async function sweep(portalEnv: Env, now: Date) {
  const ctx = createExecutionContext();
  const summary = await sweepWebhooks(portalEnv, ctx, now);
  await waitOnExecutionContext(ctx);
  return summary as { attempted: number; succeeded: number; failed: number; retrying: number; pruned: number };
}

/** A company's deliveries to one endpoint, oldest first, straight from D1. */
export const deliveriesTo = async (endpointId: string) =>
  (await env.DB.prepare('SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at, id').bind(endpointId).all<Record<string, any>>()).results;

/** The event a delivery sends. */
export const eventOf = async (delivery: { event_id: string }) =>
  env.DB.prepare('SELECT * FROM webhook_events WHERE id = ?').bind(delivery.event_id).first<Record<string, any>>();

let n = 0;
/** A distinct receiver URL per test. */
export const hookUrl = (label = 'hook') => `https://hooks.example.com/${label}-${++n}`;
