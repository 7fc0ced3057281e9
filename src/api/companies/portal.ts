import { findCompanyByHost, listCustomizations, listGroups, listLanguages } from './queries';
import { safeJson } from '../core/views';
import type { Customization } from '../../lib/schemas/customization';
import type { PortalView } from '../../lib/schemas/companies';
import type { CompanyRow } from '../core/rows';

/** The public company record of spec §3 with its raw customization rows (the edge resolves precedence). */
export async function portalView(db: D1Database, company: CompanyRow): Promise<PortalView> {
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
      rows.filter((r) => r.campaign_id !== null).map((r) => [String(r.campaign_id), safeJson<unknown>(r.settings, {})]),
    ),
  };
}

export type { PortalView };

/**
 * A host's portal as the edge holds it for a request and the tenant lookup cache keeps it (cache.ts): the
 * view, the host it answers and the customization resolved for it.
 */
export interface Portal extends PortalView {
  host: string;
  settings: Customization;
}

/** GET /portal.json?host= - the company serving `host` with its raw customization rows, or null. */
export async function portalByHost(db: D1Database, host: string): Promise<PortalView | null> {
  const company = await findCompanyByHost(db, host);
  return company ? portalView(db, company) : null;
}

type Layer = Record<string, unknown>;
const isObject = (v: unknown): v is Layer => typeof v === 'object' && v !== null && !Array.isArray(v);
const limited = (tab: Layer) =>
  (Array.isArray(tab.campaigns_with_tab_access) && tab.campaigns_with_tab_access.length > 0) || (Array.isArray(tab.groups) && tab.groups.length > 0);

/** One customization layer as the public may read it (see publicPortalView). */
function publicLayer(layer: Layer): Layer {
  const out: Layer = { ...layer };
  // Scripts of the signed-in pages (the dashboard's head and body scripts) are not the public's.
  if (isObject(out.dashboard)) {
    const { head_scripts: _head, body_scripts: _body, ...rest } = out.dashboard;
    out.dashboard = rest;
  }
  // A custom tab limited to campaigns or groups keeps its name and place in the menu, not its content.
  if (isObject(out.tabs) && Array.isArray(out.tabs.custom)) {
    out.tabs = {
      ...out.tabs,
      custom: out.tabs.custom.map((tab: unknown) => {
        if (!isObject(tab) || !limited(tab)) return tab;
        const { html: _html, source: _source, ...rest } = tab;
        return rest;
      }),
    };
  }
  return out;
}

/**
 * What the public GET /v1/portal.json shows: the record without the signed-in pages' scripts
 * and without the HTML (or external page) of custom tabs limited to campaigns or groups, in the company's
 * layer and every campaign's. The embedded edge reads the full record through portalByHost; those parts
 * only ever reach a browser inside a page the page gate let the person open.
 */
export function publicPortalView(view: PortalView): PortalView {
  return {
    ...view,
    customization: publicLayer(view.customization),
    campaign_customizations: Object.fromEntries(Object.entries(view.campaign_customizations).map(([id, layer]) => [id, isObject(layer) ? publicLayer(layer) : layer])),
  };
}

/** GET /portal.json?host= - the public record of the company serving `host`, as a list of one (`[]`: none). */
export async function publicPortal(db: D1Database, host: string): Promise<PortalView[]> {
  const view = await portalByHost(db, host);
  return view ? [publicPortalView(view)] : [];
}
