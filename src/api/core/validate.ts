import type { z } from 'zod';
import { ApiError, zodFields } from './errors';
import type { ApiContext } from './types';

/** Parse a JSON (or form) body with a schema; a bad body is a 400 naming each field. */
export async function readBody<S extends z.ZodType>(c: ApiContext, schema: S): Promise<z.infer<S>> {
  let raw: unknown = {};
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    raw = Object.fromEntries(await readFormData(c));
  } else {
    const text = await c.req.text();
    if (text.trim()) {
      try {
        raw = JSON.parse(text);
      } catch {
        throw new ApiError('bad_request', 'The request body is not valid JSON.');
      }
    }
  }
  return parseWith(schema, raw);
}

/** The request's form fields; a malformed urlencoded or multipart body is a 400, not a 500. */
export async function readFormData(c: ApiContext): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw new ApiError('bad_request', 'The request body could not be read.');
  }
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new ApiError('validation', 'Invalid input.', zodFields(result.error));
  return result.data;
}

export function readQuery<S extends z.ZodType>(c: ApiContext, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
