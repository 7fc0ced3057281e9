import { Hono } from 'hono';
import type { z } from 'zod';
import { browserLanguage, isMessageKey, t, type Language } from '../../lib/i18n';
import { resolveCustomization } from '../../lib/schemas/customization';
import {
  activeSchema, AVATAR_FIELD, AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, AVATAR_MIN_SIDE, CUSTOM_FIELDS, profileUpdateSchema,
  type ProfileUpdate,
} from '../../lib/schemas/profile';
import { loadSelf, portalOrigin } from './routes';
import { randomToken } from '../core/crypto';
import { listCustomizations } from '../portal/queries';
import {
  findUsernameOwner, setDeactivated, updateAmbassadorStatement, updateUserNameStatement, type EditableColumn,
} from './queries';
import { findAmbassador } from './ambassador-queries';
import { findUser } from '../auth/user-queries';
import { ApiError } from '../core/errors';
import { inspectImage } from './image-check';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import { ambassadorProfile, safeJson } from './view';
import type { ApiContext, ApiEnv } from '../core/types';

/** API messages follow the caller's Accept-Language (the portal's pages send the page language). */
export function apiLanguage(c: ApiContext): Language {
  return browserLanguage(c.req.header('accept-language')) ?? 'en';
}

/** A 400 naming fields, with message keys turned into text in the caller's language. */
export function fieldsError(c: ApiContext, fields: Record<string, string[]>) {
  const lang = apiLanguage(c);
  const text = Object.fromEntries(Object.entries(fields).map(([k, msgs]) => [k, msgs.map((m) => (isMessageKey(m) ? t(lang, m) : m))]));
  return new ApiError('validation', Object.values(text)[0]?.[0] ?? 'Invalid input.', text);
}

/** Parses with a schema whose messages are i18n keys; unknown keys are refused by name. */
export function parseKeyed<S extends z.ZodType>(c: ApiContext, schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  // No prototype: an unknown key named `constructor` or `__proto__` must not resolve to Object's own members.
  const fields: Record<string, string[]> = Object.create(null);
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (fields[key] ??= []).push('unknownField');
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    if (!fields[key]?.includes(issue.message)) (fields[key] ??= []).push(issue.message);
  }
  throw fieldsError(c, fields);
}

/** Reads a JSON, urlencoded or multipart body: the fields, and the avatar file when one was sent. */
async function readProfileBody(c: ApiContext): Promise<{ fields: Record<string, unknown>; avatar: File | null }> {
  const type = c.req.header('content-type') ?? '';
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > AVATAR_MAX_BYTES + 256 * 1024) throw fieldsError(c, { [AVATAR_FIELD]: ['imageTooLarge'] });
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.formData().catch(() => {
      throw new ApiError('bad_request', 'The request body could not be read.');
    });
    const fields: Record<string, unknown> = {};
    let avatar: File | null = null;
    for (const [key, value] of form) {
      if (key === AVATAR_FIELD) {
        if (typeof value === 'string') {
          if (value !== '') throw fieldsError(c, { [AVATAR_FIELD]: ['invalidFileType'] });
        } else if (value.size > 0 || value.name) avatar = value;
      } else if (typeof value === 'string') fields[key] = value;
    }
    return { fields, avatar };
  }
  const text = await c.req.text();
  if (!text.trim()) return { fields: {}, avatar: null };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'The request body is not valid JSON.');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError('bad_request', 'The request body must be a JSON object.');
  return { fields: raw as Record<string, unknown>, avatar: null };
}

