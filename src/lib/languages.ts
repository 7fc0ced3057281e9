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
