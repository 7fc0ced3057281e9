import { z } from 'zod';
import type { Caller, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { ownCampaign } from '../sharing/membership';
import { listTasksStatement, type TaskRow } from './queries';

// The loyalty calls of spec §7 as plain functions of the verified caller (one D1 round trip each).

export const tasksQuery = z.object({ campaign_uid: z.string().trim().max(64, 'invalidField').optional() });
export type TasksQuery = z.input<typeof tasksQuery>;

/** A task as the dashboard lists it, with the caller's completed state. */
export function taskView(t: TaskRow) {
  return {
    id: t.id, uid: t.uid, name: t.name, description: t.description, points: t.points, url: t.url, position: t.position,
    campaign_id: t.campaign_id, campaign_uid: t.campaign_uid, completed: !!t.completed_at, completed_at: t.completed_at,
  };
}

export type TaskView = ReturnType<typeof taskView>;

/**
 * GET /companies/{id}/loyalty_program/tasks/ (and /companies/{id}/tasks/) - the company's active tasks
 * that apply to the caller (company-wide ones and those of their campaigns, or of one campaign).
 */
export async function listTasks(svc: ServiceContext, caller: Caller, query: TasksQuery = {}) {
  const q = parseWith(tasksQuery, query);
  const campaign = ownCampaign(caller, q.campaign_uid);
  const { results: rows } = await listTasksStatement(svc.db, caller.company.id, caller.ambassador.uid, campaign?.campaign_id ?? null).all<TaskRow>();
  const results = rows.map(taskView);
  return { count: results.length, next: null, previous: null, results };
}

export type TaskList = Awaited<ReturnType<typeof listTasks>>;
