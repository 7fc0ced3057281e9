import { en, type MessageKey, type Messages } from './i18n/en.ts';
import { de } from './i18n/de.ts';
import { es } from './i18n/es.ts';
import { fr } from './i18n/fr.ts';
import { it } from './i18n/it.ts';
import { nl } from './i18n/nl.ts';
import { pl } from './i18n/pl.ts';
import { pt } from './i18n/pt.ts';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  SYSTEM_LANGUAGE,
  normalizeLanguage,
  type Language,
} from './languages.ts';

export { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, SYSTEM_LANGUAGE, normalizeLanguage, type Language };
export type { MessageKey, Messages };

// Regional variants (es-MX, es-419, fr-CA) and keys a catalogue leaves out fall back to the base
// language, then to English. English and Spanish are complete; the others cover the everyday interface.
const catalogues: Partial<Record<Language, Partial<Messages>>> = { en, es, fr, it, nl, pl, pt, de };

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(en, key);
}

function lookupChain(lang: string | null | undefined): Partial<Messages>[] {
  const code = normalizeLanguage(lang) ?? DEFAULT_LANGUAGE;
  const base = normalizeLanguage(code.split('-')[0]);
  return [catalogues[code], base ? catalogues[base] : undefined, en].filter((c): c is Partial<Messages> => !!c);
}

function interpolate(message: string, params?: MessageParams): string {
  if (!params) return message;
  // An unknown placeholder is left visible: a missing value is a bug to see, not to hide.
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole);
}

/** The message for `key` in `lang` (e.g. "es-MX" -> es -> en), with {placeholders} filled from `params`. */
export function t(lang: string | null | undefined, key: MessageKey, params?: MessageParams): string {
  for (const catalogue of lookupChain(lang)) {
    const message = catalogue[key];
    if (message !== undefined) return interpolate(message, params);
  }
  return key;
}

/** `t` bound to one language, for a page or island that renders in a single language. */
export function translator(lang: string | null | undefined) {
  return (key: MessageKey, params?: MessageParams) => t(lang, key, params);
}

/**
 * Schemas carry message keys ("invalidEmail") and the API sends ready text ("Enter a valid ...");
 * this shows either: a key is translated, anything else is passed through unchanged.
 */
export function translateMessage(lang: string | null | undefined, keyOrText: string, params?: MessageParams): string {
  return isMessageKey(keyOrText) ? t(lang, keyOrText, params) : keyOrText;
}

/** Language ranges of an Accept-Language header, most preferred first ("*" and q=0 dropped). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [range = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.range && entry.range !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.range);
}

/** The first browser language whose primary part ("es" of "es-AR") we support (spec §9). */
export function browserLanguage(acceptLanguage: string | null | undefined): Language | null {
  for (const range of parseAcceptLanguage(acceptLanguage)) {
    const primary = normalizeLanguage(range.split(/[-_]/)[0]);
    if (primary) return primary;
  }
  return null;
}

/**
 * The language a page renders in (spec §9): the user's stored choice; else the company default from
 * customization; else the browser language's primary part; else English. A stored "system" choice
 * means "follow the browser", so it skips the company default.
 */
export function pickLanguage(
  stored: string | null | undefined,
  acceptLanguage: string | null | undefined,
  companyDefault?: string | null,
): Language {
  if (stored === SYSTEM_LANGUAGE) return browserLanguage(acceptLanguage) ?? normalizeLanguage(companyDefault) ?? DEFAULT_LANGUAGE;
  return normalizeLanguage(stored) ?? normalizeLanguage(companyDefault) ?? browserLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
