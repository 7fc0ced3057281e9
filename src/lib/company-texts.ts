import { SUPPORTED_LANGUAGES, type Language } from './languages';
import { languageChain, readTranslations } from './row-language.ts';
import type { Customization, LanguageTexts } from './schemas/customization';

// Which of a company's texts a language has no words for. A page in that language shows such a text in the
// company's default language (the one fallback rule, `languageChain` in ./row-language.ts: the reader's
// language, then its base language, then the company's default); the console lists them so the company can
// write them (/console/branding). Regional languages are not listed: they read their base language's texts.

/** A company text, named as the operator API writes its translations. */
export interface CompanyText {
  path: string;
  /** The text's translation in one language (a code of the closed list), if written. */
  in: (code: string) => string | undefined;
}

/** The texts of the customization document that a page shows (blank ones and hidden ones are not asked for). */
export function companyTexts(s: Customization): CompanyText[] {
  const out: CompanyText[] = [];
  const add = (value: string | null | undefined, path: string, pick: (texts: LanguageTexts) => string | undefined) => {
    if (typeof value === 'string' && value.trim()) {
      out.push({ path, in: (code) => { const texts = s.translations[code as Language]; return texts ? pick(texts) : undefined; } });
    }
  };
  for (const key of ['form_header', 'message', 'right_column', 'terms_text', 'button_text', 'form_state_label'] as const) {
    add(s.register[key], `register.${key}`, (v) => v.register?.[key]);
  }
  for (const [field, f] of Object.entries(s.register.fields) as [keyof Customization['register']['fields'], { checked: boolean; label: string | null }][]) {
    if (f.checked) add(f.label, `register.fields.${field}.label`, (v) => v.register?.fields?.[field]?.label);
  }
  for (const key of ['event_data_1_label', 'event_data_2_label', 'event_data_3_label'] as const) {
    add(s.activity[key], `activity.${key}`, (v) => v.activity?.[key]);
  }
  for (const [key, item] of Object.entries(s.tabs.items) as [keyof NonNullable<NonNullable<LanguageTexts['tabs']>['labels']>, { label?: string | null }][]) {
    add(item.label, `tabs.labels.${key}`, (v) => v.tabs?.labels?.[key]);
  }
  for (const tab of s.tabs.custom.filter((tab) => tab.enabled)) {
    add(tab.name, `tabs.custom.${tab.slug}.name`, (v) => v.tabs?.custom?.[tab.slug]?.name);
    if (!tab.source) add(tab.html, `tabs.custom.${tab.slug}.html`, (v) => v.tabs?.custom?.[tab.slug]?.html);
  }
  add(s.tabs.logout_label, 'tabs.logout_label', (v) => v.tabs?.logout_label);
  if (s.dashboard.show_earned_first_event) add(s.dashboard.earned_first_event_label, 'dashboard.earned_first_event_label', (v) => v.dashboard?.earned_first_event_label);
  if (s.dashboard.show_earned_second_event) add(s.dashboard.earned_second_event_label, 'dashboard.earned_second_event_label', (v) => v.dashboard?.earned_second_event_label);
  for (const [key, text] of Object.entries(s.dashboard.section_descriptions)) {
    add(text, `dashboard.section_descriptions.${key}`, (v) => v.dashboard?.section_descriptions?.[key]);
  }
  return out;
}

/** A row's texts (a campaign's name, description...) that are written, each with its `translations` (`rowTranslations` of the operator API). */
export function rowTexts(kind: string, row: { uid: string; translations?: unknown } & Record<string, unknown>, fields: readonly string[]): CompanyText[] {
  const byLanguage = readTranslations(row.translations);
  return fields.filter((field) => typeof row[field] === 'string' && (row[field] as string).trim())
    .map((field) => ({ path: `${kind}.${row.uid}.${field}`, in: (code: string) => byLanguage[code]?.[field] }));
}

/**
 * The base languages other than the company's own, each with the texts it has no words for (none: left out):
 * the document's texts, and `more` (the rows' texts, `rowTexts`).
 */
export function missingTranslations(s: Customization, more: CompanyText[] = []): { language: Language; paths: string[] }[] {
  const own = s.default_language.split('-')[0];
  const texts = [...companyTexts(s), ...more];
  return SUPPORTED_LANGUAGES.filter((code) => !code.includes('-') && code !== own).flatMap((language) => {
    const chain = languageChain(language);
    const paths = texts.filter((text) => !chain.some((code) => text.in(code)?.trim())).map((text) => text.path);
    return paths.length ? [{ language, paths }] : [];
  });
}
