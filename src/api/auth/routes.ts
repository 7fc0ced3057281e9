import { Hono } from 'hono';
import { z } from 'zod';
import { requireAmbassador } from '../core/token-auth';
import { callerOf, serviceContext } from '../core/service-context';
import type { ApiContext, ApiEnv } from '../core/types';
import { readBody, readQuery } from '../core/validate';
import { verifyBotCheck } from './bot-check';
import { logIn, logOut } from './login';
import { changePassword, forgotPassword, resetPassword, setFirstPassword } from './passwords';
import { register, startRegistration } from './registration';
import { signInWithSso } from './sso';

// The auth area's routes (spec §7): each parses the request and hands it to its service. The services
// validate their input with the shared schemas, so an embedded call and an HTTP call answer alike.

const hostQuery = z.object({ host: z.string({ error: 'required' }).min(1, 'required').max(253, 'invalidField') });

/** The body as sent (JSON or form), unchecked: every service parses its input with its schema first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const body = (c: ApiContext): Promise<any> => readBody(c, z.unknown());
/** `?host=` of a public call (spec §7); without it the service uses the portal host of the request. */
const host = (c: ApiContext) => c.req.query('host') || null;

/** Calls anyone may make: log in, registration, passwords by e-mailed code, single sign-on, bot check. */
export const authPublic = new Hono<ApiEnv>()
  // POST /v1/auth/ambassador/?host= - log in with e-mail and password
  .post('/auth/ambassador/', async (c) => {
    const q = readQuery(c, hostQuery);
    return c.json(await logIn(serviceContext(c), q.host, await body(c)));
  })
  // POST /v1/auth/session/?host= - start a registration session: {client_session_uid}
  .post('/auth/session/', async (c) => c.json(await startRegistration(serviceContext(c), host(c)), 201))
  // POST /v1/companies/{company}/register/ - create an ambassador account (headers X-Client-Session-Id, X-Client-Request-Id)
  .post('/companies/:company/register/', async (c) => {
    const requestId = c.req.header('x-client-request-id')?.trim();
    if (requestId) c.header('X-Client-Request-Id', requestId.slice(0, 128));
    const fields = await body(c);
    return c.json(await register(serviceContext(c), c.req.param('company'), c.req.header('x-client-session-id'), fields), 201);
  })
  // POST /v1/auth/ambassador/forgot_password/?host= - e-mail a reset code (or a set-password link)
  .post('/auth/ambassador/forgot_password/', async (c) => c.json(await forgotPassword(serviceContext(c), host(c), await body(c))))
  // POST /v1/auth/ambassador/reset_password/?host= - code, email, password, repeat_password
  .post('/auth/ambassador/reset_password/', async (c) => c.json(await resetPassword(serviceContext(c), host(c), await body(c))))
  // POST /v1/auth/ambassador/set_password/?host= - the first password of an account created without one
  .post('/auth/ambassador/set_password/', async (c) => c.json(await setFirstPassword(serviceContext(c), host(c), await body(c))))
  // POST /v1/auth/sso/?host= - exchange a company-signed token for a session (same answer as log in)
  .post('/auth/sso/', async (c) => c.json(await signInWithSso(serviceContext(c), host(c), await body(c))))
  // POST /v1/recaptcha - verify a bot-check token: {score, status, token, isValid}
  .post('/recaptcha', async (c) => c.json(await verifyBotCheck(serviceContext(c), await body(c))));

/** Calls of a signed-in ambassador: log out, change password. Mounted after every public sub-app. */
export const authSignedIn = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // POST /v1/auth/logout/ - revoke the token the call carries
  .post('/auth/logout/', async (c) => {
    await logOut(serviceContext(c), callerOf(c));
    return c.body(null, 204);
  })
  // POST /v1/users/{id}/password/ - change the password: {detail}
  .post('/users/:id/password/', async (c) =>
    c.json(await changePassword(serviceContext(c), callerOf(c), c.req.param('id'), await body(c))));
