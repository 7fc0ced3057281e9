// Case-insensitive comparison in SQL for the portal's languages: the tables' text filters, the assets search,
// the operator's group names.

/**
 * The upper-case letters SQLite's lower() leaves as they are (it folds ASCII only): those of the portal's
 * languages (Spanish, French, Italian, Portuguese, German, Dutch, Polish) and of names often written in
 * them ("Écoutez", "Álvaro", "Łukasz", "Søren", "Šimon"). D1 allows an expression 100 levels deep
 * and each letter is one replace() around the next, so the list stays this short; other letters compare as
 * written.
 */
const FOLDS: ReadonlyArray<readonly [string, string]> = [...'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŸŒĄĆĘŁŃŚŹŻŠŽČ'].map((upper) => [upper, upper.toLowerCase()] as const);

/** `expr` in lower case for the case-insensitive operators, the letters above included. */
export const foldSql = (expr: string) => FOLDS.reduce((sql, [upper, lower]) => `replace(${sql}, '${upper}', '${lower}')`, `lower(${expr})`);

/** A bound value (`?`) folded the same way: written once, not per condition. */
export const FOLDED_VALUE = foldSql('?');
