import { Hono } from 'hono';
import { z } from 'zod';
import { loadSelf, portalOrigin } from '../profile/routes';
import { listMemberships, findBalance } from '../profile/ambassador-queries';
import { commissionSums, linkTotals, seriesCounts, type Interval, type StatType, type StatsScope } from './queries';
import { ApiError } from '../core/errors';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import { shareUrl } from '../sharing/share-links';
import type { ApiContext, ApiEnv } from '../core/types';
import { readQuery } from '../core/validate';

const isoDay = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the YYYY-MM-DD format.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use the YYYY-MM-DD format.');

const DAY_MS = 86_400_000;
const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const nextDay = (day: string) => new Date(Date.parse(dayStart(day)) + DAY_MS).toISOString();

const campaignsQuery = z.object({
  campaign_uid: z.string().trim().max(64).optional(),
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
});

const statsQuery = z.object({
  campaign_uid: z.string().trim().max(64).optional(),
  split_currency_types: z.string().optional(),
});

const STAT_TYPES = ['clicks', 'shares', 'referrals'] as const;
const graphQuery = z.object({
  campaign_uid: z.string().trim().max(64).optional(),
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
  interval: z.enum(['day', 'days', 'week', 'weeks', 'month', 'months']).default('day'),
  stat_types: z.string().default(STAT_TYPES.join(',')).transform((v, ctx) => {
    const list = v.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((s) => !(STAT_TYPES as readonly string[]).includes(s));
    if (bad.length || list.length === 0) ctx.addIssue({ code: 'custom', message: `Choose from ${STAT_TYPES.join(', ')}.` });
    return [...new Set(list)] as StatType[];
  }),
});

/** The caller's membership of `campaign_uid` (404 for a campaign that is not theirs), or null for all. */
async function scopeCampaign(c: ApiContext, campaignUid: string | undefined) {
  const p = c.var.principal;
  const memberships = await listMemberships(c.env.DB, p.companyId, p.ambassadorUid);
  if (!campaignUid) return { memberships, campaign: null };
  const campaign = memberships.find((m) => m.campaign_uid === campaignUid);
  if (!campaign) throw new ApiError('not_found', 'No stats found');
  return { memberships, campaign };
}

function range(start?: string, end?: string) {
  if (start && end && start > end) throw new ApiError('validation', 'Invalid input.', { start_date: ['The start date must be before the end date.'] });
  return { from: start ? dayStart(start) : null, to: end ? nextDay(end) : null };
}

/** Commission totals of one money kind (spec §3: earned, pending, approved-unpaid, paid, first/second event). */
function commissionPart(rows: Awaited<ReturnType<typeof commissionSums>>, monetary: boolean) {
  const mine = rows.filter((r) => !!r.is_monetary === monetary);
  const sum = (pred: (r: (typeof mine)[number]) => boolean) => mine.filter(pred).reduce((t, r) => t + r.total, 0);
  const counted = (r: (typeof mine)[number]) => ['pending', 'approved', 'paid'].includes(r.status);
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

export const stats = new Hono<ApiEnv>()
  // GET /v1/ambassadors/{id}/stats/campaigns/ - clicks, shares, referrals and earnings of one campaign (or all)
  .get('/ambassadors/:id/stats/campaigns/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('id'));
    const q = readQuery(c, campaignsQuery);
    const { campaign } = await scopeCampaign(c, q.campaign_uid);
    const { company } = await loadSelf(c);
    const scope: StatsScope = { companyId: p.companyId, ambassadorUid: p.ambassadorUid, campaignId: campaign?.campaign_id ?? null, ...range(q.start_date, q.end_date) };
    const totals = await linkTotals(c.env.DB, scope);
    return c.json({
      campaign_links: [{
        campaign_uid: campaign?.campaign_uid ?? null,
        campaign_id: campaign?.campaign_id ?? null,
        campaign_name: campaign?.name ?? null,
        short_code: campaign?.short_code ?? null,
        share_link: campaign?.short_code ? shareUrl(portalOrigin(c), campaign.short_code) : null,
        clicks: totals.clicks,
        shares: totals.shares,
        referrals: totals.referrals,
        earned: totals.earned_minor,
        currency: company.currency,
        start_date: q.start_date ?? null,
        end_date: q.end_date ?? null,
      }],
    });
  })
  // GET /v1/ambassadors/{id}/stats/ - commissions split into monetary and non-monetary parts, plus loyalty balances
  .get('/ambassadors/:id/stats/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('id'));
    const q = readQuery(c, statsQuery);
    const { campaign } = await scopeCampaign(c, q.campaign_uid);
    const { company } = await loadSelf(c);
    const scope: StatsScope = { companyId: p.companyId, ambassadorUid: p.ambassadorUid, campaignId: campaign?.campaign_id ?? null, from: null, to: null };
    const [rows, totals, balance] = await Promise.all([
      commissionSums(c.env.DB, scope),
      linkTotals(c.env.DB, scope),
      findBalance(c.env.DB, p.companyId, p.ambassadorUid),
    ]);
    const monetary = commissionPart(rows, true);
    const nonMonetary = commissionPart(rows, false);
    const split = q.split_currency_types !== 'false';
    return c.json({
      campaign_uid: campaign?.campaign_uid ?? null,
      currency: company.currency,
      point_name: company.point_name,
      commissions: split ? { monetary: { ...monetary, currency: company.currency }, non_monetary: nonMonetary } : monetary,
      monetary_pending_sum: monetary.pending_sum,
      non_monetary_pending_sum: nonMonetary.pending_sum,
      clicks: totals.clicks,
      shares: totals.shares,
      referrals: totals.referrals,
      loyalty: {
        points_earned: balance?.points_earned ?? 0,
        points_available: balance?.points_available ?? 0,
        points_redeemed: balance?.points_redeemed ?? 0,
        points_expired: balance?.points_expired ?? 0,
        cash_earned: balance?.cash_earned ?? 0,
        cash_available: balance?.cash_available ?? 0,
        cash_redeemed: balance?.cash_redeemed ?? 0,
        cash_expired: balance?.cash_expired ?? 0,
      },
    });
  })
  // GET /v1/ambassadors/{id}/stats/graph/ - [time, value] series of clicks, shares and referrals by interval
  .get('/ambassadors/:id/stats/graph/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('id'));
    const q = readQuery(c, graphQuery);
    const { campaign } = await scopeCampaign(c, q.campaign_uid);
    const interval = q.interval.replace(/s$/, '') as Interval;
    const end = q.end_date ?? new Date().toISOString().slice(0, 10);
    const start = q.start_date ?? new Date(Date.parse(dayStart(end)) - 29 * DAY_MS).toISOString().slice(0, 10);
    const scope: StatsScope = { companyId: p.companyId, ambassadorUid: p.ambassadorUid, campaignId: campaign?.campaign_id ?? null, ...range(start, end) };
    const keys = buckets(start, end, interval);
    const series = await Promise.all(q.stat_types.map(async (type) => {
      const counts = await seriesCounts(c.env.DB, scope, type, interval);
      return {
        stat_type: type,
        name: type,
        // Each point is [epoch milliseconds of the bucket start (UTC), value].
        values: keys.map((k) => [Date.parse(dayStart(k)), counts.get(k) ?? 0] as [number, number]),
      };
    }));
    return c.json(series);
  });
