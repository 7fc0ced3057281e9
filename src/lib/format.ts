// Display formats of spec §9. Numbers follow the page language when a caller passes it (numbers,
// currencies, percentages, compact K and dates through Intl in the page language); without one they are
// en-US, the locale spec §9 names. Dates and range presets live in dates.ts and are re-exported here.

import { memoized, numberFormat } from './intl-cache.ts';
import { fillPlural, type PluralTemplates } from './plural.ts';

const LOCALE = 'en-US';

/** The Intl locale of a page language ("es", "fr-CA", …); en-US when none or unknown. */
export function numberLocale(lang?: string | null): string {
  return !lang || lang === 'en' ? LOCALE : supportedLocale(lang);
}
const supportedLocale = memoized(64, (lang) => {
  try {
    return Intl.NumberFormat.supportedLocalesOf([lang]).length ? lang : LOCALE;
  } catch {
    return LOCALE;
  }
});
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_POINT_NAME = 'point(s)';
/** Sidebar truncation lengths (§2, §9). */
export const NAME_MAX_LENGTH = 28;
export const EMAIL_MAX_LENGTH = 25;

function currencyOrDefault(currency: string | null | undefined): string {
  return knownCurrency(currency ?? '');
}
// Checked once per spelling and isolate: every amount of a table page names its currency.
const knownCurrency = memoized(256, (currency) => {
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return DEFAULT_CURRENCY;
  try {
    numberFormat(LOCALE, { style: 'currency', currency: code });
    return code;
  } catch {
    return DEFAULT_CURRENCY;
  }
});

/** Digits after the decimal point in the currency's minor unit: 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyMinorDigits(currency: string | null | undefined = DEFAULT_CURRENCY): number {
  return minorDigits(currency ?? DEFAULT_CURRENCY);
}
// Known once per currency and isolate: resolvedOptions() builds a new object per call, and a table page
// formats hundreds of amounts.
const minorDigits = memoized(256, (currency) =>
  numberFormat(LOCALE, { style: 'currency', currency: currencyOrDefault(currency) }).resolvedOptions().maximumFractionDigits ?? 2);

/** Minor units (cents) to a major amount (dollars) for the currency. */
export function fromMinorUnits(minor: number, currency?: string | null): number {
  return minor / 10 ** currencyMinorDigits(currency);
}

/** Minor units as a plain decimal string of the currency (API answers, CSV): 4999 USD -> "49.99", -5 -> "-0.05". */
export function minorToDecimal(minor: number, currency?: string | null): string {
  const digits = currencyMinorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const text = String(abs).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Money from integer minor units: "$1,250", "$12.50". §9 allows 0 to 2 fraction digits; whole
 * amounts drop the decimals, others keep both digits so a price never reads "$12.5".
 */
export function formatMoney(minor: number, currency?: string | null, lang?: string | null): string {
  const code = currencyOrDefault(currency);
  const amount = fromMinorUnits(Number.isFinite(minor) ? minor : 0, code);
  const digits = Math.min(2, currencyMinorDigits(code));
  const whole = Number.isInteger(Math.round(amount * 10 ** digits) / 10 ** digits);
  return moneyFormat(`${numberLocale(lang)}|${code}|${whole ? 0 : digits}|${digits}`).format(amount);
}
// A table page formats every amount: its formatter is found by a short key, not its options' JSON.
const moneyFormat = memoized(512, (key) => {
  const [locale, currency, min, max] = key.split('|') as [string, string, string, string];
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: Number(min), maximumFractionDigits: Number(max) });
});

// Frozen, so the formatter cache knows them by identity (intl-cache.ts).
const PLAIN = Object.freeze({ maximumFractionDigits: 2 });
const COMPACT = Object.freeze({ notation: 'compact', maximumFractionDigits: 2 } as const);
const PERCENT = Object.freeze({ style: 'percent', maximumFractionDigits: 2 } as const);

/** A plain number with grouping and 0 to 2 fraction digits: 1234.5 -> "1,234.5". */
export function formatNumber(value: number, lang?: string | null): string {
  return numberFormat(numberLocale(lang), PLAIN).format(Number.isFinite(value) ? value : 0);
}

/** Short form for tiles and axes: below 1000 as is, from 1000 with a K (then M, B) suffix. */
export function formatCompact(value: number, lang?: string | null): string {
  const n = Number.isFinite(value) ? value : 0;
  if (Math.abs(n) < 1000) return formatNumber(n, lang);
  return numberFormat(numberLocale(lang), COMPACT).format(n);
}

/** A ratio as a percentage with up to 2 decimals: 0.12345 -> "12.35%". */
export function formatPercent(ratio: number, lang?: string | null): string {
  return numberFormat(numberLocale(lang), PERCENT).format(Number.isFinite(ratio) ? ratio : 0);
}

/**
 * How a count of points reads in one page language (spec §9: the number, then the company's point name):
 * one template per plural form, with {count} the formatted number and {unit} the company's own point name.
 * Built on the server by `pointWords` (lib/points.ts), so the browser needs no catalogue to use it.
 */
export interface PointWords {
  forms: PluralTemplates;
  unit: string;
}

/** Points in the words of `pointWords`: "1 point", "1,250 points", "2 punkty", "Acme Coins: 1". */
export function formatPointsIn(points: number, words: PointWords, lang?: string | null): string {
  const n = Number.isFinite(points) ? points : 0;
  return fillPlural(words.forms, lang ?? 'en', n, { count: formatNumber(n, lang), unit: words.unit });
}

/** Cuts text to at most `max` characters and marks the cut with "..." (whole characters, never half an emoji). */
export function truncate(text: string | null | undefined, max: number): string {
  const chars = Array.from(text ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('');
}

export * from './dates.ts';
