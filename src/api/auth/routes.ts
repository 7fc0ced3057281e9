import { Hono } from 'hono';
import { requireAmbassador } from '../core/token-auth';
import { callerOf, serviceContext } from '../core/service-context';
import type { ApiEnv } from '../core/types';
import { logOut } from './login';

/**
 * Log out: the one call of the auth area that answers no body (204), so it is not an endpoint of the table
 * (./endpoints.ts has the others). Mounted after every public sub-app.
 */
export const authSignedIn = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // POST /v1/auth/logout/ - revoke the token the call carries
  .post('/auth/logout/', async (c) => {
    await logOut(serviceContext(c), callerOf(c));
    return c.body(null, 204);
  });
