import { Hono } from 'hono';
import { z } from 'zod';
import { embedCode, formatFileSize } from '../../lib/embed';
import { fileKind } from '../../lib/file-kinds';
import { portalOrigin } from '../profile/routes';
import { listMemberships } from '../profile/ambassador-queries';
import { listAssets, type AssetRow } from './asset-queries';
import { ApiError } from '../core/errors';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import { mediaUrl } from '../profile/view';
import { shareUrl } from './share-links';
import type { ApiEnv } from '../core/types';
import { readQuery } from '../core/validate';

const assetsQuery = z.object({
  campaign_uid: z.string().trim().max(64).optional(),
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200, 'At most 200.').default(100),
});

/** An asset as spec §3 names it (title, campaign_uid, data_thumbnail, image_snippet, attribute = size). */
export function assetView(a: AssetRow, origin: string) {
  const fileUrl = `${origin}${mediaUrl(a.file_key)}`;
  const kind = fileKind(a.file_name);
  const thumb = a.thumbnail_key ? `${origin}${mediaUrl(a.thumbnail_key)}` : kind === 'image' ? fileUrl : null;
  const referral = a.short_code ? shareUrl(origin, a.short_code) : null;
  return {
    uid: a.uid,
    title: a.title,
    campaign_uid: a.campaign_uid,
    campaign_id: a.campaign_id,
    campaign_name: a.campaign_name,
    file_name: a.file_name,
    file_url: fileUrl,
    content_type: a.content_type,
    kind,
    size_bytes: a.size_bytes,
    attribute: formatFileSize(a.size_bytes),
    data_thumbnail: thumb,
    share_link: referral,
    image_snippet: embedCode({ title: a.title, fileName: a.file_name, fileUrl, thumbnailUrl: thumb, referralLink: referral }, kind),
    created_at: a.created_at,
  };
}

export const assets = new Hono<ApiEnv>()
  // GET /v1/ambassadors/{uid}/assets/ - assets of the caller's campaigns (one or all), searchable by name
  .get('/ambassadors/:uid/assets/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('uid'));
    const q = readQuery(c, assetsQuery);
    let campaignId: number | null = null;
    if (q.campaign_uid) {
      const m = (await listMemberships(c.env.DB, p.companyId, p.ambassadorUid)).find((x) => x.campaign_uid === q.campaign_uid);
      if (!m) throw new ApiError('not_found', 'Not found.');
      campaignId = m.campaign_id;
    }
    const { rows, count } = await listAssets(c.env.DB, p.companyId, p.ambassadorUid, campaignId, q.search, {
      limit: q.page_size, offset: (q.page - 1) * q.page_size,
    });
    const origin = portalOrigin(c);
    return c.json({ count, next: null, previous: null, results: rows.map((r) => assetView(r, origin)) });
  });
