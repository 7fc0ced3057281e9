import { Hono } from 'hono';
import { z } from 'zod';
import { callerOf, serviceContext } from '../core/service-context';
import { ensureOwn, requireAmbassador } from '../core/token-auth';
import type { ApiContext, ApiEnv } from '../core/types';
import { readBody } from '../core/validate';
import { clickTasks, listTasks, type LoyaltyDataInput, type TasksQuery } from './service';

async function tasksOf(c: ApiContext) {
  const caller = callerOf(c);
  ensureOwn(caller.company.id, c.req.param('id') ?? '');
  return c.json(await listTasks(serviceContext(c), caller, c.req.query() as TasksQuery));
}

/** The caller's loyalty program: tasks and the tasks they clicked (points, rewards and tiers: the rewards area and the profile). */
export const loyalty = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // GET /v1/companies/{id}/loyalty_program/tasks/ - the company's active tasks with the caller's completed state
  .get('/companies/:id/loyalty_program/tasks/', tasksOf)
  // GET /v1/companies/{id}/tasks/ - the same list (spec §7 names both forms)
  .get('/companies/:id/tasks/', tasksOf)
  // POST /v1/ambassadors/{id}/loyalty/data/ - record clicked tasks and award the points of those now completed
  .post('/ambassadors/:id/loyalty/data/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    // Read as sent: the service checks loyalty access first, then the body.
    const body = await readBody(c, z.unknown());
    return c.json(await clickTasks(serviceContext(c), caller, body as LoyaltyDataInput));
  });
