import type { Context, MiddlewareHandler } from 'hono';
import { randomToken, sha256Hex } from '../core/crypto';
import { ApiError } from '../core/errors';

/**
 * Company API keys of the operator API: `Authorization: Bearer opk_...`. Only the SHA-256 of a key is
 * stored (operator_api_keys.key_hash); the key itself is shown once, when it is made.
 */
export const OPERATOR_KEY_PREFIX = 'opk_';
const KEY_PATTERN = /^opk_[A-Za-z0-9_-]{16,200}$/;

/** The company an operator key acts for. */
export interface Operator {
  companyId: string;
  currency: string;
  keyId: number;
}

export interface OperatorEnv {
  Bindings: Env;
  Variables: { operator: Operator };
}

export type OperatorContext = Context<OperatorEnv>;

const unauthorized = (key: 'notAuthenticated' | 'operatorKeyInvalid') =>
  new ApiError('unauthorized', key, undefined, { 'WWW-Authenticate': 'Bearer realm="operator"' });

/** The live key's company, or null (unknown, revoked, malformed). */
export async function verifyOperatorKey(db: D1Database, key: string): Promise<Operator | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const row = await db
    .prepare(
      `SELECT k.id, k.company_id, c.currency FROM operator_api_keys k JOIN companies c ON c.id = k.company_id
        WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
    )
    .bind(await sha256Hex(key))
    .first<{ id: number; company_id: string; currency: string }>();
  return row ? { companyId: row.company_id, currency: row.currency, keyId: row.id } : null;
}

/**
 * The operator API's only authentication: a Bearer operator key. An ambassador `Token` is not one. When
 * the edge names the tenant of the host (x-portal-company), a key of another company is refused too.
 */
export function requireOperator(): MiddlewareHandler<OperatorEnv> {
  return async function requireOperator(c, next) {
    const header = (c.req.header('authorization') ?? '').trim();
    if (!header) throw unauthorized('notAuthenticated');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const operator = match ? await verifyOperatorKey(c.env.DB, match[1]!) : null;
    const tenant = c.req.header('x-portal-company');
    if (!operator || (tenant && tenant !== operator.companyId)) throw unauthorized('operatorKeyInvalid');
    c.set('operator', operator);
    await next();
  };
}

/** Makes a key for a company; the plain key is returned once and never stored. */
export async function createOperatorKey(db: D1Database, companyId: string, label = '') {
  const key = `${OPERATOR_KEY_PREFIX}${randomToken(24)}`;
  const prefix = key.slice(0, 12);
  const row = await db
    .prepare('INSERT INTO operator_api_keys (company_id, prefix, key_hash, label) VALUES (?, ?, ?, ?) RETURNING id, created_at')
    .bind(companyId, prefix, await sha256Hex(key), label)
    .first<{ id: number; created_at: string }>();
  return { key, prefix, id: row!.id, created_at: row!.created_at };
}

/** Revokes a key of the company (a key of another company is left alone). */
export async function revokeOperatorKey(db: D1Database, companyId: string, id: number): Promise<boolean> {
  const res = await db
    .prepare("UPDATE operator_api_keys SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE company_id = ? AND id = ? AND revoked_at IS NULL")
    .bind(companyId, id)
    .run();
  return res.meta.changes === 1;
}
