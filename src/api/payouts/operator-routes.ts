import { Hono } from 'hono';
import { payoutListSchema, payoutSchema } from '../../lib/schemas/operator';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody, svcOf } from '../core/operator-request';
import { parseWith } from '../core/validate';
import { createPayout, listPayouts } from './operator';

/** The operator's payouts: pay an ambassador what is payable, list the payouts. */
export const operatorPayouts = new Hono<OperatorEnv>()
  .post('/payouts', async (c) => {
    const { text, input } = await jsonBody(c, payoutSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createPayout(svcOf(c), c.var.operator, input) }));
  })
  .get('/payouts', async (c) => {
    const input = parseWith(payoutListSchema, c.req.query());
    return c.json(await listPayouts(svcOf(c), c.var.operator, input));
  });
