import { z } from 'zod';
import { queryInteger } from './numbers';
import { SHORT_CODE_MAX } from './share-link';
import { components } from './registry';

// Sharing (spec §3 "Share link", "Asset"): what the ambassador API reads and answers about share links,
// share tracking, assets, personal codes, and the public redirect calls (resolve a link, record a click).
// The share-link form's own schemas live in ./share-link.ts (the browser loads that file; this one only
// as types: its answers register with the document at load). Messages are keys of src/lib/i18n/en.ts.

const isoTime = z.string().describe('ISO 8601 UTC time');

/** GET /ambassadors/{uid}/custom_urls/ */
export const shareLinkListQuery = z.object({
  ordering: z.enum(['-created_at', 'created_at'], { error: 'invalidField' }).default('-created_at'),
  page: queryInteger('invalidPage', 1, Number.MAX_SAFE_INTEGER).default(1),
  page_size: queryInteger('invalidField', 1, 200, 'maxPageSize200').default(200),
});
export type ShareLinkListQuery = z.input<typeof shareLinkListQuery>;

/** GET /ambassadors/{uid}/assets/ */
export const assetsQuery = z.object({
  campaign_uid: z.string().trim().max(64, 'invalidField').optional(),
  search: z.string().trim().max(100, 'invalidField').default(''),
  page: queryInteger('invalidPage', 1, Number.MAX_SAFE_INTEGER).default(1),
  page_size: queryInteger('invalidField', 1, 200, 'maxPageSize200').default(100),
});
export type AssetsQuery = z.input<typeof assetsQuery>;

/** GET /ambassadors/{uid}/personal_codes/ - the caller's personal discount codes, of one campaign or all. */
export const personalCodesQuery = z.object({
  campaign_uid: z.string().trim().max(64, 'invalidField').optional(),
});
export type PersonalCodesQuery = z.input<typeof personalCodesQuery>;

/** GET /share_links/resolve/ - exactly one of a short code (`/r/<code>`) or a memorable name (`/<username>`). */
export const resolveQuery = z
  .object({
    short_code: z.string().trim().min(1, 'required').max(SHORT_CODE_MAX, 'maxChars32').optional(),
    username: z.string().trim().min(1, 'required').max(64, 'invalidField').optional(),
  })
  .refine((q) => (q.short_code === undefined) !== (q.username === undefined), { message: 'invalidInput' });
export type ResolveQuery = z.input<typeof resolveQuery>;

/**
 * POST /clicks/ - a visit of a share link the edge redirected. The client's address and user agent are
 * not in the body: the API reads them from the request (see recordClick in src/api/sharing/redirects.ts).
 */
export const clickBody = z.object({
  /**
   * The id the redirect minted for this visit (src/api/sharing/click-id.ts: signed for this company and this
   * link), so the same click sent twice is stored once. Any other id is refused; none: the API mints one.
   */
  click_uid: z.string().trim().regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalidField').optional(),
  share_link_uid: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'invalidField'),
  /** Host of the page the visitor came from (Referer), lower case. */
  referrer_host: z.string().trim().toLowerCase().max(253, 'invalidField').nullable().optional(),
  /** ISO 3166 alpha-2 country of the visitor, as the edge's network knows it. */
  country: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2}$/, 'invalidField').nullable().optional(),
});
export type ClickInput = z.input<typeof clickBody>;

/** A share link as spec §3 names it. Money (`earned`) is in minor units of `currency`, like every amount of this API. */
export const shareLinkAnswer = z
  .object({
    uid: z.string(),
    created_date: isoTime,
    created_at: isoTime,
    description: z.string(),
    source: z.string(),
    medium: z.string(),
    share_link: z.string().describe('The referral URL on the portal host (`/r/<short_code>`)'),
    clicks: z.number().int(),
    referrals: z.number().int(),
    earned: z.number().int().describe('Commissions earned through the link, integer minor units of `currency`'),
    currency: z.string(),
    campaign_id: z.number().int(),
    campaign_uid: z.string(),
    campaign_uid__name: z.string(),
    short_code: z.string(),
    redirect_url: z.string().nullable().describe('Where the link leads (null: the campaign\'s landing page)'),
    is_default: z.boolean().describe('The campaign\'s referral link (not editable)'),
  })
  .register(components, { id: 'ShareLink' });
export type ShareLinkView = z.output<typeof shareLinkAnswer>;

export const shareLinkPageAnswer = z
  .object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(shareLinkAnswer),
  })
  .register(components, { id: 'ShareLinkPage' });
export type ShareLinkPage = z.output<typeof shareLinkPageAnswer>;

export const trackShareAnswer = z
  .object({ detail: z.string(), code: z.literal('shareRecorded') })
  .register(components, { id: 'ShareRecorded' });
export type TrackShareResult = z.output<typeof trackShareAnswer>;

const FILE_KINDS = ['video', 'image', 'audio', 'pdf', 'other'] as const;

/** An asset as spec §3 names it (title, campaign_uid, data_thumbnail, image_snippet, attribute = size). */
export const assetAnswer = z
  .object({
    uid: z.string(),
    title: z.string(),
    campaign_uid: z.string(),
    campaign_id: z.number().int(),
    campaign_name: z.string(),
    file_name: z.string(),
    file_url: z.string(),
    content_type: z.string(),
    kind: z.enum(FILE_KINDS),
    size_bytes: z.number().int(),
    attribute: z.string().describe('The size for people, in the request\'s language'),
    data_thumbnail: z.string().nullable(),
    share_link: z.string().nullable().describe('The caller\'s referral URL in the asset\'s campaign'),
    image_snippet: z.string().describe('HTML to embed the asset with the referral link'),
    created_at: isoTime,
  })
  .register(components, { id: 'Asset' });
export type AssetView = z.output<typeof assetAnswer>;

export const assetPageAnswer = z
  .object({
    count: z.number().int(),
    next: z.null(),
    previous: z.null(),
    results: z.array(assetAnswer),
  })
  .register(components, { id: 'AssetPage' });
export type AssetPage = z.output<typeof assetPageAnswer>;

export const ownPersonalCodesAnswer = z
  .object({
    count: z.number().int(),
    results: z.array(z.object({ code: z.string(), campaign_uid: z.string(), campaign_name: z.string() })),
  })
  .register(components, { id: 'OwnPersonalCodes' });
export type PersonalCodeList = z.output<typeof ownPersonalCodesAnswer>;

/** Where a share link leads: the link, its campaign and the landing URL without a click id. */
export const resolvedShareLinkAnswer = z
  .object({
    share_link_uid: z.string(),
    short_code: z.string(),
    campaign_id: z.number().int(),
    location: z.string().describe('The landing URL with `mbsy` and `campaignid` (the edge adds the visit\'s `mbsy_cid`)'),
  })
  .register(components, { id: 'ResolvedShareLink' });
export type ResolvedShareLink = z.output<typeof resolvedShareLinkAnswer>;

export const clickRecordedAnswer = z
  .object({
    detail: z.string(),
    code: z.literal('clickRecorded'),
    click_uid: z.string(),
    counted: z.boolean().nullable().describe('Whether the click counts (null: sent to the clicks queue, which decides)'),
  })
  .register(components, { id: 'ClickRecorded' });
export type ClickRecorded = z.output<typeof clickRecordedAnswer>;
