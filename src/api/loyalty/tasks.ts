import { Hono } from 'hono';
import { z } from 'zod';
import { listMemberships } from '../profile/ambassador-queries';
import { listTasks } from './queries';
import { ApiError } from '../core/errors';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import type { ApiContext, ApiEnv } from '../core/types';
import { readQuery } from '../core/validate';

const tasksQuery = z.object({ campaign_uid: z.string().trim().max(64).optional() });

async function tasksOf(c: ApiContext) {
  const p = c.var.principal;
  ensureOwn(p.companyId, c.req.param('id') ?? '');
  const q = readQuery(c, tasksQuery);
  let campaignId: number | null = null;
  if (q.campaign_uid) {
    const m = (await listMemberships(c.env.DB, p.companyId, p.ambassadorUid)).find((x) => x.campaign_uid === q.campaign_uid);
    if (!m) throw new ApiError('not_found', 'Not found.');
    campaignId = m.campaign_id;
  }
  const rows = await listTasks(c.env.DB, p.companyId, p.ambassadorUid, campaignId);
  const results = rows.map((t) => ({
    id: t.id, uid: t.uid, name: t.name, description: t.description, points: t.points, url: t.url, position: t.position,
    campaign_id: t.campaign_id, campaign_uid: t.campaign_uid, completed: !!t.completed_at, completed_at: t.completed_at,
  }));
  return c.json({ count: results.length, next: null, previous: null, results });
}

export const tasks = new Hono<ApiEnv>()
  // GET /v1/companies/{id}/loyalty_program/tasks/ - the company's active tasks with the caller's completed state
  .get('/companies/:id/loyalty_program/tasks/', tokenAuth(), tasksOf)
  // GET /v1/companies/{id}/tasks/ - the same list (spec §7 names both forms)
  .get('/companies/:id/tasks/', tokenAuth(), tasksOf);
