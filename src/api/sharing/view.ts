import { embedCode, formatFileSize } from '../../lib/embed';
import { fileKind } from '../../lib/file-kinds';
import { mediaUrl } from '../core/views';
import type { AssetRow } from './asset-queries';
import type { ShareLinkListRow } from './queries';
import type { AssetView, ShareLinkView } from '../../lib/schemas/sharing';

/** The referral URL of a short code on the portal host (design.md: `/r/<short_code>`). */
export const shareUrl = (origin: string, shortCode: string) => `${origin}/r/${encodeURIComponent(shortCode)}`;

/** A share link as spec §3 names it. Money (`earned`) is in minor units of `currency`, like every amount of this API. */
export function shareLinkView(row: ShareLinkListRow, origin: string, currency: string): ShareLinkView {
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

/** An asset as spec §3 names it (title, campaign_uid, data_thumbnail, image_snippet, attribute = size). */
export function assetView(a: AssetRow, origin: string, lang: string | null = null): AssetView {
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
    attribute: formatFileSize(a.size_bytes, lang),
    data_thumbnail: thumb,
    share_link: referral,
    image_snippet: embedCode({ title: a.title, fileName: a.file_name, fileUrl, thumbnailUrl: thumb, referralLink: referral }, kind),
    created_at: a.created_at,
  };
}
