import type { z } from 'zod';
import type { AmbassadorCreate, AmbassadorFilters, AmbassadorListQuery, groupMoveSchema } from '../../lib/schemas/operator-people';
import { newShortCode } from '../auth/codes';
import { listJoinableCampaigns } from '../auth/queries';
import { findUser } from '../auth/user-queries';
import { isoNow, newUid } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { loadCustomization } from '../companies/customization';
import { findCompany } from '../companies/queries';
import type { Operator } from '../core/operator-keys';
import {
  ambassadorView, announce, campaignByRef, groupByRef, invite, unknownCampaigns, unknownGroup, writeAccount, type CompanyRefs,
  type NewAmbassador,
} from './accounts';
import {
  companyRefRows, deactivateStatements, findAmbassador, joinCampaignStatements, leaveCampaignStatement,
  listAmbassadors as listAmbassadorRows, reactivateStatement, setGroupStatement, writeThenReadAmbassador, type AmbassadorFilterIds,
  type CampaignRefRow,
} from './operator-queries';

// The operator's ambassador calls: list, read, create (with an optional invitation), invite again,
// deactivate / reactivate, move to a group, join / leave a campaign. Another company's uid is a 404.

const notFound = () => new ApiError('not_found', 'notFound');

export async function mustFind(db: D1Database, companyId: string, uid: string) {
  const row = await findAmbassador(db, companyId, uid);
  if (!row) throw notFound();
  return row;
}

/** The company's row (for e-mails), which the operator key guarantees exists. */
async function companyOf(db: D1Database, companyId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound();
  return company;
}

/** Runs a write batch whose last statement reads the ambassador back, and answers that view. */
async function writeThenView(db: D1Database, companyId: string, uid: string, writes: D1PreparedStatement[]) {
  const row = await writeThenReadAmbassador(db, companyId, uid, writes);
  if (!row) throw notFound();
  return { ambassador: ambassadorView(row) };
}

/** The filters an operator named, with the group and campaign resolved (an unknown one is a field error). */
export async function resolveFilters(svc: ServiceContext, op: Operator, q: AmbassadorFilters): Promise<AmbassadorFilterIds> {
  const refs: CompanyRefs = q.group || q.campaign ? await companyRefRows(svc.db, op.companyId) : { groups: [], campaigns: [] };
  const group = q.group ? groupByRef(refs, q.group) : undefined;
  const campaign = q.campaign ? campaignByRef(refs, q.campaign) : undefined;
  if (q.group && !group) throw fieldError('group', unknownGroup(q.group));
  if (q.campaign && !campaign) throw fieldError('campaign', unknownCampaigns([q.campaign]));
  return { q: q.q || undefined, email: q.email || undefined, groupId: group?.id, campaignId: campaign?.id, active: q.active, sort: q.sort };
}

/** GET /v1/operator/ambassadors - filtered by name or e-mail, group, campaign and status; newest first unless `sort` says. */
export async function listAmbassadors(svc: ServiceContext, op: Operator, q: AmbassadorListQuery) {
  const filters = await resolveFilters(svc, op, q);
  const { rows, count } = await listAmbassadorRows(svc.db, op.companyId, { ...filters, limit: q.limit, offset: q.offset });
  return { count, limit: q.limit, offset: q.offset, results: rows.map(ambassadorView) };
}

/** GET /v1/operator/ambassadors/{uid} */
export async function getAmbassador(svc: ServiceContext, op: Operator, uid: string) {
  return { ambassador: ambassadorView(await mustFind(svc.db, op.companyId, uid)) };
}

/** The campaigns a registration joins (active, shown on the dashboard): what a new ambassador gets by default. */
export async function joinableOf(db: D1Database, companyId: string, refs: CompanyRefs) {
  const joinable = new Set(await listJoinableCampaigns(db, companyId));
  return refs.campaigns.filter((c) => joinable.has(c.id));
}

/** Resolves the group and campaigns an operator named (no `campaigns`: `defaults`); unknown ones are field errors. */
export function resolveNew(refs: CompanyRefs, input: { group: string | null; campaigns?: string[] | undefined }, defaults: CampaignRefRow[]) {
  const fields: Record<string, string[]> = {};
  const group = input.group ? groupByRef(refs, input.group) ?? null : null;
  if (input.group && !group) fields.group = [unknownGroup(input.group)];
  let campaigns = defaults;
  if (input.campaigns) {
    const found = input.campaigns.map((ref) => campaignByRef(refs, ref));
    const unknown = input.campaigns.filter((_, k) => !found[k]);
    if (unknown.length) fields.campaigns = [unknownCampaigns(unknown)];
    campaigns = [...new Map(found.filter((c) => c !== undefined).map((c) => [c.id, c])).values()];
  }
  return { fields, group, campaigns };
}

