import { batch, row, rows } from '../core/named-batch';
import {
  loyaltyStandingStatement, type BadgeRow, type LoyaltyBalanceRow, type LoyaltyStandingRow, type ReferrerRow, type TierRow,
} from './ambassador-queries';
import { membershipsStatement } from '../core/caller-queries';
import type { AmbassadorRow, CompanyRow, MembershipRow, UserRow } from '../core/rows';
import { mediaUrl, safeJson } from '../core/views';
import type { Language } from '../../lib/languages';
import type { CustomField } from '../../lib/schemas/profile';
import { textsIn } from '../../lib/row-language';
import type { AmbassadorProfile, CampaignView, UserView } from '../../lib/schemas/people';

export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/**
 * Campaign as spec §3 names it; `url` is the ambassador's referral link on the portal host. Its name,
 * description and share message are in `lang` where the company wrote them (migration 0024).
 */
export function campaignView(m: MembershipRow, origin: string, lang: Language | null): CampaignView {
  const { name, description, native_message } = textsIn(m, lang, ['name', 'description', 'native_message']);
  return {
    campaign_id: m.campaign_id,
    campaign_uid: m.campaign_uid,
    uid: m.share_link_uid,
    campaign_name: name,
    campaign_description: description,
    is_hidden_dashboard: !!m.is_hidden_dashboard,
    is_active: !!m.is_active,
    url: m.short_code ? `${origin}/r/${encodeURIComponent(m.short_code)}` : null,
    landing_url: m.url,
    native_message,
    short_code: m.short_code,
    campaign_portal_logo: m.portal_logo,
    joined_at: m.joined_at,
  };
}

export function userView(u: UserRow): UserView {
  return {
    userid: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    loyalty_access: !!u.loyalty_access,
    access: u.access,
  };
}

/**
 * GET /portal/ambassadors/{id}/ - the whole profile of spec §3 in one answer. `known` is the caller's
 * campaigns when the token check already read them (every page's shell: one statement less); otherwise
 * they are read with the rest. The rest is one statement. Campaigns, tiers and badges are named
 * in `lang` where the company wrote them.
 */
export async function ambassadorProfile(
  db: D1Database, company: CompanyRow, user: UserRow, a: AmbassadorRow, origin: string, lang: Language | null, known?: MembershipRow[],
): Promise<AmbassadorProfile> {
  // One D1 round trip for everything the profile shows.
  const standingStatement = loyaltyStandingStatement(db, company.loyalty_tier_stat_metric, company.id, a.uid, a.referred_by_uid);
  const read = known
    ? { memberships: known, standing: await standingStatement.first<LoyaltyStandingRow>() }
    : await batch(db, { memberships: rows<MembershipRow>(membershipsStatement(db, company.id, a.uid)), standing: row<LoyaltyStandingRow>(standingStatement) });
  const { memberships } = read;
  const balance = safeJson<LoyaltyBalanceRow | null>(read.standing?.balance, null);
  const tiers = safeJson<TierRow[]>(read.standing?.tiers, []);
  const badges = safeJson<BadgeRow[]>(read.standing?.badges, []);
  const referrer = safeJson<ReferrerRow | null>(read.standing?.referrer, null);
  const metric = Number(read.standing?.n ?? 0);
  const b = balance ?? {
    points_earned: 0, points_available: 0, points_redeemed: 0, points_expired: 0,
    cash_earned: 0, cash_available: 0, cash_redeemed: 0, cash_expired: 0,
  };
  const currentIndex = tiers.reduce((found, t, i) => (metric >= t.threshold ? i : found), -1);
  const current = currentIndex >= 0 ? tiers[currentIndex]! : null;
  const next = tiers[currentIndex + 1] ?? null;
  const tierView = (t: (typeof tiers)[number]) => {
    const { name, description } = textsIn(t, lang, ['name', 'description']);
    return { id: t.id, uid: t.uid, name, color: t.color, threshold: t.threshold, image: t.image, is_active: !!t.is_active, description };
  };
  const badgeViews = badges.map((bd) => {
    const { name, description } = textsIn(bd, lang, ['name', 'description']);
    return {
      id: bd.id, uid: bd.uid, name, color: bd.color, points: bd.points, image: bd.image,
      description, is_active: !!bd.is_active, earned: !!bd.earned, earned_at: bd.earned_at,
    };
  });
  const custom = safeJson<Record<string, string>>(a.custom_fields, {});
  return {
    uid: a.uid,
    userid: user.id,
    urls: memberships.map((m) => campaignView(m, origin, lang)),
    access: user.access,
    avatar_url: mediaUrl(a.avatar_key),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    created_at: a.created_at,
    username: a.username,
    share_code: a.share_code,
    memorable_url: `${origin}/${encodeURIComponent(a.username || a.uid)}`,
    facebook_url: a.facebook_url, twitter_url: a.twitter_url, linkedin_url: a.linkedin_url, pinterest_url: a.pinterest_url,
    company: a.company_name, job_title: a.job_title,
    street: a.street, city: a.city, state: a.state, zip: a.zip, country: a.country, phone: a.phone,
    date_of_birth: a.date_of_birth,
    ...(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`custom${i + 1}`, custom[`custom${i + 1}`] ?? null])) as Record<CustomField, string | null>),
    payout_preference: a.payout_preference,
    payout_preference_name: a.payout_preference ? (safeJson<Record<string, string>>(company.payout_preference_options, {})[a.payout_preference] ?? null) : null,
    paypal_email: a.paypal_email,
    dwolla_email: a.dwolla_email,
    email_preferences: a.email_preferences,
    language: a.language,
    group_id: a.group_id,
    deactivated_by_self: !!a.deactivated_by_self,
    referred_by: referrer ? { avatar_url: mediaUrl(referrer.avatar_key), name: fullName(referrer) } : null,
    loyalty_access: !!user.loyalty_access,
    loyalty_badges: badgeViews.filter((bd) => bd.earned),
    loyalty_points_earned: b.points_earned,
    loyalty_points_available: b.points_available,
    loyalty_points_redeemed: b.points_redeemed,
    loyalty_points_expired: b.points_expired,
    loyalty_cash_earned: b.cash_earned,
    loyalty_cash_redeemed: b.cash_redeemed,
    loyalty_cash_expired: b.cash_expired,
    loyalty_cash_available: b.cash_available,
    loyalty_points_current_tier: current?.threshold ?? 0,
    loyalty_points_next_tier: next?.threshold ?? null,
    rewards_points_earned: b.points_earned,
    rewards_points_balance: b.points_available,
    tier_metric: company.loyalty_tier_stat_metric,
    tier_metric_value: metric,
    current_tier: current ? tierView(current) : null,
    next_tier: next ? tierView(next) : null,
    current_tier_progress_value: metric,
    badges: badgeViews,
    tiers: tiers.map(tierView),
    loyalty_clickable_tasks: clickedTaskIds(a.loyalty_clickable_tasks),
  };
}

/** The ids of the tasks the ambassador clicked (spec §7 `affiliate.loyalty_clickable_tasks`), as numbers. */
function clickedTaskIds(text: string | null | undefined): number[] {
  const list = safeJson<unknown>(text, []);
  return Array.isArray(list) ? list.map(Number).filter((id) => Number.isInteger(id) && id > 0) : [];
}
