import { en, type MessageKey } from './i18n/en.ts';
import { formatMoney } from './format.ts';
import { formatPoints } from './points.ts';
import { isMessageKey, t, type MessageParams } from './i18n.ts';

export type { MessageParams };

/**
 * Error bodies carry English text for any reader and stable message keys for clients that render
 * their own language (src/api/core/errors.ts writes them; pages and islands read them here):
 *   `{ detail, code, params? }` or `{ field: [text], error_codes: { field: [{ code, params? }] } }`.
 * A remote API that sends only text still works: known English texts map back to their key, anything
 * else is shown as sent (spec §8's derivation).
 */
export type ErrorCodes = Record<string, { code: string; params?: MessageParams }[]>;

/**
 * Body keys that are not form fields: `error_codes` and `redirect` always; `code` and `params` only beside
 * a `detail` (a field-error body may have a field named `code`, e.g. a reset or unsubscribe code).
 */
export function isMetaKey(name: string, body: Record<string, unknown>): boolean {
  if (name === 'error_codes' || name === 'redirect' || name === 'detail') return true;
  return (name === 'code' || name === 'params') && typeof body.detail === 'string';
}

const keyByText = new Map<string, MessageKey>(Object.entries(en).map(([key, text]) => [text, key as MessageKey]));

const AMOUNT_PARAMS = ['min', 'max', 'cost', 'available'] as const;

/**
 * Amounts in a message's params written with their unit in `lang` ("minimum amount is 500"
 * said neither points nor dollars). Params carry plain numbers and `unit`: "points" (with `point_name`,
 * the company's word for them) or a currency code, the amount then in minor units.
 */
export function withUnits(params: MessageParams | undefined, lang: string | null | undefined): MessageParams | undefined {
  if (!params || typeof params.unit !== 'string') return params;
  const out: MessageParams = { ...params };
  for (const name of AMOUNT_PARAMS) {
    const value = params[name];
    if (typeof value !== 'number') continue;
    out[name] = params.unit === 'points' ? formatPoints(value, String(params.point_name ?? ''), lang) : formatMoney(value, params.unit, lang);
  }
  return out;
}

/** English text of a key (or text) and the key, when there is one. */
export function englishText(keyOrText: string, params?: MessageParams): { text: string; key: MessageKey | null } {
  if (isMessageKey(keyOrText)) return { text: t('en', keyOrText, withUnits(params, 'en')), key: keyOrText };
  return { text: keyOrText, key: keyByText.get(keyOrText) ?? null };
}

/** One message in `lang`: from its key when known, else the English text mapped back, else as sent. */
export function localizeMessage(lang: string | null | undefined, text: string, code?: string | null, given?: MessageParams): string {
  const params = withUnits(given, lang);
  if (code && isMessageKey(code)) return t(lang, code, params);
  if (isMessageKey(text)) return t(lang, text, params);
  const key = keyByText.get(text);
  return key ? t(lang, key, params) : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface LocalizedErrors {
  /** The `detail` message, or null for a field-error body. */
  detail: string | null;
  /** The first message per field (non_field_errors included). */
  fields: Record<string, string>;
  /** Whether some field was reported missing (the "fill out all required fields" case). */
  missing: boolean;
}

/** A spec §8 error body rendered in `lang`. */
export function localizeErrorBody(body: unknown, lang: string | null | undefined): LocalizedErrors {
  const out: LocalizedErrors = { detail: null, fields: {}, missing: false };
  if (!isRecord(body)) return out;
  if (typeof body.detail === 'string') {
    const params = isRecord(body.params) ? (body.params as MessageParams) : undefined;
    out.detail = localizeMessage(lang, body.detail, typeof body.code === 'string' ? body.code : null, params);
  }
  const codes = isRecord(body.error_codes) ? (body.error_codes as ErrorCodes) : {};
  for (const [name, value] of Object.entries(body)) {
    if (isMetaKey(name, body)) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first !== 'string' || !first.trim()) continue;
    const code = Array.isArray(codes[name]) ? codes[name]![0] : undefined;
    out.fields[name] = localizeMessage(lang, first, code?.code, code?.params);
    out.missing ||= code?.code === 'required' || first === 'required' || first === en.required;
  }
  return out;
}
