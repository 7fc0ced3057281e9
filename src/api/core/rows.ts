/**
 * The rows every area reads of the signed-in ambassador (the caller, ./types.ts): the user, the ambassador,
 * the company and the campaigns the ambassador belongs to, as `SELECT *` (or the memberships' SELECT,
 * ./caller-queries.ts) returns them.
 */

export interface UserRow {
  id: number;
  company_id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  loyalty_access: number;
  access: number;
  created_at: string;
  /** 1 while nobody proved the e-mail (self-registration before its first e-mailed code). */
  email_unconfirmed: number;
}

export interface AmbassadorRow {
  uid: string;
  company_id: string;
  user_id: number;
  username: string | null;
  share_code: string;
  avatar_key: string | null;
  phone: string | null; company_name: string | null; job_title: string | null;
  street: string | null; city: string | null; state: string | null; zip: string | null; country: string | null;
  date_of_birth: string | null;
  custom_fields: string;
  facebook_url: string | null; twitter_url: string | null; linkedin_url: string | null; pinterest_url: string | null;
  payout_preference: string | null;
  paypal_email: string | null; dwolla_email: string | null;
  email_preferences: string;
  language: string | null;
  group_id: number | null;
  referred_by_uid: string | null;
  deactivated_by_self: number;
  loyalty_clickable_tasks: string;
  created_at: string;
}

export interface CompanyRow {
  id: string;
  name: string;
  currency: string;
  admin3_access: number;
  loyalty_tier_stat_metric: string;
  localize_project_id: string | null;
  point_name: string;
  ambassador_state_type: string | null;
  ambassador_state_choices: string;
  payout_preference_options: string;
  recaptcha_enabled: number;
  support_email: string | null;
  sso_secret: string | null;
  portal_uid: string;
}

export interface MembershipRow {
  campaign_id: number;
  campaign_uid: string;
  name: string;
  description: string;
  is_active: number;
  is_hidden_dashboard: number;
  url: string;
  native_message: string;
  portal_logo: string | null;
  share_link_uid: string | null;
  short_code: string | null;
  joined_at: string;
  /** The name, description and share message per language (migration 0024), JSON. */
  translations: string;
}
