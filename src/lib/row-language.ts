import type { Language } from './languages';
import { memoized } from './intl-cache';

// A campaign's, tier's, badge's, task's or reward's texts in the page language: the row's
// `translations` (migrations 0023 and 0024, JSON by language) over its own texts, which are written in the
// company's default language. A regional language falls back to its family (es-MX -> es), then to the row's
// own text; a blank text is "not translated". Pure and cheap: the JSON travels with the row, so no page pays
// a round trip for it (src/api/core/row-language-sql.ts applies the same rule inside a query).

/** A row's texts by language code, then by field (the operator API writes only strings; see ./schemas/row-translations.ts). */
export type RowTranslations = Record<string, Record<string, string>>;
type Texts = Record<string, unknown>;

/** The stored `translations` of a row (D1 text, or an object already), as an object; bad JSON reads as none. */
export function parseTranslations(stored: unknown): RowTranslations {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as RowTranslations : {};
}

/**
 * `parseTranslations` of stored text, parsed once per isolate (the same rows' JSON, the caller's
 * campaigns and an activity page's tasks, was parsed again on every request). Read-only: the object is shared.
 */
const parsedOnce = memoized(256, (text) => Object.freeze(parseTranslations(text)) as RowTranslations);

/** A row's translations to read (never to change): stored text parsed once per isolate, an object as it is. */
export const readTranslations = (stored: unknown): RowTranslations => (typeof stored === 'string' ? parsedOnce(stored) : parseTranslations(stored));

/** The languages whose texts apply to a page in `lang`, closest first: es-MX -> [es-MX, es]. */
export function languageChain(lang: Language | null): string[] {
  if (!lang) return [];
  const family = lang.split('-')[0]!;
  return family === lang ? [lang] : [lang, family];
}

/** `row` with `fields` in `lang` where the company wrote them, else as the row has them. */
export function textsIn<R extends { translations?: unknown }, K extends keyof R & string>(row: R, lang: Language | null, fields: readonly K[]): Pick<R, K> {
  const out = {} as Pick<R, K>;
  const byLanguage = lang ? readTranslations(row.translations) : {};
  const chain = languageChain(lang).map((code): Texts | undefined => byLanguage[code]).filter((texts): texts is Texts => !!texts);
  for (const field of fields) {
    const written = chain.map((texts) => texts[field]).find((v): v is string => typeof v === 'string' && !!v.trim());
    out[field] = (written ?? row[field]) as R[K];
  }
  return out;
}

/** A joined row's name (null when the row is gone) in `lang` where the company wrote it, else its own. */
export function nameIn(own: string | null, translations: unknown, lang: Language | null): string | null {
  return own === null ? null : textsIn({ name: own, translations }, lang, ['name']).name;
}
