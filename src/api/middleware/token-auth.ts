import type { MiddlewareHandler } from 'hono';
import { sha256Hex, isoNow } from '../crypto';
import { findLiveToken } from '../db/users';
import { ApiError } from '../errors';
import type { ApiEnv } from '../types';

/** `Authorization: Token <token>`: the token's owner becomes `c.var.principal`; anything else is a 401. */
export function tokenAuth(): MiddlewareHandler<ApiEnv> {
  return async function tokenAuth(c, next) {
    const header = c.req.header('authorization') ?? '';
    const match = /^Token\s+([A-Za-z0-9]{32,128})$/.exec(header.trim());
    if (!match) throw new ApiError('unauthorized', 'Authentication credentials were not provided.');
    const tokenHash = await sha256Hex(match[1]!);
    const row = await findLiveToken(c.env.DB, tokenHash, isoNow());
    if (!row) throw new ApiError('unauthorized', 'Invalid token.');
    // The edge names the tenant of the host the browser used; a token of another company is no session here.
    const tenant = c.req.header('x-portal-company');
    if (tenant && tenant !== row.company_id) throw new ApiError('unauthorized', 'Invalid token.');
    c.set('principal', { userId: row.user_id, companyId: row.company_id, ambassadorUid: row.ambassador_uid, tokenHash });
    await next();
  };
}

/** Refuses a path id that is not the caller's own (404, so ids of others are not confirmed). */
export function ensureOwn(actual: string | number, requested: string | number) {
  if (String(actual) !== String(requested)) throw new ApiError('not_found', 'Not found.');
}
