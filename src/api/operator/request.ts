import type { z } from 'zod';
import { ApiError } from '../core/errors';
import { serviceContext } from '../core/service-context';
import type { ApiContext } from '../core/types';
import { parseWith } from '../core/validate';
import type { OperatorContext } from './keys';

/** The raw JSON body (hashed for Idempotency-Key) and its parse by `schema`. */
export async function jsonBody<S extends z.ZodType>(c: OperatorContext, schema: S): Promise<{ text: string; input: z.infer<S> }> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError('bad_request', 'invalidJson');
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError('bad_request', 'jsonObjectRequired');
  return { text, input: parseWith(schema, raw) };
}

export const svcOf = (c: OperatorContext) => serviceContext(c as unknown as ApiContext);

