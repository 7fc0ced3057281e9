import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey, type Messages } from './i18n/en.ts';
import { de } from './i18n/de.ts';
import { es } from './i18n/es.ts';
import { fr } from './i18n/fr.ts';
import { it } from './i18n/it.ts';
import { nl } from './i18n/nl.ts';
import { pl } from './i18n/pl.ts';
import { pt } from './i18n/pt.ts';
import { es419 } from './i18n/es-419.ts';
import { esMX } from './i18n/es-MX.ts';
import { frCA } from './i18n/fr-CA.ts';
import { numberLocale } from './format.ts';
import type { PluralTemplates } from './plural.ts';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  SYSTEM_LANGUAGE,
  browserLanguage,
  matchLanguage,
  normalizeLanguage,
  parseAcceptLanguage,
  resolveLanguage,
  type Language,
} from './languages.ts';

export { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, SYSTEM_LANGUAGE, browserLanguage, matchLanguage, normalizeLanguage, parseAcceptLanguage, resolveLanguage, type Language };
export type { MessageKey, Messages, PluralTemplates };

// Regional variants (es-419, es-MX, fr-CA) hold only what differs from their base language; a key a
// catalogue leaves out falls back to the base language, then to English.
const catalogues: Partial<Record<Language, Partial<Messages>>> = { en, es, fr, it, nl, pl, pt, de, 'es-419': es419, 'es-MX': esMX, 'fr-CA': frCA };

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(en, key);
}

function lookupChain(lang: string | null | undefined): Partial<Messages>[] {
  const code = normalizeLanguage(lang) ?? DEFAULT_LANGUAGE;
  const base = normalizeLanguage(code.split('-')[0]);
  return [catalogues[code], base ? catalogues[base] : undefined, en].filter((c): c is Partial<Messages> => !!c);
}

/** The raw (ICU) message for `key` in `lang`, following regional -> base -> English. */
export function rawMessage(lang: string | null | undefined, key: MessageKey): string {
  for (const catalogue of lookupChain(lang)) {
    const message = catalogue[key];
    if (message !== undefined) return message;
  }
  return key;
}

// Parsed ICU elements, typed structurally (intl-messageformat's parser types are not a direct dependency).
const enum El { Literal = 0, Argument = 1, Number = 2, Date = 3, Time = 4, Select = 5, Plural = 6, Pound = 7, Tag = 8 }
interface Element {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

/** Argument names of a parsed message and which of them choose a plural or select branch. */
function argumentsOf(elements: Element[], into = new Map<string, 'plain' | 'plural' | 'select'>()) {
  for (const el of elements) {
    if (el.type === El.Plural || el.type === El.Select) {
      into.set(el.value!, el.type === El.Plural ? 'plural' : 'select');
      for (const option of Object.values(el.options ?? {})) argumentsOf(option.value, into);
    } else if (el.type === El.Argument || el.type === El.Number || el.type === El.Date || el.type === El.Time) {
      if (!into.has(el.value!)) into.set(el.value!, 'plain');
    } else if (el.type === El.Tag) argumentsOf(el.children ?? [], into);
  }
  return into;
}

interface Compiled {
  format: IntlMessageFormat;
  args: Map<string, 'plain' | 'plural' | 'select'>;
}

// One compiled format per language and key, made on first use (messages without arguments skip it).
const compiled = new Map<string, Compiled>();

function compile(lang: string, key: string, message: string): Compiled {
  const id = `${lang}\u0000${key}`;
  let entry = compiled.get(id);
  if (!entry) {
    // Numbers (`#`) in the same locale as lib/format's; tags are text (messages hold no markup).
    const format = new IntlMessageFormat(message, numberLocale(lang), undefined, { ignoreTag: true });
    entry = { format, args: argumentsOf(format.getAst() as Element[]) };
    compiled.set(id, entry);
  }
  return entry;
}

/** A count given as text ("1,525") still chooses its plural form. */
function asCount(value: string | number): number {
  if (typeof value === 'number') return value;
  const n = Number(value.replace(/[\s,.'\u00a0\u202f](?=\d{3}(\D|$))/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : NaN;
}

/** Naive {name} filling, the fallback for a message that cannot be formatted as ICU. */
function interpolate(message: string, params?: MessageParams): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

function formatMessage(lang: string, key: string, message: string, params?: MessageParams): string {
  if (!message.includes('{')) return message;
  const { format, args } = compile(lang, key, message);
  const values: Record<string, string | number> = {};
  for (const [name, kind] of args) {
    const given = params && Object.hasOwn(params, name) ? params[name] : undefined;
    // An unknown placeholder is left visible: a missing value is a bug to see, not to hide.
    if (given === undefined) {
      if (kind !== 'plain') return interpolate(message, params);
      values[name] = `{${name}}`;
    } else if (kind === 'plural') {
      const n = asCount(given);
      if (Number.isNaN(n)) return interpolate(message, params);
      values[name] = n;
    } else values[name] = given;
  }
  try {
    return String(format.format(values));
  } catch (err) {
    console.error('i18n: cannot format', key, lang, err);
    return interpolate(message, params);
  }
}

/**
 * The message for `key` in `lang` (e.g. "es-MX" -> es -> en), formatted as an ICU message with
 * `params`: {name} arguments and {count, plural, one {# row} other {# rows}} plurals.
 */
export function t(lang: string | null | undefined, key: MessageKey, params?: MessageParams): string {
  const code = normalizeLanguage(lang) ?? DEFAULT_LANGUAGE;
  return formatMessage(code, key, rawMessage(code, key), params);
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

/** Kept for callers of the older name: the spec §9 resolution (stored choice > browser > company > English). */
export const pickLanguage = resolveLanguage;

/**
 * An ICU plural message as one {name}-template per plural branch (`#` -> `{count}`), for an island that
 * picks the branch itself (lib/plural.ts) and so never ships the catalogue or the parser.
 */
export function pluralTemplates(lang: string | null | undefined, key: MessageKey, countArg = 'count'): PluralTemplates {
  const code = normalizeLanguage(lang) ?? DEFAULT_LANGUAGE;
  const message = rawMessage(code, key);
  if (!message.includes('{')) return { other: message };
  const ast = compile(code, key, message).format.getAst() as Element[];
  const print = (elements: Element[], branch: string | null): string => elements.map((el) => {
    if (el.type === El.Literal) return el.value ?? '';
    if (el.type === El.Pound) return `{${countArg}}`;
    if ((el.type === El.Plural || el.type === El.Select) && el.options) {
      const option = (branch && el.value === countArg ? el.options[branch] : undefined) ?? el.options.other;
      return option ? print(option.value, branch) : '';
    }
    return el.value ? `{${el.value}}` : '';
  }).join('');
  const branches = new Set<string>(['other']);
  const collect = (elements: Element[]) => {
    for (const el of elements) {
      if (el.type === El.Plural && el.value === countArg) Object.keys(el.options ?? {}).forEach((k) => branches.add(k));
      for (const option of Object.values(el.options ?? {})) collect(option.value);
    }
  };
  collect(ast);
  const forms: PluralTemplates = { other: print(ast, 'other') };
  for (const branch of branches) forms[branch] = print(ast, branch);
  return forms;
}
