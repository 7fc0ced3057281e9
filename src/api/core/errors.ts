import type { ErrorHandler } from 'hono';
import { ZodError } from 'zod';

/** The one error type of the API. Bodies follow spec §8: `{ detail }` or `{ field: [messages] }`. */
export type ApiErrorCode =
  | 'bad_request' | 'validation' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict'
  | 'rate_limited' | 'payload_too_large' | 'unsupported_media_type' | 'upstream_timeout' | 'internal';

const STATUS: Record<ApiErrorCode, number> = {
  bad_request: 400, validation: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409,
  rate_limited: 429, payload_too_large: 413, unsupported_media_type: 415, upstream_timeout: 504, internal: 500,
};

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status() {
    return STATUS[this.code];
  }
  body() {
    return this.fields ? this.fields : { detail: this.message };
  }
}

export const fieldError = (field: string, message: string) =>
  new ApiError('validation', message, { [field]: [message] });

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

export const onApiError: ErrorHandler = (err, c) => {
  if (err instanceof ApiError) {
    return c.json(err.body(), err.status as 400, err.headers);
  }
  if (err instanceof ZodError) {
    return c.json(zodFields(err), 400);
  }
  if (err instanceof SyntaxError) {
    return c.json({ detail: 'The request body is not valid JSON.' }, 400);
  }
  console.error('api: unhandled error', err);
  return c.json({ detail: 'Internal error, please try again later.' }, 500);
};
