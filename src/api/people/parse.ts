import type { z } from 'zod';
import { ApiError } from '../core/errors';

/**
 * A 400 naming fields. Messages are keys of src/lib/i18n/en.ts: the body carries their English text and
 * `error_codes` with the keys, and the page renders them in its own language.
 */
export function validationError(fields: Record<string, string[]>) {
  return new ApiError('validation', Object.values(fields)[0]?.[0] ?? 'invalidInput', fields);
}

/**
 * Parses with a schema whose messages are keys; a key a `.strict()` schema does not know is refused
 * by name (`unknownField`), so a typo or a read-only field (`email`) is never silently dropped.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  // No prototype: an unknown key named `constructor` or `__proto__` must not resolve to Object's own members.
  const fields: Record<string, string[]> = Object.create(null);
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (fields[key] ??= []).push('unknownField');
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    if (!fields[key]?.includes(issue.message)) (fields[key] ??= []).push(issue.message);
  }
  throw validationError(fields);
}
