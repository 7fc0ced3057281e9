import { SHORT_CODE_PATTERN } from '../../lib/schemas/share-link';
import { clientSignals } from '../core/client-signals';
import { randomToken } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { clicksQueue, enqueueClick } from './click-ingest';
import { mintClickId, readClickId } from './click-id';
import { findClick, writeClicks, type NewClick } from './click-queries';
import { keepLink, keptLink, linkKey } from './link-cache';
import { findCodeTarget, findMemorableTarget } from './queries';
import { clickBody, type ClickInput, type ClickRecorded, type resolveQuery, type ResolvedShareLink } from '../../lib/schemas/sharing';
import type { z } from 'zod';

// The public side of share links (design.md): where `/r/<code>` and the memorable URL `/<username>`
// lead, and the click a visit leaves. The edge calls these through the ambassador client, so the
// redirects work the same against the embedded API (one query for the redirect, the click sent after
// the answer through waitUntil) and a remote one (GET /v1/share_links/resolve/, POST /v1/clicks/).

export { REPEAT_WINDOW_MS } from './click-queries';

// Link previewers, crawlers, monitors and HTTP libraries. Their clicks are stored with counted = 0.
const BOT_PATTERN = new RegExp(
  [
    'bot\\b', 'bot/', 'crawl', 'spider', 'slurp', 'facebookexternalhit', 'facebookcatalog', 'embedly', 'quora link preview',
    'outbrain', 'pinterest/', 'vkshare', 'w3c_validator', 'whatsapp', 'skypeuripreview', 'bitlybot', 'preview',
    'headlesschrome', 'phantomjs', 'lighthouse', 'pingdom', 'uptime', 'monitor', 'curl/', 'wget/', 'httpie',
    'python-requests', 'python-urllib', 'aiohttp', 'go-http-client', 'java/', 'okhttp', 'apache-httpclient', 'node-fetch',
    'undici', 'axios/', 'libwww-perl', 'scrapy', 'autocannon', 'k6/', 'postman',
  ].join('|'),
  'i',
);

/** Known bots by user agent; a missing user agent counts as a bot too (every browser sends one). */
export function isBot(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || BOT_PATTERN.test(ua);
}

/**
 * The target with `mbsy=<short_code>&campaignid=<id>` added; the target's own query parameters stay,
 * except a `mbsy_cid` it carries: the click id is the visit's own (`withClickId`), never a fixed one.
 */
export function redirectLocation(target: string, shortCode: string, campaignId: number): string {
  const url = new URL(target);
  url.searchParams.delete('mbsy_cid');
  url.searchParams.set('mbsy', shortCode);
  url.searchParams.set('campaignid', String(campaignId));
  return url.toString();
}

/** The landing URL of one visit: the link's location with `mbsy_cid=<click id>` beside mbsy and campaignid. */
export function withClickId(location: string, clickId: string): string {
  const url = new URL(location);
  url.searchParams.set('mbsy_cid', clickId);
  return url.toString();
}

function tenantOf(svc: ServiceContext): string {
  if (!svc.tenantCompanyId) throw new ApiError('bad_request', 'portalUnknown');
  return svc.tenantCompanyId;
}

/**
 * GET /share_links/resolve/?short_code= | ?username= - where a share link (or the memorable URL of an
 * ambassador, by username or uid) leads, in the tenant the edge names (`x-portal-company`). Null when
 * there is no such link, its campaign is inactive, the ambassador left (or the company deactivated
 * them), or its target is not a URL: the visitor gets the "link not found" page (or, for a memorable
 * URL, the pages). One D1 query, or none while this isolate keeps the answer (./link-cache.ts: at
 * most LINK_CACHE_TTL_MS, and forgotten by any write request it serves). The location carries no
 * click id: the edge adds the visit's own (`withClickId`).
 */
