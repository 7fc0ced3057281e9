import { en, type MessageKey } from './i18n/en.ts';
import { t, translateMessage } from './i18n.ts';
import { PASSWORD_RULES } from './password-rules.ts';

// The API's account endpoints answer in English text (readable for any API client) or, for field
// errors, with i18n keys. Pages show either in the page language: known English texts map back to
// their key.

const keyByText = new Map<string, MessageKey>(Object.entries(en).map(([key, text]) => [text, key as MessageKey]));

export function localizeApiText(lang: string | null | undefined, text: string): string {
  const key = keyByText.get(text);
  return key ? t(lang, key) : translateMessage(lang, text);
}

export interface FormErrors {
  formError: string;
  fieldErrors: Record<string, string>;
}

/** A failed API answer as a form-level message plus one message per field, in the page language. */
export async function formErrorsFrom(res: Response, lang: string | null | undefined, fallback: MessageKey): Promise<FormErrors> {
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const fieldErrors: Record<string, string> = {};
  if (res.status === 429) {
    const seconds = Number(res.headers.get('retry-after')) || 60;
    return { formError: t(lang, 'tooManyAttempts', { seconds }), fieldErrors };
  }
  if (!body || typeof body !== 'object') return { formError: t(lang, fallback), fieldErrors };
  if (typeof body.detail === 'string') return { formError: localizeApiText(lang, body.detail), fieldErrors };
  let missing = false;
  for (const [name, value] of Object.entries(body)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first !== 'string') continue;
    fieldErrors[name] = localizeApiText(lang, first);
    missing ||= first === 'required';
  }
  const first = fieldErrors.non_field_errors ?? Object.values(fieldErrors)[0];
  return { formError: missing ? t(lang, 'fillAllRequired') : first ?? t(lang, fallback), fieldErrors };
}

/** Headers the edge passes on to the API for account calls: the client address (rate limits). */
export function clientHeaders(request: Request): Record<string, string> {
  const ip = request.headers.get('cf-connecting-ip');
  return ip ? { 'cf-connecting-ip': ip } : {};
}

/** Labels of the PasswordFields island in one language. */
export function passwordFieldLabels(lang: string | null | undefined, passwordLabel: MessageKey = 'newPassword') {
  return {
    password: t(lang, passwordLabel),
    repeat: t(lang, 'confirmPassword'),
    strength: t(lang, 'passwordStrength'),
    levels: { weak: t(lang, 'passwordWeak'), acceptable: t(lang, 'passwordAcceptable'), strong: t(lang, 'passwordStrong') },
    rules: Object.fromEntries(PASSWORD_RULES.map((r) => [r.key, t(lang, r.messageKey, r.messageParams)])),
    mismatch: t(lang, 'passwordsDoNotMatch'),
    requirements: t(lang, 'passwordRequirements'),
  };
}
