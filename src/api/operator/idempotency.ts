import { sha256Hex } from '../core/crypto';
import { idempotencyKey, withIdempotency } from '../core/idempotency';
import type { OperatorContext } from './keys';

/** What a handler answers: kept as JSON under its Idempotency-Key when it succeeds. */
export interface Answer {
  status: 200 | 201;
  body: unknown;
}

/**
 * `Idempotency-Key` for an operator POST (src/api/core/idempotency.ts): the same key and the same request
 * (method, path, body) answer the stored answer with `Idempotent-Replayed: true`; another request with
 * the key is a 422, a key still in flight a 409 (Retry-After: 1). A handler that fails frees the key.
 * Keys are per company: two companies may use the same key.
 */
export async function idempotent(c: OperatorContext, bodyText: string, run: () => Promise<Answer>): Promise<Response> {
  const key = idempotencyKey(c.req.header('idempotency-key'));
  const hash = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${bodyText}`);
  const answer = await withIdempotency(c.env.DB, c.var.operator.companyId, key, hash, run);
  return c.json(answer.body, answer.status as 200, answer.replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
}
