import type { MiddlewareHandler } from 'hono';
import { sha256Hex, isoNow } from './crypto';
import { callerRowsByToken, tokenStillLive } from './caller-queries';
import { ApiError } from './errors';
import type { ApiEnv, Caller } from './types';

const TOKEN_PATTERN = /^[A-Za-z0-9]{32,128}$/;

/** The challenge of every ambassador 401: the scheme of `Authorization: Token <token>` (spec §7). */
export const TOKEN_CHALLENGE = { 'WWW-Authenticate': 'Token realm="ambassador"' } as const;

/**
 * `Authorization: Token <token>`: the token's owner becomes `c.var.caller`; anything else is a 401.
 * Each signed-in sub-app installs it once; a request that already passed it is not checked again.
 */
export function requireAmbassador(): MiddlewareHandler<ApiEnv> {
  return async function requireAmbassador(c, next) {
    if (c.get('caller')) return next();
    const header = c.req.header('authorization') ?? '';
    const match = /^Token\s+(\S+)$/.exec(header.trim());
    if (!match) throw new ApiError('unauthorized', 'notAuthenticated', undefined, TOKEN_CHALLENGE);
    const caller = await verifyToken(c.env.DB, match[1]!, c.req.header('x-portal-company') ?? null);
    if (!caller) throw new ApiError('unauthorized', 'invalidToken', undefined, TOKEN_CHALLENGE);
    c.set('caller', caller);
    await next();
  };
}

/**
 * The live token's user, ambassador, company and campaign memberships in one D1 round trip (a batch),
 * so the handlers and pages that need them cost no further queries. Null when the token is unknown,
 * expired or revoked, or is not of the tenant the host serves (`tenantCompanyId`): a token works only on
 * its own company's hosts, never on another's nor on a host that is no tenant's (null).
 */
export async function verifyToken(db: D1Database, token: string, tenantCompanyId: string | null): Promise<Caller | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const nowIso = isoNow();
  const { user, ambassador, company, memberships } = await callerRowsByToken(db, tokenHash, nowIso);
  if (!user || !ambassador || !company || ambassador.company_id !== company.id) return null;
  // The edge names the tenant of the host the request came to; a token of another company is no session here.
  if (tenantCompanyId !== company.id) return null;
  return {
    user, ambassador, company,
    memberships,
    principal: { userId: user.id, companyId: company.id, ambassadorUid: ambassador.uid, tokenHash },
  };
}

/**
 * Whether a caller verified earlier (an isolate's kept page verification, src/edge/caller-cache.ts) still
 * holds: the token live (not revoked, not expired, not deleted), its user's ambassador not deactivated,
 * the same company and ambassador, and the user's access level still the one verified (a suspension
 * changes it). One SELECT, so a page sends it in the same D1 batch as its data (a revoked
 * session never renders private data).
 */
export async function callerStillValid(db: D1Database, caller: Caller): Promise<boolean> {
  return tokenStillLive(db, caller.principal, caller.user.access, isoNow());
}

/** Refuses a path id that is not the caller's own (404, so ids of others are not confirmed). */
export function ensureOwn(actual: string | number, requested: string | number) {
  if (String(actual) !== String(requested)) throw new ApiError('not_found', 'notFound');
}

/** The loyalty section (and the rewards it pays for) is for people with loyalty_access (spec §6). */
export function ensureLoyalty(caller: Caller) {
  if (!caller.user.loyalty_access) throw new ApiError('forbidden', 'loyaltyAccessRequired');
}
