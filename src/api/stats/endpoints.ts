import {
  campaignStatsAnswer, campaignStatsQuery, graphQuery, recentActivityAnswer, recentActivityQuery, statsAnswer, statsGraphAnswer, statsQuery,
} from '../../lib/schemas/stats';
import { endpoint } from '../core/endpoint';
import { campaignStats, recentActivity, stats, statsGraph } from './service';

// The caller's stats and recent activity.

const noStats = 'A `campaign_uid` that is not one of the caller\'s campaigns';

// GET /v1/ambassadors/{id}/stats/campaigns/ - clicks, shares, referrals and earnings of one campaign (or all)
export const campaignStatsEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/stats/campaigns/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'campaignStats',
  tag: 'Stats',
  summary: 'Campaign stats',
  description: 'Clicks, shares, referrals and monetary earnings of one of the caller\'s campaigns (`campaign_uid`) or of all of them, ' +
    'optionally in a period of whole UTC days (`start_date` to `end_date`, both included).',
  query: campaignStatsQuery,
  answer: { status: 200, schema: campaignStatsAnswer, description: 'The campaign\'s numbers' },
  errors: { 404: noStats },
  handle: ({ svc, caller, query }) => campaignStats(svc, caller, query),
});

// GET /v1/ambassadors/{id}/stats/ - commissions split into monetary and non-monetary parts, plus loyalty balances
export const statsEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/stats/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'stats',
  tag: 'Stats',
  summary: 'The caller\'s stats',
  description: 'All-time commissions (earned, pending, approved, unpaid, paid; first and second event), split into monetary and ' +
    'non-monetary parts unless `split_currency_types=false`, clicks, shares, referrals and the loyalty balances. `campaign_uid`: one of the caller\'s campaigns.',
  query: statsQuery,
  answer: { status: 200, schema: statsAnswer, description: 'The caller\'s numbers' },
  errors: { 404: noStats },
  handle: ({ svc, caller, query }) => stats(svc, caller, query),
});

// GET /v1/ambassadors/{id}/stats/graph/ - [time, value] series of clicks, shares and referrals by interval
export const statsGraphEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/stats/graph/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'statsGraph',
  tag: 'Stats',
  summary: 'Stats graph',
  description: 'One series per `stat_types` entry (clicks, shares, referrals; comma-separated), a point per `interval` bucket ' +
    'from `start_date` to `end_date` (the last 30 days by default), zero-filled.',
  query: graphQuery,
  answer: { status: 200, schema: statsGraphAnswer, description: 'The series' },
  errors: { 404: noStats },
  handle: ({ svc, caller, query }) => statsGraph(svc, caller, query),
});

// GET /v1/activity/recent/ - the caller's latest activity (page_size 15 on the dashboard), optionally of one campaign
export const recentActivityEndpoint = endpoint({
  method: 'get',
  path: '/activity/recent/',
  auth: 'ambassador',
  ownFields: { affiliate_uid: 'ambassador' },
  operationId: 'recentActivity',
  tag: 'Stats',
  summary: 'Recent activity',
  description: 'The caller\'s latest activities (referrals, commissions, payouts, redemptions, points), newest first, ' +
    '`page_size` of them (15 by default), optionally of one campaign. `affiliate_uid` is the caller\'s own ambassador uid.',
  query: recentActivityQuery,
  answer: { status: 200, schema: recentActivityAnswer, description: 'The latest activities' },
  errors: { 404: '`affiliate_uid` is not the caller, or a `campaign_uid` that is not one of the caller\'s campaigns' },
  handle: ({ svc, caller, query }) => recentActivity(svc, caller, query),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = {
  campaignStats: campaignStatsEndpoint, stats: statsEndpoint, statsGraph: statsGraphEndpoint, recentActivity: recentActivityEndpoint,
};
