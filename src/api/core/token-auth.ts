import type { MiddlewareHandler } from 'hono';
import { sha256Hex, isoNow } from './crypto';
import type { AmbassadorRow } from '../profile/ambassador-queries';
import type { CompanyRow } from '../portal/queries';
import type { UserRow } from '../auth/user-queries';
import { ApiError } from './errors';
import type { ApiEnv } from './types';

/** `Authorization: Token <token>`: the token's owner becomes `c.var.principal`; anything else is a 401. */
export function tokenAuth(): MiddlewareHandler<ApiEnv> {
  return async function tokenAuth(c, next) {
    const header = c.req.header('authorization') ?? '';
    const match = /^Token\s+([A-Za-z0-9]{32,128})$/.exec(header.trim());
    if (!match) throw new ApiError('unauthorized', 'Authentication credentials were not provided.');
    const tokenHash = await sha256Hex(match[1]!);
    const self = await loadTokenOwner(c.env.DB, tokenHash, isoNow());
    if (!self) throw new ApiError('unauthorized', 'Invalid token.');
    // The edge names the tenant of the host the browser used; a token of another company is no session here.
    const tenant = c.req.header('x-portal-company');
    if (tenant && tenant !== self.company.id) throw new ApiError('unauthorized', 'Invalid token.');
    c.set('principal', { userId: self.user.id, companyId: self.company.id, ambassadorUid: self.ambassador.uid, tokenHash });
    c.set('self', self);
    await next();
  };
}

/**
 * The live token's user, ambassador and company in one D1 round trip (a batch), so the handlers that
 * need them cost no further queries. Null when the token is unknown, expired or revoked.
 */
async function loadTokenOwner(db: D1Database, tokenHash: string, nowIso: string) {
  const live = `SELECT user_id FROM api_tokens WHERE token_hash = ?1 AND revoked_at IS NULL AND expires_at > ?2`;
  const [users, ambassadors, companies] = await db.batch([
    db.prepare(`SELECT * FROM users WHERE id = (${live})`).bind(tokenHash, nowIso),
    db.prepare(`SELECT a.* FROM ambassadors a JOIN users u ON u.id = a.user_id AND u.company_id = a.company_id WHERE a.user_id = (${live})`).bind(tokenHash, nowIso),
    db.prepare(`SELECT c.* FROM companies c JOIN users u ON u.company_id = c.id WHERE u.id = (${live})`).bind(tokenHash, nowIso),
  ]);
  const user = users!.results[0] as UserRow | undefined;
  const ambassador = ambassadors!.results[0] as AmbassadorRow | undefined;
  const company = companies!.results[0] as CompanyRow | undefined;
  if (!user || !ambassador || !company || ambassador.company_id !== company.id) return null;
  return { user, ambassador, company };
}

/** Refuses a path id that is not the caller's own (404, so ids of others are not confirmed). */
export function ensureOwn(actual: string | number, requested: string | number) {
  if (String(actual) !== String(requested)) throw new ApiError('not_found', 'Not found.');
}
