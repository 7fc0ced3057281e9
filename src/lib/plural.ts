// Plural choice for islands. The server turns an ICU plural message into one template per plural
// category of the page language (`pluralTemplates` in lib/i18n.ts) and hands them to the island as a
// prop; the island picks one with the browser's Intl.PluralRules. No catalogue and no message parser
// reach the browser.

import { pluralRules } from './intl-cache.ts';

/** One template per plural category ("one", "few", "many", "other") or exact value ("=0"). */
export type PluralTemplates = { other: string } & Partial<Record<string, string>>;

/** Fills {name} placeholders; an unknown one stays visible (a missing value is a bug to see). */
export function fillTemplate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The template for `count`: an exact "=n" form, else the language's plural category, else "other". */
export function pickPlural(forms: PluralTemplates | string, lang: string, count: number): string {
  if (typeof forms === 'string') return forms;
  const exact = forms[`=${count}`];
  if (exact !== undefined) return exact;
  let category: string = 'other';
  try {
    category = pluralRules(lang).select(count);
  } catch {
    category = pluralRules('en').select(count);
  }
  return forms[category] ?? forms.other;
}

/** `pickPlural` then `fillTemplate`, with `count` among the params. */
export function fillPlural(forms: PluralTemplates | string, lang: string, count: number, params: Record<string, string | number> = {}): string {
  return fillTemplate(pickPlural(forms, lang, count), { count, ...params });
}
