import { describe, expect, it } from 'vitest';
import { languageChain, readTranslations, textsIn } from '../../src/lib/row-language';
import { campaignCreateSchema, campaignPatchSchema } from '../../src/lib/schemas/campaigns';
import { badgeCreateSchema, taskCreateSchema, tierPatchSchema } from '../../src/lib/schemas/operator-catalog';

// Task and reward texts per language: a row's own texts are the company's default language;
// `translations` (JSON by language) lay the texts a language has over them, text by text.

const task = {
  name: 'Complete your profile',
  description: 'Add your phone.',
  translations: JSON.stringify({ es: { name: 'Completa tu perfil', description: '  ' }, 'es-MX': { description: 'Agrega tu celular.' }, fr: { name: 'Complétez votre profil' } }),
};

describe('task and reward texts in the page language', () => {
  it('shows the language\'s text where written and the row\'s own text for the rest (a blank one too)', () => {
    expect(textsIn(task, 'es', ['name', 'description'])).toEqual({ name: 'Completa tu perfil', description: 'Add your phone.' });
    expect(textsIn(task, 'fr', ['name', 'description'])).toEqual({ name: 'Complétez votre profil', description: 'Add your phone.' });
  });

  it('reads a regional language\'s own texts first, then its family\'s', () => {
    expect(languageChain('es-MX')).toEqual(['es-MX', 'es']);
    expect(languageChain('fr')).toEqual(['fr']);
    expect(textsIn(task, 'es-MX', ['name', 'description'])).toEqual({ name: 'Completa tu perfil', description: 'Agrega tu celular.' });
    expect(textsIn(task, 'fr-CA', ['name'])).toEqual({ name: 'Complétez votre profil' });
  });

  it('falls back to the row\'s own texts for another language, no language, or unreadable translations', () => {
    expect(textsIn(task, 'pl', ['name'])).toEqual({ name: 'Complete your profile' });
    expect(textsIn(task, null, ['name'])).toEqual({ name: 'Complete your profile' });
    expect(textsIn({ ...task, translations: '{oops' }, 'es', ['name'])).toEqual({ name: 'Complete your profile' });
    expect(textsIn({ ...task, translations: '[]' }, 'es', ['name'])).toEqual({ name: 'Complete your profile' });
  });

  it('the operator API takes known languages and the base field\'s limits only', () => {
    const parse = (translations: unknown) => taskCreateSchema.safeParse({ name: 'Task', translations });
    expect(parse({ es: { name: 'Tarea' }, 'fr-CA': { description: 'Une tâche' } }).success).toBe(true);
    expect(parse({ xx: { name: 'Tarea' } }).error?.issues[0]?.message).toMatch(/^Unknown language "xx": one of en, es,/);
    expect(parse({ es: { title: 'Tarea' } }).success).toBe(false);
    expect(parse({ es: { name: 'x'.repeat(121) } }).error?.issues[0]?.message).toBe('At most 120 characters.');
    expect(taskCreateSchema.parse({ name: 'Task' }).translations).toEqual({});
  });
});

describe('campaign, tier and badge texts in the page language (migration 0024)', () => {
  const campaign = {
    name: 'Refer a Friend',
    description: 'Your friends save, you earn.',
    native_message: 'I love Demo Co.',
    translations: { fr: { name: 'Parrainez un ami', native_message: 'J’adore Demo Co.' }, 'fr-CA': { native_message: 'J’aime Demo Co.' } },
  };

  it('the share message, the name and the description each fall back on their own', () => {
    expect(textsIn(campaign, 'fr', ['name', 'description', 'native_message'])).toEqual({
      name: 'Parrainez un ami', description: 'Your friends save, you earn.', native_message: 'J’adore Demo Co.',
    });
    expect(textsIn(campaign, 'fr-CA', ['name', 'native_message'])).toEqual({ name: 'Parrainez un ami', native_message: 'J’aime Demo Co.' });
    expect(textsIn(campaign, 'de', ['name', 'native_message'])).toEqual({ name: 'Refer a Friend', native_message: 'I love Demo Co.' });
  });

  it('the operator API takes a campaign\'s three texts and a tier\'s or a badge\'s two, with the base fields\' limits', () => {
    expect(campaignCreateSchema.parse({ name: 'C', url: 'https://shop.test/' }).translations).toEqual({});
    expect(campaignPatchSchema.safeParse({ translations: { es: { native_message: 'Hola' } } }).success).toBe(true);
    expect(campaignPatchSchema.safeParse({ translations: { es: { native_message: 'x'.repeat(5001) } } }).error?.issues[0]?.message).toBe('At most 5000 characters.');
    expect(tierPatchSchema.safeParse({ translations: { es: { native_message: 'Hola' } } }).success).toBe(false);
    expect(tierPatchSchema.safeParse({ translations: { zz: { name: 'Oro' } } }).error?.issues[0]?.message).toMatch(/^Unknown language "zz"/);
    expect(badgeCreateSchema.parse({ name: 'B', translations: { pl: { description: 'Odznaka' } } }).translations).toEqual({ pl: { description: 'Odznaka' } });
  });
});

describe('a row\'s translations read once per isolate', () => {
  it('parses stored text once and shares it read-only; bad JSON reads as none', () => {
    const stored = JSON.stringify({ fr: { name: 'Parrainez un ami' } });
    const first = readTranslations(stored);
    expect(first).toEqual({ fr: { name: 'Parrainez un ami' } });
    expect(readTranslations(stored)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(readTranslations('{not json')).toEqual({});
    expect(readTranslations('[1]')).toEqual({});
    expect(readTranslations({ es: { name: 'Recomienda' } })).toEqual({ es: { name: 'Recomienda' } });
    expect(textsIn({ name: 'Refer a friend', translations: stored }, 'fr', ['name']).name).toBe('Parrainez un ami');
  });
});
