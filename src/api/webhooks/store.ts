import type { WebhookDelivery, WebhookEndpoint, WebhookPayload } from '../../lib/schemas/webhooks';
import type { WebhookEventType } from '../../lib/webhook-events';

/** Rows of migrations/0010_webhooks.sql and how the operator API shows them (never a secret). */

export interface EndpointRow {
  id: string; url: string; description: string; event_types: string; enabled: number; previous_secret_expires_at: string | null;
  created_at: string; updated_at: string | null;
}

export const ENDPOINT_COLUMNS = 'id, url, description, event_types, enabled, previous_secret_expires_at, created_at, updated_at';

export function endpointView(e: EndpointRow): WebhookEndpoint {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: JSON.parse(e.event_types) as WebhookEventType[],
    enabled: e.enabled === 1,
    /** Until then the previous secret signs too (a second `v1,` signature), after a rotation. */
    previous_secret_expires_at: e.previous_secret_expires_at,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export interface DeliveryRow {
  id: string; endpoint_id: string; event_id: string; event_type: string; status: 'pending' | 'succeeded' | 'failed'; attempts: number;
  next_attempt_at: string | null; last_attempt_at: string | null; last_status: number | null; last_response: string | null;
  last_error: string | null; replay_of: string | null; created_at: string; updated_at: string | null; payload: string;
}

/** Deliveries with their event (d = delivery, ev = event). */
export const DELIVERY_SQL = `SELECT d.id, d.endpoint_id, d.event_id, ev.type AS event_type, d.status, d.attempts, d.next_attempt_at,
    d.last_attempt_at, d.last_status, d.last_response, d.last_error, d.replay_of, d.created_at, d.updated_at, ev.payload
  FROM webhook_deliveries d JOIN webhook_events ev ON ev.company_id = d.company_id AND ev.id = d.event_id`;

export function deliveryView(d: DeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    endpoint_id: d.endpoint_id,
    /** The event's id: the `webhook-id` header of every attempt, replays included. */
    event_id: d.event_id,
    event_type: d.event_type as WebhookEventType,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.next_attempt_at,
    last_attempt_at: d.last_attempt_at,
    last_response_status: d.last_status,
    last_response_body: d.last_response,
    last_error: d.last_error,
    replay_of: d.replay_of,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/** One delivery with the exact payload it sends. */
export const deliveryDetailView = (d: DeliveryRow): WebhookDelivery & { payload: WebhookPayload } =>
  ({ ...deliveryView(d), payload: JSON.parse(d.payload) as WebhookPayload });
