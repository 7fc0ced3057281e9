import type { Context, MiddlewareHandler } from 'hono';
import { randomToken, sha256Hex } from '../core/crypto';
import { ApiError } from '../core/errors';
import { insertKey, liveKeyRow, revokeKeyRow } from './operator-key-queries';

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
  /** Who acts: the key, or the staff member whose console session called the endpoint (the audit log names them). */
  actor: Actor;
}

/**
 * Who made a change: a company key (`id` its number, `label` its prefix and label), a staff member (uid, e-mail),
 * or the company's payout schedule (a run the hourly tick drafted; it never approves or sends).
 */
export interface Actor {
  kind: 'key' | 'staff' | 'schedule';
  id: string;
  label: string;
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
  const row = await liveKeyRow(db, await sha256Hex(key));
  if (!row) return null;
  const label = row.label ? `${row.prefix}… (${row.label})` : `${row.prefix}…`;
  return { companyId: row.company_id, currency: row.currency, actor: { kind: 'key', id: String(row.id), label } };
}

/**
 * The operator API's only authentication: a Bearer operator key. An ambassador `Token` is not one. A key
 * works only on its own company's hosts: on another company's host, or a host that is no tenant's (the
 * edge names the host's tenant in x-portal-company, or none), it is refused like an unknown key.
 */
export function requireOperator(): MiddlewareHandler<OperatorEnv> {
  return async function requireOperator(c, next) {
    const header = (c.req.header('authorization') ?? '').trim();
    if (!header) throw unauthorized('notAuthenticated');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const operator = match ? await verifyOperatorKey(c.env.DB, match[1]!) : null;
    const tenant = c.req.header('x-portal-company');
    if (!operator || tenant !== operator.companyId) throw unauthorized('operatorKeyInvalid');
    c.set('operator', operator);
    await next();
  };
}

/** Makes a key for a company; the plain key is returned once and never stored. */
export async function createOperatorKey(db: D1Database, companyId: string, label = '') {
  const key = `${OPERATOR_KEY_PREFIX}${randomToken(24)}`;
  const prefix = key.slice(0, 12);
  const row = await insertKey(db, companyId, prefix, await sha256Hex(key), label);
  return { key, prefix, id: row!.id, created_at: row!.created_at };
}

/** Revokes a key of the company (a key of another company is left alone). */
export async function revokeOperatorKey(db: D1Database, companyId: string, id: number): Promise<boolean> {
  const res = await revokeKeyRow(db, companyId, id);
  return res.meta.changes === 1;
}
