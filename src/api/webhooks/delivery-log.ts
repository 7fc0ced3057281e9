import type { z } from 'zod';
import type { deliveryListSchema, WebhookDeliveryAnswer, WebhookDeliveryList } from '../../lib/schemas/webhooks';
import { randomToken } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import type { Operator } from '../core/operator-keys';
import { attemptDelivery } from './delivery';
import { enqueueDeliveries } from './events';
import { deliveryPage, deliveryRow, insertReplay, replaySource } from './queries';
import { deliveryDetailView, deliveryView } from './store';

// An endpoint's delivery log, one delivery with its payload, and replay. Scoped by the key's company:
// another company's endpoint or delivery id answers 404.

const notFound = () => new ApiError('not_found', 'notFound');
export const ENDPOINT_DISABLED = 'The endpoint is disabled; enable it before replaying.';

/**
 * GET /v1/operator/webhooks/endpoints/{id}/deliveries - newest first, `limit` a page; `next_before` (the
 * last delivery's id, or null at the end) asks for the next page.
 */
export async function listDeliveries(svc: ServiceContext, op: Operator, endpointId: string, query: z.infer<typeof deliveryListSchema>): Promise<WebhookDeliveryList> {
  const { endpoint, deliveries: found } = await deliveryPage(svc.db, op.companyId, endpointId, {
    status: query.status ?? null, eventType: query.event_type ?? null, before: query.before ?? null, limit: query.limit + 1,
  });
  if (!endpoint) throw notFound();
  const page = found.slice(0, query.limit).map(deliveryView);
  return { count: page.length, results: page, next_before: found.length > query.limit ? page.at(-1)!.id : null };
}

/** GET /v1/operator/webhooks/deliveries/{id} - one delivery and the exact payload it sends. */
export async function getDelivery(svc: ServiceContext, op: Operator, id: string): Promise<WebhookDeliveryAnswer> {
  const row = await deliveryRow(svc.db, op.companyId, id);
  if (!row) throw notFound();
  return { delivery: deliveryDetailView(row) };
}

/**
 * POST /v1/operator/webhooks/deliveries/{id}/replay - sends the delivery's event to its endpoint again,
 * now, as a new delivery (`replay_of` names the original) with its own attempts and back-off. The
 * payload and `webhook-id` are the event's, as on every attempt, so a receiver that already processed the
 * event can recognise it. Answers the new delivery after its first attempt.
 */
export async function replayDelivery(svc: ServiceContext, op: Operator, id: string): Promise<WebhookDeliveryAnswer> {
  const original = await replaySource(svc.db, op.companyId, id);
  if (!original) throw notFound();
  if (!original.enabled) throw new ApiError('conflict', ENDPOINT_DISABLED);
  const replay = `dlv_${randomToken(12)}`;
  const now = new Date().toISOString();
  await insertReplay(svc.db, op.companyId, { id: replay, endpointId: original.endpoint_id, eventId: original.event_id, replayOf: id, now });
  const result = await attemptDelivery(svc.env, op.companyId, replay);
  if (result.state === 'retry') enqueueDeliveries(svc.env, svc.waitUntil, op.companyId, [replay], result.delaySeconds);
  return { delivery: deliveryDetailView((await deliveryRow(svc.db, op.companyId, replay))!) };
}