/** Checks the avatar's bytes: size, real type (PNG, JPEG, WebP; never SVG) and pixel dimensions. */
async function checkAvatar(c: ApiContext, file: File) {
  if (file.size > AVATAR_MAX_BYTES) throw fieldsError(c, { [AVATAR_FIELD]: ['imageTooLarge'] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = inspectImage(bytes);
  if ('problem' in info) throw fieldsError(c, { [AVATAR_FIELD]: [info.problem] });
  if (info.width > AVATAR_MAX_SIDE || info.height > AVATAR_MAX_SIDE) throw fieldsError(c, { [AVATAR_FIELD]: ['imageDimensionsTooLarge'] });
  if (info.width < AVATAR_MIN_SIDE || info.height < AVATAR_MIN_SIDE) throw fieldsError(c, { [AVATAR_FIELD]: ['imageDimensionsTooSmall'] });
  return { bytes, info };
}

/** Company-level and campaign-level settings: a custom field or tab slug counts when any layer has it. */
async function companySettings(db: D1Database, companyId: string) {
  const rows = await listCustomizations(db, companyId);
  const company = rows.find((r) => r.campaign_id === null)?.settings;
  return [resolveCustomization(company), ...rows.filter((r) => r.campaign_id !== null).map((r) => resolveCustomization(company, r.settings))];
}

/** Server-side rules that need the company: enabled custom fields, payout options, free usernames. */
async function checkAgainstCompany(c: ApiContext, data: ProfileUpdate, ctx: { companyId: string; uid: string; payoutOptions: Record<string, string> }) {
  const fields: Record<string, string[]> = {};
  const layers = await companySettings(c.env.DB, ctx.companyId);
  for (const f of CUSTOM_FIELDS) {
    if (data[f] !== undefined && !layers.some((s) => s.profile[`show_${f}`])) fields[f] = ['customFieldDisabled'];
  }
  if (data.payout_preference && !Object.hasOwn(ctx.payoutOptions, data.payout_preference)) fields.payout_preference = ['invalidField'];
  if (data.username) {
    const lower = data.username.toLowerCase();
    if (layers.some((s) => s.tabs.custom.some((tab) => tab.slug === lower))) fields.username = ['usernameReserved'];
    else if (await findUsernameOwner(c.env.DB, ctx.companyId, data.username, ctx.uid)) fields.username = ['usernameTaken'];
  }
  if (Object.keys(fields).length) throw fieldsError(c, fields);
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

export const profileEdit = new Hono<ApiEnv>()
  // PATCH /v1/portal/ambassadors/{id}/ - edit the profile; multipart with an `avatar` file changes the avatar
  .patch('/portal/ambassadors/:id/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('id'));
    const { fields, avatar } = await readProfileBody(c);
    const data = parseKeyed(c, profileUpdateSchema, fields);
    const { user, ambassador, company } = await loadSelf(c);
    await checkAgainstCompany(c, data, {
      companyId: company.id, uid: ambassador.uid,
      payoutOptions: safeJson<Record<string, string>>(company.payout_preference_options, {}),
    });
    const values = columnsOf(data, ambassador.custom_fields);

    let newKey: string | null = null;
    if (avatar) {
      const { bytes, info } = await checkAvatar(c, avatar);
      newKey = `avatars/${company.id}/${ambassador.uid}/${randomToken(12)}.${info.extension}`;
      await c.env.FILES.put(newKey, bytes, {
        httpMetadata: { contentType: info.contentType, cacheControl: 'public, max-age=31536000, immutable' },
        customMetadata: { company_id: company.id, ambassador_uid: ambassador.uid, width: String(info.width), height: String(info.height) },
      });
      values.avatar_key = newKey;
    }

    const statements = [
      updateAmbassadorStatement(c.env.DB, company.id, ambassador.uid, values),
      updateUserNameStatement(c.env.DB, company.id, user.id, data),
    ].filter((s): s is D1PreparedStatement => s !== null);
    try {
      if (statements.length) await c.env.DB.batch(statements);
    } catch (err) {
      if (newKey) await c.env.FILES.delete(newKey).catch(() => {});
      if (isUniqueViolation(err)) throw fieldsError(c, { username: ['usernameTaken'] });
      throw err;
    }
    // The old avatar goes only once the new key is stored, and only from this ambassador's own prefix.
    const old = ambassador.avatar_key;
    if (newKey && old && old !== newKey && old.startsWith(`avatars/${company.id}/${ambassador.uid}/`)) {
      c.executionCtx.waitUntil(c.env.FILES.delete(old).catch((err) => console.error('profile: old avatar not deleted', old, err)));
    }

    const [freshUser, fresh] = await Promise.all([
      findUser(c.env.DB, company.id, user.id),
      findAmbassador(c.env.DB, company.id, ambassador.uid),
    ]);
    return c.json(await ambassadorProfile(c.env.DB, company, freshUser!, fresh!, portalOrigin(c)));
  })
  // PATCH /v1/ambassadors/{id}/active/ - deactivate or reactivate one's own account
  .patch('/ambassadors/:id/active/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('id'));
    const { fields } = await readProfileBody(c);
    const { deactivated_by_self } = parseKeyed(c, activeSchema, fields);
    const result = await setDeactivated(c.env.DB, p.companyId, p.ambassadorUid, deactivated_by_self);
    if (!result.meta.changes) throw new ApiError('not_found', 'Not found.');
    return c.json({ uid: p.ambassadorUid, deactivated_by_self, is_active: !deactivated_by_self });
  });
