import { ApiError } from '../core/errors';
import type { z } from 'zod';
import type { Caller, ServiceContext } from '../core/types';
import { browserLanguage } from '../../lib/languages';
import { textsIn } from '../../lib/row-language';
import { ownCampaign } from '../sharing/membership';
import { shareUrl } from '../sharing/view';
import { recentActivity as recentActivityRows, type ActivityRow } from './activity-queries';
import {
  linkTotalsStatement, NO_TOTALS, seriesCounts, statsRows, type CommissionSumRow, type Interval, type LinkTotals, type StatsScope,
} from './queries';
import type {
  ActivityView, CampaignStats, CommissionPart, campaignStatsQuery, graphQuery, RecentActivity, recentActivityQuery, Stats, StatsGraph, statsQuery,
} from '../../lib/schemas/stats';

// The stats and activity calls of spec §7 as plain functions of the verified caller: each is one D1
// round trip (the caller's campaigns come with the token check; the queries of a call leave as one batch).

const DAY_MS = 86_400_000;
const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const nextDay = (day: string) => new Date(Date.parse(dayStart(day)) + DAY_MS).toISOString();

function range(start?: string, end?: string) {
  if (start && end && start > end) throw new ApiError('validation', 'invalidInput', { start_date: ['startBeforeEnd'] });
  return { from: start ? dayStart(start) : null, to: end ? nextDay(end) : null };
}

const scopeOf = (caller: Caller, campaignId: number | null, period: { from: string | null; to: string | null }): StatsScope => ({
  companyId: caller.company.id, ambassadorUid: caller.ambassador.uid, campaignId, ...period,
});

/** Commission totals of one money kind (spec §3: earned, pending, approved-unpaid, paid, first/second event). */
function commissionPart(rows: CommissionSumRow[], monetary: boolean): CommissionPart {
  const mine = rows.filter((r) => !!r.is_monetary === monetary);
  const sum = (pred: (r: CommissionSumRow) => boolean) => mine.filter(pred).reduce((t, r) => t + r.total, 0);
  const counted = (r: CommissionSumRow) => ['pending', 'approved', 'paid'].includes(r.status);
  return {
    earned_sum: sum(counted),
    pending_sum: sum((r) => r.status === 'pending'),
    approved_sum: sum((r) => r.status === 'approved'),
    unpaid_sum: sum((r) => r.status === 'pending' || r.status === 'approved'),
    paid_sum: sum((r) => r.status === 'paid'),
    first_event_sum: sum((r) => counted(r) && r.event === 'first'),
    second_event_sum: sum((r) => counted(r) && r.event === 'second'),
    count: mine.filter(counted).reduce((t, r) => t + r.n, 0),
  };
}

