import { z } from 'zod';
import { queryInteger } from '../../lib/schemas/numbers';
import { SHORT_CODE_MAX } from '../../lib/schemas/share-link';

// Query and body schemas of the sharing calls that are not forms (the share-link form's schemas live
// in src/lib/schemas/share-link.ts). Messages are keys of src/lib/i18n/en.ts.

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
 * not in the body: the API reads them from the request (see recordClick in ./redirects.ts).
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
