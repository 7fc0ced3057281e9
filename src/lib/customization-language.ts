import type { Language } from './languages';
import { languageChain } from './row-language.ts';
import type { Customization, LanguageTexts, RegistrationField } from './schemas/customization';

// A company's texts in the page language: the document's `translations[lang]` laid over its own
// texts, which are written in the default language. A text a language leaves out or blank shows the
// document's own. Computed once per settings object and language: the settings objects are kept per tenant
// and campaign (src/edge/request-context.ts), so a page pays for a Map lookup.
//
// A translation translates one text: where a campaign layer writes its own text, the company's translation
// of the company's text no longer applies (resolveCustomization drops it, src/lib/schemas/customization.ts).

const kept = new WeakMap<Customization, Map<Language, Customization>>();

/** Only the texts that are written (a blank one is "not translated"). */
function written<T extends Record<string, unknown>>(texts: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(texts ?? {})) {
    if (typeof value === 'string' && value.trim()) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

function overlay(s: Customization, v: LanguageTexts): Customization {
  const labels = written(v.tabs?.labels);
  const items = Object.fromEntries(Object.entries(s.tabs.items).map(([key, item]) => [
    key, key in labels ? { ...item, label: labels[key as keyof typeof labels]! } : item,
  ])) as Customization['tabs']['items'];
  const custom = s.tabs.custom.map((tab) => {
    const texts = v.tabs?.custom?.[tab.slug];
    return texts ? { ...tab, ...written(texts) } : tab;
  });
  // `written` keeps strings only, so the register's texts leave its `fields` (labels by field) to this.
  const fields = Object.fromEntries(Object.entries(s.register.fields).map(([key, field]) => {
    const label = written({ label: v.register?.fields?.[key as RegistrationField]?.label }).label;
    return [key, label ? { ...field, label } : field];
  })) as Customization['register']['fields'];
  return {
    ...s,
    register: { ...s.register, ...written(v.register), fields },
    activity: { ...s.activity, ...written(v.activity) },
    tabs: { ...s.tabs, ...written({ logout_label: v.tabs?.logout_label }), items, custom },
    dashboard: {
      ...s.dashboard,
      ...written({ earned_first_event_label: v.dashboard?.earned_first_event_label, earned_second_event_label: v.dashboard?.earned_second_event_label }),
      section_descriptions: { ...s.dashboard.section_descriptions, ...written(v.dashboard?.section_descriptions) as Record<string, string> },
    },
  };
}

/** The settings with the company's texts in `lang` where it wrote them. */
export function inLanguage(settings: Customization, lang: Language): Customization {
  // A regional language reads its family's texts under its own (es-MX: es, then es-MX over it).
  const layers = languageChain(lang).reverse().map((code) => settings.translations[code as Language]).filter((t): t is LanguageTexts => !!t);
  if (!layers.length) return settings;
  let byLanguage = kept.get(settings);
  if (!byLanguage) kept.set(settings, (byLanguage = new Map()));
  let localized = byLanguage.get(lang);
  if (!localized) byLanguage.set(lang, (localized = layers.reduce(overlay, settings)));
  return localized;
}
