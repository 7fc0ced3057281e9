import { Hono } from 'hono';
import { bulkApproveSchema, commissionListSchema, conversionSchema, refundSchema, transitionSchema } from '../../lib/schemas/operator';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody, svcOf } from '../core/operator-request';
import { parseWith } from '../core/validate';
import { bulkApprove, listCommissions, refund, transition } from './operator';
import { recordConversion } from './service';

/** The operator's conversions and commissions: report a sale, refund it, review the fraud holds, approve or deny. */
export const operatorCommissions = new Hono<OperatorEnv>()
  // POST /v1/operator/events - a conversion (201, or 200: the transaction's commission already existed)
  .post('/events', async (c) => {
    const { text, input } = await jsonBody(c, conversionSchema);
    return idempotent(c, text, async () => {
      const { created, body } = await recordConversion(svcOf(c), c.var.operator, input);
      return { status: created ? 201 : 200, body };
    });
  })
  .post('/events/:transaction_uid/refund', async (c) => {
    const { text, input } = await jsonBody(c, refundSchema);
    return idempotent(c, text, async () => ({
      status: 200,
      body: await refund(svcOf(c), c.var.operator, c.req.param('transaction_uid'), input),
    }));
  })
  // GET /v1/operator/commissions?held=true - the fraud holds waiting for review (or every commission)
  .get('/commissions', async (c) => {
    const input = parseWith(commissionListSchema, c.req.query());
    return c.json(await listCommissions(svcOf(c), c.var.operator, input));
  })
  .post('/commissions/approve', async (c) => {
    const { text, input } = await jsonBody(c, bulkApproveSchema);
    return idempotent(c, text, async () => ({ status: 200, body: await bulkApprove(svcOf(c), c.var.operator, input) }));
  })
  .post('/commissions/:uid/approve', async (c) => {
    const { text } = await jsonBody(c, transitionSchema);
    return idempotent(c, text, async () => ({
      status: 200, body: await transition(svcOf(c), c.var.operator, c.req.param('uid'), 'approved'),
    }));
  })
  .post('/commissions/:uid/deny', async (c) => {
    const { text } = await jsonBody(c, transitionSchema);
    return idempotent(c, text, async () => ({
      status: 200, body: await transition(svcOf(c), c.var.operator, c.req.param('uid'), 'denied'),
    }));
  });
