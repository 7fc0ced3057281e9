import { batch, row, write } from '../core/named-batch';
import { actForTab, readForTab } from '../companies/tab-access';
import type { z } from 'zod';
import {
  allowedRedirectHosts, normalizeShareLinkInput, redirectUrlMessages, shareLinkCreateSchema, shareLinkUpdateSchema,
  shortCodeMessages, trackShareSchema, type ShareLinkCreateInput, type ShareLinkUpdateInput, type TrackShareInput,
} from '../../lib/schemas/share-link';
import { isoNow, newUid, randomToken } from '../core/crypto';
import { ApiError, fieldError, zodFields } from '../core/errors';
import type { Caller, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { browserLanguage } from '../../lib/languages';
import { textsIn } from '../../lib/row-language';
import { safeJson } from '../core/views';
import { listAssets as listAssetRows } from './asset-queries';
import { insertShare } from './click-queries';
import { campaignForLink, ownCampaign } from './membership';
import {
  campaignHostsStatement, insertShareLinkStatement, isUniqueViolation, listShareLinks as listShareLinkRows,
  ownPersonalCodesStatement, shareLinkViewStatement, updateShareLinkStatement, type CampaignHostsRow, type OwnPersonalCodeRow, type ShareLinkChanges, type ShareLinkListRow,
} from './queries';
import type { assetsQuery, AssetPage, personalCodesQuery, PersonalCodeList, shareLinkListQuery, ShareLinkPage, ShareLinkView, TrackShareResult } from '../../lib/schemas/sharing';
import { assetView, shareLinkView } from './view';

// The share-link, share-tracking and asset calls of spec §7 as plain functions of the verified caller.
// Reads cost one D1 round trip (campaign memberships come with the token check); a write costs one
// more read at most.

/**
 * The create and edit bodies as the API takes them: the form's names (the zod schema's input) or the
 * snake_case aliases (`short_code`, `redirect_url`, `campaign_uid`), see normalizeShareLinkInput.
 */
export type ShareLinkCreateBody = z.input<typeof shareLinkCreateSchema>;
export type ShareLinkUpdateBody = z.input<typeof shareLinkUpdateSchema>;
/** GET /ambassadors/{uid}/custom_urls/ - the caller's custom links, newest first, one page. */
async function listShareLinksUnchecked(
  svc: ServiceContext, caller: Caller, q: z.output<typeof shareLinkListQuery>, pageUrl?: (page: number) => string,
): Promise<ShareLinkPage> {
  const { rows, count } = await listShareLinkRows(svc.db, caller.company.id, caller.ambassador.uid, {
    limit: q.page_size, offset: (q.page - 1) * q.page_size,
  }, browserLanguage(svc.acceptLanguage));
  if (q.ordering === 'created_at') rows.reverse();
  const url = pageUrl ?? ((n: number) =>
    `${svc.origin}/v1/ambassadors/${encodeURIComponent(caller.ambassador.uid)}/custom_urls/?ordering=${q.ordering}&page=${n}&page_size=${q.page_size}`);
  return {
    count,
    next: q.page * q.page_size < count ? url(q.page + 1) : null,
    previous: q.page > 1 ? url(q.page - 1) : null,
    results: rows.map((r) => shareLinkView(r, svc.origin, caller.company.currency)),
  };
}

/** A campaign a link may use: one of the caller's, and active. */
function linkCampaign(caller: Caller, ref: number | string) {
  const campaign = campaignForLink(caller, ref);
  if (!campaign) throw fieldError('campaign', 'selectYourCampaign');
  if (!campaign.is_active) throw fieldError('campaign', 'inactiveCampaign');
  return campaign;
}

/** Blank means the campaign's landing page (null); otherwise the host must be one the campaign allows. */
function checkRedirect(hosts: CampaignHostsRow | null, value: string): string | null {
  if (!value) return null;
  const host = new URL(value).host.toLowerCase();
  const allowed = hosts ? allowedRedirectHosts(hosts.url, safeJson<string[]>(hosts.allowed_hosts, [])) : new Set<string>();
  if (!allowed.has(host)) throw fieldError('redirectUrl', redirectUrlMessages.host, { host });
  return value;
}

/** POST /tables/ambassadors/{uid}/actions/custom_url/create/ - a new custom link (201 in the list shape). */
async function createShareLinkUnchecked(svc: ServiceContext, caller: Caller, body: ShareLinkCreateBody | Record<string, unknown>): Promise<ShareLinkView> {
  const input: ShareLinkCreateInput = parseWith(shareLinkCreateSchema, normalizeShareLinkInput(body));
  const campaign = linkCampaign(caller, input.campaign);
  const hosts = input.redirectUrl
    ? await campaignHostsStatement(svc.db, caller.company.id, campaign.campaign_id).first<CampaignHostsRow>()
    : null;
  const redirect = checkRedirect(hosts, input.redirectUrl);
  const uid = newUid('sl');
  const base = {
    uid, companyId: caller.company.id, ambassadorUid: caller.ambassador.uid, campaignId: campaign.campaign_id,
    description: input.description, source: input.source, medium: input.medium, redirectUrl: redirect, now: isoNow(),
  };
  // No code given: the personal share code plus a random suffix; the rare clash is retried.
  const codes = input.shortCode
    ? [input.shortCode]
    : Array.from({ length: 5 }, () => `${caller.ambassador.share_code.toLowerCase()}-${randomToken(3)}`);
  for (const shortCode of codes) {
    // The insert and the read of the new row in one round trip; no row means the code was taken.
    const { view } = await batch(svc.db, {
      inserted: write(insertShareLinkStatement(svc.db, { ...base, shortCode })),
      view: row<ShareLinkListRow>(shareLinkViewStatement(svc.db, caller.company.id, uid, browserLanguage(svc.acceptLanguage))),
    });
    if (view) return shareLinkView(view, svc.origin, caller.company.currency);
  }
  if (input.shortCode) throw fieldError('shortCode', shortCodeMessages.taken);
  throw new ApiError('conflict', 'shortCodeUnavailable');
}

/** PATCH /urls/{uid}/ - edits one of the caller's custom links (404 for anyone else's and referral links). */
async function updateShareLinkUnchecked(
  svc: ServiceContext, caller: Caller, uid: string, body: ShareLinkUpdateBody | Record<string, unknown>,
): Promise<ShareLinkView> {
  const parsed = shareLinkUpdateSchema.safeParse(normalizeShareLinkInput(body));
  const asked = parsed.success && parsed.data.campaign !== undefined ? campaignForLink(caller, parsed.data.campaign) : null;
  // The link and the hosts of its (new or current) campaign in one round trip.
  const { existing, hosts } = await batch(svc.db, {
    existing: row<ShareLinkListRow>(shareLinkViewStatement(svc.db, caller.company.id, uid, browserLanguage(svc.acceptLanguage))),
    hosts: row<CampaignHostsRow>(campaignHostsStatement(svc.db, caller.company.id, asked?.campaign_id ?? null, uid)),
  });
  if (!existing || existing.ambassador_uid !== caller.ambassador.uid || existing.is_default) throw new ApiError('not_found', 'notFound');
  if (!parsed.success) throw new ApiError('validation', 'invalidInput', zodFields(parsed.error));
  const input: ShareLinkUpdateInput = parsed.data;
  const campaign = linkCampaign(caller, input.campaign ?? existing.campaign_id);
  const changes: ShareLinkChanges = {
    campaign_id: input.campaign !== undefined ? campaign.campaign_id : undefined,
    description: input.description, source: input.source, medium: input.medium,
  };
  // The redirect is checked against the (possibly new) campaign whenever either changes.
  if (input.redirectUrl !== undefined) changes.redirect_url = checkRedirect(hosts, input.redirectUrl);
  else if (input.campaign !== undefined && existing.redirect_url) changes.redirect_url = checkRedirect(hosts, existing.redirect_url);
  // Another link's code (any letter case) fails on the UNIQUE index; the link's own code in another case is fine.
  if (input.shortCode !== undefined && input.shortCode !== existing.short_code) changes.short_code = input.shortCode;
  try {
    const { view } = await batch(svc.db, {
      updated: write(updateShareLinkStatement(svc.db, caller.company.id, caller.ambassador.uid, uid, changes, isoNow())),
      view: row<ShareLinkListRow>(shareLinkViewStatement(svc.db, caller.company.id, uid, browserLanguage(svc.acceptLanguage))),
    });
    // The link was read as the caller's a moment ago; the update and the read are one transaction.
    return shareLinkView(view!, svc.origin, caller.company.currency);
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('shortCode', shortCodeMessages.taken);
    throw err;
  }
}

/** POST /track/share/ - the caller copied or shared one of their links (channel `copy`, `email`, ...). */
export type TrackShareBody = z.input<typeof trackShareSchema>;

export async function trackShare(svc: ServiceContext, caller: Caller, body: TrackShareBody): Promise<TrackShareResult> {
  const input: TrackShareInput = parseWith(trackShareSchema, body);
  const res = await insertShare(svc.db, {
    companyId: caller.company.id, ambassadorUid: caller.ambassador.uid, shortCode: input.short_code,
    socialName: input.social_name, recipientEmail: input.recipient_email ?? null,
    recipientUsername: input.recipient_username ?? null, now: isoNow(),
  });
  if (!res.meta.changes) throw fieldError('short_code', 'unknownShareLink');
  return { detail: 'Share recorded.', code: 'shareRecorded' };
}

/** GET /ambassadors/{uid}/assets/ - assets of the caller's campaigns (one or all), searchable by name. */
async function listAssetsUnchecked(svc: ServiceContext, caller: Caller, q: z.output<typeof assetsQuery>): Promise<AssetPage> {
  const campaign = ownCampaign(caller, q.campaign_uid);
  const { rows, count } = await listAssetRows(svc.db, caller.company.id, caller.ambassador.uid, campaign?.campaign_id ?? null, q.search, {
    limit: q.page_size, offset: (q.page - 1) * q.page_size,
  }, browserLanguage(svc.acceptLanguage));
  return { count, next: null, previous: null, results: rows.map((r) => assetView(r, svc.origin, browserLanguage(svc.acceptLanguage))) };
}

/**
 * GET /ambassadors/{uid}/personal_codes/ - the caller's live personal discount codes (shown beside
 * the share code), of the campaigns they are still in; `campaign_uid` narrows to one of them.
 */
export async function listPersonalCodes(svc: ServiceContext, caller: Caller, q: z.output<typeof personalCodesQuery>): Promise<PersonalCodeList> {
  const campaign = ownCampaign(caller, q.campaign_uid);
  const { results } = await ownPersonalCodesStatement(svc.db, caller.company.id, caller.ambassador.uid).all<OwnPersonalCodeRow>();
  const lang = browserLanguage(svc.acceptLanguage);
  const codes = results.flatMap((r) => {
    const member = caller.memberships.find((m) => m.campaign_id === r.campaign_id);
    if (!member || (campaign && member.campaign_id !== campaign.campaign_id)) return [];
    return [{ code: r.code, campaign_uid: member.campaign_uid, campaign_name: textsIn(member, lang, ['name']).name }];
  });
  return { count: codes.length, results: codes };
}

// Tab access: these exist only for the 'sharing' tab; see src/api/companies/tab-access.ts.
export const listShareLinks = (...args: Parameters<typeof listShareLinksUnchecked>) => readForTab(args[0], args[1], 'sharing', () => listShareLinksUnchecked(...args));
export const createShareLink = (...args: Parameters<typeof createShareLinkUnchecked>) => actForTab(args[0], args[1], 'sharing', () => createShareLinkUnchecked(...args));
export const updateShareLink = (...args: Parameters<typeof updateShareLinkUnchecked>) => actForTab(args[0], args[1], 'sharing', () => updateShareLinkUnchecked(...args));
export const listAssets = (...args: Parameters<typeof listAssetsUnchecked>) => readForTab(args[0], args[1], 'assets', () => listAssetsUnchecked(...args));
