import type { Language } from '../../lib/languages';
import { languageChain } from '../../lib/row-language';
import { recordTextPatterns, systemTexts } from '../../lib/system-text';

// A translated text read in SQL: where a query names a row of another table (a commission's
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

/** A text as an SQL string literal (our own catalogue's words: quotes doubled). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * SQL for `expr` with the portal's own stored texts (src/lib/system-text.ts: a message key, a key and the
 * reference it names, or their older English words) in `lang`, other texts as they are; without a language, as stored.
 */
export function systemTextSql(expr: string, lang: Language | null): string {
  if (!lang) return expr;
  const exact = Object.entries(systemTexts(lang)).map(([stored, words]) => `WHEN ${expr} = ${literal(stored)} THEN ${literal(words)}`);
  const named = recordTextPatterns(lang).map(({ prefix, before, after }) =>
    `WHEN length(${expr}) > ${prefix.length} AND substr(${expr}, 1, ${prefix.length}) = ${literal(prefix)} THEN ${literal(before)} || substr(${expr}, ${prefix.length + 1}) || ${literal(after)}`);
  return `CASE ${[...exact, ...named].join(' ')} ELSE ${expr} END`;
}
