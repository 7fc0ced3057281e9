import type { WebhookEventType } from '../../lib/webhook-events';
import type { Step } from '../core/named-batch';
import type { ServiceContext } from '../core/types';
import { eventOfRowSteps, insertEvents, type EventSource } from './queries';

// The event types are the one list of src/lib/webhook-events.ts.

export interface WebhookEventInput {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

const newEventId = () => `msg_${crypto.randomUUID().replaceAll('-', '')}`;

/**
 * Runs what builds an event's data (reads included) and records it, after the write the event follows: like
 * webhookEvent it never throws, so the write stands whatever happens here.
 */
export async function guardedEvent(what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    console.error(`webhooks: ${what} event not recorded`, err);
  }
}

/** Records an event for the company's webhook endpoints (delivery happens later, through the queue). */
export async function webhookEvent(
  svc: ServiceContext, companyId: string, type: WebhookEventType, data: Record<string, unknown>,
): Promise<void> {
  await webhookEvents(svc, companyId, [{ type, data }]);
}

/**
 * Records events in one D1 batch: each event (only when an enabled endpoint subscribes to its type) and
 * one pending delivery per such endpoint, then hands the deliveries to WEBHOOKS_QUEUE after the answer
 * (without the binding, the scheduled sweep sends them). Called after a write has succeeded, it never
 * throws: a failure is logged and the write stands. A queue message that fails to leave is not an event
 * lost: the delivery is pending in D1 and the sweep sends it.
 */
export async function webhookEvents(svc: ServiceContext, companyId: string, events: WebhookEventInput[]): Promise<void> {
  if (events.length === 0) return;
  try {
    const now = new Date().toISOString();
    const deliveries = await insertEvents(svc.db, companyId, events.map(({ type, data }) => ({
      id: newEventId(), type, payload: JSON.stringify({ type, timestamp: now, data }),
    })), now);
    enqueueDeliveries(svc.env, svc.waitUntil, companyId, deliveries);
  } catch (err) {
    console.error('webhooks: events not recorded', companyId, events.map((e) => e.type).join(','), err);
  }
}

/** An event of a row written in the same batch (eventOfRowSteps): recorded only with that row. */
export interface RowEvent extends WebhookEventInput {
  source: EventSource;
}

/**
 * Events recorded IN the batch of the write they announce, and only with it (webhookEvents records them after
 * it): `steps` go into that batch (named `<prefix><n>…`), and `enqueue(answers)`, given the batch's answers,
 * hands the new deliveries to WEBHOOKS_QUEUE. So a Worker that stops after the write has recorded its events too,
 * and a write that did not happen (a duplicate) records none. A failure to record them fails the write.
 */
export function rowEvents(svc: Pick<ServiceContext, 'db' | 'env' | 'waitUntil'>, companyId: string, events: RowEvent[], prefix = 'event') {
  const now = new Date().toISOString();
  const steps: Record<string, Step<{ id: string }[]>> = {};
  const deliveries: string[] = [];
  events.forEach(({ type, data, source }, i) => {
    const e = { id: newEventId(), type, payload: JSON.stringify({ type, timestamp: now, data }) };
    const step = eventOfRowSteps(svc.db, companyId, e, now, source);
    steps[`${prefix}${i}`] = step.event;
    steps[`${prefix}${i}Deliveries`] = step.deliveries;
    deliveries.push(`${prefix}${i}Deliveries`);
  });
  return {
    steps,
    enqueue(answers: Record<string, unknown>) {
      const ids = deliveries.flatMap((name) => ((answers[name] as { id: string }[] | undefined) ?? []).map((r) => r.id));
      enqueueDeliveries(svc.env, svc.waitUntil, companyId, ids);
    },
  };
}

/** The body of a WEBHOOKS_QUEUE message: one delivery to attempt. */
export interface DeliveryMessage {
  company_id: string;
  delivery_id: string;
}

/** The queue binding, or undefined in a deployment without it (the scheduled sweep delivers then). */
export const webhooksQueue = (env: Env) => (env as { WEBHOOKS_QUEUE?: Queue<DeliveryMessage> }).WEBHOOKS_QUEUE;

/** Cloudflare Queues' limit of messages per sendBatch call. */
export const MAX_SEND_BATCH = 100;

/**
 * Sends deliveries to the queue after the answer (`waitUntil`), or `delaySeconds` later. A send that fails
 * is logged only: the delivery stays pending in D1 and the sweep picks it up.
 */
export function enqueueDeliveries(
  env: Env, waitUntil: (promise: Promise<unknown>) => void, companyId: string, deliveryIds: string[], delaySeconds?: number,
): void {
  const queue = webhooksQueue(env);
  if (!queue || deliveryIds.length === 0) return;
  const messages = deliveryIds.map((id) => ({ body: { company_id: companyId, delivery_id: id }, contentType: 'json' as const, delaySeconds }));
  // sendBatch takes at most 100 messages: a bulk approval (100 commissions) or a large payout fanned out to
  // several endpoints makes more, and one oversized batch would leave them all to the hourly sweep.
  for (let i = 0; i < messages.length; i += MAX_SEND_BATCH) {
    const chunk = messages.slice(i, i + MAX_SEND_BATCH);
    waitUntil(queue.sendBatch(chunk).catch((err) =>
      console.error('webhooks: queue send failed; the sweep will deliver', chunk.map((m) => m.body.delivery_id), err)));
  }
}
