import { z } from 'zod';

/** GET /ambassadors/{id}/payouts/next/: `campaign_uid` narrows every figure to one of the caller's campaigns. */
export const nextPayoutQuery = z.object({
  campaign_uid: z.string().trim().max(64, 'invalidField').optional(),
});
export type NextPayoutQuery = z.input<typeof nextPayoutQuery>;
