import type { ErrorHandler } from 'hono';
import { ZodError } from 'zod';
import { englishText, type ErrorCodes, type MessageParams } from '../../lib/error-body';

/**
 * The one error type of the API. Bodies follow spec §8 (`{ detail }` or `{ field: [messages] }`) in
 * English, plus the stable message keys a client renders in its own language: `code` beside `detail`,
 * `error_codes: { field: [{ code, params }] }` beside field messages. A message given here may be a
 * key of the English catalogue (preferred) or ready English text.
 */
export type ApiErrorCode =
  | 'bad_request' | 'validation' | 'unauthorized' | 'forbidden' | 'not_found' | 'method_not_allowed' | 'conflict'
  | 'rate_limited' | 'payload_too_large' | 'unsupported_media_type' | 'unprocessable' | 'upstream_failed' | 'upstream_timeout' | 'internal';

const STATUS: Record<ApiErrorCode, number> = {
  bad_request: 400, validation: 400, unauthorized: 401, forbidden: 403, not_found: 404, method_not_allowed: 405, conflict: 409,
  rate_limited: 429, payload_too_large: 413, unsupported_media_type: 415, unprocessable: 422, upstream_failed: 502,
  upstream_timeout: 504, internal: 500,
};

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    /** A message key (or English text) for `detail`. */
    readonly messageKey: string,
    /** Per field: message keys (or English texts). */
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Placeholders of the message keys, e.g. `{ seconds: 60 }`. */
    readonly params?: MessageParams,
  ) {
    super(englishText(messageKey, params).text);
  }
  get status() {
    return STATUS[this.code];
  }
  body() {
    return errorBody(this.code, this.messageKey, this.fields, this.params);
  }
}

/** The JSON body of an error: English for any reader, keys for clients that translate. */
export function errorBody(code: string, message: string, fields?: Record<string, string[]>, params?: MessageParams) {
  if (!fields) {
    const { text, key } = englishText(message, params);
    return { detail: text, code: key ?? code, ...(params ? { params } : {}) };
  }
  const body: Record<string, unknown> = Object.create(null);
  const codes: ErrorCodes = Object.create(null);
  for (const [field, messages] of Object.entries(fields)) {
    const texts = messages.map((m) => englishText(m, params));
    body[field] = texts.map((m) => m.text);
    codes[field] = texts.map((m) => ({ code: m.key ?? 'invalidField', ...(params ? { params } : {}) }));
  }
  body.error_codes = codes;
  return body;
}

export const fieldError = (field: string, message: string, params?: MessageParams) =>
  new ApiError('validation', message, { [field]: [message] }, undefined, params);

/** zod issues become `{ field: [messages] }`, keyed by the dotted path (or `non_field_errors`). */
export function zodFields(error: ZodError): Record<string, string[]> {
  // No prototype: a field named `constructor` or `__proto__` must not resolve to Object's own members.
  const fields: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * The challenge of a 401 (RFC 9110 §11.6.1: every 401 names how to authenticate), by the API's area: the
 * operator API's Bearer keys, the provider's signed e-mail events, else the ambassador API's
 * `Authorization: Token <token>` (spec §7). A route that knows better (the owner's API) sets its own.
 */
export function challengeFor(path: string): string {
  if (/^\/v1\/operator(\/|$)/.test(path)) return 'Bearer realm="operator"';
  if (/^\/v1\/email\/events\/?$/.test(path)) return 'Signature realm="email-events"';
  if (/^\/v1\/staff(\/|$)/.test(path)) return 'Staff realm="console"';
  return 'Token realm="ambassador"';
}

export const onApiError: ErrorHandler = (err, c) => {
  if (err instanceof ApiError) {
    const headers: Record<string, string> = { ...err.headers };
    if (err.status === 401 && !Object.keys(headers).some((h) => h.toLowerCase() === 'www-authenticate')) {
      headers['WWW-Authenticate'] = challengeFor(c.req.path);
    }
    return c.json(err.body(), err.status as 400, headers);
  }
  if (err instanceof ZodError) {
    return c.json(errorBody('validation', 'invalidInput', zodFields(err)), 400);
  }
  if (err instanceof SyntaxError) {
    return c.json(errorBody('bad_request', 'invalidJson'), 400);
  }
  console.error('api: unhandled error', err);
  return c.json(errorBody('internal', 'generic'), 500);
};
