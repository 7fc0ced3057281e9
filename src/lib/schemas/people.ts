import { z } from 'zod';
import { EMAIL_PREFERENCES, NOTIFICATION_OPTIONS, type NotificationOption } from './notifications.ts';
import { components } from './registry';

// What the ambassador API answers about the signed-in person (spec §7 profile area): the user record, the
// company's ambassador list of one, the whole profile, notification settings, the account's active state
// and the unsubscribe link's answer. Kept apart from ./profile.ts, which browser forms import at run time:
// these schemas register themselves with the document's components when loaded.

const isoTime = z.string().describe('ISO 8601 UTC time');
const mediaUrl = z.string().nullable().describe('Path of the picture on the portal host (/media/...), or null');

/** GET /users/{id}/ - the caller's user record. */
export const userAnswer = z
  .object({
    userid: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    loyalty_access: z.boolean(),
    access: z.number().int(),
  })
  .register(components, { id: 'User' });
export type UserView = z.output<typeof userAnswer>;

/** A campaign the ambassador belongs to, with their referral link on the portal host. */
export const profileCampaign = z
  .object({
    campaign_id: z.number().int(),
    campaign_uid: z.string(),
    uid: z.string().nullable().describe('The share link\'s uid'),
    campaign_name: z.string(),
    campaign_description: z.string(),
    is_hidden_dashboard: z.boolean(),
    is_active: z.boolean(),
    url: z.string().nullable().describe('The referral link: /r/<short_code> on the portal host'),
    landing_url: z.string(),
    native_message: z.string(),
    short_code: z.string().nullable(),
    campaign_portal_logo: z.string().nullable(),
    joined_at: isoTime,
  })
  .register(components, { id: 'ProfileCampaign' });
export type CampaignView = z.output<typeof profileCampaign>;

/** GET /companies/{id}/ambassadors/ - the caller's ambassador within their company (exactly one). */
export const companyAmbassadorsAnswer = z
  .object({
    count: z.literal(1),
    results: z.array(z.object({
      uid: z.string(),
      userid: z.number().int(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      name: z.string(),
      avatar_url: mediaUrl,
      deactivated_by_self: z.boolean(),
      created_at: isoTime,
    })),
  })
  .register(components, { id: 'CompanyAmbassadors' });
export type CompanyAmbassadors = z.output<typeof companyAmbassadorsAnswer>;

const tier = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  color: z.string(),
  threshold: z.number(),
  image: z.string().nullable(),
  is_active: z.boolean(),
  description: z.string(),
});
const badge = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  color: z.string(),
  points: z.number(),
  image: z.string().nullable(),
  description: z.string(),
  is_active: z.boolean(),
  earned: z.boolean(),
  earned_at: isoTime.nullable(),
});

const customFields = {
  custom1: z.string().nullable(), custom2: z.string().nullable(), custom3: z.string().nullable(), custom4: z.string().nullable(),
  custom5: z.string().nullable(), custom6: z.string().nullable(), custom7: z.string().nullable(), custom8: z.string().nullable(),
  custom9: z.string().nullable(), custom10: z.string().nullable(),
};

/** GET and PATCH /portal/ambassadors/{id}/ - the whole profile of spec §3. */
export const profileAnswer = z
  .object({
    uid: z.string(),
    userid: z.number().int(),
    urls: z.array(profileCampaign).describe('The ambassador\'s campaigns and referral links'),
    access: z.number().int(),
    avatar_url: mediaUrl,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    created_at: isoTime,
    username: z.string().nullable(),
    share_code: z.string(),
    memorable_url: z.string().describe('/{username} (or /{uid}) on the portal host'),
    facebook_url: z.string().nullable(),
    twitter_url: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    pinterest_url: z.string().nullable(),
    company: z.string().nullable(),
    job_title: z.string().nullable(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
    phone: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    ...customFields,
    payout_preference: z.string().nullable(),
    payout_preference_name: z.string().nullable(),
    paypal_email: z.string().nullable(),
    dwolla_email: z.string().nullable(),
    email_preferences: z.string(),
    language: z.string().nullable(),
    group_id: z.number().int().nullable(),
    deactivated_by_self: z.boolean(),
    referred_by: z.object({ avatar_url: mediaUrl, name: z.string() }).nullable(),
    loyalty_access: z.boolean(),
    loyalty_badges: z.array(badge).describe('The badges earned'),
    loyalty_points_earned: z.number(),
    loyalty_points_available: z.number(),
    loyalty_points_redeemed: z.number(),
    loyalty_points_expired: z.number(),
    loyalty_cash_earned: z.number(),
    loyalty_cash_redeemed: z.number(),
    loyalty_cash_expired: z.number(),
    loyalty_cash_available: z.number(),
    loyalty_points_current_tier: z.number(),
    loyalty_points_next_tier: z.number().nullable(),
    rewards_points_earned: z.number(),
    rewards_points_balance: z.number(),
    tier_metric: z.string(),
    tier_metric_value: z.number(),
    current_tier: tier.nullable(),
    next_tier: tier.nullable(),
    current_tier_progress_value: z.number(),
    badges: z.array(badge),
    tiers: z.array(tier),
    loyalty_clickable_tasks: z.array(z.number().int()).describe('Ids of the tasks the ambassador clicked'),
  })
  .register(components, { id: 'AmbassadorProfile' });
export type AmbassadorProfile = z.output<typeof profileAnswer>;

/** GET and PATCH /ambassadors/{id}/notifications/ - which e-mails the ambassador receives (spec §3). */
export const notificationsAnswer = z
  .object(Object.fromEntries(NOTIFICATION_OPTIONS.map((k) => [k, z.boolean()])) as Record<NotificationOption, z.ZodBoolean>)
  .register(components, { id: 'NotificationSettings' });

/** PATCH /ambassadors/{id}/active/ - the account's state after the change. */
export const activeAnswer = z
  .object({ uid: z.string(), deactivated_by_self: z.boolean(), is_active: z.boolean() })
  .register(components, { id: 'AccountActive' });
export type ActiveState = z.output<typeof activeAnswer>;

/** POST /optout/ - the e-mail preference now in force. */
export const optoutAnswer = z
  .object({
    detail: z.string(),
    action: z.enum(EMAIL_PREFERENCES),
    email_preferences: z.enum(EMAIL_PREFERENCES),
    email_template: z.string(),
    unsubscribe_all: z.boolean(),
    deactivated_by_self: z.boolean(),
  })
  .register(components, { id: 'OptoutAnswer' });
export type OptoutAnswer = z.output<typeof optoutAnswer>;

/** Who is signed in, as the token check loaded it (the edge's `me()`: the user and the profile's basics). */
export interface Me {
  user: UserView;
  ambassador_uid: string;
  language: string | null;
  group_id: number | null;
  deactivated_by_self: boolean;
  /** The personal share code (/r/<share code> follows it). */
  share_code: string;
  urls: CampaignView[];
}
