import { CLICKABLE_TASKS_FIELD, clickTasks, listTasks, type ClickTasksAnswer, type TaskList, type TasksQuery } from '../../api/loyalty/service';
import type { CampaignStatsQuery, GraphQuery, RecentActivityQuery, StatsQuery } from '../../api/stats/schemas';
import {
  campaignStats, recentActivity, stats, statsGraph,
  type CampaignStats, type RecentActivity, type Stats, type StatsGraph,
} from '../../api/stats/service';
import { asQuery, embedded, type EmbeddedDeps, type RemoteDeps } from './core';
import type { RemoteIds } from './sharing';

export type { ActivityView } from '../../api/stats/service';
export type { ClickedTask, ClickTasksAnswer, TaskView } from '../../api/loyalty/service';

/** Recent activity is always the caller's own: the client fills `affiliate_uid`. */
export type OwnActivityQuery = Omit<RecentActivityQuery, 'affiliate_uid'>;

/** Spec §7 calls of the stats and loyalty areas: numbers, graph, recent activity and tasks. */
export interface StatsClient {
  /** GET /ambassadors/{id}/stats/ - commissions (monetary and not), clicks, shares, referrals, loyalty balances. */
  stats(query?: StatsQuery): Promise<Stats>;
  /** GET /ambassadors/{id}/stats/campaigns/ */
  campaignStats(query?: CampaignStatsQuery): Promise<CampaignStats>;
  /** GET /ambassadors/{id}/stats/graph/ */
  statsGraph(query?: GraphQuery): Promise<StatsGraph>;
  /** GET /activity/recent/?affiliate_uid={own id} */
  recentActivity(query?: OwnActivityQuery): Promise<RecentActivity>;
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
    stats: (query) => embedded(async () => stats(svc, await deps.caller(), query)),
    campaignStats: (query) => embedded(async () => campaignStats(svc, await deps.caller(), query)),
    statsGraph: (query) => embedded(async () => statsGraph(svc, await deps.caller(), query)),
    recentActivity: (query) => embedded(async () => {
      const caller = await deps.caller();
      return recentActivity(svc, caller, { ...query, affiliate_uid: caller.ambassador.uid });
    }),
    tasks: (query) => embedded(async () => listTasks(svc, await deps.caller(), query)),
    clickTasks: (tasks) => embedded(async () => clickTasks(svc, await deps.caller(), loyaltyData(tasks))),
  };
}

export function remoteStats(deps: RemoteDeps, ids: RemoteIds | null): StatsClient {
  const own = () => encodeURIComponent(ids?.ambassadorUid ?? '-');
  return {
    stats: (query) => deps.call(`/ambassadors/${own()}/stats/`, { query: asQuery(query) }),
    campaignStats: (query) => deps.call(`/ambassadors/${own()}/stats/campaigns/`, { query: asQuery(query) }),
    statsGraph: (query) => deps.call(`/ambassadors/${own()}/stats/graph/`, { query: asQuery(query) }),
    recentActivity: (query) => deps.call('/activity/recent/', { query: asQuery({ ...query, affiliate_uid: ids?.ambassadorUid ?? '-' }) }),
    tasks: (query) => deps.call(`/companies/${encodeURIComponent(ids?.companyId ?? '-')}/loyalty_program/tasks/`, { query: asQuery(query) }),
    clickTasks: (tasks) => deps.call(`/ambassadors/${own()}/loyalty/data/`, { method: 'POST', body: loyaltyData(tasks) }),
  };
}