/** Bucket starts (YYYY-MM-DD) from `from` to `to` inclusive, for zero-filling a series. */
export function buckets(from: string, to: string, interval: Interval): string[] {
  const out: string[] = [];
  const d = new Date(dayStart(from));
  if (interval === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (interval === 'month') d.setUTCDate(1);
  const end = Date.parse(dayStart(to));
  while (d.getTime() <= end && out.length < 2000) {
    out.push(d.toISOString().slice(0, 10));
    if (interval === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** GET /ambassadors/{id}/stats/campaigns/ - clicks, shares, referrals and earnings of one campaign (or all). */
export async function campaignStats(svc: ServiceContext, caller: Caller, q: z.output<typeof campaignStatsQuery>): Promise<CampaignStats> {
  const campaign = ownCampaign(caller, q.campaign_uid, 'noStats');
  const scope = scopeOf(caller, campaign?.campaign_id ?? null, range(q.start_date, q.end_date));
  const totals = (await linkTotalsStatement(svc.db, scope).first<LinkTotals>()) ?? NO_TOTALS;
  return {
    campaign_links: [{
      campaign_uid: campaign?.campaign_uid ?? null,
      campaign_id: campaign?.campaign_id ?? null,
      campaign_name: campaign ? textsIn(campaign, browserLanguage(svc.acceptLanguage), ['name']).name : null,
      short_code: campaign?.short_code ?? null,
      share_link: campaign?.short_code ? shareUrl(svc.origin, campaign.short_code) : null,
      clicks: totals.clicks,
      shares: totals.shares,
      referrals: totals.referrals,
      earned: totals.earned_minor,
      currency: caller.company.currency,
      start_date: q.start_date ?? null,
      end_date: q.end_date ?? null,
    }],
  };
}

/** GET /ambassadors/{id}/stats/ - commissions split into monetary and non-monetary parts, plus loyalty balances. */
export async function stats(svc: ServiceContext, caller: Caller, q: z.output<typeof statsQuery>): Promise<Stats> {
  const campaign = ownCampaign(caller, q.campaign_uid, 'noStats');
  const scope = scopeOf(caller, campaign?.campaign_id ?? null, { from: null, to: null });
  const { sums: rows, totals, balance } = await statsRows(svc.db, scope);
  const link = totals ?? NO_TOTALS;
  const { company } = caller;
  const monetary = commissionPart(rows, true);
  const nonMonetary = commissionPart(rows, false);
  const split = q.split_currency_types !== 'false' && q.split_currency_types !== false;
  return {
    campaign_uid: campaign?.campaign_uid ?? null,
    currency: company.currency,
    point_name: company.point_name,
    commissions: split ? { monetary: { ...monetary, currency: company.currency }, non_monetary: nonMonetary } : monetary,
    monetary_pending_sum: monetary.pending_sum,
    non_monetary_pending_sum: nonMonetary.pending_sum,
    clicks: link.clicks,
    shares: link.shares,
    referrals: link.referrals,
    loyalty: {
      points_earned: balance?.points_earned ?? 0,
      points_available: balance?.points_available ?? 0,
      points_redeemed: balance?.points_redeemed ?? 0,
      points_expired: balance?.points_expired ?? 0,
      points_held: balance?.points_held ?? 0,
      cash_earned: balance?.cash_earned ?? 0,
      cash_available: balance?.cash_available ?? 0,
      cash_redeemed: balance?.cash_redeemed ?? 0,
      cash_expired: balance?.cash_expired ?? 0,
      cash_held: balance?.cash_held ?? 0,
    },
  };
}

/** GET /ambassadors/{id}/stats/graph/ - [time, value] series of clicks, shares and referrals by interval. */
export async function statsGraph(svc: ServiceContext, caller: Caller, q: z.output<typeof graphQuery>): Promise<StatsGraph> {
  const campaign = ownCampaign(caller, q.campaign_uid, 'noStats');
  const interval = q.interval.replace(/s$/, '') as Interval;
  const end = q.end_date ?? new Date().toISOString().slice(0, 10);
  const start = q.start_date ?? new Date(Date.parse(dayStart(end)) - 29 * DAY_MS).toISOString().slice(0, 10);
  const scope = scopeOf(caller, campaign?.campaign_id ?? null, range(start, end));
  const keys = buckets(start, end, interval);
  const series = await seriesCounts(svc.db, scope, q.stat_types, interval);
  return q.stat_types.map((type, i) => {
    const counts = new Map((series[i] ?? []).map((r) => [r.bucket, r.n]));
    return {
      stat_type: type,
      name: type,
      // Each point is [epoch milliseconds of the bucket start (UTC), value].
      values: keys.map((k) => [Date.parse(dayStart(k)), counts.get(k) ?? 0] as [number, number]),
    };
  });
}

/**
 * An activity as spec §3 names it; `amount` is in minor units of `currency`. A task's or a redemption's
 * event_data1 names its task or what was redeemed in the query's language (./activity-names.ts).
 */
export function activityView(a: ActivityRow): ActivityView {
  return {
    id: a.id,
    created_at: a.created_at,
    type: a.type,
    referred_name: a.referred_name,
    referred_email: a.referred_email,
    amount: a.amount_minor,
    currency: a.currency,
    points: a.points,
    status: a.status,
    payment_method: a.payment_method,
    expire_at: a.expire_at,
    event_data1: a.event_data1,
    event_data2: a.event_data2,
    event_data3: a.event_data3,
    campaign_uid: a.campaign_uid,
    campaign_name: a.campaign_name,
    payout_id: a.payout_id,
    redemption_id: a.redemption_id,
  };
}

/** GET /activity/recent/ - the caller's latest activity (15 on the dashboard), optionally of one campaign. */
export async function recentActivity(svc: ServiceContext, caller: Caller, q: z.output<typeof recentActivityQuery>): Promise<RecentActivity> {
  if (q.affiliate_uid !== caller.ambassador.uid) throw new ApiError('not_found', 'notFound');
  const campaign = ownCampaign(caller, q.campaign_uid);
  const lang = browserLanguage(svc.acceptLanguage);
  const { rows, count } = await recentActivityRows(svc.db, caller.company.id, caller.ambassador.uid, campaign?.campaign_id ?? null, q.page_size, lang);
  return { count, next: null, previous: null, results: rows.map(activityView) };
}
