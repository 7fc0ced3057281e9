// Points with the company's point name (spec §9), read right for every count in every page language
// (issue 21: "1 points"). A company names its points once, in one form: `companies.point_name`, default
// "point(s)". That default, and the plain English word ("point", "points"), is the generic word, so it
// reads as the page language's own word with its plural forms ("1 point", "2 punkty", "5 Punkte").
// A name of the company's own ("Acme Coins") has no singular to choose, so a count of one reads as a
// label, "Acme Coins: 1", and every other count as "40 Acme Coins".

import { DEFAULT_POINT_NAME, formatPointsIn, type PointWords } from './format.ts';
import { pluralTemplates, type Language } from './i18n.ts';
import { memoized } from './intl-cache.ts';

const GENERIC_NAMES = new Set([DEFAULT_POINT_NAME, 'point', 'points']);

/** Whether `pointName` is the generic word, shown in the page language, rather than the company's own name. */
export function isGenericPointName(pointName: string | null | undefined): boolean {
  const name = (pointName ?? '').trim().toLowerCase();
  return name === '' || GENERIC_NAMES.has(name);
}

const OWN_NAME_FORMS = { other: '{count} {unit}', '=1': '{unit}: {count}', '=-1': '{unit}: {count}' };

const wordsOf = memoized(128, (key) => {
  const [lang, name] = JSON.parse(key) as [Language, string];
  return isGenericPointName(name)
    ? { forms: pluralTemplates(lang, 'pointsCount'), unit: '' }
    : { forms: OWN_NAME_FORMS, unit: name.trim() };
});

/** How points read in `lang` with the company's point name, for `formatPointsIn` (here or in the browser). */
export function pointWords(lang: Language | string | null | undefined, pointName: string | null | undefined): PointWords {
  return wordsOf(JSON.stringify([lang ?? 'en', (pointName ?? '').trim()]));
}

/** Points with the company's point name in the page language: "1 point", "1,250 points", "Acme Coins: 1". */
export function formatPoints(points: number, pointName: string | null | undefined, lang: Language | string | null | undefined): string {
  return formatPointsIn(points, pointWords(lang, pointName), lang);
}
