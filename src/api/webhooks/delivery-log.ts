import type { z } from 'zod';
import type { deliveryListSchema } from '../../lib/schemas/operator-webhooks';
import { randomToken } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import type { Operator } from '../operator/keys';
import { attemptDelivery } from './delivery';
import { enqueueDeliveries } from './events';
import { DELIVERY_SQL, deliveryDetailView, deliveryView, type DeliveryRow } from './store';

// An endpoint's delivery log, one delivery with its payload, and replay. Scoped by the key's company:
// another company's endpoint or delivery id answers 404.

const notFound = () => new ApiError('not_found', 'notFound');
export const ENDPOINT_DISABLED = 'The endpoint is disabled; enable it before replaying.';

/**
 * GET /v1/operator/webhooks/endpoints/{id}/deliveries - newest first, `limit` a page; `next_before` (the
 * last delivery's id, or null at the end) asks for the next page.
 */
export async function listDeliveries(svc: ServiceContext, op: Operator, endpointId: string, query: z.infer<typeof deliveryListSchema>) {
  const [endpoint, rows] = await svc.db.batch([
    svc.db.prepare('SELECT 1 AS ok FROM webhook_endpoints WHERE company_id = ? AND id = ?').bind(op.companyId, endpointId),
    svc.db.prepare(
      `${DELIVERY_SQL} WHERE d.company_id = ?1 AND d.endpoint_id = ?2 AND (?3 IS NULL OR d.status = ?3) AND (?4 IS NULL OR ev.type = ?4)
          AND (?5 IS NULL OR (d.created_at, d.id) < (SELECT created_at, id FROM webhook_deliveries WHERE company_id = ?1 AND id = ?5))
        ORDER BY d.created_at DESC, d.id DESC LIMIT ?6`,
    ).bind(op.companyId, endpointId, query.status ?? null, query.event_type ?? null, query.before ?? null, query.limit + 1),
  ]);
  if (endpoint!.results.length === 0) throw notFound();
  const found = rows!.results as unknown as DeliveryRow[];
  const page = found.slice(0, query.limit).map(deliveryView);
  return { count: page.length, results: page, next_before: found.length > query.limit ? page.at(-1)!.id : null };
}

const deliveryById = (db: D1Database, companyId: string, id: string) =>
  db.prepare(`${DELIVERY_SQL} WHERE d.company_id = ? AND d.id = ?`).bind(companyId, id);

/** GET /v1/operator/webhooks/deliveries/{id} - one delivery and the exact payload it sends. */
export async function getDelivery(svc: ServiceContext, op: Operator, id: string) {
  const row = await deliveryById(svc.db, op.companyId, id).first<DeliveryRow>();
  if (!row) throw notFound();
  return { delivery: deliveryDetailView(row) };
}

/**
 * POST /v1/operator/webhooks/deliveries/{id}/replay - sends the delivery's event to its endpoint again,
 * now, as a new delivery (`replay_of` names the original) with its own attempts and back-off. The
 * payload and `webhook-id` are the event's, as on every attempt, so a receiver that already processed the
 * event can recognise it. Answers the new delivery after its first attempt.
 */
export async function replayDelivery(svc: ServiceContext, op: Operator, id: string) {
  const original = await svc.db
    .prepare(
      `SELECT d.endpoint_id, d.event_id, e.enabled FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.company_id = d.company_id AND e.id = d.endpoint_id
        WHERE d.company_id = ? AND d.id = ?`,
    )
    .bind(op.companyId, id)
    .first<{ endpoint_id: string; event_id: string; enabled: number }>();
  if (!original) throw notFound();
  if (!original.enabled) throw new ApiError('conflict', ENDPOINT_DISABLED);
  const replay = `dlv_${randomToken(12)}`;
  const now = new Date().toISOString();
  await svc.db
    .prepare(
      `INSERT INTO webhook_deliveries (id, company_id, endpoint_id, event_id, next_attempt_at, replay_of, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(replay, op.companyId, original.endpoint_id, original.event_id, now, id, now)
    .run();
  const result = await attemptDelivery(svc.env, op.companyId, replay);
  if (result.state === 'retry') enqueueDeliveries(svc.env, svc.waitUntil, op.companyId, [replay], result.delaySeconds);
  return { delivery: deliveryDetailView((await deliveryById(svc.db, op.companyId, replay).first<DeliveryRow>())!) };
}
