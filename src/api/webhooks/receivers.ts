import type { z } from 'zod';
import type {
  createEndpointSchema, rotateSecretSchema, updateEndpointSchema, WebhookEndpointAnswer, WebhookEndpointDeleted, WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '../../lib/schemas/webhooks';
import { randomToken } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import type { Operator } from '../core/operator-keys';
import { newWebhookSecret } from './signing';
import { deleteEndpointRow, endpointRow, endpointRows, insertEndpoint, rotateEndpointSecret, updateEndpointRow } from './queries';
import { endpointView } from './store';
import { checkWebhookUrl, guardOptions } from './url-guard';

// A company's webhook endpoints (the receivers of its events): register, list, read, edit, delete, rotate
// the signing secret. Every statement is scoped by the key's company; another company's endpoint id answers 404.

/** A company sends to at most this many endpoints (each event fans out to every subscriber). */
export const MAX_ENDPOINTS = 20;

const notFound = () => new ApiError('not_found', 'notFound');
export const TOO_MANY_ENDPOINTS = `A company has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`;

/** The URL guard's verdict as a 400 naming the reason (`{ url: ["Refused: ..."] }`). */
function guardedUrl(svc: ServiceContext, url: string): string {
  const verdict = checkWebhookUrl(url, guardOptions(svc.env));
  if (!verdict.ok) throw fieldError('url', `Refused: ${verdict.reason}.`);
  return verdict.url.href;
}

/** POST /v1/operator/webhooks/endpoints - the endpoint and its secret (shown in this answer only). */
export async function createEndpoint(svc: ServiceContext, op: Operator, input: z.infer<typeof createEndpointSchema>): Promise<WebhookEndpointWithSecret> {
  const url = guardedUrl(svc, input.url);
  const id = `ep_${randomToken(12)}`;
  const secret = newWebhookSecret();
  const { inserted, endpoint } = await insertEndpoint(svc.db, op.companyId, {
    id, url, description: input.description, eventTypes: JSON.stringify(input.event_types), enabled: input.enabled ? 1 : 0, secret,
  }, MAX_ENDPOINTS);
  if (inserted.changes !== 1) {
    throw new ApiError('conflict', TOO_MANY_ENDPOINTS);
  }
  return { endpoint: endpointView(endpoint!), secret };
}

/** GET /v1/operator/webhooks/endpoints - the company's endpoints, oldest first. */
export async function listEndpoints(svc: ServiceContext, op: Operator): Promise<WebhookEndpointList> {
  const { results } = await endpointRows(svc.db, op.companyId);
  return { count: results.length, results: results.map(endpointView) };
}

/** GET /v1/operator/webhooks/endpoints/{id} */
export async function getEndpoint(svc: ServiceContext, op: Operator, id: string): Promise<WebhookEndpointAnswer> {
  const row = await endpointRow(svc.db, op.companyId, id);
  if (!row) throw notFound();
  return { endpoint: endpointView(row) };
}

/**
 * PATCH /v1/operator/webhooks/endpoints/{id} - the fields sent change, the others stay. A new URL passes
 * the guard again. Disabling gives up the endpoint's pending deliveries at once (`endpoint disabled`;
 * each can be replayed once it is enabled again); events after that are not recorded for it.
 */
export async function updateEndpoint(svc: ServiceContext, op: Operator, id: string, input: z.infer<typeof updateEndpointSchema>): Promise<WebhookEndpointAnswer> {
  const url = input.url === undefined ? null : guardedUrl(svc, input.url);
  const now = new Date().toISOString();
  const { updated, endpoint } = await updateEndpointRow(svc.db, op.companyId, id, {
    url, description: input.description ?? null, eventTypes: input.event_types ? JSON.stringify(input.event_types) : null,
    enabled: input.enabled === undefined ? null : input.enabled ? 1 : 0,
  }, now);
  if (updated.changes !== 1) throw notFound();
  return { endpoint: endpointView(endpoint!) };
}

/** DELETE /v1/operator/webhooks/endpoints/{id} - the endpoint and its delivery log; nothing more is sent to it. */
export async function deleteEndpoint(svc: ServiceContext, op: Operator, id: string): Promise<WebhookEndpointDeleted> {
  const removed = await deleteEndpointRow(svc.db, op.companyId, id);
  if (removed.endpoint.changes !== 1) throw notFound();
  return { id, deleted: true };
}

/**
 * POST /v1/operator/webhooks/endpoints/{id}/rotate-secret - a new secret (shown in this answer only). The
 * previous one keeps signing beside it for `previous_secret_hours` (0: it stops at once, for a leaked one).
 */
export async function rotateSecret(svc: ServiceContext, op: Operator, id: string, input: z.infer<typeof rotateSecretSchema>): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const now = Date.now();
  const until = input.previous_secret_hours > 0 ? new Date(now + input.previous_secret_hours * 3_600_000).toISOString() : null;
  const { updated, endpoint } = await rotateEndpointSecret(svc.db, op.companyId, id, secret, until, new Date(now).toISOString());
  if (updated.changes !== 1) throw notFound();
  return { endpoint: endpointView(endpoint!), secret };
}
