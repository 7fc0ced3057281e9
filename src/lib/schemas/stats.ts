import { z } from 'zod';
import { queryInteger } from './numbers';
import { components } from './registry';

// The stats and activity calls of spec §7: what the caller asks (query strings; messages are keys of
// src/lib/i18n/en.ts) and what they answer. Amounts are integer minor units of `currency`.

const isoDay = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'invalidDate');

const campaignUid = z.string().trim().max(64, 'invalidField').optional();

/** GET /ambassadors/{id}/stats/campaigns/ */
export const campaignStatsQuery = z.object({
  campaign_uid: campaignUid,
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
});
export type CampaignStatsQuery = z.input<typeof campaignStatsQuery>;

/** GET /ambassadors/{id}/stats/ */
export const statsQuery = z.object({
  campaign_uid: campaignUid,
  /** `false` answers the monetary part alone as `commissions`; anything else splits it. */
  split_currency_types: z.union([z.string(), z.boolean()]).optional(),
});
export type StatsQuery = z.input<typeof statsQuery>;

export const STAT_TYPES = ['clicks', 'shares', 'referrals'] as const;
export type StatType = (typeof STAT_TYPES)[number];

/** GET /ambassadors/{id}/stats/graph/ */
export const graphQuery = z.object({
  campaign_uid: campaignUid,
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
  interval: z.enum(['day', 'days', 'week', 'weeks', 'month', 'months'], { error: 'invalidField' }).default('day'),
  stat_types: z.string().default(STAT_TYPES.join(',')).transform((v, ctx) => {
    const list = v.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((s) => !(STAT_TYPES as readonly string[]).includes(s));
    if (bad.length || list.length === 0) ctx.addIssue({ code: 'custom', message: 'statTypesInvalid' });
    return [...new Set(list)] as StatType[];
  }),
});
export type GraphQuery = z.input<typeof graphQuery>;

/** GET /activity/recent/ (`affiliate_uid` is the caller's own ambassador uid). */
export const recentActivityQuery = z.object({
  affiliate_uid: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'invalidField'),
  campaign_uid: z.string().trim().max(64, 'invalidField').optional(),
  page_size: queryInteger('invalidField', 1, 100, 'maxPageSize100').default(15),
});
export type RecentActivityQuery = z.input<typeof recentActivityQuery>;

const isoDate = (what: string) => z.string().nullable().describe(`${what} (YYYY-MM-DD), null without one`);

export const campaignStatsAnswer = z
  .object({
    campaign_links: z.array(z.object({
      campaign_uid: z.string().nullable().describe('The campaign (null: every campaign of the caller)'),
      campaign_id: z.number().int().nullable(),
      campaign_name: z.string().nullable(),
      short_code: z.string().nullable(),
      share_link: z.string().nullable(),
      clicks: z.number().int(),
      shares: z.number().int(),
      referrals: z.number().int(),
      earned: z.number().int().describe('Monetary commissions earned (pending, approved, paid), integer minor units of `currency`'),
      currency: z.string(),
      start_date: isoDate('First day of the period'),
      end_date: isoDate('Last day of the period'),
    })),
  })
  .register(components, { id: 'CampaignStats' });
export type CampaignStats = z.output<typeof campaignStatsAnswer>;

/** Commission totals of one money kind (spec §3), integer minor units. */
const commissionPart = z.object({
  earned_sum: z.number(),
  pending_sum: z.number(),
  approved_sum: z.number(),
  unpaid_sum: z.number(),
  paid_sum: z.number(),
  first_event_sum: z.number(),
  second_event_sum: z.number(),
  count: z.number().int(),
});
export type CommissionPart = z.output<typeof commissionPart>;

const balance = (kind: 'points' | 'cash') => Object.fromEntries(
  (['earned', 'available', 'redeemed', 'expired', 'held'] as const).map((k) => [`${kind}_${k}`, z.number()]),
) as Record<`${typeof kind}_${'earned' | 'available' | 'redeemed' | 'expired' | 'held'}`, z.ZodNumber>;

export const statsAnswer = z
  .object({
    campaign_uid: z.string().nullable(),
    currency: z.string(),
    point_name: z.string(),
    commissions: z.union([
      z.object({ monetary: commissionPart.extend({ currency: z.string() }), non_monetary: commissionPart }),
      commissionPart,
    ]).describe('Split into `monetary` and `non_monetary`, or the monetary part alone with `split_currency_types=false`'),
    monetary_pending_sum: z.number(),
    non_monetary_pending_sum: z.number(),
    clicks: z.number().int(),
    shares: z.number().int(),
    referrals: z.number().int(),
    loyalty: z.object({ ...balance('points'), ...balance('cash') }),
  })
  .register(components, { id: 'Stats' });
export type Stats = z.output<typeof statsAnswer>;

export const statsGraphAnswer = z
  .array(z.object({
    stat_type: z.enum(STAT_TYPES),
    name: z.enum(STAT_TYPES),
    values: z.array(z.tuple([z.number(), z.number()])).describe('[epoch milliseconds of the bucket start (UTC), value]'),
  }))
  .register(components, { id: 'StatsGraph' });
export type StatsGraph = z.output<typeof statsGraphAnswer>;

/** An activity as spec §3 names it; `amount` is in minor units of `currency`. */
export const activityView = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    type: z.string(),
    referred_name: z.string().nullable(),
    referred_email: z.string().nullable(),
    amount: z.number().nullable(),
    currency: z.string().nullable(),
    points: z.number().nullable(),
    status: z.string(),
    payment_method: z.number().int().nullable(),
    expire_at: z.string().nullable(),
    event_data1: z.string().nullable(),
    event_data2: z.string().nullable(),
    event_data3: z.string().nullable(),
    campaign_uid: z.string().nullable(),
    campaign_name: z.string().nullable(),
    payout_id: z.number().int().nullable(),
    redemption_id: z.number().int().nullable(),
  })
  .register(components, { id: 'Activity' });
export type ActivityView = z.output<typeof activityView>;

export const recentActivityAnswer = z
  .object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(activityView) })
  .register(components, { id: 'RecentActivity' });
export type RecentActivity = z.output<typeof recentActivityAnswer>;
