import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../src/lib/customization-language';
import { customizationSchema, resolveCustomization } from '../../src/lib/schemas/customization';

// Per-language company texts: a company writes its texts in its default language and, per
// language, the ones it translated; a page shows the translation where there is one, else the default text.

const company = {
  default_language: 'en',
  register: { message: '<p>Earn 10%</p>', terms_text: 'I agree', form_header: 'Join us', button_text: 'Sign up' },
  dashboard: { section_descriptions: { tasks_section: 'Do tasks', badges_section: 'Your badges' } },
  tabs: {
    items: { rewards: { label: 'Rewards shop' } },
    custom: [{ slug: 'guide', name: 'Guide', html: '<h2>Guide</h2>' }, { slug: 'faq', name: 'FAQ', html: '<p>FAQ</p>' }],
  },
  translations: {
    es: {
      register: { message: '<p>Gana un 10 %</p>', form_header: '  ' },
      tabs: { labels: { rewards: 'Tienda' }, custom: { guide: { name: 'Guía', html: '<h2>Guía</h2>' } }, logout_label: 'Salir' },
      dashboard: { section_descriptions: { tasks_section: 'Haz tareas' } },
    },
  },
};

describe('company texts per language', () => {
  const settings = resolveCustomization(company);

  it('shows the texts a language has and falls back to the default language\'s for the rest (a blank one too)', () => {
    const es = inLanguage(settings, 'es');
    expect(es.register).toMatchObject({ message: '<p>Gana un 10 %</p>', terms_text: 'I agree', form_header: 'Join us', button_text: 'Sign up' });
    expect(es.tabs.items.rewards.label).toBe('Tienda');
    expect(es.tabs.logout_label).toBe('Salir');
    expect(es.tabs.custom.map((tab) => [tab.name, tab.html])).toEqual([['Guía', '<h2>Guía</h2>'], ['FAQ', '<p>FAQ</p>']]);
    expect(es.dashboard.section_descriptions).toEqual({ tasks_section: 'Haz tareas', badges_section: 'Your badges' });
  });

  it('leaves a language without texts, and the settings themselves, as they are', () => {
    expect(inLanguage(settings, 'fr')).toBe(settings);
    inLanguage(settings, 'es');
    expect(settings.register.message).toBe('<p>Earn 10%</p>');
    expect(inLanguage(settings, 'es')).toBe(inLanguage(settings, 'es'));
  });

  it('names registration fields and the activity\'s event data in the language, else in the default language', () => {
    const named = resolveCustomization({
      ...company,
      register: { ...company.register, fields: { custom1: { checked: true, label: 'T-shirt size' }, groups: { checked: true, label: 'Team' } } },
      activity: { event_data_1_label: 'Order note', event_data_2_label: 'Store' },
      translations: {
        fr: {
          register: { fields: { custom1: { label: 'Taille de T-shirt' }, groups: { label: ' ' } } },
          activity: { event_data_1_label: 'Note de commande' },
        },
      },
    });
    const fr = inLanguage(named, 'fr');
    expect([fr.register.fields.custom1.label, fr.register.fields.groups.label]).toEqual(['Taille de T-shirt', 'Team']);
    expect(fr.register.fields.custom1).toMatchObject({ checked: true, position: named.register.fields.custom1.position });
    expect([fr.activity.event_data_1_label, fr.activity.event_data_2_label, fr.activity.event_data_3_label]).toEqual(['Note de commande', 'Store', null]);
    expect(named.register.fields.custom1.label).toBe('T-shirt size');
    // A campaign that names the field itself shows its own name in French too.
    const withShirt = {
      register: { fields: { custom1: { checked: true, label: 'T-shirt size' } } },
      translations: { fr: { register: { fields: { custom1: { label: 'Taille de T-shirt' } } } } },
    };
    const summit = inLanguage(resolveCustomization(withShirt, { register: { fields: { custom1: { label: 'Jersey size' } } } }), 'fr');
    expect(summit.register.fields.custom1.label).toBe('Jersey size');
    expect(customizationSchema.safeParse({ translations: { fr: { register: { fields: { nickname: { label: 'x' } } } } } }).success).toBe(false);
  });

  it('accepts only the portal\'s languages and the texts it knows', () => {
    expect(customizationSchema.safeParse({ translations: { xx: {} } }).success).toBe(false);
    expect(customizationSchema.safeParse({ translations: { es: { register: { form_header: 'x'.repeat(201) } } } }).success).toBe(false);
    expect(customizationSchema.safeParse({ translations: { 'es-419': { tabs: { labels: { stats: 'Estadísticas' } } } } }).success).toBe(true);
  });
});

// Regression: a campaign layer's own label showed the company's Spanish translation of the
// company's label on Spanish pages; a campaign's own value beats the company's translation of another text.
describe('company texts per language under a campaign layer', () => {
  const campaign = {
    register: { form_header: 'Join Summit' },
    tabs: { items: { rewards: { label: 'Summit rewards' } } },
  };

  it('shows the campaign\'s own text in every language the campaign did not translate', () => {
    const es = inLanguage(resolveCustomization(company, campaign), 'es');
    expect(es.tabs.items.rewards.label).toBe('Summit rewards');
    expect(es.register.form_header).toBe('Join Summit');
    // Texts the campaign leaves alone keep the company's translation.
    expect(es.register.message).toBe('<p>Gana un 10 %</p>');
    expect(es.tabs.logout_label).toBe('Salir');
  });

  it('shows the campaign\'s own translation where it has one', () => {
    const layer = { ...campaign, translations: { es: { tabs: { labels: { rewards: 'Premios Summit' } } } } };
    const es = inLanguage(resolveCustomization(company, layer), 'es');
    expect(es.tabs.items.rewards.label).toBe('Premios Summit');
    expect(es.register.form_header).toBe('Join Summit');
  });

  it('a campaign that repeats the company\'s text keeps the company\'s translation', () => {
    const es = inLanguage(resolveCustomization(company, { tabs: { items: { rewards: { label: 'Rewards shop' } } } }), 'es');
    expect(es.tabs.items.rewards.label).toBe('Tienda');
  });

  it('leaves the company\'s own settings untouched', () => {
    resolveCustomization(company, campaign);
    expect(inLanguage(resolveCustomization(company), 'es').tabs.items.rewards.label).toBe('Tienda');
  });

  it('a regional language reads its family\'s texts (es-MX: the Spanish ones)', () => {
    expect(inLanguage(resolveCustomization(company), 'es-MX').tabs.items.rewards.label).toBe('Tienda');
  });
});
