import { z } from 'zod';
import { hexColor, safeUrl } from './common.ts';
import { rowTranslations } from './row-translations.ts';

// Operator API: what a company sends to define its program: tab access, tiers, badges and tasks (campaigns
// and groups are in ./campaigns.ts, the rewards catalogue in ./operator-catalog-rewards.ts).
// Create bodies give defaults; edit (PATCH) bodies are the same fields, all optional and without defaults,
// so a field left out keeps its value. Bodies are strict: a misspelt field is an error, never ignored.
// Amounts are integers: points, or minor units of a currency; messages are English (operator-facing) or
// keys of src/lib/i18n/en.ts.

export const MAX_AMOUNT = 1_000_000_000;

export const name = z.string({ error: 'required' }).trim().min(1, 'required').max(120, 'At most 120 characters.');
export const longText = z.string({ error: 'invalidField' }).trim().max(5000, 'At most 5000 characters.');
export const flag = z.boolean({ error: 'Must be true or false.' });
const wholeNumber = (min: 0 | 1) => z
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .min(min, `Must be ${min} or more.`)
  .max(MAX_AMOUNT, `At most ${MAX_AMOUNT}.`);
/** Points or minor units: a whole number, 0 or more. */
export const amount = wholeNumber(0);
/** Points or minor units, at least 1. */
export const positiveAmount = wholeNumber(1);
/** An image or page: an http(s) URL or a site-relative path ("/brand/logo.svg"). */
export const imageUrl = safeUrl;
export const uidRef = z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'maxChars64');

// Customization ------------------------------------------------------------------------------------

/**
 * A customization document (PUT): any JSON object here; the service checks it against the portal's own
 * schema (./customization.ts) and names every error by path.
 */
export const customizationDocument = z.record(z.string(), z.unknown());

// Tab access ---------------------------------------------------------------------------------------

/**
 * Who sees a tab (spec §4): when `campaigns` lists campaigns, only ambassadors in one of them; when it is
 * empty, everyone, or only members of `groups` when that lists groups.
 */
export const tabAccessSchema = z.strictObject({
  campaigns: z.array(uidRef, { error: 'A list of campaign uids.' }).max(200, 'At most 200 campaigns.').default([]),
  groups: z.array(uidRef, { error: 'A list of group uids.' }).max(200, 'At most 200 groups.').default([]),
});
export type TabAccessInput = z.infer<typeof tabAccessSchema>;

// Tiers, badges, tasks -----------------------------------------------------------------------------

const DEFAULT_COLOR = '#3c97d3';

/** A tier's or a badge's name and description in other languages, by language code (PATCH replaces the whole object). */
const nameAndDescription = () => rowTranslations(z.strictObject({ name: name.optional(), description: longText.optional() }));

const tierFields = {
  name, color: hexColor, threshold: amount, image: imageUrl.nullable(), description: longText, is_active: flag, translations: nameAndDescription(),
};
/** `threshold`: where the tier starts, in the company's tier metric (points, referrals, or revenue in minor units). */
export const tierCreateSchema = z.strictObject({
  ...tierFields,
  color: tierFields.color.default(DEFAULT_COLOR),
  image: tierFields.image.default(null),
  description: tierFields.description.default(''),
  is_active: tierFields.is_active.default(true),
  translations: tierFields.translations.default({}),
});
export const tierPatchSchema = z.strictObject(tierFields).partial();
export type TierCreate = z.infer<typeof tierCreateSchema>;
export type TierPatch = z.infer<typeof tierPatchSchema>;

const badgeFields = {
  name, color: hexColor, points: amount, image: imageUrl.nullable(), description: longText, is_active: flag, translations: nameAndDescription(),
};
/** `points`: the points that earn the badge. */
export const badgeCreateSchema = z.strictObject({
  ...badgeFields,
  color: badgeFields.color.default(DEFAULT_COLOR),
  points: badgeFields.points.default(0),
  image: badgeFields.image.default(null),
  description: badgeFields.description.default(''),
  is_active: badgeFields.is_active.default(true),
  translations: badgeFields.translations.default({}),
});
export const badgePatchSchema = z.strictObject(badgeFields).partial();
export type BadgeCreate = z.infer<typeof badgeCreateSchema>;
export type BadgePatch = z.infer<typeof badgePatchSchema>;

const taskFields = {
  name,
  description: longText,
  points: amount,
  url: imageUrl.nullable(),
  position: z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.').min(0, 'Must be 0 or more.').max(10_000, 'At most 10000.'),
  /** A campaign's task shows to its members only; null: to every ambassador. */
  campaign_uid: uidRef.nullable(),
  is_active: flag,
  /** The name and description in other languages, by language code (PATCH replaces the whole object). */
  translations: nameAndDescription(),
};
export const taskCreateSchema = z.strictObject({
  ...taskFields,
  description: taskFields.description.default(''),
  points: taskFields.points.default(0),
  url: taskFields.url.default(null),
  position: taskFields.position.default(0),
  campaign_uid: taskFields.campaign_uid.default(null),
  is_active: taskFields.is_active.default(true),
  translations: taskFields.translations.default({}),
});
export const taskPatchSchema = z.strictObject(taskFields).partial();
export type TaskCreate = z.infer<typeof taskCreateSchema>;
export type TaskPatch = z.infer<typeof taskPatchSchema>;
