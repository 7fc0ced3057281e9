import { TAB_KEYS, type Customization } from '../../lib/schemas/customization';
import type {
  CampaignAnswer, CampaignCreate, CampaignList, CampaignPatch, CatalogCampaign, Group, GroupAnswer, GroupInput, GroupList,
} from '../../lib/schemas/campaigns';
import type { RemoveAnswer } from '../../lib/schemas/catalog';
import { parseTranslations } from '../../lib/row-language';
import { isTabVisible } from '../../lib/tabs';
import { newUid } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import { forgetCompanyPortal } from '../companies/portal-cache';
import { loadCustomization } from '../companies/customization';
import { safeJson } from '../core/views';
import { tabRulesNamingGroup } from '../companies/operator-customization';
import {
  campaignRow, campaignRows, deleteUnusedGroup, groupNameTaken, groupRow, groupRows, type CampaignRow, type GroupRow,
} from './queries';
import { bit, insertStatement, notFound, patchRow, rowOf, storedTranslations } from '../core/catalog-queries';
import type { Operator } from '../core/operator-keys';

/**
 * Campaigns and groups of the company. A campaign's commission rule applies to conversions
 * recorded after the change; commissions already made keep their amounts. Deactivating a campaign keeps
 * its members, links and history (the portal shows it as inactive); there is no campaign delete.
 */

/** Tabs the campaign's ambassadors may see: shown, enabled, and open to every campaign or listing this one (group rules aside). */
function tabAccess(settings: Customization, campaignId: number): string[] {
  const open = (tab: { enabled: boolean; campaigns_with_tab_access: readonly number[] }) => isTabVisible({ ...tab, groups: [] }, campaignId);
  return [
    ...TAB_KEYS.filter((key) => settings.tabs.items[key].show && open(settings.tabs.items[key])),
    ...settings.tabs.custom.filter(open).map((tab) => tab.slug),
  ];
}

function campaignView(row: CampaignRow, currency: string, settings: Customization): CatalogCampaign {
  return {
    uid: row.uid,
    campaign_id: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    allowed_hosts: safeJson<string[]>(row.allowed_hosts, []),
    native_message: row.native_message,
    portal_logo: row.portal_logo,
    is_active: !!row.is_active,
    is_hidden_dashboard: !!row.is_hidden_dashboard,
    translations: parseTranslations(row.translations),
    commission: {
      type: row.commission_type,
      rate_bps: row.commission_rate_bps,
      fixed_minor: row.commission_fixed_minor,
      currency,
      is_monetary: !!row.commission_is_monetary,
      loyalty_points: row.loyalty_points,
      recurring: row.commission_recurring ? { months: row.commission_recurring_months } : null,
    },
    members: row.members ?? 0,
    tab_access: tabAccess(settings, row.id),
    created_at: row.created_at,
  };
}

async function viewOf(db: D1Database, operator: Operator, uid: string): Promise<CampaignAnswer> {
  const [row, customization] = await Promise.all([
    campaignRow(db, operator.companyId, uid),
    loadCustomization(db, operator.companyId),
  ]);
  if (!row) throw notFound();
  return { campaign: campaignView(row, operator.currency, customization.forCampaign(row.id)) };
}

export async function listCampaigns(db: D1Database, operator: Operator): Promise<CampaignList> {
  const [{ results }, customization] = await Promise.all([
    campaignRows(db, operator.companyId),
    loadCustomization(db, operator.companyId),
  ]);
  return { count: results.length, results: results.map((r) => campaignView(r, operator.currency, customization.forCampaign(r.id))) };
}

export const getCampaign = viewOf;

export async function createCampaign(db: D1Database, operator: Operator, input: CampaignCreate): Promise<CampaignAnswer> {
  const row = await insertStatement(db, 'campaigns', {
    uid: newUid('cmp'),
    company_id: operator.companyId,
    name: input.name,
    description: input.description,
    url: input.url,
    allowed_hosts: JSON.stringify([...new Set(input.allowed_hosts)]),
    native_message: input.native_message,
    portal_logo: input.portal_logo,
    is_active: bit(input.is_active),
    is_hidden_dashboard: bit(input.is_hidden_dashboard),
    translations: JSON.stringify(input.translations),
    commission_type: input.commission.type,
    commission_rate_bps: input.commission.rate_bps,
    commission_fixed_minor: input.commission.fixed_minor,
    commission_is_monetary: bit(input.commission.is_monetary),
    loyalty_points: input.commission.loyalty_points,
    commission_recurring: bit(input.commission.recurring !== null),
    commission_recurring_months: input.commission.recurring?.months ?? null,
  }).first<CampaignRow>();
  return viewOf(db, operator, row!.uid);
}

