import type { z } from 'zod';
import { browserLanguage, type Language } from '../../lib/languages';
import { textsIn } from '../../lib/row-language';
import { fieldError } from '../core/errors';
import type { Caller, ServiceContext } from '../core/types';
import { ensureLoyalty } from '../core/token-auth';
import { parseWith } from '../core/validate';
import { loadCustomization } from '../companies/customization';
import { ambassadorProfile } from '../people/view';
import { ownCampaign } from '../sharing/membership';
import { moneyCode } from '../money/errors';
import { earnWith } from '../money/ledger';
import {
  CLICKABLE_TASKS_FIELD, loyaltyDataSchema,
  type ClickedTask, type ClickTasksAnswer, type LoyaltyDataInput, type TaskList, type tasksQuery, type TaskView,
} from '../../lib/schemas/loyalty';
import { addClickedTasksStatement, completeTaskStatement, listTasksStatement, taskActivityStatement, type TaskRow } from './queries';

// The loyalty calls of spec §7 as plain functions of the verified caller (one D1 round trip each).

/** A task as the dashboard lists it, with the caller's completed state; name and description in `lang` where written. */
export function taskView(t: TaskRow, lang: Language | null = null): TaskView {
  return {
    id: t.id, uid: t.uid, ...textsIn(t, lang, ['name', 'description']), points: t.points, url: t.url, position: t.position,
    campaign_id: t.campaign_id, campaign_uid: t.campaign_uid, completed: !!t.completed_at, completed_at: t.completed_at,
  };
}

/**
 * GET /companies/{id}/loyalty_program/tasks/ (and /companies/{id}/tasks/) - the company's active tasks
 * that apply to the caller (company-wide ones and those of their campaigns, or of one campaign).
 */
export async function listTasks(svc: ServiceContext, caller: Caller, q: z.output<typeof tasksQuery>): Promise<TaskList> {
  const campaign = ownCampaign(caller, q.campaign_uid);
  const { results: rows } = await listTasksStatement(svc.db, caller.company.id, caller.ambassador.uid, campaign?.campaign_id ?? null).all<TaskRow>();
  const lang = browserLanguage(svc.acceptLanguage);
  const results = rows.map((t) => taskView(t, lang));
  return { count: results.length, next: null, previous: null, results };
}

// ------------------------------------------------------------------------------------------------------
// Clicked tasks
// ------------------------------------------------------------------------------------------------------

const CLICKABLE_TASKS_PATH = `loyalty_data.${CLICKABLE_TASKS_FIELD}`;

const taskEntryUid = (taskId: number, ambassadorUid: string) => `task:${taskId}:${ambassadorUid}`;
const DAY_MS = 86_400_000;

/** The tasks named by `refs` among those that apply to the caller; an unknown reference is a field error. */
function resolveTasks(rows: TaskRow[], refs: readonly (number | string)[]) {
  const byId = new Map(rows.map((t) => [t.id, t]));
  const byUid = new Map(rows.map((t) => [t.uid, t]));
  const found = new Map<number, TaskRow>();
  for (const ref of refs) {
    const task = typeof ref === 'number' || /^\d+$/.test(ref) ? byId.get(Number(ref)) : byUid.get(ref);
    if (!task) throw fieldError(CLICKABLE_TASKS_PATH, 'taskUnknown');
    found.set(task.id, task);
  }
  return [...found.values()];
}

/** True when a batch failed because a task's earning already exists (another click won the race). */
const alreadyAwarded = (err: unknown) => moneyCode(err) === 'ledger_uid_taken';

/**
 * POST /ambassadors/{id}/loyalty/data/ - records clicked tasks (spec §7 `loyalty_data`): their ids join the
 * ambassador's clicked list, and each clicked task that has points and is not completed yet is completed
 * with its points (a ledger earning whose uid is unique per task and ambassador) and an activity row, in
 * one batch. A click that lost a race to another one for the same task is answered as already done. The
 * answer is the refreshed profile (the "user data refreshed afterwards" of spec §7) with the clicked tasks.
 */
export async function clickTasks(svc: ServiceContext, caller: Caller, input: LoyaltyDataInput): Promise<ClickTasksAnswer> {
  ensureLoyalty(caller);
  const refs = parseWith(loyaltyDataSchema, input).loyalty_data[CLICKABLE_TASKS_FIELD];
  const companyId = caller.company.id;
  const ambassadorUid = caller.ambassador.uid;
  const newly = new Set<number>();
  let clickedList: string | null = null;
  let tasks: TaskRow[] = [];
  // A second pass only when a racing click completed one of the tasks first: it is completed now, so skipped.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { results: rows } = await listTasksStatement(svc.db, companyId, ambassadorUid, null).all<TaskRow>();
    tasks = resolveTasks(rows, refs);
    const toComplete = tasks.filter((t) => t.points > 0 && !t.completed_at);
    const expireDays = toComplete.length ? (await loadCustomization(svc.db, companyId)).company.loyalty.points_expire_days : 0;
    const expireAt = expireDays > 0 ? new Date(Date.now() + expireDays * DAY_MS).toISOString() : null;
    const earnings = toComplete.map((t) => {
      const uid = taskEntryUid(t.id, ambassadorUid);
      return {
        before: [completeTaskStatement(svc.db, companyId, ambassadorUid, t.id)],
        entry: { companyId, ambassadorUid, kind: 'points' as const, amount: t.points, description: `Task completed: ${t.name}`, expireAt, uid, campaignId: t.campaign_id, taskId: t.id },
        after: [taskActivityStatement(svc.db, companyId, uid, t.name)],
      };
    });
    try {
      // The clicked list, then per task its completion, its points (a ledger earning) and its activity: one batch.
      const { first } = await earnWith<{ loyalty_clickable_tasks?: string }>(
        svc.db, addClickedTasksStatement(svc.db, companyId, ambassadorUid, tasks.map((t) => t.id)), earnings);
      clickedList = first?.loyalty_clickable_tasks ?? null;
      for (const t of toComplete) newly.add(t.id);
      break;
    } catch (err) {
      if (!alreadyAwarded(err) || attempt === 2) throw err;
    }
  }
  const ambassador = clickedList === null ? caller.ambassador : { ...caller.ambassador, loyalty_clickable_tasks: clickedList };
  const lang = browserLanguage(svc.acceptLanguage);
  const profile = await ambassadorProfile(svc.db, caller.company, caller.user, ambassador, svc.origin, lang);
  const clicked_tasks: ClickedTask[] = tasks.map((t) => ({
    id: t.id, uid: t.uid, name: textsIn(t, lang, ['name']).name, points: t.points, url: t.url,
    completed: !!t.completed_at || newly.has(t.id), newly_completed: newly.has(t.id),
  }));
  return { ...profile, clicked_tasks };
}
