import type { ServiceContext } from '../core/types';

// No runtime imports: src/lib/schemas/operator-webhooks.ts reads the list below, and lib modules may be
// loaded by Node scripts too.

/**
 * Event types a company's webhooks can subscribe to: the one list (the endpoint schema, the OpenAPI
 * document and the README read it). A new type goes here, then gets its `webhookEvent` call at its source.
 */
export const WEBHOOK_EVENT_TYPES = [
  'ambassador.registered',
  'commission.created',
  'commission.approved',
  'commission.denied',
  'commission.paid',
  'payout.created',
  'redemption.completed',
  'redemption.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEventInput {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** Records an event for the company's webhook endpoints (delivery happens later, through the queue). */
export async function webhookEvent(
  svc: ServiceContext, companyId: string, type: WebhookEventType, data: Record<string, unknown>,
): Promise<void> {
  await webhookEvents(svc, companyId, [{ type, data }]);
}

// ?1 event id  ?2 company  ?3 type  ?4 payload  ?5 now
const SUBSCRIBED = `e.company_id = ?2 AND e.enabled = 1 AND EXISTS (SELECT 1 FROM json_each(e.event_types) t WHERE t.value = ?3)`;
const INSERT_EVENT = `INSERT INTO webhook_events (id, company_id, type, payload, created_at)
  SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE ${SUBSCRIBED})`;
const INSERT_DELIVERIES = `INSERT INTO webhook_deliveries (id, company_id, endpoint_id, event_id, next_attempt_at, created_at)
  SELECT 'dlv_' || lower(hex(randomblob(12))), e.company_id, e.id, ?1, ?5, ?5 FROM webhook_endpoints e WHERE ${SUBSCRIBED}
  RETURNING id`;

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
    const statements = events.flatMap(({ type, data }) => {
      const args = [`msg_${crypto.randomUUID().replaceAll('-', '')}`, companyId, type, JSON.stringify({ type, timestamp: now, data }), now];
      return [svc.db.prepare(INSERT_EVENT).bind(...args), svc.db.prepare(INSERT_DELIVERIES).bind(...args)];
    });
    const results = await svc.db.batch<{ id: string }>(statements);
    const deliveries = results.filter((_, i) => i % 2 === 1).flatMap((r) => r.results.map((row) => row.id));
    enqueueDeliveries(svc.env, svc.waitUntil, companyId, deliveries);
  } catch (err) {
    console.error('webhooks: events not recorded', companyId, events.map((e) => e.type).join(','), err);
  }
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
