// Points with the company's point name (spec §9), read right for every count in every page language
// (never "1 points"). A company names its points once, in one form: `companies.point_name`, default
// "point(s)". That default, and the plain English word ("point", "points"), is the generic word, so it
// reads as the page language's own word with its plural forms ("1 point", "2 punkty", "5 Punkte").
// A name of the company's own ("Acme Coins") has no singular to choose, so a count of one reads as a
// label, "Acme Coins: 1", and every other count as "40 Acme Coins".

import { DEFAULT_POINT_NAME, formatPointsIn, type PointWords } from './format.ts';
import { pluralTemplates, type Language } from './i18n.ts';
import { memoized } from './intl-cache.ts';
import { labelValue } from './label-value.ts';

const GENERIC_NAMES = new Set([DEFAULT_POINT_NAME, 'point', 'points']);

/** Whether `pointName` is the generic word, shown in the page language, rather than the company's own name. */
export function isGenericPointName(pointName: string | null | undefined): boolean {
  const name = (pointName ?? '').trim().toLowerCase();
  return name === '' || GENERIC_NAMES.has(name);
}

/** A name of the company's own: "40 Acme Coins", and a count of one as a label, "Acme Coins: 1" ("Acme Coins : 1" in French). */
const ownNameForms = (lang: string) => {
  const one = labelValue(lang, '{unit}', '{count}');
  return { other: '{count} {unit}', '=1': one, '=-1': one };
};

const wordsOf = memoized(128, (key) => {
  const cut = key.indexOf('\u0000');
  const lang = key.slice(0, cut) as Language;
  const name = key.slice(cut + 1);
  return isGenericPointName(name)
    ? { forms: pluralTemplates(lang, 'pointsCount'), unit: '' }
    : { forms: ownNameForms(lang), unit: name.trim() };
});

/** How points read in `lang` with the company's point name, for `formatPointsIn` (here or in the browser). */
export function pointWords(lang: Language | string | null | undefined, pointName: string | null | undefined): PointWords {
  // A language code holds no NUL: the key splits at the first (no JSON per amount of points).
  return wordsOf(`${lang ?? 'en'}\u0000${(pointName ?? '').trim()}`);
}

/** Points with the company's point name in the page language: "1 point", "1,250 points", "Acme Coins: 1". */
export function formatPoints(points: number, pointName: string | null | undefined, lang: Language | string | null | undefined): string {
  return formatPointsIn(points, pointWords(lang, pointName), lang);
}
