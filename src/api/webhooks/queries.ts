import { batch, row, rows, write } from '../core/named-batch';
import { DELIVERY_SQL, ENDPOINT_COLUMNS, type DeliveryRow, type EndpointRow } from './store';

/**
 * The webhooks' D1 reads and writes (migrations/0010_webhooks.sql): endpoints, events with their
 * deliveries, the delivery log. Every statement of a company's rows is scoped by its id.
 */

// Endpoints ----------------------------------------------------------------------------------------

const endpointStatement = (db: D1Database, companyId: string, id: string) =>
  db.prepare(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE company_id = ? AND id = ?`).bind(companyId, id);

export const endpointRow = (db: D1Database, companyId: string, id: string) => endpointStatement(db, companyId, id).first<EndpointRow>();

export const endpointRows = (db: D1Database, companyId: string) =>
  db.prepare(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE company_id = ? ORDER BY created_at, id`)
    .bind(companyId)
    .all<EndpointRow>();

export interface NewEndpoint { id: string; url: string; description: string; eventTypes: string; enabled: number; secret: string }

/** Inserts the endpoint unless the company has `limit` already (racing requests cannot pass it together) and reads it back. */
export const insertEndpoint = (db: D1Database, companyId: string, e: NewEndpoint, limit: number) =>
  batch(db, {
    inserted: write(db.prepare(
      `INSERT INTO webhook_endpoints (id, company_id, url, description, event_types, enabled, secret)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE (SELECT COUNT(*) FROM webhook_endpoints WHERE company_id = ?2) < ?8`,
    ).bind(e.id, companyId, e.url, e.description, e.eventTypes, e.enabled, e.secret, limit)),
    endpoint: row<EndpointRow>(endpointStatement(db, companyId, e.id)),
  });

/** The fields to change (null: keep). */
export interface EndpointChange { url: string | null; description: string | null; eventTypes: string | null; enabled: number | null }

/**
 * Changes the endpoint, gives up its pending deliveries when it is now disabled (`endpoint disabled`), and
 * reads it back, in one batch.
 */
