import { Hono } from 'hono';
import {
  bulkApproveSchema, commissionListSchema, completeRedemptionSchema, conversionSchema, failRedemptionSchema, loyaltyEntrySchema, payoutListSchema, payoutSchema,
  refundSchema, transitionSchema,
} from '../lib/schemas/operator';
import { parseWith } from './core/validate';
import { clickRetention } from './retention/routes';
import { webhooks } from './webhooks/routes';
import { integrations } from './attribution/integrations';
import { personalCodes } from './attribution/personal-codes';
import { admin } from './companies/admin-routes';
import { catalog } from './campaigns/operator-routes';
import { emailSuppressions } from './email/suppressions';
import { bulkApprove, listCommissions, refund, transition } from './commissions/operator';
import { idempotent, idempotentPatches } from './core/operator-idempotency';
import { requireOperator, type OperatorEnv } from './core/operator-keys';
import { completeRedemption, failRedemption, loyaltyOf, postLoyaltyEntry, runForCompany } from './loyalty/operator';
import { createPayout, listPayouts } from './payouts/operator';
import { jsonBody, svcOf } from './core/operator-request';
import { people } from './people/operator-routes';
import { recordConversion } from './commissions/service';

/**
 * The operator API (issue 9), mounted at /v1/operator: a company's store and back office, authenticated by
 * a company API key (`Authorization: Bearer opk_...`), never by an ambassador token. Every POST honours
 * `Idempotency-Key`. Another company's uids answer 404.
 */

export const operator = new Hono<OperatorEnv>()
  // The deployment owner's ADMIN_API_KEY calls (/companies...): before the company-key middleware, whose
  // `use('*')` would otherwise guard them too. Its own middleware is scoped to its paths.
  .route('/', admin as unknown as Hono<OperatorEnv>)
  .use(requireOperator())
  // Every PATCH below honours Idempotency-Key as the POSTs do.
  .use(idempotentPatches())
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
  })
  .post('/payouts', async (c) => {
    const { text, input } = await jsonBody(c, payoutSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createPayout(svcOf(c), c.var.operator, input) }));
  })
  .get('/payouts', async (c) => {
    const input = parseWith(payoutListSchema, c.req.query());
    return c.json(await listPayouts(svcOf(c), c.var.operator, input));
  })
  // Loyalty (issue 10)
  .post('/ambassadors/:uid/loyalty/entries', async (c) => {
    const { text, input } = await jsonBody(c, loyaltyEntrySchema);
    return idempotent(c, text, async () => {
      const { created, body } = await postLoyaltyEntry(svcOf(c), c.var.operator, c.req.param('uid'), input);
      return { status: created ? 201 : 200, body };
    });
  })
  .get('/ambassadors/:uid/loyalty', async (c) => c.json(await loyaltyOf(svcOf(c), c.var.operator, c.req.param('uid'))))
  .post('/redemptions/:id/complete', async (c) => {
    const { text, input } = await jsonBody(c, completeRedemptionSchema);
    return idempotent(c, text, async () => ({ status: 200, body: await completeRedemption(svcOf(c), c.var.operator, c.req.param('id'), input) }));
  })
  .post('/redemptions/:id/fail', async (c) => {
    const { text, input } = await jsonBody(c, failRedemptionSchema);
    return idempotent(c, text, async () => ({ status: 200, body: await failRedemption(svcOf(c), c.var.operator, c.req.param('id'), input) }));
  })
  .post('/loyalty/run', async (c) => {
    const { text } = await jsonBody(c, transitionSchema);
    return idempotent(c, text, async () => ({ status: 200, body: await runForCompany(svcOf(c), c.var.operator) }));
  })
  // Issue 12: customization, campaigns, programs; ambassadors and assets; webhooks; the e-mail suppression list.
  .route('/', catalog)
  .route('/', people)
  .route('/', webhooks)
  .route('/', emailSuppressions)
  // Issue 19: raw clicks past the company's window, archived to R2.
  .route('/', clickRetention)
  // Issue 20: the secrets that verify the stores' webhooks; ambassadors' personal discount codes.
  .route('/', integrations)
  .route('/', personalCodes);
