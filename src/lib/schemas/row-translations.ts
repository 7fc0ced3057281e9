import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../languages.ts';

// Campaign, tier, badge, task and reward texts per language (migrations 0023 and 0024): a row's `translations` is an object by
// portal language code, each holding some of the row's texts, e.g. {"es": {"name": "Completa tu perfil"}}.
// The row's own columns are written in the company's default language; a text a language leaves out shows
// them (src/lib/row-language.ts). Each text has the base column's rules (`texts`: the optional fields).

const LANGUAGE_LIST = SUPPORTED_LANGUAGES.join(', ');

/** `translations` of a row whose translatable texts are `texts` (a strict object of optional fields). */
export function rowTranslations<T extends z.ZodType<Record<string, string | undefined>>>(texts: T) {
  return z.partialRecord(z.enum(SUPPORTED_LANGUAGES), texts, {
    // Keys outside the enum arrive as one `unrecognized_keys` issue naming them (its type is not in the record's own).
    error: (issue) => {
      const keys = (issue as { keys?: unknown }).keys;
      return Array.isArray(keys)
        ? `Unknown language ${keys.map((k) => `"${String(k)}"`).join(', ')}: one of ${LANGUAGE_LIST}.`
        : `An object by language code (${LANGUAGE_LIST}), e.g. {"es": {"name": "..."}}.`;
    },
  });
}
