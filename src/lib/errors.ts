import { t, translateMessage } from './i18n.ts';
import { isMetaKey, localizeErrorBody } from './error-body.ts';
import { labelValue } from './label-value.ts';

// Turning a failed call into words for the user (spec §8 "Error message derivation"). API bodies are
// `{ detail }` or `{ field: [messages] }`; a message may be an i18n key (our zod schemas use keys),
// which is translated, or ready text, which is shown as is.

export interface ErrorInfo {
  /** The request left the browser (a missing response then means the server did not answer). */
  requestMade?: boolean;
  /** HTTP status; absent or 0 when there was no response. */
  status?: number | null;
  /** Parsed JSON body, or the raw text when it was not JSON. */
  body?: unknown;
  contentType?: string | null;
  /** The thrown error's own message (network failure, abort). */
  errorText?: string | null;
}

/** Fetch-layer outcomes besides an HTTP status (§8). */
export type FetchErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

/** Where an API error came from, for logs and error states (§8 "labelled by source ... with type API call"). */
export const API_ERROR_SOURCES = [
  'login', 'user', 'register', 'session', 'company host', 'ambassador profile', 'notifications',
  'change password', 'save ambassador', 'save notifications', 'activation status', 'loyalty badges',
  'loyalty tiers', 'loyalty tasks', 'redeem reward', 'reset password', 'save share link',
] as const;
export type ApiErrorSource = (typeof API_ERROR_SOURCES)[number];

export interface LabelledApiError {
  type: 'API call';
  source: ApiErrorSource;
  status: number | FetchErrorKind;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseIfJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function looksLikeHtml(info: ErrorInfo): boolean {
  if (info.contentType?.toLowerCase().includes('text/html')) return true;
  return typeof info.body === 'string' && /^\s*</.test(info.body);
}

function valueText(value: unknown, lang: string | null | undefined): string {
  if (Array.isArray(value)) return value.map((v) => valueText(v, lang)).filter(Boolean).join(' ');
  if (typeof value === 'string') return translateMessage(lang, value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value)) return Object.values(value).map((v) => valueText(v, lang)).filter(Boolean).join(' ');
  return '';
}

/**
 * §8: no response -> the no-response message if the request was made, else the error text or the
 * generic message; an HTML response -> generic; a `detail` field -> it; other fields -> "name: value"
 * joined with ", "; anything else -> generic.
 */
export function messageFromError(info: ErrorInfo, lang?: string | null): string {
  if (!info.status) {
    if (info.requestMade) return t(lang, 'noResponse');
    return info.errorText?.trim() || t(lang, 'generic');
  }
  if (looksLikeHtml(info)) return t(lang, 'generic');
  const body = parseIfJson(info.body);
  if (!isRecord(body)) return t(lang, 'generic');
  if (body.detail !== undefined && body.detail !== null) {
    const detail = typeof body.detail === 'string' ? localizeErrorBody(body, lang).detail : valueText(body.detail, lang);
    if (detail) return detail;
  }
  const localized = localizeErrorBody(body, lang).fields;
  const parts = Object.entries(body)
    .filter(([name]) => name === 'detail' || !isMetaKey(name, body))
    .map(([name, value]) => [name, localized[name] ?? valueText(value, lang)] as const)
    .filter(([, text]) => text)
    .map(([name, text]) => labelValue(lang, name, text));
  return parts.length ? parts.join(', ') : t(lang, 'generic');
}

/**
 * §8's reading for wrapped API errors: the first value of the body's first field (a string, or the
 * first item of an array), else "No API error was provided.".
 */
export function firstFieldMessage(body: unknown, lang?: string | null): string {
  const parsed = parseIfJson(body);
  if (isRecord(parsed)) {
    const [first] = Object.values(parsed);
    const value = Array.isArray(first) ? first[0] : first;
    if (typeof value === 'string' && value.trim()) return translateMessage(lang, value);
  }
  return t(lang, 'noApiError');
}

/** The first message per field of a `{ field: [messages] }` body, for showing under form inputs. */
export function fieldMessages(body: unknown, lang?: string | null): Record<string, string> {
  const parsed = parseIfJson(body);
  if (!isRecord(parsed)) return {};
  return localizeErrorBody(parsed, lang).fields;
}

/** Reads a failed Response into ErrorInfo (body as JSON when it parses, else as text). */
export async function errorInfoFromResponse(response: Response): Promise<ErrorInfo> {
  const contentType = response.headers.get('content-type');
  let body: unknown = null;
  try {
    body = parseIfJson(await response.text());
  } catch {
    body = null;
  }
  return { requestMade: true, status: response.status, body, contentType };
}

export function labelApiError(source: ApiErrorSource, info: ErrorInfo, kind?: FetchErrorKind, lang?: string | null): LabelledApiError {
  return {
    type: 'API call',
    source,
    status: kind ?? (info.status || 'FETCH_ERROR'),
    message: messageFromError(info, lang),
  };
}