/** POST /v1/operator/ambassadors - a new ambassador; with `invite` the set-password e-mail goes out too. */
export async function createAmbassador(svc: ServiceContext, op: Operator, input: AmbassadorCreate) {
  const { db } = svc;
  const [refs, customization, company] = await Promise.all([
    companyRefRows(db, op.companyId), loadCustomization(db, op.companyId), companyOf(db, op.companyId),
  ]);
  const defaults = input.campaigns ? [] : await joinableOf(db, op.companyId, refs);
  const { fields, group, campaigns } = resolveNew(refs, input, defaults);
  if (Object.keys(fields).length) throw new ApiError('validation', 'invalidInput', fields);
  const a: NewAmbassador = {
    email: input.email, firstName: input.first_name, lastName: input.last_name, language: input.language, group, campaigns,
    loyaltyAccess: input.loyalty_access ?? customization.company.register.set_contact_loyalty_on_register,
  };
  const written = await writeAccount(db, op.companyId, a);
  if (written === 'exists') throw fieldError('email', 'emailTaken');
  const user = (await findUser(db, op.companyId, written.userId))!;
  await announce(svc, company, { uid: written.uid, user }, a, { invite: input.invite, source: 'operator' });
  return { ...(await getAmbassador(svc, op, written.uid)), invited: input.invite };
}

/**
 * POST /v1/operator/ambassadors/{uid}/invite - (re)sends the set-password e-mail; the new link replaces
 * any earlier one. An ambassador who already has a password, or is deactivated, is a 409.
 */
export async function inviteAmbassador(svc: ServiceContext, op: Operator, uid: string) {
  const row = await mustFind(svc.db, op.companyId, uid);
  if (row.has_password) {
    throw new ApiError('conflict', 'This ambassador has already set a password; they can use "Forgot your password?" on the login page.');
  }
  if (row.deactivated_at) throw new ApiError('conflict', 'This ambassador is deactivated: reactivate them before inviting them.');
  const [company, user] = await Promise.all([companyOf(svc.db, op.companyId), findUser(svc.db, op.companyId, row.user_id)]);
  await invite(svc, company, user!);
  return { ambassador: ambassadorView(row), invited: true as const };
}

/** POST /v1/operator/ambassadors/{uid}/deactivate - no log in, and every token of theirs stops working at once. */
export async function deactivateAmbassador(svc: ServiceContext, op: Operator, uid: string) {
  await mustFind(svc.db, op.companyId, uid);
  return writeThenView(svc.db, op.companyId, uid, deactivateStatements(svc.db, op.companyId, uid, isoNow()));
}

/** POST /v1/operator/ambassadors/{uid}/reactivate - they can log in again (old sessions stay ended). */
export const reactivateAmbassador = (svc: ServiceContext, op: Operator, uid: string) =>
  writeThenView(svc.db, op.companyId, uid, [reactivateStatement(svc.db, op.companyId, uid)]);

/** PUT /v1/operator/ambassadors/{uid}/group - into a group, or out of every group with `group: null`. */
export async function moveToGroup(svc: ServiceContext, op: Operator, uid: string, input: z.infer<typeof groupMoveSchema>) {
  let groupId: number | null = null;
  if (input.group) {
    const group = groupByRef(await companyRefRows(svc.db, op.companyId), input.group);
    if (!group) throw fieldError('group', unknownGroup(input.group));
    groupId = group.id;
  }
  return writeThenView(svc.db, op.companyId, uid, [setGroupStatement(svc.db, op.companyId, uid, groupId)]);
}

async function campaignAndAmbassador(svc: ServiceContext, op: Operator, uid: string, campaignRef: string) {
  const [refs] = await Promise.all([companyRefRows(svc.db, op.companyId), mustFind(svc.db, op.companyId, uid)]);
  const campaign = campaignByRef(refs, campaignRef);
  if (!campaign) throw notFound();
  return campaign;
}

/**
 * PUT /v1/operator/ambassadors/{uid}/campaigns/{campaign} - joins the campaign with a referral link (kept
 * from an earlier membership, else a new one). Already a member: unchanged.
 */
export async function joinCampaign(svc: ServiceContext, op: Operator, uid: string, campaignRef: string) {
  const campaign = await campaignAndAmbassador(svc, op, uid, campaignRef);
  for (let attempt = 0; ; attempt++) {
    try {
      return await writeThenView(svc.db, op.companyId, uid,
        joinCampaignStatements(svc.db, op.companyId, uid, campaign.id, newUid('sl'), newShortCode()));
    } catch (err) {
      // A short code another link has: draw again.
      if (attempt >= 3 || !String(err).includes('UNIQUE constraint failed: share_links')) throw err;
    }
  }
}

/** DELETE /v1/operator/ambassadors/{uid}/campaigns/{campaign} - leaves it (their links stay, for past clicks). */
export async function leaveCampaign(svc: ServiceContext, op: Operator, uid: string, campaignRef: string) {
  const campaign = await campaignAndAmbassador(svc, op, uid, campaignRef);
  return writeThenView(svc.db, op.companyId, uid, [leaveCampaignStatement(svc.db, op.companyId, uid, campaign.id)]);
}
