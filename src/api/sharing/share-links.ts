import { Hono } from 'hono';
import { z } from 'zod';
import {
  allowedRedirectHosts, normalizeShareLinkInput, redirectUrlMessages, shareLinkCreateSchema, shareLinkUpdateSchema,
  shortCodeMessages,
} from '../../lib/schemas/share-link';
import { portalOrigin, loadSelf } from '../profile/routes';
import { isoNow, newUid, randomToken } from '../core/crypto';
import { findCompany } from '../portal/queries';
import {
  findMemberCampaign, findShareLinkView, insertShareLink, listShareLinks, shortCodeTaken,
  updateShareLink, type MemberCampaignRow, type ShareLinkChanges, type ShareLinkListRow,
} from './queries';
import { ApiError, fieldError } from '../core/errors';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import { safeJson } from '../profile/view';
import type { ApiContext, ApiEnv } from '../core/types';
import { parseWith, readFormData, readQuery } from '../core/validate';

/** The referral URL of a short code on the portal host (design.md: `/r/<short_code>`). */
export const shareUrl = (origin: string, shortCode: string) => `${origin}/r/${encodeURIComponent(shortCode)}`;

/** A share link as spec §3 names it. Money (`earned`) is in minor units of `currency`, like every amount of this API. */
export function shareLinkView(row: ShareLinkListRow, origin: string, currency: string) {
  return {
    uid: row.uid,
    created_date: row.created_at,
    created_at: row.created_at,
    description: row.description,
    source: row.source,
    medium: row.medium,
    share_link: shareUrl(origin, row.short_code),
    clicks: row.clicks,
    referrals: row.referrals,
    earned: row.earned_minor,
    currency,
    campaign_id: row.campaign_id,
    campaign_uid: row.campaign_uid,
    campaign_uid__name: row.campaign_name,
    short_code: row.short_code,
    redirect_url: row.redirect_url,
    is_default: !!row.is_default,
  };
}

const listQuery = z.object({
  ordering: z.enum(['-created_at', 'created_at']).default('-created_at'),
  page: z.coerce.number().int().min(1, 'Invalid page.').default(1),
  page_size: z.coerce.number().int().min(1).max(200, 'At most 200.').default(200),
});

export async function readJsonOrForm(c: ApiContext): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    return Object.fromEntries(await readFormData(c));
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'The request body is not valid JSON.');
  }
}

async function memberCampaign(c: ApiContext, ref: number | string) {
  const p = c.var.principal;
  const campaign = await findMemberCampaign(c.env.DB, p.companyId, p.ambassadorUid, ref);
  if (!campaign) throw fieldError('campaign', 'Select one of your campaigns.');
  if (!campaign.is_active) throw fieldError('campaign', 'This campaign is no longer active.');
  return campaign;
}

/** Blank means the campaign's landing page (null); otherwise the host must be one the campaign allows. */
function checkRedirect(campaign: MemberCampaignRow, value: string): string | null {
  if (!value) return null;
  const host = new URL(value).host.toLowerCase();
  const allowed = allowedRedirectHosts(campaign.url, safeJson<string[]>(campaign.allowed_hosts, []));
  if (!allowed.has(host)) throw fieldError('redirectUrl', redirectUrlMessages.host.replace('{host}', host));
  return value;
}

async function respondWithLink(c: ApiContext, uid: string, status: 200 | 201) {
  const p = c.var.principal;
  const [row, company] = await Promise.all([findShareLinkView(c.env.DB, p.companyId, uid), findCompany(c.env.DB, p.companyId)]);
  if (!row) throw new ApiError('not_found', 'Not found.');
  return c.json(shareLinkView(row, portalOrigin(c), company?.currency ?? 'USD'), status);
}

