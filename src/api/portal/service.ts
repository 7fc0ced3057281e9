import { findCompanyByHost, listCustomizations, listGroups, listLanguages, type CompanyRow } from './queries';
import { safeJson } from '../profile/view';

/** The public company record of spec §3 with its raw customization rows (the edge resolves precedence). */
export async function portalView(db: D1Database, company: CompanyRow) {
  const [groups, rows, languages] = await Promise.all([
    listGroups(db, company.id),
    listCustomizations(db, company.id),
    listLanguages(db, company.id),
  ]);
  const companyRow = rows.find((r) => r.campaign_id === null);
  return {
    uid: company.id,
    company_name: company.name,
    currency: company.currency,
    customization_uid: companyRow?.id ?? null,
    payout_preference_options: safeJson<Record<string, string>>(company.payout_preference_options, {}),
    admin3_access: !!company.admin3_access,
    loyalty_tier_stat_metric: company.loyalty_tier_stat_metric,
    localize_project_id: company.localize_project_id,
    point_name: company.point_name,
    groups: groups.map((g) => ({ group_name: g.name, group_id: g.id, uid: g.uid })),
    ambassador_state_choices: safeJson<{ name: string; value: string }[]>(company.ambassador_state_choices, []),
    ambassador_state_type: company.ambassador_state_type,
    recaptcha_enabled: !!company.recaptcha_enabled,
    support_email: company.support_email,
    portal_uid: company.portal_uid,
    languages,
    customization: safeJson<Record<string, unknown>>(companyRow?.settings, {}),
    campaign_customizations: Object.fromEntries(
      rows.filter((r) => r.campaign_id !== null).map((r) => [String(r.campaign_id), safeJson(r.settings, {})]),
    ),
  };
}

export type PortalView = Awaited<ReturnType<typeof portalView>>;

/** GET /portal.json?host= - the company serving `host` with its raw customization rows, or null. */
export async function portalByHost(db: D1Database, host: string) {
  const company = await findCompanyByHost(db, host);
  return company ? portalView(db, company) : null;
}
