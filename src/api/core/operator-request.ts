import type { z } from 'zod';
import { serviceContext } from '../core/service-context';
import type { ApiContext } from '../core/types';
import { parseWith, readJsonObject } from '../core/validate';
import type { OperatorContext } from './operator-keys';

/**
 * The raw JSON body (hashed for Idempotency-Key) and its parse by `schema` (src/api/core/validate.ts:
 * `Content-Type: application/json` or 415, a JSON object, no prototype-named keys). A PUT or PATCH must
 * send a body: an empty one is a 400 (`bodyRequired`), never "change nothing" or "reset everything".
 */
export async function jsonBody<S extends z.ZodType>(
  c: OperatorContext, schema: S,
): Promise<{ text: string; input: z.infer<S>; fields: Record<string, unknown> }> {
  const required = c.req.method === 'PUT' || c.req.method === 'PATCH';
  const { text, fields } = await readJsonObject(c, { required });
  return { text, input: parseWith(schema, fields), fields };
}

export const svcOf = (c: OperatorContext) => serviceContext(c as unknown as ApiContext);
