import type { Language } from './languages';
import { languageChain } from './row-language.ts';
import type { Customization, LanguageTexts, RegistrationField } from './schemas/customization';

// A company's texts in the page language (issue 21): the document's `translations[lang]` laid over its own
// texts, which are written in the default language. A text a language leaves out or blank shows the
// document's own. Computed once per settings object and language: the settings objects are kept per tenant
// and campaign (src/edge/request-context.ts), so a page pays for a Map lookup.
//
// A translation translates one text: where a campaign layer writes its own text, the company's translation
// of the company's text no longer applies (`withCampaignTranslations`, called by resolveCustomization).

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

const DASHBOARD_LABELS = ['earned_first_event_label', 'earned_second_event_label'] as const;
const REGISTER_TEXTS = ['message', 'right_column', 'terms_text', 'form_header', 'button_text', 'form_state_label'] as const;
const ACTIVITY_LABELS = ['event_data_1_label', 'event_data_2_label', 'event_data_3_label'] as const;

/** Every text a company can translate: its value in the settings and where its variant sits in a language's texts. */
function translatableTexts(s: Customization): { text: string | null | undefined; path: string[] }[] {
  return [
    ...REGISTER_TEXTS.map((key) => ({ text: s.register[key], path: ['register', key] })),
    ...Object.entries(s.register.fields).map(([key, field]) => ({ text: field.label, path: ['register', 'fields', key, 'label'] })),
    ...ACTIVITY_LABELS.map((key) => ({ text: s.activity[key], path: ['activity', key] })),
    ...Object.entries(s.tabs.items).map(([key, item]) => ({ text: item.label, path: ['tabs', 'labels', key] })),
    { text: s.tabs.logout_label, path: ['tabs', 'logout_label'] },
    ...s.tabs.custom.flatMap((tab) => [
      { text: tab.name, path: ['tabs', 'custom', tab.slug, 'name'] },
      { text: tab.html, path: ['tabs', 'custom', tab.slug, 'html'] },
    ]),
    ...Object.entries(s.dashboard.section_descriptions).map(([key, text]) => ({ text, path: ['dashboard', 'section_descriptions', key] })),
    ...DASHBOARD_LABELS.map((key) => ({ text: s.dashboard[key], path: ['dashboard', key] })),
  ];
}

const child = (node: unknown, key: string): unknown =>
  typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
const at = (node: unknown, path: readonly string[]) => path.reduce(child, node);

/**
 * The campaign's settings with the precedence campaign > company kept in every language: where the campaign
 * layer writes its own text (one that differs from the company's), the company's translations of that text
 * are dropped, so every language shows the campaign's text, unless the layer's own `translations` give that
 * language a text of its own (they are already merged in `merged`). `merged` is a fresh parse and is changed
 * in place.
 */
export function withCampaignTranslations(merged: Customization, company: Customization, layer: unknown): Customization {
  const companyTexts = new Map(translatableTexts(company).map(({ text, path }) => [path.join('\u0000'), text ?? '']));
  const changed = translatableTexts(merged).filter(({ text, path }) => (text ?? '') !== (companyTexts.get(path.join('\u0000')) ?? ''));
  if (!changed.length) return merged;
  for (const [lang, texts] of Object.entries(merged.translations)) {
    for (const { path } of changed) {
      const own = at(layer, ['translations', lang, ...path]);
      if (typeof own === 'string' && own.trim()) continue;
      const parent = at(texts, path.slice(0, -1));
      if (typeof parent === 'object' && parent !== null) delete (parent as Record<string, unknown>)[path.at(-1)!];
    }
  }
  return merged;
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
