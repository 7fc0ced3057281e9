import type { MessageKey } from './i18n/en.ts';
import { t } from './i18n.ts';
import { localizeErrorBody } from './error-body.ts';

// Failed API answers in the page language: the body's message keys when it has them, else its English
// texts mapped back to keys (src/lib/error-body.ts).

export interface FormErrors {
  formError: string;
  fieldErrors: Record<string, string>;
}

/** A failed answer (status, parsed body, Retry-After) as a form-level message plus one message per field. */
export function formErrors(status: number, body: unknown, lang: string | null | undefined, fallback: MessageKey, retryAfter?: string | null): FormErrors {
  if (status === 429) {
    const seconds = Number(retryAfter) || 60;
    // A limit on new accounts says so, in minutes; every other limit asks to wait a few seconds.
    const accounts = typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'tooManyRegistrations';
    return {
      formError: accounts ? t(lang, 'tooManyRegistrations', { minutes: Math.ceil(seconds / 60) }) : t(lang, 'tooManyAttempts', { seconds }),
      fieldErrors: {},
    };
  }
  const localized = localizeErrorBody(body, lang);
  if (localized.detail) return { formError: localized.detail, fieldErrors: {} };
  const fieldErrors = localized.fields;
  const first = fieldErrors.non_field_errors ?? Object.values(fieldErrors)[0];
  return { formError: localized.missing ? t(lang, 'fillAllRequired') : first ?? t(lang, fallback), fieldErrors };
}
