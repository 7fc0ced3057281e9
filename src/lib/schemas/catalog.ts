import { z } from 'zod';
import { components } from './registry';

// What the operator API's catalogue calls (campaigns, groups, tiers, badges, tasks, rewards) answer alike:
// lists, a row's texts per language, and a delete's outcome.

export const isoTime = z.string().describe('ISO 8601 UTC time');

/** `{ count, results }` of a catalogue list. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), results: z.array(item) }).strict();

/** A row's texts in other languages: by language code, the texts written for it. */
export const translations = z.record(z.string(), z.record(z.string(), z.string()))
  .describe('Texts in other languages, by language code, e.g. {"es": {"name": "..."}}; a text left out shows the row\'s own');

export const removeAnswer = z
  .object({
    uid: z.string(),
    outcome: z.enum(['deleted', 'deactivated']).describe('deactivated: something refers to it (a redemption, an award, a completion)'),
  })
  .strict()
  .register(components, { id: 'RemoveAnswer' });
export type RemoveAnswer = z.output<typeof removeAnswer>;