export const updateEndpointRow = (db: D1Database, companyId: string, id: string, change: EndpointChange, now: string) =>
  batch(db, {
    updated: write(db.prepare(
      `UPDATE webhook_endpoints SET url = COALESCE(?3, url), description = COALESCE(?4, description),
         event_types = COALESCE(?5, event_types), enabled = COALESCE(?6, enabled), updated_at = ?7
        WHERE company_id = ?1 AND id = ?2`,
    ).bind(companyId, id, change.url, change.description, change.eventTypes, change.enabled, now)),
    givenUp: write(db.prepare(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = 'endpoint disabled', updated_at = ?3
        WHERE company_id = ?1 AND endpoint_id = ?2 AND status = 'pending' AND (lease_until IS NULL OR lease_until <= ?3)
          AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE company_id = ?1 AND id = ?2 AND enabled = 0)`,
    ).bind(companyId, id, now)),
    endpoint: row<EndpointRow>(endpointStatement(db, companyId, id)),
  });

/** Deletes the endpoint and its delivery log in one batch. */
export const deleteEndpointRow = (db: D1Database, companyId: string, id: string) =>
  batch(db, {
    deliveries: write(db.prepare('DELETE FROM webhook_deliveries WHERE company_id = ? AND endpoint_id = ?').bind(companyId, id)),
    endpoint: write(db.prepare('DELETE FROM webhook_endpoints WHERE company_id = ? AND id = ?').bind(companyId, id)),
  });

/** A new secret; the previous one keeps signing until `previousUntil` (null: it stops at once). Reads the endpoint back. */
export const rotateEndpointSecret = (db: D1Database, companyId: string, id: string, secret: string, previousUntil: string | null, now: string) =>
  batch(db, {
    updated: write(db.prepare(
      `UPDATE webhook_endpoints SET previous_secret = CASE WHEN ?4 IS NULL THEN NULL ELSE secret END, previous_secret_expires_at = ?4,
         secret = ?3, updated_at = ?5 WHERE company_id = ?1 AND id = ?2`,
    ).bind(companyId, id, secret, previousUntil, now)),
    endpoint: row<EndpointRow>(endpointStatement(db, companyId, id)),
  });

/** Whether an enabled endpoint of the company subscribes to `type` (a row, or none). */
export const subscribedEndpointStatement = (db: D1Database, companyId: string, type: string) =>
  db.prepare(
    `SELECT 1 FROM webhook_endpoints e WHERE e.company_id = ? AND e.enabled = 1
        AND EXISTS (SELECT 1 FROM json_each(e.event_types) t WHERE t.value = ?) LIMIT 1`,
  ).bind(companyId, type);

// Events -------------------------------------------------------------------------------------------

// ?1 event id  ?2 company  ?3 type  ?4 payload  ?5 now
const SUBSCRIBED = `e.company_id = ?2 AND e.enabled = 1 AND EXISTS (SELECT 1 FROM json_each(e.event_types) t WHERE t.value = ?3)`;
const INSERT_EVENT = `INSERT INTO webhook_events (id, company_id, type, payload, created_at)
  SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE ${SUBSCRIBED})`;
const NEW_DELIVERIES = `INSERT INTO webhook_deliveries (id, company_id, endpoint_id, event_id, next_attempt_at, created_at)
  SELECT 'dlv_' || lower(hex(randomblob(12))), e.company_id, e.id, ?1, ?5, ?5 FROM webhook_endpoints e WHERE ${SUBSCRIBED}`;
const INSERT_DELIVERIES = `${NEW_DELIVERIES} RETURNING id`;

/**
 * Each event (only when an enabled endpoint subscribes to its type) and one pending delivery per such
 * endpoint, in one batch; answers the new deliveries' ids.
 */
export async function insertEvents(db: D1Database, companyId: string, events: { id: string; type: string; payload: string }[], now: string) {
  // Both statements of an event are read as rows: the event's INSERT returns none, so the rows are the new deliveries' ids.
  const steps = Object.fromEntries(events.flatMap((e, i) => {
    const args = [e.id, companyId, e.type, e.payload, now];
    return [
      [`event${i}`, rows<{ id: string }>(db.prepare(INSERT_EVENT).bind(...args))],
      [`deliveries${i}`, rows<{ id: string }>(db.prepare(INSERT_DELIVERIES).bind(...args))],
    ];
  }));
  return Object.values(await batch(db, steps)).flat().map((r) => r.id);
}

/**
 * The row an event announces, read in the batch that writes it: `from` names it (`FROM commissions m WHERE
 * m.company_id = ?2 AND m.uid = ?6`: ?1-?5 are the event's id, company, type, payload and time, the source's own
 * values `binds` are ?6 on), `payload` is the payload as SQL over it (?4 is the payload as built, e.g.
 * `json_set(?4, '$.data.x', m.x)` for what only the batch decides).
 */
export interface EventSource {
  from: string;
  payload: string;
  binds: readonly unknown[];
}

/**
 * One event and its deliveries as steps of the batch that writes the row it announces, and only with that row: no
 * row (the write did not happen: a duplicate, a lost race) is no event and no delivery. The deliveries answer their ids.
 */
export function eventOfRowSteps(
  db: D1Database, companyId: string, e: { id: string; type: string; payload: string }, now: string, source: EventSource,
) {
  const args = [e.id, companyId, e.type, e.payload, now] as const;
  return {
    event: rows<{ id: string }>(db.prepare(
      `INSERT INTO webhook_events (id, company_id, type, payload, created_at)
       SELECT ?1, ?2, ?3, ${source.payload}, ?5 ${source.from} AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE ${SUBSCRIBED})`,
    ).bind(...args, ...source.binds)),
    deliveries: rows<{ id: string }>(db.prepare(
      `${NEW_DELIVERIES} AND EXISTS (SELECT 1 FROM webhook_events WHERE company_id = ?2 AND id = ?1) RETURNING id`,
    ).bind(...args)),
  };
}

// Deliveries ---------------------------------------------------------------------------------------

export interface DeliveryFilter { status: string | null; eventType: string | null; before: string | null; limit: number }

/** Whether the endpoint is the company's, and a page of its deliveries, newest first (`limit` rows at most). */
export const deliveryPage = (db: D1Database, companyId: string, endpointId: string, f: DeliveryFilter) =>
  batch(db, {
    endpoint: row<{ ok: number }>(db.prepare('SELECT 1 AS ok FROM webhook_endpoints WHERE company_id = ? AND id = ?').bind(companyId, endpointId)),
    deliveries: rows<DeliveryRow>(db.prepare(
      `${DELIVERY_SQL} WHERE d.company_id = ?1 AND d.endpoint_id = ?2 AND (?3 IS NULL OR d.status = ?3) AND (?4 IS NULL OR ev.type = ?4)
          AND (?5 IS NULL OR (d.created_at, d.id) < (SELECT created_at, id FROM webhook_deliveries WHERE company_id = ?1 AND id = ?5))
        ORDER BY d.created_at DESC, d.id DESC LIMIT ?6`,
    ).bind(companyId, endpointId, f.status, f.eventType, f.before, f.limit)),
  });

export const deliveryRow = (db: D1Database, companyId: string, id: string) =>
  db.prepare(`${DELIVERY_SQL} WHERE d.company_id = ? AND d.id = ?`).bind(companyId, id).first<DeliveryRow>();

/** What a replay of the delivery needs: its endpoint and event, and whether the endpoint is enabled. */
export const replaySource = (db: D1Database, companyId: string, id: string) =>
  db.prepare(
    `SELECT d.endpoint_id, d.event_id, e.enabled FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.company_id = d.company_id AND e.id = d.endpoint_id
      WHERE d.company_id = ? AND d.id = ?`,
  )
    .bind(companyId, id)
    .first<{ endpoint_id: string; event_id: string; enabled: number }>();

export const insertReplay = (
  db: D1Database, companyId: string, r: { id: string; endpointId: string; eventId: string; replayOf: string; now: string },
) =>
  db.prepare(
    `INSERT INTO webhook_deliveries (id, company_id, endpoint_id, event_id, next_attempt_at, replay_of, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(r.id, companyId, r.endpointId, r.eventId, r.now, r.replayOf, r.now)
    .run();

/** A delivery as its sender needs it: with its event's payload and its endpoint's URL and secrets. */
export interface ClaimedDelivery {
  status: string; attempts: number; next_attempt_at: string | null; lease_until: string | null; event_id: string; payload: string;
  url: string; enabled: number; secret: string; previous_secret: string | null; previous_secret_expires_at: string | null;
}

/**
 * Claims the delivery for one attempt (a conditional UPDATE that only a pending, due and unleased delivery
 * passes; `claimed` is empty otherwise) and reads it, in one batch.
 */
export const claimDelivery = (db: D1Database, companyId: string, id: string, c: { leaseUntil: string; now: string; dueBy: string }) =>
  batch(db, {
    claimed: rows<{ attempts: number }>(db.prepare(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, lease_until = ?3, last_attempt_at = ?4, updated_at = ?4
        WHERE company_id = ?1 AND id = ?2 AND status = 'pending' AND next_attempt_at <= ?5 AND (lease_until IS NULL OR lease_until <= ?4)
       RETURNING attempts`,
    ).bind(companyId, id, c.leaseUntil, c.now, c.dueBy)),
    delivery: row<ClaimedDelivery>(db.prepare(
      `SELECT d.status, d.attempts, d.next_attempt_at, d.lease_until, d.event_id, ev.payload, e.url, e.enabled, e.secret,
              e.previous_secret, e.previous_secret_expires_at
         FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.company_id = d.company_id AND e.id = d.endpoint_id
         JOIN webhook_events ev ON ev.company_id = d.company_id AND ev.id = d.event_id
        WHERE d.company_id = ?1 AND d.id = ?2`,
    ).bind(companyId, id)),
  });

export interface AttemptOutcome {
  status: 'succeeded' | 'failed' | 'pending'; nextAttemptAt: string | null; responseStatus: number | null; responseBody: string | null;
  error: string | null; now: string; lease: string;
}

/** Records an attempt's outcome, only while the attempt still holds its lease. */
export const finishAttempt = (db: D1Database, companyId: string, id: string, o: AttemptOutcome) =>
  db.prepare(
    `UPDATE webhook_deliveries SET status = ?3, next_attempt_at = ?4, lease_until = NULL, last_status = ?5, last_response = ?6,
       last_error = ?7, updated_at = ?8 WHERE company_id = ?1 AND id = ?2 AND lease_until = ?9`,
  ).bind(companyId, id, o.status, o.nextAttemptAt, o.responseStatus, o.responseBody, o.error, o.now, o.lease).run();

/** Pending deliveries of every company due by `dueBy` and unleased at `now`, the most overdue first. */
export const dueDeliveryRows = (db: D1Database, dueBy: string, now: string, limit: number) =>
  db.prepare(
    `SELECT company_id, id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
      ORDER BY next_attempt_at LIMIT ?`,
  ).bind(dueBy, now, limit).all<{ company_id: string; id: string }>();

/** Drops finished deliveries created before `cutoff`, and the old events nothing refers to any more. */
export const pruneDeliveries = (db: D1Database, cutoff: string) =>
  batch(db, {
    deliveries: write(db.prepare(`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ?`).bind(cutoff)),
    events: write(db.prepare(
      `DELETE FROM webhook_events WHERE created_at < ?
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.company_id = webhook_events.company_id AND d.event_id = webhook_events.id)`,
    ).bind(cutoff)),
  });
