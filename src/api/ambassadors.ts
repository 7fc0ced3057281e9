import { Hono } from 'hono';
import { findAmbassador } from './db/ambassadors';
import { findCompany } from './db/companies';
import { findUser } from './db/users';
import { ApiError } from './errors';
import { ensureOwn, tokenAuth } from './middleware/token-auth';
import { ambassadorProfile, fullName, mediaUrl, userView } from './profile';
import type { ApiContext, ApiEnv } from './types';

/** The origin the portal is served on: the edge forwards it when the API is reached in-process or remotely. */
export function portalOrigin(c: ApiContext) {
  const forwarded = c.req.header('x-forwarded-host');
  const url = new URL(c.req.url);
  const proto = c.req.header('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return forwarded ? `${proto}://${forwarded}` : url.origin;
}

/** Loads the caller's own user, ambassador and company or fails as spec §8's invalid user. */
export async function loadSelf(c: ApiContext) {
  const p = c.var.principal;
  const [user, ambassador, company] = await Promise.all([
    findUser(c.env.DB, p.companyId, p.userId),
    findAmbassador(c.env.DB, p.companyId, p.ambassadorUid),
    findCompany(c.env.DB, p.companyId),
  ]);
  if (!user || !ambassador || !company) throw new ApiError('unauthorized', 'Invalid user.');
  return { user, ambassador, company };
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
