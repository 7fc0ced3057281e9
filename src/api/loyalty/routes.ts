import { Hono } from 'hono';
import { callerOf, serviceContext } from '../core/service-context';
import { ensureOwn, requireAmbassador } from '../core/token-auth';
import type { ApiContext, ApiEnv } from '../core/types';
import { listTasks, type TasksQuery } from './service';

async function tasksOf(c: ApiContext) {
  const caller = callerOf(c);
  ensureOwn(caller.company.id, c.req.param('id') ?? '');
  return c.json(await listTasks(serviceContext(c), caller, c.req.query() as TasksQuery));
}

/** The caller's loyalty program: tasks (points, rewards and tiers come with the loyalty issue). */
export const loyalty = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // GET /v1/companies/{id}/loyalty_program/tasks/ - the company's active tasks with the caller's completed state
  .get('/companies/:id/loyalty_program/tasks/', tasksOf)
  // GET /v1/companies/{id}/tasks/ - the same list (spec §7 names both forms)
  .get('/companies/:id/tasks/', tasksOf);
