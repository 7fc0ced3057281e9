import { Hono } from 'hono';
import { loyaltyEntrySchema, transitionSchema } from '../../lib/schemas/operator';
import {
  badgeCreateSchema, badgePatchSchema, taskCreateSchema, taskPatchSchema, tierCreateSchema, tierPatchSchema,
} from '../../lib/schemas/operator-catalog';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody, svcOf } from '../core/operator-request';
import { loyaltyOf, postLoyaltyEntry, runForCompany } from './operator';
import {
  createBadge, createTask, createTier, deleteBadge, deleteTask, deleteTier, listBadges, listTasks, listTiers, patchBadge, patchTask, patchTier,
} from './program';

/** The operator's loyalty calls: an ambassador's ledger entries and balances, the scheduled run, the program's tiers, badges and tasks. */
export const operatorLoyalty = new Hono<OperatorEnv>()
  .post('/ambassadors/:uid/loyalty/entries', async (c) => {
    const { text, input } = await jsonBody(c, loyaltyEntrySchema);
    return idempotent(c, text, async () => {
      const { created, body } = await postLoyaltyEntry(svcOf(c), c.var.operator, c.req.param('uid'), input);
      return { status: created ? 201 : 200, body };
    });
  })
  .get('/ambassadors/:uid/loyalty', async (c) => c.json(await loyaltyOf(svcOf(c), c.var.operator, c.req.param('uid'))))
  .post('/loyalty/run', async (c) => {
    const { text } = await jsonBody(c, transitionSchema);
    return idempotent(c, text, async () => ({ status: 200, body: await runForCompany(svcOf(c), c.var.operator) }));
  })

  // Tiers
  .get('/tiers', async (c) => c.json(await listTiers(c.env.DB, c.var.operator.companyId)))
  .post('/tiers', async (c) => {
    const { text, input } = await jsonBody(c, tierCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createTier(c.env.DB, c.var.operator.companyId, input) }));
  })
  .patch('/tiers/:uid', async (c) => {
    const { input } = await jsonBody(c, tierPatchSchema);
    return c.json(await patchTier(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/tiers/:uid', async (c) => c.json(await deleteTier(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))

  // Badges
  .get('/badges', async (c) => c.json(await listBadges(c.env.DB, c.var.operator.companyId)))
  .post('/badges', async (c) => {
    const { text, input } = await jsonBody(c, badgeCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createBadge(c.env.DB, c.var.operator.companyId, input) }));
  })
  .patch('/badges/:uid', async (c) => {
    const { input } = await jsonBody(c, badgePatchSchema);
    return c.json(await patchBadge(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/badges/:uid', async (c) => c.json(await deleteBadge(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))

  // Tasks
  .get('/tasks', async (c) => c.json(await listTasks(c.env.DB, c.var.operator.companyId)))
  .post('/tasks', async (c) => {
    const { text, input } = await jsonBody(c, taskCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createTask(c.env.DB, c.var.operator.companyId, input) }));
  })
  .patch('/tasks/:uid', async (c) => {
    const { input } = await jsonBody(c, taskPatchSchema);
    return c.json(await patchTask(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/tasks/:uid', async (c) => c.json(await deleteTask(c.env.DB, c.var.operator.companyId, c.req.param('uid'))));
