import type { Context } from 'hono';
import { sha256Hex } from '../core/crypto';
import { idempotencyKey, withIdempotency } from '../core/idempotency';
import type { OperatorContext } from './operator-keys';

/** What a handler answers: kept as JSON under its Idempotency-Key when it succeeds (`stored` instead, if given). */
export interface Answer {
  status: 200 | 201;
  body: unknown;
  /** The body to keep for replays when it must differ from the answer (a plain API key is never kept). */
  stored?: unknown;
}

/**
 * `Idempotency-Key` for an operator POST (src/api/core/idempotency.ts): the same key and the same request
 * (method, path, body) answer the stored answer with `Idempotent-Replayed: true`; another request with
 * the key is a 422, a key still in flight a 409 (Retry-After: 1). A handler that fails frees the key.
 * Keys are per company: two companies may use the same key.
 */
export function idempotent(c: OperatorContext, bodyText: string, run: () => Promise<Answer>): Promise<Response> {
  return idempotentFor(c, c.var.operator.companyId, bodyText, run);
}

/** The same for any caller: `companyId` null is the deployment owner (the owner's endpoints, src/api/companies/endpoints.ts). */
export async function idempotentFor<E extends { Bindings: Env }>(
  c: Context<E>, companyId: string | null, bodyText: string, run: () => Promise<Answer>,
): Promise<Response> {
  const key = idempotencyKey(c.req.header('idempotency-key'));
  const hash = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${bodyText}`);
  const answer = await withIdempotency(c.env.DB, companyId, key, hash, run);
  return c.json(answer.body, answer.status as 200, answer.replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
}
