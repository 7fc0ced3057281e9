import { Hono } from 'hono';
import { z } from 'zod';
import { queryInteger } from '../../lib/schemas/numbers';
import { ApiError } from '../core/errors';
import { parseWith } from '../core/validate';
import { deleteSuppression, suppressionPage } from './suppression-queries';
import type { OperatorEnv } from '../core/operator-keys';

/**
 * The company's e-mail suppression list: addresses the portal stopped sending to after a
 * refusal, a bounce or a complaint (src/api/email/delivery.ts, email-events.ts). The company can
 * read it and lift an address once the person fixed their mailbox; e-mails written after that go out.
 */
export const suppressionListSchema = z.object({
  email: z.string().trim().max(254).optional(),
  limit: queryInteger('invalidField', 1, 200).default(50),
  offset: queryInteger('invalidField', 0, 1_000_000).default(0),
}).strict();

const suppressionEmail = z.string().trim().min(3).max(254).pipe(z.email('invalidEmail'));

export const emailSuppressions = new Hono<OperatorEnv>()
  // GET /v1/operator/email/suppressions - newest first; `email` narrows to addresses containing it
  .get('/email/suppressions', async (c) => {
    const q = parseWith(suppressionListSchema, c.req.query());
    const needle = q.email?.toLowerCase() ?? '';
    const { count, rows } = await suppressionPage(c.env.DB, c.var.operator.companyId, needle, q.limit, q.offset);
    return c.json({ count: count?.n ?? 0, results: rows });
  })
  // DELETE /v1/operator/email/suppressions/:email - lift one; 404 when the company has no such entry
  .delete('/email/suppressions/:email', async (c) => {
    const email = parseWith(z.object({ email: suppressionEmail }), { email: decodeURIComponent(c.req.param('email')) }).email;
    const row = await deleteSuppression(c.env.DB, c.var.operator.companyId, email);
    if (!row) throw new ApiError('not_found', 'notFound');
    return c.json({ lifted: row });
  });
