import { Hono } from 'hono';
import { z } from 'zod';
import { listMemberships } from '../profile/ambassador-queries';
import { recentActivity, type ActivityRow } from './activity-queries';
import { ApiError } from '../core/errors';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import type { ApiEnv } from '../core/types';
import { readQuery } from '../core/validate';

const recentQuery = z.object({
  affiliate_uid: z.string().trim().min(1, 'This field is required.').max(64),
  campaign_uid: z.string().trim().max(64).optional(),
  page_size: z.coerce.number().int().min(1).max(100, 'At most 100.').default(15),
});

/** An activity as spec §3 names it; `amount` is in minor units of `currency`. */
export function activityView(a: ActivityRow) {
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

export const activity = new Hono<ApiEnv>()
  // GET /v1/activity/recent/ - the caller's latest activity (page_size 15 on the dashboard), optionally of one campaign
  .get('/activity/recent/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    const q = readQuery(c, recentQuery);
    ensureOwn(p.ambassadorUid, q.affiliate_uid);
    let campaignId: number | null = null;
    if (q.campaign_uid) {
      const m = (await listMemberships(c.env.DB, p.companyId, p.ambassadorUid)).find((x) => x.campaign_uid === q.campaign_uid);
      if (!m) throw new ApiError('not_found', 'Not found.');
      campaignId = m.campaign_id;
    }
    const { rows, count } = await recentActivity(c.env.DB, p.companyId, p.ambassadorUid, campaignId, q.page_size);
    return c.json({ count, next: null, previous: null, results: rows.map(activityView) });
  });