export async function resolveShareLink(svc: ServiceContext, q: z.output<typeof resolveQuery>): Promise<ResolvedShareLink | null> {
  const companyId = tenantOf(svc);
  if (q.short_code !== undefined && !SHORT_CODE_PATTERN.test(q.short_code)) return null;
  const key = q.short_code !== undefined ? linkKey(companyId, 'short_code', q.short_code) : linkKey(companyId, 'username', q.username!);
  const kept = keptLink(key);
  if (kept) return kept;
  const link = q.short_code !== undefined
    // A share link's code, or an ambassador's share code (their referral link: ./queries.ts findCodeTarget).
    ? await findCodeTarget(svc.db, companyId, q.short_code)
    : await findMemorableTarget(svc.db, companyId, q.username!);
  if (!link || !link.campaign_active || link.deactivated_by_self || link.deactivated_at) return null;
  try {
    const location = redirectLocation(link.redirect_url || link.campaign_url, link.short_code, link.campaign_id);
    const resolved = { share_link_uid: link.uid, short_code: link.short_code, campaign_id: link.campaign_id, location };
    keepLink(key, resolved);
    return resolved;
  } catch {
    console.error('redirect: bad target URL for link', link.uid);
    return null;
  }
}

/**
 * POST /clicks/ - records a visit of a link of the tenant. The API, not the edge, derives the client
 * hash and the bot flag, from the request's client address (`x-portal-client-ip`, which the edge sets from the network
 * as it does for rate limits) and user agent: the salt (CLICK_HASH_SALT) stays a secret of
 * the API that stores the clicks, the raw address never travels in a body and is only ever an input to
 * the salted hash, and a caller cannot choose a hash to make repeated clicks count. The referrer host
 * and the country come in the body: only the edge sees the visitor's Referer and network country. So
 * does the click's id, made at the redirect, so that a retried POST stores the click once.
 *
 * With the clicks queue (./click-ingest.ts) the click is sent, not written: no D1 on this path, and
 * `counted` is null (the consumer decides, by the same rules; a link that is not the tenant's stores
 * nothing there). Without it the click is written at once and the answer says whether it counts.
 */
export async function recordClick(svc: ServiceContext, input: ClickInput): Promise<ClickRecorded> {
  const body = parseWith(clickBody, input);
  const companyId = tenantOf(svc);
  const ua = svc.userAgent ?? '';
  // Only the portal's own ids are taken: one minted for this company and this very link (the redirect's),
  // else a new one. A caller can never choose the id a click is stored under (and so a sale is credited by).
  let clickUid = body.click_uid;
  if (clickUid !== undefined) {
    const claims = await readClickId(svc.env, companyId, clickUid);
    if (!claims || claims.shareLinkUid !== body.share_link_uid) throw fieldError('click_uid', 'invalidField');
  } else {
    clickUid = (await mintClickId(svc.env, companyId, body.share_link_uid)) ?? `u${randomToken(16)}`;
  }
  const click: NewClick = {
    clickUid,
    companyId,
    shareLinkUid: body.share_link_uid,
    referrerHost: body.referrer_host || null,
    country: body.country || null,
    ...(await clientSignals(svc)),
    bot: isBot(ua),
    at: new Date().toISOString(),
  };
  const recorded = { detail: 'Click recorded.', code: 'clickRecorded' as const, click_uid: click.clickUid };
  const queue = clicksQueue(svc.env);
  if (queue) {
    try {
      await enqueueClick(queue, click);
      return { ...recorded, counted: null };
    } catch (err) {
      // The queue refused it (an outage, a limit): the click is written now rather than lost.
      console.error('clicks: queue send failed, writing directly', err);
    }
  }
  const [stored] = await writeClicks(svc.db, [click]);
  // Nothing stored: the link is not the tenant's, or a retried POST whose click is already stored.
  const row = stored ?? (await findClick(svc.db, companyId, click.clickUid));
  if (!row) throw new ApiError('not_found', 'notFound');
  return { ...recorded, counted: row.counted };
}
