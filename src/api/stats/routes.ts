import { Hono } from 'hono';
import { callerOf, serviceContext } from '../core/service-context';
import { ensureOwn, requireAmbassador } from '../core/token-auth';
import type { ApiEnv } from '../core/types';
import type { CampaignStatsQuery, GraphQuery, RecentActivityQuery, StatsQuery } from './schemas';
import { campaignStats, recentActivity, stats as statsOf, statsGraph } from './service';

/** The caller's stats and recent activity. */
export const stats = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // GET /v1/ambassadors/{id}/stats/campaigns/ - clicks, shares, referrals and earnings of one campaign (or all)
  .get('/ambassadors/:id/stats/campaigns/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    return c.json(await campaignStats(serviceContext(c), caller, c.req.query() as CampaignStatsQuery));
  })
  // GET /v1/ambassadors/{id}/stats/ - commissions split into monetary and non-monetary parts, plus loyalty balances
  .get('/ambassadors/:id/stats/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    return c.json(await statsOf(serviceContext(c), caller, c.req.query() as StatsQuery));
  })
  // GET /v1/ambassadors/{id}/stats/graph/ - [time, value] series of clicks, shares and referrals by interval
  .get('/ambassadors/:id/stats/graph/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    return c.json(await statsGraph(serviceContext(c), caller, c.req.query() as GraphQuery));
  })
  // GET /v1/activity/recent/ - the caller's latest activity (page_size 15 on the dashboard), optionally of one campaign
  .get('/activity/recent/', async (c) => c.json(await recentActivity(serviceContext(c), callerOf(c), c.req.query() as RecentActivityQuery)));
