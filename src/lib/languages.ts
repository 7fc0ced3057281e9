// Languages of spec §9. Kept apart from the message catalogues so the customization
// schema can validate a language code without pulling every translation into its bundle.

export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'de', 'es-419', 'es-MX', 'fr-CA'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The language picker also offers "system" (follow the browser); it is a choice, not a catalogue. */
export const SYSTEM_LANGUAGE = 'system';

const byLowerCase = new Map<string, Language>(SUPPORTED_LANGUAGES.map((code) => [code.toLowerCase(), code]));

/** Canonical spelling of a supported code ("es-mx" and "es_MX" -> "es-MX"), or null. */
export function normalizeLanguage(code: unknown): Language | null {
  if (typeof code !== 'string') return null;
  return byLowerCase.get(code.trim().replace('_', '-').toLowerCase()) ?? null;
}

export function isSupportedLanguage(code: unknown): code is Language {
  return typeof code === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(code);
}

/** Each language named in itself, as the language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  de: 'Deutsch',
  'es-419': 'Español (Latinoamérica)',
  'es-MX': 'Español (México)',
  'fr-CA': 'Français (Canada)',
};

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

// Spanish of the Americas (and of the United States) reads es-419; CLDR gives these regions that parent.
const LATIN_AMERICA = new Set(['AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'GT', 'HN', 'NI', 'PA', 'PE', 'PR', 'PY', 'SV', 'US', 'UY', 'VE']);

/**
 * The supported language for one browser range: the exact code ("fr-CA"), else the regional family
 * ("es-AR" -> "es-419"), else the primary part ("pt-BR" -> "pt"), else null.
 */
export function matchLanguage(range: string | null | undefined): Language | null {
  if (!range) return null;
  const exact = normalizeLanguage(range);
  if (exact) return exact;
  const [primary = '', ...rest] = range.trim().split(/[-_]/);
  const region = rest.find((part) => /^([a-z]{2}|\d{3})$/i.test(part))?.toUpperCase();
  if (region) {
    const regional = normalizeLanguage(`${primary}-${region}`);
    if (regional) return regional;
    if (primary.toLowerCase() === 'es' && LATIN_AMERICA.has(region)) return 'es-419';
  }
  return normalizeLanguage(primary);
}

/** The browser's most preferred range that we support (spec §9), or null. */
export function browserLanguage(acceptLanguage: string | null | undefined): Language | null {
  for (const range of parseAcceptLanguage(acceptLanguage)) {
    const match = matchLanguage(range);
    if (match) return match;
  }
  return null;
}

/**
 * The language a page renders in (spec §9): the person's stored choice (language menu or
 * profile); else the browser's language when we support it; else the company default; else English.
 * A stored "system" (or anything unsupported) means "follow the browser".
 */
export function resolveLanguage(
  stored: string | null | undefined,
  acceptLanguage: string | null | undefined,
  companyDefault?: string | null,
): Language {
  return normalizeLanguage(stored) ?? browserLanguage(acceptLanguage) ?? normalizeLanguage(companyDefault) ?? DEFAULT_LANGUAGE;
}
