import { z } from 'zod';

/**
 * The error answers every operation of the document shares (`Error`, `FieldErrors`). Each endpoint's own
 * answer schema lives with its resource (src/lib/schemas/<resource>.ts), registered in `components`, the
 * registry the document's `components.schemas` are generated from (ids become `#/components/schemas/<id>`).
 */
export { components } from '../../lib/schemas/registry';
import { components } from '../../lib/schemas/registry';

const params = z.record(z.string(), z.union([z.string(), z.number()])).describe('Placeholders of the message');

/** `{ detail, code, params? }` (src/api/core/errors.ts errorBody). */
export const errorSchema = z
  .object({
    detail: z.string().describe('English text'),
    code: z.string().describe('Stable message key (e.g. illegalTransition)'),
    params: params.optional(),
  })
  .register(components, { id: 'Error' });

/** `{ field: [english], error_codes: { field: [{ code, params? }] } }`. */
export const fieldErrorsSchema = z
  .object({
    error_codes: z.record(z.string(), z.array(z.object({ code: z.string(), params: params.optional() }))),
  })
  .catchall(z.array(z.string()))
  .describe('Per field (dotted path): English messages, and their message keys under error_codes')
  .register(components, { id: 'FieldErrors' });
