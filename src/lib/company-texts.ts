import { SUPPORTED_LANGUAGES, type Language } from './languages';
import { languageChain } from './row-language.ts';
import type { Customization, LanguageTexts } from './schemas/customization';

// Which of a company's texts a language has no words for. A page in that language shows such a text in the
// company's default language (the one fallback rule, `languageChain` in ./row-language.ts: the reader's
// language, then its base language, then the company's default); the console lists them so the company can
// write them (/console/branding). Regional languages are not listed: they read their base language's texts.

/** A text of the customization document, named as the operator API writes it under `translations.<language>`. */
interface CompanyText {
  path: string;
  /** The text's translation in one language's texts, if written. */
  in: (texts: LanguageTexts) => string | undefined;
}

/** The texts the company wrote that a page shows (blank ones and hidden ones are not asked for). */
export function companyTexts(s: Customization): CompanyText[] {
  const out: CompanyText[] = [];
  const add = (value: string | null | undefined, path: string, pick: CompanyText['in']) => {
    if (typeof value === 'string' && value.trim()) out.push({ path, in: pick });
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

/** The base languages other than the company's own, each with the texts it has no words for (none: left out). */
export function missingTranslations(s: Customization): { language: Language; paths: string[] }[] {
  const own = s.default_language.split('-')[0];
  const texts = companyTexts(s);
  return SUPPORTED_LANGUAGES.filter((code) => !code.includes('-') && code !== own).flatMap((language) => {
    const layers = languageChain(language).map((code) => s.translations[code as Language]).filter((v): v is LanguageTexts => !!v);
    const paths = texts.filter((text) => !layers.some((v) => text.in(v)?.trim())).map((text) => text.path);
    return paths.length ? [{ language, paths }] : [];
  });
}
