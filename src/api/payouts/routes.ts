import { Hono } from 'hono';
import { callerOf, serviceContext } from '../core/service-context';
import { ensureOwn, requireAmbassador } from '../core/token-auth';
import type { ApiEnv } from '../core/types';
import { nextPayout } from './next-payout';

/** The caller's earnings: when the next payout can come and what blocks it. */
export const earnings = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // GET /v1/ambassadors/{id}/payouts/next/ - payable now, still held (and from when), blockers, payouts on the way, last payout (?campaign_uid: one campaign's)
  .get('/ambassadors/:id/payouts/next/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    return c.json(await nextPayout(serviceContext(c), caller, new Date(), c.req.query()));
  });
