import { Hono } from 'hono';
import { ApiError } from '../core/errors';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import { ambassadorProfile, fullName, mediaUrl, userView } from './view';
import type { ApiContext, ApiEnv } from '../core/types';

/** The origin the portal is served on: the edge forwards it when the API is reached in-process or remotely. */
export function portalOrigin(c: ApiContext) {
  const forwarded = c.req.header('x-forwarded-host');
  const url = new URL(c.req.url);
  const proto = c.req.header('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return forwarded ? `${proto}://${forwarded}` : url.origin;
}

/**
 * The caller's own user, ambassador and company as the token check loaded them at the start of this
 * request (handlers that change them read them again).
 */
export async function loadSelf(c: ApiContext) {
  const self = c.get('self');
  if (!self) throw new ApiError('unauthorized', 'Invalid user.');
  return self;
}

export const ambassadors = new Hono<ApiEnv>()
  // GET /v1/users/{id}/ - the caller's own user record
  .get('/users/:id/', tokenAuth(), async (c) => {
    ensureOwn(c.var.principal.userId, c.req.param('id'));
    const { user } = await loadSelf(c);
    return c.json(userView(user));
  })
  // GET /v1/companies/{id}/ambassadors/ - the caller's ambassador within their company (exactly one)
  .get('/companies/:id/ambassadors/', tokenAuth(), async (c) => {
    ensureOwn(c.var.principal.companyId, c.req.param('id'));
    const { user, ambassador } = await loadSelf(c);
    return c.json({
      count: 1,
      results: [{
        uid: ambassador.uid, userid: user.id, email: user.email, first_name: user.first_name,
        last_name: user.last_name, name: fullName(user), avatar_url: mediaUrl(ambassador.avatar_key),
        deactivated_by_self: !!ambassador.deactivated_by_self, created_at: ambassador.created_at,
      }],
    });
  })
  // GET /v1/portal/ambassadors/{id}/ - the caller's full profile
  .get('/portal/ambassadors/:id/', tokenAuth(), async (c) => {
    ensureOwn(c.var.principal.ambassadorUid, c.req.param('id'));
    const { user, ambassador, company } = await loadSelf(c);
    return c.json(await ambassadorProfile(c.env.DB, company, user, ambassador, portalOrigin(c)));
  });
