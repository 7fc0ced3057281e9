import type { AstroCookies } from 'astro';
import { localizeErrorBody, localizeMessage, englishText } from '../../../lib/error-body';
import { isMessageKey, t, type Language } from '../../../lib/i18n';
import { NOTIFICATION_OPTIONS, effectiveNotifications, type NotificationSettings } from '../../../lib/schemas/notifications';
import { taxFormSchema, type TaxFormInput } from '../../../lib/schemas/tax';
import { vatIdSchema } from '../../../lib/schemas/self-billing';
import { AVATAR_FIELD, CUSTOM_FIELDS, PERSONAL_FIELDS, SOCIAL_FIELDS, profileUpdateSchema } from '../../../lib/schemas/profile';
import { ClientError } from '../../client';
import { LANGUAGE_COOKIE } from '../../request-context';
import { redirectClearingSession } from '../page-data';
import { connectStripeForm } from './account-stripe';
import { readForm } from './form';
import { isPayoutMethodAction, savePayoutMethod } from './account-payout';

// The form actions of /app/account (spec §2 Profile). Every section is a real form posting to the page,
// so it works without JavaScript: a success (or an error with nothing to re-fill) is a 303 back to the
// section with a one-time flash message (post/redirect/get); invalid input shows the section again
// with what was typed and a message per field. Messages travel as keys and render in the page language.

export type Section = 'avatar' | 'credentials' | 'notifications' | 'payment' | 'tax' | 'personal' | 'additional' | 'language' | 'status';
export const SECTIONS: readonly Section[] = ['avatar', 'credentials', 'notifications', 'payment', 'tax', 'personal', 'additional', 'language', 'status'];
export type StatusAction = 'deactivate' | 'reactivate';

/** A section shown again (status 400) with the person's input and the messages. */
export interface FailedSection {
  section: Section;
  formError: string;
  fieldErrors: Record<string, string>;
  /** What was typed (never passwords), to fill the fields again. */
  submitted: Record<string, string>;
}

/** What a POST leaves for the page to render when it does not redirect. */
export interface AccountFormState {
  failed: FailedSection | null;
  /** The no-JS confirmation step of a status change. */
  confirmStep: StatusAction | null;
}

export const NO_POST: AccountFormState = { failed: null, confirmStep: null };

/** Profile fields each profile section may send (only the ones its form actually has are sent). */
const SECTION_FIELDS = {
  personal: ['first_name', 'last_name', ...PERSONAL_FIELDS],
  additional: ['username', ...CUSTOM_FIELDS, ...SOCIAL_FIELDS],
  payment: ['payout_preference', 'paypal_email', 'dwolla_email'],
  language: ['language'],
} as const satisfies Partial<Record<Section, readonly string[]>>;
type ProfileSection = keyof typeof SECTION_FIELDS;
const isProfileSection = (action: string): action is ProfileSection => Object.hasOwn(SECTION_FIELDS, action);

type Locals = App.Locals;
type Outcome = Response | AccountFormState;

const FLASH = 'profile_flash';
interface Flash { kind: 'ok' | 'err'; section: Section; message: string }

/** A message is kept as its key when it has one, so it shows in the language of the page that reads it. */
const asKey = (text: string) => (isMessageKey(text) ? text : englishText(text).key ?? text);

