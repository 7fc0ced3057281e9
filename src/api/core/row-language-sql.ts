import type { Language } from '../../lib/languages';
import { languageChain } from '../../lib/row-language';

// A translated text read in SQL (issue 21): where a query names a row of another table (a commission's
// campaign, a ledger entry's campaign), the text is picked in the statement that already reads it, by the
// rule of src/lib/row-language.ts: the language's own text, then its family's, then the row's own; a blank
// text is "not translated". The language codes come from the closed list of src/lib/languages.ts, so they
// are written into the SQL, never a request's text.

const CODE = /^[a-z]{2}(?:-[A-Z0-9]{2,3})?$/;

/** SQL for `alias.column` in `lang` where the row's `translations` write it, else the row's own. */
export function textInSql(alias: string, column: string, lang: Language | null): string {
  const written = languageChain(lang)
    .filter((code) => CODE.test(code))
    .map((code) => `NULLIF(TRIM(json_extract(${alias}.translations, '$."${code}".${column}')), '')`);
  return written.length ? `COALESCE(${written.join(', ')}, ${alias}.${column})` : `${alias}.${column}`;
}
