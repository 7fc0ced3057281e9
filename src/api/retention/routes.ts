import { Hono } from 'hono';
import { archiveMonthSchema, clickRetentionSchema, transitionSchema } from '../../lib/schemas/operator';
import { ApiError } from '../core/errors';
import { parseWith } from '../core/validate';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody } from '../core/operator-request';
import { retentionMonthsOf, setRetentionMonths } from './queries';
import { archiveResponse, listArchives, runClickRetention } from './service';

/**
 * Click retention under /v1/operator: the company's window, its archived months and one month
 * read back from R2. A key reads its own company's archives only: the object key is made from the key's
 * company, never from the request.
 */
export const clickRetention = new Hono<OperatorEnv>()
  // GET /v1/operator/click-retention - the window in months
  .get('/click-retention', async (c) =>
    c.json({ click_retention_months: await retentionMonthsOf(c.env.DB, c.var.operator.companyId) }))
  // PATCH /v1/operator/click-retention - change the window (the next run archives by it)
  .patch('/click-retention', async (c) => {
    const { input } = await jsonBody(c, clickRetentionSchema);
    return c.json({ click_retention_months: await setRetentionMonths(c.env.DB, c.var.operator.companyId, input.click_retention_months) });
  })
  // POST /v1/operator/click-retention/run - the scheduled archive job now, for this company only
  .post('/click-retention/run', async (c) => {
    const { text } = await jsonBody(c, transitionSchema);
    return idempotent(c, text, async () => ({
      status: 200, body: await runClickRetention(c.env.DB, c.env.FILES, c.var.operator.companyId),
    }));
  })
  // GET /v1/operator/click-archives - the archived months, newest first
  .get('/click-archives', async (c) => c.json(await listArchives(c.env.DB, c.var.operator.companyId)))
  // GET /v1/operator/click-archives/:month - one month's clicks as NDJSON (gzip when the caller accepts it)
  .get('/click-archives/:month', async (c) => {
    const { month } = parseWith(archiveMonthSchema, { month: c.req.param('month') });
    const acceptsGzip = /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '');
    const res = await archiveResponse(c.env.DB, c.env.FILES, c.var.operator.companyId, month, acceptsGzip);
    if (!res) throw new ApiError('not_found', 'notFound');
    return res;
  });
