import { z } from 'zod';

// A campaign as the ambassador's profile lists it (spec §3 "Campaign", profile `urls`).
// Read side only: optional fields default so a sparse answer still renders.

export const campaignSchema = z.object({
  campaign_id: z.number().int(),
  campaign_uid: z.string(),
  /** The ambassador's share link (url) uid within this campaign. */
  uid: z.string().nullable().default(null),
  campaign_name: z.string(),
  campaign_description: z.string().nullable().default(null),
  is_hidden_dashboard: z.boolean().default(false),
  is_active: z.boolean().default(true),
  /** The ambassador's referral link for the campaign. */
  url: z.string().nullable().default(null),
  native_message: z.string().nullable().default(null),
  short_code: z.string().nullable().default(null),
  campaign_portal_logo: z.string().nullable().default(null),
});

export type Campaign = z.infer<typeof campaignSchema>;
