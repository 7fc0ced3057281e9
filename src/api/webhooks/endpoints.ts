import type { z } from 'zod';
import type { createEndpointSchema, rotateSecretSchema, updateEndpointSchema } from '../../lib/schemas/operator-webhooks';
import { randomToken } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import type { Operator } from '../operator/keys';
import { newWebhookSecret } from './signing';
import { ENDPOINT_COLUMNS, endpointView, type EndpointRow } from './store';
import { checkWebhookUrl, guardOptions } from './url-guard';

// A company's webhook endpoints: register, list, read, edit, delete, rotate the signing secret. Every
// statement is scoped by the key's company; another company's endpoint id answers 404.

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

const byId = (db: D1Database, companyId: string, id: string) =>
  db.prepare(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE company_id = ? AND id = ?`).bind(companyId, id);

/** POST /v1/operator/webhooks/endpoints - the endpoint and its secret (shown in this answer only). */
export async function createEndpoint(svc: ServiceContext, op: Operator, input: z.infer<typeof createEndpointSchema>) {
  const url = guardedUrl(svc, input.url);
  const id = `ep_${randomToken(12)}`;
  const secret = newWebhookSecret();
  const [inserted, read] = await svc.db.batch([
    // The limit is part of the insert, so racing requests cannot pass it together.
    svc.db.prepare(
      `INSERT INTO webhook_endpoints (id, company_id, url, description, event_types, enabled, secret)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE (SELECT COUNT(*) FROM webhook_endpoints WHERE company_id = ?2) < ?8`,
    ).bind(id, op.companyId, url, input.description, JSON.stringify(input.event_types), input.enabled ? 1 : 0, secret, MAX_ENDPOINTS),
    byId(svc.db, op.companyId, id),
  ]);
  if (inserted!.meta.changes !== 1) {
    throw new ApiError('conflict', TOO_MANY_ENDPOINTS);
  }
  return { endpoint: endpointView(read!.results[0] as EndpointRow), secret };
}

/** GET /v1/operator/webhooks/endpoints - the company's endpoints, oldest first. */
export async function listEndpoints(svc: ServiceContext, op: Operator) {
  const { results } = await svc.db
    .prepare(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE company_id = ? ORDER BY created_at, id`)
    .bind(op.companyId)
    .all<EndpointRow>();
  return { count: results.length, results: results.map(endpointView) };
}

/** GET /v1/operator/webhooks/endpoints/{id} */
export async function getEndpoint(svc: ServiceContext, op: Operator, id: string) {
  const row = await byId(svc.db, op.companyId, id).first<EndpointRow>();
  if (!row) throw notFound();
  return { endpoint: endpointView(row) };
}

/**
 * PATCH /v1/operator/webhooks/endpoints/{id} - the fields sent change, the others stay. A new URL passes
 * the guard again. Disabling gives up the endpoint's pending deliveries at once (`endpoint disabled`;
 * each can be replayed once it is enabled again); events after that are not recorded for it.
 */
export async function updateEndpoint(svc: ServiceContext, op: Operator, id: string, input: z.infer<typeof updateEndpointSchema>) {
  const url = input.url === undefined ? null : guardedUrl(svc, input.url);
  const now = new Date().toISOString();
  const [update, , read] = await svc.db.batch([
    svc.db.prepare(
      `UPDATE webhook_endpoints SET url = COALESCE(?3, url), description = COALESCE(?4, description),
         event_types = COALESCE(?5, event_types), enabled = COALESCE(?6, enabled), updated_at = ?7
        WHERE company_id = ?1 AND id = ?2`,
    ).bind(op.companyId, id, url, input.description ?? null, input.event_types ? JSON.stringify(input.event_types) : null,
      input.enabled === undefined ? null : input.enabled ? 1 : 0, now),
    svc.db.prepare(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = 'endpoint disabled', updated_at = ?3
        WHERE company_id = ?1 AND endpoint_id = ?2 AND status = 'pending' AND (lease_until IS NULL OR lease_until <= ?3)
          AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE company_id = ?1 AND id = ?2 AND enabled = 0)`,
    ).bind(op.companyId, id, now),
    byId(svc.db, op.companyId, id),
  ]);
  if (update!.meta.changes !== 1) throw notFound();
  return { endpoint: endpointView(read!.results[0] as EndpointRow) };
}

/** DELETE /v1/operator/webhooks/endpoints/{id} - the endpoint and its delivery log; nothing more is sent to it. */
export async function deleteEndpoint(svc: ServiceContext, op: Operator, id: string) {
  const [, removed] = await svc.db.batch([
    svc.db.prepare('DELETE FROM webhook_deliveries WHERE company_id = ? AND endpoint_id = ?').bind(op.companyId, id),
    svc.db.prepare('DELETE FROM webhook_endpoints WHERE company_id = ? AND id = ?').bind(op.companyId, id),
  ]);
  if (removed!.meta.changes !== 1) throw notFound();
  return { id, deleted: true as const };
}

/**
 * POST /v1/operator/webhooks/endpoints/{id}/rotate-secret - a new secret (shown in this answer only). The
 * previous one keeps signing beside it for `previous_secret_hours` (0: it stops at once, for a leaked one).
 */
export async function rotateSecret(svc: ServiceContext, op: Operator, id: string, input: z.infer<typeof rotateSecretSchema>) {
  const secret = newWebhookSecret();
  const now = Date.now();
  const until = input.previous_secret_hours > 0 ? new Date(now + input.previous_secret_hours * 3_600_000).toISOString() : null;
  const [update, read] = await svc.db.batch([
    svc.db.prepare(
      `UPDATE webhook_endpoints SET previous_secret = CASE WHEN ?4 IS NULL THEN NULL ELSE secret END, previous_secret_expires_at = ?4,
         secret = ?3, updated_at = ?5 WHERE company_id = ?1 AND id = ?2`,
    ).bind(op.companyId, id, secret, until, new Date(now).toISOString()),
    byId(svc.db, op.companyId, id),
  ]);
  if (update!.meta.changes !== 1) throw notFound();
  return { endpoint: endpointView(read!.results[0] as EndpointRow), secret };
}