/** 303 back to the section with the flash cookie (and any other cookie the section sets). */
export function back(kind: Flash['kind'], section: Section, message: string, extra: string[] = []) {
  const flash: Flash = { kind, section, message: asKey(message).slice(0, 400) };
  const headers = new Headers({ Location: `/app/account#${section}` });
  headers.append('Set-Cookie', `${FLASH}=${encodeURIComponent(JSON.stringify(flash))}; Path=/app/account; Max-Age=60; HttpOnly; SameSite=Lax`);
  for (const cookie of extra) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** The flash message of the last post, read once (GET only), in `lang`. */
export function takeFlash(cookies: AstroCookies, lang: Language): { kind: Flash['kind']; section: Section; text: string } | null {
  const raw = cookies.get(FLASH)?.value;
  if (!raw) return null;
  cookies.delete(FLASH, { path: '/app/account' });
  try {
    const flash = JSON.parse(decodeURIComponent(raw)) as Flash;
    if (!SECTIONS.includes(flash.section) || (flash.kind !== 'ok' && flash.kind !== 'err')) return null;
    return { kind: flash.kind, section: flash.section, text: localizeMessage(lang, String(flash.message)) };
  } catch {
    return null;
  }
}

/** A failed call in the page language: the `detail` (or null) and one message per field. */
export function readFailure(err: ClientError, lang: Language) {
  if (err.status === 429) return { detail: t(lang, 'tooManyAttempts', { seconds: Number(err.retryAfter) || 60 }), fields: {}, key: null };
  const { detail, fields } = localizeErrorBody(err.body, lang);
  const body = err.body as { code?: unknown; detail?: unknown } | null;
  const key = body && isMessageKey(body.code) ? body.code : typeof body?.detail === 'string' ? body.detail : null;
  return { detail, fields, key };
}

/**
 * Runs a section's call: a 401 ends the session and goes to /login; any other failure is given to
 * `onError` as a ClientError (a failure that is not one is logged and treated as a server error).
 */
export async function attempt(locals: Locals, work: () => Promise<Outcome>, onError: (err: ClientError) => Outcome): Promise<Outcome> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ClientError && err.status === 401) return redirectClearingSession(locals, '/login');
    if (err instanceof ClientError) return onError(err);
    console.error('account: section failed', err);
    return onError(new ClientError(500, { detail: t('en', 'generic'), code: 'generic' }));
  }
}

export function failed(section: Section, submitted: Record<string, string>, fieldErrors: Record<string, string>, formError: string): AccountFormState {
  return { failed: { section, formError, fieldErrors, submitted }, confirmStep: null };
}

/** Personal, additional, payment and language: a PATCH of the fields the section's form has. */
export async function saveProfileSection(locals: Locals, section: ProfileSection, form: FormData, submitted: Record<string, string>): Promise<Outcome> {
  const { lang } = locals.requestContext;
  const raw = Object.fromEntries(SECTION_FIELDS[section].filter((f) => form.has(f)).map((f) => [f, String(form.get(f) ?? '')]));
  const parsed = profileUpdateSchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= localizeMessage(lang, issue.message);
    return failed(section, submitted, fields, t(lang, 'accountChangesError'));
  }
  return attempt(locals, async () => {
    await locals.client.updateProfile({ body: raw });
    const extra = section === 'language' ? [`${LANGUAGE_COOKIE}=${encodeURIComponent(raw.language || 'system')}; Path=/; Max-Age=31536000; SameSite=Lax`] : [];
    return back('ok', section, 'accountChangesSaved', extra);
  }, (err) => {
    const { fields, key } = readFailure(err, lang);
    if (Object.keys(fields).length) return failed(section, submitted, fields, t(lang, 'accountChangesError'));
    return back('err', section, key ?? 'accountChangesError');
  });
}

/** The notification e-mails: every option is sent (an unchecked box is off). */
export async function saveNotifications(locals: Locals, form: FormData): Promise<Outcome> {
  const body = effectiveNotifications(Object.fromEntries(NOTIFICATION_OPTIONS.map((k) => [k, form.get(k) === 'on'])) as NotificationSettings);
  return attempt(locals, async () => {
    await locals.client.updateNotifications({ body });
    return back('ok', 'notifications', 'accountChangesSaved');
  }, (err) => back('err', 'notifications', readFailure(err, locals.requestContext.lang).key ?? 'accountChangesError'));
}

/** Change password (the auth area's call); success and failure show the answer's detail (spec §8). */
export async function changePassword(locals: Locals, form: FormData, submitted: Record<string, string>): Promise<Outcome> {
  const { lang } = locals.requestContext;
  const input = {
    current_password: String(form.get('current_password') ?? ''),
    password: String(form.get('password') ?? ''),
    repeat_password: String(form.get('repeat_password') ?? ''),
  };
  return attempt(locals, async () => {
    const answer = await locals.client.changePassword({ body: input });
    return back('ok', 'credentials', answer?.detail || 'passwordChanged');
  }, (err) => {
    const { detail, fields } = readFailure(err, lang);
    return failed('credentials', submitted, fields, detail || t(lang, 'accountChangesError'));
  });
}

