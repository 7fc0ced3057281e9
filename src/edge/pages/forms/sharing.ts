import { localizeErrorBody } from '../../../lib/error-body';
import { t, type Language } from '../../../lib/i18n';
import { ClientError } from '../../client';
import { redirectClearingSession } from '../page-data';
import { readForm, seeOther } from './form';

// The form action of /app/sharing (spec §2 Share links): the create/edit form is a plain HTML form
// posting to the page, so it works without JavaScript. A success is a 303 back to the list with a
// notice (post/redirect/get); a refusal shows the form again with what was typed and a message per
// field, rendered from the API's message keys in the page language.

export const SHARE_LINK_FIELDS = ['campaign', 'description', 'medium', 'source', 'redirectUrl', 'shortCode'] as const;
export type ShareLinkField = (typeof SHARE_LINK_FIELDS)[number];
export type ShareLinkValues = Record<ShareLinkField, string>;

/** What a refused post leaves for the page to render. */
export interface ShareLinkFormState {
  /** HTTP status of the page (400, or 404 for a link that is not the caller's). */
  status: number;
  /** What was typed, to fill the form again. */
  values: ShareLinkValues;
  /** A message that is about no field (or null). */
  formError: string | null;
  /** One message per field (fields the form does not have included). */
  fieldErrors: Record<string, string>;
  /** The link the failed post was editing (null for a new link). */
  editUid: string | null;
}

/** The form's values as typed (trimmed); an unreadable body is an empty form. */
async function readShareLinkForm(request: Request) {
  const form = await readForm(request);
  const values = Object.fromEntries(SHARE_LINK_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()])) as ShareLinkValues;
  return { intent: form.get('intent') === 'update' ? 'update' as const : 'create' as const, uid: String(form.get('uid') ?? ''), values };
}

/** A refused call in the page language: the `detail` as the form's message, else one message per field. */
function refusal(err: ClientError, lang: Language) {
  const localized = localizeErrorBody(err.body, lang);
  const hasFields = Object.keys(localized.fields).length > 0;
  return {
    status: err.status === 404 ? 404 : 400,
    formError: localized.detail ?? (hasFields ? null : t(lang, 'generic')),
    fieldErrors: localized.fields,
  };
}

/**
 * Handles a POST of the share-link form: creates (intent `create`) or edits (intent `update`, with the
 * link's `uid`) through the ambassador client. A 401 ends the session and goes to /login.
 */
export async function handleShareLinkPost(locals: App.Locals, request: Request, lang: Language): Promise<Response | ShareLinkFormState> {
  const { intent, uid, values } = await readShareLinkForm(request);
  // A numeric campaign id arrives as text from the form; the API also takes a campaign uid.
  const input = { ...values, campaign: /^\d+$/.test(values.campaign) ? Number(values.campaign) : values.campaign };
  try {
    if (intent === 'update') await locals.client.updateShareLink({ params: { uid }, body: input });
    else await locals.client.createShareLink({ body: input });
    return seeOther(`/app/sharing?${intent === 'update' ? 'saved' : 'created'}=1`);
  } catch (err) {
    if (err instanceof ClientError && err.status === 401) return redirectClearingSession(locals, '/login');
    const editUid = intent === 'update' ? uid : null;
    if (err instanceof ClientError) return { ...refusal(err, lang), values, editUid };
    console.error('share link form:', err);
    return { status: 500, formError: t(lang, 'generic'), fieldErrors: {}, values, editUid };
  }
}
