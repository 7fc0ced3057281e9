import type { Context } from 'hono';
import { sha256Hex } from '../core/crypto';
import { ApiError } from '../core/errors';
import { idempotencyKey } from '../core/idempotency';
import type { AdminEnv } from './admin-auth';

/** What a handler answers, and what is kept under its Idempotency-Key (`stored`; default: the body). */
export interface AdminAnswer {
  status: 200 | 201;
  body: unknown;
  /** The body to keep for replays when it must differ from the answer (a plain API key is never kept). */
  stored?: unknown;
}

/**
 * `Idempotency-Key` for the deployment owner's POSTs, with the semantics of src/api/core/idempotency.ts
 * (same key + same method, path and body: the stored answer with `Idempotent-Replayed: true`; same key,
 * another request: 422; still running: 409 with Retry-After; a failure frees the key), kept in
 * admin_idempotency_keys (migrations/0007_operator_admin.sql) because these requests belong to no company.
 */
export async function adminIdempotent(c: Context<AdminEnv>, bodyText: string, run: () => Promise<AdminAnswer>): Promise<Response> {
  const key = idempotencyKey(c.req.header('idempotency-key'));
  if (key === null) {
    const answer = await run();
    return c.json(answer.body, answer.status);
  }
  const db = c.env.DB;
  const hash = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${bodyText}`);
  const [claim, existing] = await db.batch([
    db.prepare('INSERT INTO admin_idempotency_keys (key, request_hash) VALUES (?, ?) ON CONFLICT DO NOTHING').bind(key, hash),
    db.prepare('SELECT request_hash, status, response_status, response FROM admin_idempotency_keys WHERE key = ?').bind(key),
  ]);
  if (claim!.meta.changes !== 1) {
    const row = existing!.results[0] as { request_hash: string; status: string; response_status: number | null; response: string | null } | undefined;
    if (row && row.request_hash !== hash) throw new ApiError('unprocessable', 'idempotencyKeyReused');
    if (!row || row.status !== 'done') throw new ApiError('conflict', 'idempotencyKeyInFlight', undefined, { 'Retry-After': '1' });
    return c.json(JSON.parse(row.response!), row.response_status as 200, { 'Idempotent-Replayed': 'true' });
  }
  let answer: AdminAnswer;
  try {
    answer = await run();
  } catch (err) {
    await db.prepare("DELETE FROM admin_idempotency_keys WHERE key = ? AND status = 'in_flight'").bind(key).run();
    throw err;
  }
  await db
    .prepare("UPDATE admin_idempotency_keys SET status = 'done', response_status = ?, response = ? WHERE key = ?")
    .bind(answer.status, JSON.stringify(answer.stored ?? answer.body), key)
    .run();
  return c.json(answer.body, answer.status);
}
