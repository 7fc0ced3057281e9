import { z } from 'zod';
import { SUPPORTED_LANGUAGES, SYSTEM_LANGUAGE } from '../languages.ts';
import { RESERVED_SLUGS } from './customization.ts';
import { isBirthDate } from '../registration-rules.ts';
import { maxCharsKey, type MaxCharsLimit } from '../text-limits.ts';
import { hasUrlShape } from '../url-shape.ts';

// The editable ambassador profile of spec §3 (PATCH /portal/ambassadors/{id}/), shared by the API, the
// /app/account forms and islands. Messages are i18n keys; the API and pages translate them.
// Every field is optional (a PATCH sends what changed); an empty string clears an optional field.

/** Names of the custom fields a company can switch on (settings.profile.show_customN). */
export const CUSTOM_FIELDS = ['custom1', 'custom2', 'custom3', 'custom4', 'custom5', 'custom6', 'custom7', 'custom8', 'custom9', 'custom10'] as const;
export type CustomField = (typeof CUSTOM_FIELDS)[number];

export const SOCIAL_FIELDS = ['facebook_url', 'twitter_url', 'linkedin_url', 'pinterest_url'] as const;
export const PERSONAL_FIELDS = ['phone', 'company', 'job_title', 'street', 'city', 'state', 'zip', 'country', 'date_of_birth'] as const;

/**
 * First path segments a username cannot take: the memorable URL is /{username}, so it must not shadow a
 * portal route (RESERVED_SLUGS plus the paths this area serves) or a tab name.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  ...RESERVED_SLUGS,
  'media', 'account', 'optout', 'admin', 'support', 'help', 'public', 'index', 'home', 'www', 'null', 'undefined',
  'dashboard', 'stats', 'rewards', 'transactions', 'activity', 'activity-portal', 'sharing', 'profile', 'settings',
]);

export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9_-]{0,38}[a-z0-9])?$/i;

/** A text or null; any other JSON type is refused with a key (never zod's English default). */
const textOrNull = () => z.union([z.string(), z.null()], { error: 'invalidField' });

/** An optional text: trimmed, '' or null means "clear it" (stored as null). */
const optionalText = (max: MaxCharsLimit) =>
  textOrNull().transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, maxCharsKey(max)))
    .transform((v) => (v === '' ? null : v));

const optionalEmail = textOrNull().transform((v) => (v ?? '').trim())
  .pipe(z.union([z.literal(''), z.string().max(254, 'invalidEmail').pipe(z.email({ error: 'invalidEmail' }))]))
  .transform((v) => (v === '' ? null : v.toLowerCase()));

/** Social profile links: absolute http(s) URLs only (never javascript:, data: or a relative path). */
const optionalHttpUrl = textOrNull().transform((v) => (v ?? '').trim())
  .pipe(z.string().max(2048, 'invalidUrl').refine((v) => v === '' || isHttpUrl(v), 'invalidUrl'))
  .transform((v) => (v === '' ? null : v));

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

export { isBirthDate };

const optionalDate = textOrNull().transform((v) => (v ?? '').trim())
  .pipe(z.string().refine((v) => v === '' || isBirthDate(v), 'invalidDate'))
  .transform((v) => (v === '' ? null : v));

const phone = textOrNull().transform((v) => (v ?? '').trim())
  .pipe(z.string().max(32, 'invalidPhone').regex(/^(|\+?[0-9 ().\-/]{4,32})$/, 'invalidPhone'))
  .transform((v) => (v === '' ? null : v));

const username = textOrNull().transform((v) => (v ?? '').trim())
  .pipe(z.string().max(40, 'usernameInvalid').refine((v) => v === '' || USERNAME_PATTERN.test(v), 'usernameInvalid')
    .refine((v) => !RESERVED_USERNAMES.has(v.toLowerCase()), 'usernameReserved'))
  .transform((v) => (v === '' ? null : v));

/** Longest first or last name (the inputs' maxlength says the same). */
export const NAME_MAX_LENGTH = 60;
// A name goes into the e-mails the portal sends (the greeting): never a link or an address, as at registration.
const name = z.string({ error: 'invalidField' }).trim().min(1, 'required').max(NAME_MAX_LENGTH, maxCharsKey(NAME_MAX_LENGTH))
  .refine((v) => !hasUrlShape(v), 'nameHasLink');

/** Longest value of each profile text field: the schema's limit and the input's maxlength. */
export const PROFILE_TEXT_MAX = {
  first_name: NAME_MAX_LENGTH, last_name: NAME_MAX_LENGTH, company: 120, job_title: 120, street: 200, city: 100, state: 100, zip: 20, country: 100,
  custom: 500,
} as const satisfies Record<string, MaxCharsLimit>;

export const LANGUAGE_CHOICES = [...SUPPORTED_LANGUAGES, SYSTEM_LANGUAGE] as const;

const customFields = Object.fromEntries(CUSTOM_FIELDS.map((f) => [f, optionalText(PROFILE_TEXT_MAX.custom).optional()])) as
  Record<CustomField, z.ZodOptional<ReturnType<typeof optionalText>>>;

export const profileUpdateSchema = z.object({
  first_name: name.optional(),
  last_name: name.optional(),
  username: username.optional(),
  phone: phone.optional(),
  company: optionalText(PROFILE_TEXT_MAX.company).optional(),
  job_title: optionalText(PROFILE_TEXT_MAX.job_title).optional(),
  street: optionalText(PROFILE_TEXT_MAX.street).optional(),
  city: optionalText(PROFILE_TEXT_MAX.city).optional(),
  state: optionalText(PROFILE_TEXT_MAX.state).optional(),
  zip: optionalText(PROFILE_TEXT_MAX.zip).optional(),
  country: optionalText(PROFILE_TEXT_MAX.country).optional(),
  date_of_birth: optionalDate.optional(),
  ...customFields,
  facebook_url: optionalHttpUrl.optional(),
  twitter_url: optionalHttpUrl.optional(),
  linkedin_url: optionalHttpUrl.optional(),
  pinterest_url: optionalHttpUrl.optional(),
  /** Key of the company's payout_preference_options; '' clears it. Checked against the company on the server. */
  payout_preference: z.union([z.string(), z.number(), z.null()], { error: 'invalidField' }).transform((v) => (v === null ? '' : String(v).trim()))
    .pipe(z.string().max(32, 'invalidField').regex(/^[\w-]*$/, 'invalidField'))
    .transform((v) => (v === '' ? null : v)).optional(),
  paypal_email: optionalEmail.optional(),
  dwolla_email: optionalEmail.optional(),
  language: textOrNull().transform((v) => (v ?? '').trim())
    .pipe(z.string().refine((v) => v === '' || (LANGUAGE_CHOICES as readonly string[]).includes(v), 'invalidField'))
    .transform((v) => (v === '' ? null : v)).optional(),
}, { error: 'invalidInput' }).strict();

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** PATCH /ambassadors/{id}/active/ (spec §3 "Account deactivation"). */
export const activeSchema = z.object({
  deactivated_by_self: z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'invalidField' })
    .transform((v) => v === true || v === 'true'),
}, { error: 'invalidInput' });
export type ActiveInput = z.input<typeof activeSchema>;

export { AVATAR_FIELD, AVATAR_FILE_NAME, AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, AVATAR_MIN_SIDE, AVATAR_OUTPUT_SIDE } from '../avatar-limits.ts';