/** PATCH /v1/operator/campaigns/{uid} - edit, activate / deactivate, hide from the dashboard, commission rule. */
export async function patchCampaign(db: D1Database, operator: Operator, uid: string, input: CampaignPatch): Promise<CampaignAnswer> {
  const rule = input.commission ?? {};
  await patchRow(db, 'campaigns', operator.companyId, uid, {
    name: input.name,
    description: input.description,
    url: input.url,
    allowed_hosts: input.allowed_hosts && JSON.stringify([...new Set(input.allowed_hosts)]),
    native_message: input.native_message,
    portal_logo: input.portal_logo,
    is_active: bit(input.is_active),
    is_hidden_dashboard: bit(input.is_hidden_dashboard),
    translations: storedTranslations(input.translations),
    commission_type: rule.type,
    commission_rate_bps: rule.rate_bps,
    commission_fixed_minor: rule.fixed_minor,
    commission_is_monetary: bit(rule.is_monetary),
    loyalty_points: rule.loyalty_points,
    commission_recurring: rule.recurring === undefined ? undefined : bit(rule.recurring !== null),
    commission_recurring_months: rule.recurring === undefined ? undefined : (rule.recurring?.months ?? null),
  });
  return viewOf(db, operator, uid);
}

// Groups -------------------------------------------------------------------------------------------


const groupView = (g: GroupRow): Group => ({ uid: g.uid, group_id: g.id, name: g.name, members: g.members ?? 0 });

async function groupOf(db: D1Database, companyId: string, uid: string): Promise<GroupAnswer> {
  const row = await groupRow(db, companyId, uid);
  if (!row) throw notFound();
  return { group: groupView(row) };
}

export async function listGroups(db: D1Database, companyId: string): Promise<GroupList> {
  const { results } = await groupRows(db, companyId);
  return { count: results.length, results: results.map(groupView) };
}

/** Two groups of one name could not be told apart on the registration form. */
async function ensureNameFree(db: D1Database, companyId: string, name: string, exceptUid: string | null) {
  if (await groupNameTaken(db, companyId, name, exceptUid)) throw fieldError('name', 'A group of this name exists.');
}

export async function createGroup(env: Env, db: D1Database, companyId: string, input: GroupInput): Promise<GroupAnswer> {
  await ensureNameFree(db, companyId, input.name, null);
  const row = await insertStatement(db, 'groups', { uid: newUid('grp'), company_id: companyId, name: input.name }).first<GroupRow>();
  await forgetCompanyPortal(env, db, companyId);
  return groupOf(db, companyId, row!.uid);
}

export async function patchGroup(env: Env, db: D1Database, companyId: string, uid: string, input: GroupInput): Promise<GroupAnswer> {
  await rowOf(db, 'groups', companyId, uid);
  await ensureNameFree(db, companyId, input.name, uid);
  await patchRow(db, 'groups', companyId, uid, { name: input.name });
  await forgetCompanyPortal(env, db, companyId);
  return groupOf(db, companyId, uid);
}

/**
 * DELETE /v1/operator/groups/{uid} - only a group nothing uses: 409 while ambassadors are in it, assets are
 * limited to it (assets.group_id is a foreign key: the delete would fail) or a tab rule names it. A rule
 * is not rewritten for the operator: without the group, `groups` would name nobody (the tab hidden from
 * all) or, emptied, open the tab to everyone; and a dangling uid would make every later tab edit a 400.
 */
export async function deleteGroup(env: Env, db: D1Database, companyId: string, uid: string): Promise<RemoveAnswer> {
  const rules = await tabRulesNamingGroup(db, companyId, uid);
  if (rules.length) {
    await groupOf(db, companyId, uid);
    throw new ApiError('conflict', `Tab access rules name the group (${rules.join(', ')}); change them first.`);
  }
  const { deleted, limitedAssets } = await deleteUnusedGroup(db, companyId, uid);
  if (deleted.changes === 0) {
    const { group } = await groupOf(db, companyId, uid);
    const limited = limitedAssets?.n ?? 0;
    throw new ApiError('conflict', group.members
      ? `The group still has ${group.members} ambassador(s); move them to another group first.`
      : `${limited} asset(s) are shown to this group only; open them to their whole campaign or delete them first.`);
  }
  await forgetCompanyPortal(env, db, companyId);
  return { uid, outcome: 'deleted' };
}