export const shareLinks = new Hono<ApiEnv>()
  // GET /v1/ambassadors/{uid}/custom_urls/ - the caller's share links, newest first
  .get('/ambassadors/:uid/custom_urls/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('uid'));
    const q = readQuery(c, listQuery);
    const { company } = await loadSelf(c);
    const { rows, count } = await listShareLinks(c.env.DB, p.companyId, p.ambassadorUid, {
      limit: q.page_size, offset: (q.page - 1) * q.page_size,
    });
    if (q.ordering === 'created_at') rows.reverse();
    const origin = portalOrigin(c);
    const pageUrl = (n: number) => {
      const url = new URL(c.req.url);
      url.searchParams.set('page', String(n));
      return url.toString();
    };
    return c.json({
      count,
      next: q.page * q.page_size < count ? pageUrl(q.page + 1) : null,
      previous: q.page > 1 ? pageUrl(q.page - 1) : null,
      results: rows.map((r) => shareLinkView(r, origin, company.currency)),
    });
  })
  // POST /v1/tables/ambassadors/{uid}/actions/custom_url/create/ - create a share link
  .post('/tables/ambassadors/:uid/actions/custom_url/create/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('uid'));
    const input = parseWith(shareLinkCreateSchema, normalizeShareLinkInput(await readJsonOrForm(c)));
    const campaign = await memberCampaign(c, input.campaign);
    const redirect = checkRedirect(campaign, input.redirectUrl);
    const { ambassador } = await loadSelf(c);
    const uid = newUid('sl');
    const base = { uid, companyId: p.companyId, ambassadorUid: p.ambassadorUid, campaignId: campaign.id,
      description: input.description, source: input.source, medium: input.medium, redirectUrl: redirect, now: isoNow() };
    if (input.shortCode) {
      if (!(await insertShareLink(c.env.DB, { ...base, shortCode: input.shortCode }))) throw fieldError('shortCode', shortCodeMessages.taken);
    } else {
      // No code given: the personal share code plus a random suffix; retry the rare clash.
      let inserted = false;
      for (let attempt = 0; attempt < 5 && !inserted; attempt++) {
        const code = `${ambassador.share_code.toLowerCase()}-${randomToken(3)}`;
        inserted = await insertShareLink(c.env.DB, { ...base, shortCode: code });
      }
      if (!inserted) throw new ApiError('conflict', 'Could not make up a free short code. Please choose one.');
    }
    return respondWithLink(c, uid, 201);
  })
  // PATCH /v1/urls/{uid}/ - edit one of the caller's share links
  .patch('/urls/:uid/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    const uid = c.req.param('uid');
    const existing = await findShareLinkView(c.env.DB, p.companyId, uid);
    if (!existing || existing.ambassador_uid !== p.ambassadorUid || existing.is_default) throw new ApiError('not_found', 'Not found.');
    const input = parseWith(shareLinkUpdateSchema, normalizeShareLinkInput(await readJsonOrForm(c)));
    const campaign = await memberCampaign(c, input.campaign ?? existing.campaign_id);
    const changes: ShareLinkChanges = {
      campaign_id: input.campaign !== undefined ? campaign.id : undefined,
      description: input.description, source: input.source, medium: input.medium,
    };
    // The redirect is checked against the (possibly new) campaign whenever either changes.
    if (input.redirectUrl !== undefined) changes.redirect_url = checkRedirect(campaign, input.redirectUrl);
    else if (input.campaign !== undefined && existing.redirect_url) changes.redirect_url = checkRedirect(campaign, existing.redirect_url);
    if (input.shortCode !== undefined && input.shortCode.toLowerCase() !== existing.short_code.toLowerCase()) {
      if (await shortCodeTaken(c.env.DB, p.companyId, input.shortCode, uid)) throw fieldError('shortCode', shortCodeMessages.taken);
      changes.short_code = input.shortCode;
    } else if (input.shortCode !== undefined && input.shortCode !== existing.short_code) {
      changes.short_code = input.shortCode; // same code, other letter case
    }
    const result = await updateShareLink(c.env.DB, p.companyId, p.ambassadorUid, uid, changes, isoNow());
    if (result === 'taken') throw fieldError('shortCode', shortCodeMessages.taken);
    return respondWithLink(c, uid, 200);
  });
