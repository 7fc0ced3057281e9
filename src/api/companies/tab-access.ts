import { loadCustomization } from './customization';
import { isBuiltInTabAllowed } from '../../lib/tabs';
import type { TabKey } from '../../lib/schemas/customization';
import { groupUid } from '../core/caller-queries';
import { ApiError } from '../core/errors';
import type { Caller, ServiceContext } from '../core/types';

/**
 * Tab access is a rule, not a menu. Data and actions that exist only for a tab (the rewards
 * catalogue and redemptions, share links, assets) are refused (403 `tabNotAvailable`) to a person the tab
 * excludes, on every channel: the /v1 routes, the browser's /api (which forwards to them) and the pages'
 * embedded client, since all three reach the same services and each of those services starts here.
 *
 * The rule is the page gate's own (`isBuiltInTabAllowed`, spec §4 and §6), asked for every campaign the
 * person could select: a page shows a campaign-limited tab while that campaign is selected, so the API
 * allows it to members of a campaign the tab is limited to (under that campaign's customization layer),
 * and to everybody in a listed group when the tab is limited to groups.
 */
export async function requireTab(svc: ServiceContext, caller: Caller, key: TabKey): Promise<void> {
  const { company, ambassador, memberships } = caller;
  const [customization, group] = await Promise.all([
    loadCustomization(svc.db, company.id),
    ambassador.group_id === null
      ? null
      : groupUid(svc.db, company.id, ambassador.group_id),
  ]);
  const userGroupUids = group ? [group] : [];
  const admin3Access = !!company.admin3_access;
  const selections = [null, ...memberships.map((m) => m.campaign_id)];
  const allowed = selections.some((selectedCampaignId) =>
    isBuiltInTabAllowed(key, { customization: customization.forCampaign(selectedCampaignId), admin3Access, selectedCampaignId, userGroupUids }));
  if (!allowed) throw new ApiError('forbidden', 'tabNotAvailable');
}

/**
 * A read that exists only for a tab: its queries and the rule's leave in the same D1 batch (pages keep
 * one round trip); the answer is given only when the rule allows it.
 */
export async function readForTab<T>(svc: ServiceContext, caller: Caller, key: TabKey, work: () => Promise<T>): Promise<T> {
  const [gate, result] = await Promise.allSettled([requireTab(svc, caller, key), work()]);
  if (gate.status === 'rejected') throw gate.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** An action that exists only for a tab: the rule first, then the action (nothing is written when refused). */
export async function actForTab<T>(svc: ServiceContext, caller: Caller, key: TabKey, work: () => Promise<T>): Promise<T> {
  await requireTab(svc, caller, key);
  return work();
}
