import { payoutChanges, sendPayoutNotice } from '../auth/payout-notice';
import {
  AVATAR_FIELD, AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, AVATAR_MIN_SIDE, CUSTOM_FIELDS, profileUpdateSchema,
  type ProfileUpdate, type ProfileUpdateInput,
} from '../../lib/schemas/profile';
import { randomToken } from '../core/crypto';
import { loadCustomization } from '../companies/customization';
import { findUsernameOwner, profilePaypalChangedStatement, updateAmbassadorStatement, updateUserNameStatement, type EditableColumn } from './queries';
import { inspectImage } from './image-check';
import { parseInput, validationError } from './parse';
import { ambassadorProfile } from './view';
import type { AmbassadorProfile } from '../../lib/schemas/people';
import { browserLanguage } from '../../lib/languages';
import type { AmbassadorRow } from '../core/rows';
import type { Caller, ServiceContext } from '../core/types';
import { safeJson } from '../core/views';

// PATCH /portal/ambassadors/{id}/ as a service: profile fields, username, custom fields, social links,
// payment and language, and the avatar file (checked by its bytes). Errors name fields with message keys.

/** Checks the avatar's bytes: size, real type (PNG, JPEG, WebP; never SVG) and pixel dimensions. */
async function checkAvatar(file: Blob) {
  if (file.size > AVATAR_MAX_BYTES) throw validationError({ [AVATAR_FIELD]: ['imageTooLarge'] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = inspectImage(bytes);
  if ('problem' in info) throw validationError({ [AVATAR_FIELD]: [info.problem] });
  if (info.width > AVATAR_MAX_SIDE || info.height > AVATAR_MAX_SIDE) throw validationError({ [AVATAR_FIELD]: ['imageDimensionsTooLarge'] });
  if (info.width < AVATAR_MIN_SIDE || info.height < AVATAR_MIN_SIDE) throw validationError({ [AVATAR_FIELD]: ['imageDimensionsTooSmall'] });
  return { bytes, info };
}

/**
 * Rules that need the company: a custom field or tab slug counts when the company or any campaign
 * has it; the payout preference must be one of the company's options; the username must be free.
 * (The customization and the username owner are asked for together: one D1 round trip.)
 */
async function checkAgainstCompany(svc: ServiceContext, caller: Caller, data: ProfileUpdate) {
  const { company, ambassador } = caller;
  const fields: Record<string, string[]> = {};
  const [customization, owner] = await Promise.all([
    loadCustomization(svc.db, company.id),
    data.username ? findUsernameOwner(svc.db, company.id, data.username, ambassador.uid) : null,
  ]);
  const layers = customization.all;
  for (const f of CUSTOM_FIELDS) {
    if (data[f] !== undefined && !layers.some((s) => s.profile[`show_${f}`])) fields[f] = ['customFieldDisabled'];
  }
  const payoutOptions = safeJson<Record<string, string>>(company.payout_preference_options, {});
  if (data.payout_preference && !Object.hasOwn(payoutOptions, data.payout_preference)) fields.payout_preference = ['invalidField'];
  if (data.username) {
    const lower = data.username.toLowerCase();
    if (layers.some((s) => s.tabs.custom.some((tab) => tab.slug === lower))) fields.username = ['usernameReserved'];
    else if (owner) fields.username = ['usernameTaken'];
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

/** Maps the validated PATCH onto table columns (`company` is stored as company_name; custom fields as JSON). */
function columnsOf(data: ProfileUpdate, currentCustom: string) {
  const values: Partial<Record<EditableColumn, string | null>> = {};
  const direct = ['username', 'phone', 'job_title', 'street', 'city', 'state', 'zip', 'country', 'date_of_birth', 'facebook_url',
    'twitter_url', 'linkedin_url', 'pinterest_url', 'payout_preference', 'paypal_email', 'dwolla_email', 'language'] as const;
  for (const k of direct) if (data[k] !== undefined) values[k] = data[k];
  if (data.company !== undefined) values.company_name = data.company;
  if (CUSTOM_FIELDS.some((f) => data[f] !== undefined)) {
    const custom = safeJson<Record<string, string | null>>(currentCustom, {});
    for (const f of CUSTOM_FIELDS) {
      if (data[f] === undefined) continue;
      if (data[f] === null) delete custom[f];
      else custom[f] = data[f];
    }
    values.custom_fields = JSON.stringify(custom);
  }
  return values;
}

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed: ambassadors\.company_id, ambassadors\.username/i.test(String(err));

/**
 * PATCH /portal/ambassadors/{id}/ - changes the caller's profile and, with `avatar`, their picture; the
 * answer is the whole profile as GET gives it. Nothing is stored when any field or the file is refused.
 */
export async function updateProfile(svc: ServiceContext, caller: Caller, input: ProfileUpdateInput, avatar: Blob | null = null): Promise<AmbassadorProfile> {
  const data = parseInput(profileUpdateSchema, input);
  const { user, ambassador, company } = caller;
  await checkAgainstCompany(svc, caller, data);
  const values = columnsOf(data, ambassador.custom_fields);

  let newKey: string | null = null;
  if (avatar) {
    const { bytes, info } = await checkAvatar(avatar);
    newKey = `avatars/${company.id}/${ambassador.uid}/${randomToken(12)}.${info.extension}`;
    await svc.env.FILES.put(newKey, bytes, {
      httpMetadata: { contentType: info.contentType, cacheControl: 'public, max-age=31536000, immutable' },
      customMetadata: { company_id: company.id, ambassador_uid: ambassador.uid, width: String(info.width), height: String(info.height) },
    });
    values.avatar_key = newKey;
  }

  const statements = [
    updateAmbassadorStatement(svc.db, company.id, ambassador.uid, values),
    updateUserNameStatement(svc.db, company.id, user.id, data),
    // A PayPal e-mail changed here is no longer the proven payout destination (src/api/payouts/destinations.ts).
    values.paypal_email !== undefined && (values.paypal_email ?? null) !== (ambassador.paypal_email ?? null)
      ? profilePaypalChangedStatement(svc.db, company.id, ambassador.uid, values.paypal_email ?? null, new Date().toISOString()) : null,
  ].filter((s): s is D1PreparedStatement => s !== null);
  try {
    if (statements.length) await svc.db.batch(statements);
  } catch (err) {
    if (newKey) await svc.env.FILES.delete(newKey).catch(() => {});
    if (isUniqueViolation(err)) throw validationError({ username: ['usernameTaken'] });
    throw err;
  }
  // Every change of where the money goes is e-mailed to the account's address.
  const payout = payoutChanges(ambassador, values);
  if (payout) await sendPayoutNotice(svc, company, user, 'changed', payout);
  // The old avatar goes only once the new key is stored, and only from this ambassador's own prefix.
  const old = ambassador.avatar_key;
  if (newKey && old && old !== newKey && old.startsWith(`avatars/${company.id}/${ambassador.uid}/`)) {
    svc.waitUntil(svc.env.FILES.delete(old).catch((err) => console.error('profile: old avatar not deleted', old, err)));
  }

  // The rows as just written (the caller's, with the changed columns): no second read before the answer.
  const names = Object.fromEntries((['first_name', 'last_name'] as const).filter((k) => data[k] !== undefined).map((k) => [k, data[k]!]));
  return ambassadorProfile(svc.db, company, { ...user, ...names }, { ...ambassador, ...values } as AmbassadorRow, svc.origin,
    browserLanguage(svc.acceptLanguage));
}
