import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { addHostSchema, createCompanySchema, createKeySchema } from '../../lib/schemas/operator-admin';
import { parseWith } from '../core/validate';
import { requireAdmin, type AdminEnv } from '../core/admin-auth';
import { addHost, createCompany, getCompany, listCompanies, removeHost } from './admin';
import { idempotentFor } from '../core/operator-idempotency';
import { issueKey, listKeys, revokeKey } from './admin-keys';
import type { OperatorContext } from '../core/operator-keys';
import { jsonBody } from '../core/operator-request';

/**
 * The deployment owner's calls, authenticated by ADMIN_API_KEY: companies, hosts, company
 * API keys. Mounted by src/api/operator.ts BEFORE the company-key middleware; its own middleware is scoped to
 * its paths (`/companies`, `/companies/*`) so it never guards company-key routes.
 */

/** jsonBody of src/api/core/operator-request.ts reads only the request, which an admin context has too. */
const body = <S extends z.ZodType>(c: Context<AdminEnv>, schema: S) => jsonBody(c as unknown as OperatorContext, schema);

export const admin = new Hono<AdminEnv>()
  .use('/companies', requireAdmin())
  .use('/companies/*', requireAdmin())
  // POST /v1/operator/companies - a company with its brand, languages and (optionally) hosts
  .post('/companies', async (c) => {
    const { text, input } = await body(c, createCompanySchema);
    return idempotentFor(c, null, text, async () => ({ status: 201, body: { company: await createCompany(c.env, input) } }));
  })
  // GET /v1/operator/companies - every company with its hosts and number of live keys
  .get('/companies', async (c) => c.json(await listCompanies(c.env.DB)))
  .get('/companies/:id', async (c) => c.json({ company: await getCompany(c.env.DB, c.req.param('id')) }))
  // POST /v1/operator/companies/:id/hosts - attach a host (unique across companies); it serves at once
  .post('/companies/:id/hosts', async (c) => {
    const { text, input } = await body(c, addHostSchema);
    return idempotentFor(c, null, text, async () => {
      const { created, ...host } = await addHost(c.env, c.req.param('id'), input.host);
      return { status: created ? 201 : 200, body: host };
    });
  })
  // DELETE /v1/operator/companies/:id/hosts/:host - detach a host; it answers 404 at once
  .delete('/companies/:id/hosts/:host', async (c) => {
    const { host } = parseWith(addHostSchema, { host: c.req.param('host') });
    return c.json(await removeHost(c.env, c.req.param('id'), host));
  })
  // POST /v1/operator/companies/:id/keys - a company API key, shown in this answer only
  .post('/companies/:id/keys', async (c) => {
    const { text, input } = await body(c, createKeySchema);
    // A plain API key must not stay in any cache on its way to the owner.
    c.header('Cache-Control', 'no-store');
    return idempotentFor(c, null, text, async () => {
      const made = await issueKey(c.env.DB, c.req.param('id'), input.label);
      return { status: 201, body: made, stored: { ...made, key: null } };
    });
  })
  .get('/companies/:id/keys', async (c) => c.json(await listKeys(c.env.DB, c.req.param('id'))))
  // DELETE /v1/operator/companies/:id/keys/:key_id - revoke; the key is refused from the next request on
  .delete('/companies/:id/keys/:key_id', async (c) => c.json(await revokeKey(c.env.DB, c.req.param('id'), c.req.param('key_id'))));
