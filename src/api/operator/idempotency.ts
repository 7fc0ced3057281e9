import { sha256Hex } from '../core/crypto';
import { ApiError, errorBody } from '../core/errors';
import { idempotencyKeySchema } from '../../lib/schemas/operator';
import type { OperatorContext } from './keys';

/** What a handler answers: kept as JSON under its Idempotency-Key when it succeeds. */
export interface Answer {
  status: 200 | 201;
  body: unknown;
}

/**
 * `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header) for an operator POST:
 * - no header: the handler runs as usual;
 * - a new key: the row is claimed `in_flight`, the handler runs, its answer is stored (`done`);
 * - the same key and the same request (method, path, body): the stored answer, `Idempotent-Replayed: true`;
 * - the same key and another request: 422; the first request still running: 409 (Retry-After: 1).
 * A handler that fails frees the key (errors are not stored), so the client can retry with it.
 * Keys are per company: two companies may use the same key.
 */
export async function idempotent(c: OperatorContext, bodyText: string, run: () => Promise<Answer>): Promise<Response> {
  const raw = c.req.header('idempotency-key');
  if (raw === undefined) {
    const answer = await run();
    return c.json(answer.body, answer.status);
  }
  const parsed = idempotencyKeySchema.safeParse(raw.trim());
  if (!parsed.success) throw new ApiError('bad_request', 'idempotencyKeyInvalid');
  const key = parsed.data;
  const { companyId } = c.var.operator;
  const db = c.env.DB;
  const hash = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${bodyText}`);

  const [claim, existing] = await db.batch([
    db.prepare('INSERT INTO idempotency_keys (company_id, key, request_hash) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(companyId, key, hash),
    db.prepare('SELECT request_hash, status, response_status, response FROM idempotency_keys WHERE company_id = ? AND key = ?')
      .bind(companyId, key),
  ]);
  if (claim!.meta.changes !== 1) {
    const row = existing!.results[0] as
      | { request_hash: string; status: string; response_status: number | null; response: string | null }
      | undefined;
    if (!row) throw new ApiError('conflict', 'idempotencyKeyInFlight', undefined, { 'Retry-After': '1' });
    if (row.request_hash !== hash) return c.json(errorBody('unprocessable', 'idempotencyKeyReused'), 422);
    if (row.status !== 'done') throw new ApiError('conflict', 'idempotencyKeyInFlight', undefined, { 'Retry-After': '1' });
    return c.json(JSON.parse(row.response!), row.response_status as 200, { 'Idempotent-Replayed': 'true' });
  }

  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    await db.prepare("DELETE FROM idempotency_keys WHERE company_id = ? AND key = ? AND status = 'in_flight'").bind(companyId, key).run();
    throw err;
  }
  await db
    .prepare("UPDATE idempotency_keys SET status = 'done', response_status = ?, response = ? WHERE company_id = ? AND key = ?")
    .bind(answer.status, JSON.stringify(answer.body), companyId, key)
    .run();
  return c.json(answer.body, answer.status);
}
