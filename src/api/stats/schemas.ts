import { z } from 'zod';
import { queryInteger } from '../../lib/schemas/numbers';
import type { StatType } from './queries';

// Query schemas of the stats and activity calls (spec §7). Messages are keys of src/lib/i18n/en.ts.

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