/** The plain file form of the avatar (the crop dialog saves through the browser API instead). */
export async function uploadAvatar(locals: Locals, form: FormData, submitted: Record<string, string>): Promise<Outcome> {
  const { lang } = locals.requestContext;
  const file = form.get(AVATAR_FIELD);
  if (!(file instanceof File) || file.size === 0) return failed('avatar', submitted, { avatar: t(lang, 'noImageChosen') }, t(lang, 'accountChangesError'));
  return attempt(locals, async () => {
    await locals.client.uploadAvatar(file);
    return back('ok', 'avatar', 'avatarSaved');
  }, (err) => {
    const { detail, fields } = readFailure(err, lang);
    return failed('avatar', submitted, fields, detail || Object.values(fields)[0] || t(lang, 'accountChangesError'));
  });
}

/** Fields of the tax form; the taxpayer id is never shown again, not even after a refused post. */
const TAX_FIELDS = ['kind', 'legal_name', 'country', 'address', 'tax_id', 'signed_name'] as const;

/** A W-9 or W-8BEN (src/api/tax/): checked here first so each field gets its message in the page language. */
export async function saveTaxForm(locals: Locals, form: FormData, submitted: Record<string, string>): Promise<Outcome> {
  const { lang } = locals.requestContext;
  const raw = Object.fromEntries(TAX_FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
  const parsed = taxFormSchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= localizeMessage(lang, issue.message);
    return failed('tax', submitted, fields, t(lang, 'accountChangesError'));
  }
  return attempt(locals, async () => {
    await locals.client.submitTaxForm({ body: raw as TaxFormInput });
    return back('ok', 'tax', 'taxSaved');
  }, (err) => {
    const { fields, key } = readFailure(err, lang);
    if (Object.keys(fields).length) return failed('tax', submitted, fields, t(lang, 'accountChangesError'));
    return back('err', 'tax', key ?? 'accountChangesError');
  });
}

/** The VAT id of the tax section (self-billing invoices): checked here first so the message is in the page language. */
export async function saveVatId(locals: Locals, form: FormData, submitted: Record<string, string>): Promise<Outcome> {
  const { lang } = locals.requestContext;
  const raw = { vat_id: String(form.get('vat_id') ?? '') };
  const parsed = vatIdSchema.safeParse(raw);
  if (!parsed.success) return failed('tax', submitted, { vat_id: localizeMessage(lang, parsed.error.issues[0]!.message) }, t(lang, 'accountChangesError'));
  return attempt(locals, async () => {
    await locals.client.putVatId({ body: raw });
    return back('ok', 'tax', 'vatIdSaved');
  }, (err) => {
    const { fields, key } = readFailure(err, lang);
    if (Object.keys(fields).length) return failed('tax', submitted, fields, t(lang, 'accountChangesError'));
    return back('err', 'tax', key ?? 'accountChangesError');
  });
}

/** Deactivate or reactivate: first the confirmation step, then the call (spec §4: a failure asks to contact support). */
export async function changeStatus(locals: Locals, action: StatusAction, form: FormData): Promise<Outcome> {
  if (form.get('confirmed') !== 'yes') return { failed: null, confirmStep: action };
  return attempt(locals, async () => {
    await locals.client.setActive({ body: { deactivated_by_self: action === 'deactivate' } });
    return back('ok', 'status', 'accountChangesSaved');
  }, () => back('err', 'status', 'statusChangeFailed'));
}

/** A POST to /app/account: the section named by `_action` handles it. */
export async function handleAccountPost(locals: Locals, request: Request): Promise<Outcome> {
  const form = await readForm(request);
  const action = String(form.get('_action') ?? '');
  const submitted: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string' && !k.startsWith('_') && !/password|tax_id/.test(k)) submitted[k] = v;
  if (isProfileSection(action)) return saveProfileSection(locals, action, form, submitted);
  if (action === 'notifications') return saveNotifications(locals, form);
  if (action === 'password') return changePassword(locals, form, submitted);
  if (action === 'avatar') return uploadAvatar(locals, form, submitted);
  if (action === 'tax') return saveTaxForm(locals, form, submitted);
  if (action === 'vat') return saveVatId(locals, form, submitted);
  if (isPayoutMethodAction(action)) return savePayoutMethod(locals, action, form, submitted);
  if (action === 'stripe_connect') return connectStripeForm(locals);
  if (action === 'deactivate' || action === 'reactivate') return changeStatus(locals, action, form);
  return failed('personal', submitted, {}, t(locals.requestContext.lang, 'accountChangesError'));
}
