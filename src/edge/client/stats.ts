import { CLICKABLE_TASKS_FIELD, clickTasks, listTasks, type ClickTasksAnswer, type TaskList, type TasksQuery } from '../../api/loyalty/service';
import { asQuery, embedded, type EmbeddedDeps, type RemoteDeps, type RemoteIds } from './core';

export type { ClickedTask, ClickTasksAnswer, TaskView } from '../../api/loyalty/service';

/** Spec §7 calls of the loyalty area: tasks. */
export interface StatsClient {
  /** GET /companies/{id}/loyalty_program/tasks/ */
  tasks(query?: TasksQuery): Promise<TaskList>;
  /**
   * POST /ambassadors/{id}/loyalty/data/ - records clicked tasks (ids or uids) and completes those with points;
   * answers the refreshed profile plus the clicked tasks.
   */
  clickTasks(tasks: readonly (number | string)[]): Promise<ClickTasksAnswer>;
}

/** The spec §7 body of a click: `loyalty_data` with the clicked tasks. */
const loyaltyData = (tasks: readonly (number | string)[]) => ({ loyalty_data: { [CLICKABLE_TASKS_FIELD]: [...tasks] } });

export function embeddedStats(deps: EmbeddedDeps): StatsClient {
  const { svc } = deps;
  return {
    tasks: (query) => embedded(async () => listTasks(svc, await deps.caller(), query)),
    clickTasks: (tasks) => embedded(async () => clickTasks(svc, await deps.caller(), loyaltyData(tasks))),
  };
}

export function remoteStats(deps: RemoteDeps, ids: RemoteIds | null): StatsClient {
  const own = () => encodeURIComponent(ids?.ambassadorUid ?? '-');
  return {
    tasks: (query) => deps.call(`/companies/${encodeURIComponent(ids?.companyId ?? '-')}/loyalty_program/tasks/`, { query: asQuery(query) }),
    clickTasks: (tasks) => deps.call(`/ambassadors/${own()}/loyalty/data/`, { method: 'POST', body: loyaltyData(tasks) }),
  };
}
