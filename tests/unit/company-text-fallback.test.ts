import { describe, expect, it } from 'vitest';
import { companyTexts, missingTranslations, rowTexts } from '../../src/lib/company-texts';
import { inLanguage } from '../../src/lib/customization-language';
import { textsIn } from '../../src/lib/row-language';
import { resolveCustomization } from '../../src/lib/schemas/customization';

// One fallback rule for every company text: the reader's language, then its base language, then the company's
// default language (the text as the company wrote it). The console lists, per language, the texts that rule
// would show in the default language.

const company = {
  default_language: 'es',
  register: {
    form_header: 'Únete al equipo', right_column: '<h3>Ventajas</h3>', button_text: 'Unirme',
    fields: { groups: { position: 4, required: true, checked: true, label: 'Equipo' }, phone: { position: 5, required: false, checked: false, label: 'Móvil' } },
  },
  tabs: {
    items: { rewards: { label: 'Tienda' } },
    custom: [
      { slug: 'guia', name: 'Guía', html: '<h2>Guía</h2>' },
      { slug: 'tienda', name: 'Tienda del equipo', source: 'https://shop.example/' },
      { slug: 'vieja', name: 'Vieja', html: '<p>x</p>', enabled: false },
    ],
  },
  dashboard: { show_earned_first_event: true, earned_first_event_label: 'Ganado - Primer pedido', section_descriptions: { badges_section: 'Tus insignias' } },
  translations: {
    en: {
      register: { form_header: 'Join the crew', right_column: '<h3>Perks</h3>', button_text: 'Join', fields: { groups: { label: 'Crew' } } },
      tabs: { labels: { rewards: 'Shop' }, custom: { guia: { name: 'Guide', html: '<h2>Guide</h2>' }, tienda: { name: 'Crew shop' } } },
      dashboard: { earned_first_event_label: 'Earned - First order', section_descriptions: { badges_section: 'Your badges' } },
    },
    fr: { register: { form_header: 'Rejoignez l’équipe', right_column: '  ' }, tabs: { labels: { rewards: 'Boutique' } } },
    'fr-CA': { tabs: { labels: { rewards: 'Magasin' } } },
  },
};
const settings = resolveCustomization(company);

describe('the fallback rule for a company text', () => {
  it('reads the reader\'s language, then its base language, then the company\'s default, for settings and rows alike', () => {
    const frCA = inLanguage(settings, 'fr-CA');
    expect(frCA.tabs.items.rewards.label).toBe('Magasin');
    expect(frCA.register.form_header).toBe('Rejoignez l’équipe');
    // A blank translation is no translation: the default language's text, never English's.
    expect(frCA.register.right_column).toBe('<h3>Ventajas</h3>');
    expect(inLanguage(settings, 'pl').tabs.custom.map((tab) => tab.name)).toEqual(['Guía', 'Tienda del equipo', 'Vieja']);
    const row = { name: 'Mochila', translations: { en: { name: 'Backpack' }, fr: { name: '' } } };
    expect(textsIn(row, 'fr-CA', ['name']).name).toBe('Mochila');
    expect(textsIn(row, 'en', ['name']).name).toBe('Backpack');
  });
});

describe('the company texts a language misses', () => {
  it('names every text a page shows, as the operator API writes it under translations', () => {
    expect(companyTexts(settings).map((text) => text.path)).toEqual([
      'register.form_header', 'register.right_column', 'register.button_text', 'register.fields.groups.label',
      'tabs.labels.rewards', 'tabs.custom.guia.name', 'tabs.custom.guia.html', 'tabs.custom.tienda.name',
      'dashboard.earned_first_event_label', 'dashboard.section_descriptions.badges_section',
    ]);
  });

  it('lists, per base language other than the default, the texts it shows in the default language', () => {
    const missing = new Map(missingTranslations(settings).map((row) => [row.language, row.paths]));
    // English translated everything: not listed. Spanish is the default: not listed.
    expect(missing.has('en')).toBe(false);
    expect(missing.has('es')).toBe(false);
    expect(missing.get('fr')).toEqual([
      'register.right_column', 'register.button_text', 'register.fields.groups.label',
      'tabs.custom.guia.name', 'tabs.custom.guia.html', 'tabs.custom.tienda.name',
      'dashboard.earned_first_event_label', 'dashboard.section_descriptions.badges_section',
    ]);
    expect(missing.get('pl')).toHaveLength(10);
    expect([...missing.keys()].sort()).toEqual(['de', 'fr', 'it', 'nl', 'pl', 'pt']);
  });

  it('lists a campaign\'s texts with the document\'s, by the same rule (a regional translation alone does not count)', () => {
    const campaign = {
      uid: 'cmp-1', name: 'Club Cumbre', description: 'Para montañeros', native_message: ' ',
      translations: { en: { name: 'Summit Club', description: 'For mountaineers' }, fr: { name: 'Club Sommet' }, 'pt-BR': { name: 'Clube' } },
    };
    const texts = rowTexts('campaigns', campaign, ['name', 'description', 'native_message']);
    expect(texts.map((text) => text.path)).toEqual(['campaigns.cmp-1.name', 'campaigns.cmp-1.description']);
    const missing = new Map(missingTranslations(settings, texts).map((row) => [row.language, row.paths]));
    expect(missing.get('en')).toBeUndefined();
    expect(missing.get('fr')).toContain('campaigns.cmp-1.description');
    expect(missing.get('fr')).not.toContain('campaigns.cmp-1.name');
    expect(missing.get('pt')).toEqual(expect.arrayContaining(['campaigns.cmp-1.name', 'campaigns.cmp-1.description']));
  });

  it('lists nothing for a company that wrote every text in every language', () => {
    const all = Object.fromEntries(['en', 'fr', 'de', 'it', 'nl', 'pl', 'pt'].map((code) => [code, company.translations.en]));
    expect(missingTranslations(resolveCustomization({ ...company, translations: all }))).toEqual([]);
  });
});
