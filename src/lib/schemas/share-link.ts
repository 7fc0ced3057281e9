import { z } from 'zod';

// Share links (spec §3 "Share link"): one schema for the form on /app/sharing, the islands and the API.
// The form names are the spec's (campaign, description, medium, redirectUrl, shortCode, source); the API
// also accepts the snake_case names (redirect_url, short_code) through `normalizeShareLinkInput`.

export const SHORT_CODE_MAX = 32;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const MEDIUM_SUGGESTIONS = ['article', 'picture', 'video'] as const;
export const SOURCE_SUGGESTIONS = ['email', 'personal website'] as const;

/** Message keys (src/lib/i18n/en.ts) of the share-link rules; the API sends them as `error_codes`. */
export const shortCodeMessages = {
  invalid: 'shortCodeInvalid',
  tooLong: 'maxChars32',
  taken: 'shortCodeTaken',
} as const;

export const redirectUrlMessages = {
  invalid: 'invalidUrl',
  scheme: 'redirectUrlScheme',
  /** Placeholder `{host}`. */
  host: 'redirectUrlHost',
} as const;

/** The key of "At most N characters." for the lengths these forms use. */
const MAX_CHARS = { 32: 'maxChars32', 64: 'maxChars64', 255: 'maxChars255', 2048: 'maxChars2048' } as const;

const freeText = (max: keyof typeof MAX_CHARS) => z.string().trim().max(max, MAX_CHARS[max]).default('');

/** An http(s) URL or blank (blank = the campaign's landing page, spec §5). */
export const redirectUrl = z
  .string()
  .trim()
  .max(2048, MAX_CHARS[2048])
  .superRefine((value, ctx) => {
    if (!value) return;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: redirectUrlMessages.invalid });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: redirectUrlMessages.scheme });
  });

/** A short code; blank on create means "make one up". */
export const shortCode = z
  .string()
  .trim()
  .max(SHORT_CODE_MAX, shortCodeMessages.tooLong)
  .refine((v) => v === '' || SHORT_CODE_PATTERN.test(v), shortCodeMessages.invalid)
  .default('');

const campaignRef = z.union([z.number().int().positive(), z.string().trim().min(1, 'required').max(64, 'selectYourCampaign')], {
  error: 'required',
});

export const shareLinkCreateSchema = z.object({
  campaign: campaignRef,
  description: freeText(255),
  medium: freeText(64),
  source: freeText(64),
  redirectUrl: redirectUrl.default(''),
  shortCode,
});
export type ShareLinkCreateInput = z.infer<typeof shareLinkCreateSchema>;

/** PATCH: every field optional; a present campaign must still be one of the ambassador's. */
export const shareLinkUpdateSchema = z.object({
  campaign: campaignRef.optional(),
  description: z.string().trim().max(255, MAX_CHARS[255]).optional(),
  medium: z.string().trim().max(64, MAX_CHARS[64]).optional(),
  source: z.string().trim().max(64, MAX_CHARS[64]).optional(),
  redirectUrl: redirectUrl.optional(),
  shortCode: z
    .string()
    .trim()
    .min(1, 'required')
    .max(SHORT_CODE_MAX, shortCodeMessages.tooLong)
    .regex(SHORT_CODE_PATTERN, shortCodeMessages.invalid)
    .optional(),
});
export type ShareLinkUpdateInput = z.infer<typeof shareLinkUpdateSchema>;

/** Maps API/snake_case names onto the form names (`redirect_url` -> `redirectUrl`, `campaign_uid` -> `campaign`). */
export function normalizeShareLinkInput(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object') return {};
  const input = { ...(raw as Record<string, unknown>) };
  const alias: Record<string, string> = {
    redirect_url: 'redirectUrl', short_code: 'shortCode', campaign_uid: 'campaign', campaign_id: 'campaign',
  };
  for (const [from, to] of Object.entries(alias)) {
    if (from in input && !(to in input)) input[to] = input[from];
    delete input[from];
  }
  // A numeric campaign id sent by an HTML form arrives as a string.
  if (typeof input.campaign === 'string' && /^\d+$/.test(input.campaign)) input.campaign = Number(input.campaign);
  if (input.redirectUrl === null) input.redirectUrl = '';
  return input;
}

/** Hosts a share link of the campaign may point at: its allowed hosts plus its landing page's host. */
export function allowedRedirectHosts(campaignUrl: string, allowedHosts: readonly string[]): Set<string> {
  const hosts = new Set(allowedHosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
  try {
    hosts.add(new URL(campaignUrl).host.toLowerCase());
  } catch {
    /* a campaign without a valid landing page allows only its listed hosts */
  }
  return hosts;
}

/** Track-share payload of spec §3 (the copy channel's name, `copy`, is in share-tracking.ts). */
export const trackShareSchema = z.object({
  short_code: z.string({ error: 'required' }).trim().min(1, 'required').max(SHORT_CODE_MAX, MAX_CHARS[32]),
  social_name: z.string({ error: 'required' }).trim().toLowerCase().min(1, 'required').max(32, MAX_CHARS[32]).regex(/^[a-z0-9_.-]+$/, 'invalidField'),
  recipient_email: z.string().trim().max(254, 'invalidEmail').nullable().optional(),
  recipient_username: z.string().trim().max(254, 'invalidField').nullable().optional(),
});
export type TrackShareInput = z.infer<typeof trackShareSchema>;

