import { describe, expect, it } from 'vitest';
import {
  SUPPORTED_LANGUAGES,
  isMessageKey,
  parseAcceptLanguage,
  pickLanguage,
  t,
  translateMessage,
  translator,
} from '../../src/lib/i18n.ts';
import { en } from '../../src/lib/i18n/en.ts';
import { es } from '../../src/lib/i18n/es.ts';
import { LANGUAGE_NAMES, normalizeLanguage } from '../../src/lib/languages.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('keeps the exact wordings the spec quotes', () => {
    expect(t('en', 'forgotPasswordFailed')).toBe('Something went wrong. Please try again later. - (API)');
    expect(t('en', 'oops')).toBe('Oops! Something went wrong');
    expect(t('en', 'copied')).toBe('Copied');
    expect(t('en', 'noApiError')).toBe('No API error was provided.');
    expect(t('en', 'expectedAmbassador')).toBe('Expected result array containing ambassador user');
    expect(t('en', 'noStats')).toBe('No stats found');
    expect(t('en', 'noStatsMetrics')).toBe('No stats metrics found');
    expect(t('en', 'minimumAmount', { min: 10 })).toBe('minimum amount is 10');
    expect(t('en', 'maximumAmount', { max: '$50' })).toBe('maximum amount is $50');
  });

  it('uses the default menu labels of §2', () => {
    const labels = ['menuRewards', 'menuSharing', 'menuDashboard', 'menuStats', 'menuAssets', 'menuActivity', 'menuProfile', 'menuLogout'] as const;
    expect(labels.map((k) => t('en', k))).toEqual(['Rewards', 'Share Links', 'Dashboard', 'Stats', 'Assets', 'Activity', 'Profile', 'Logout']);
    expect(t('en', 'menuMyProfile')).toBe('My Profile');
  });

  it('has Yes and No as the confirmation buttons and areYouSure as the default question', () => {
    expect([t('en', 'yes'), t('en', 'no')]).toEqual(['Yes', 'No']);
    expect(t('en', 'areYouSure')).toMatch(/are you sure/i);
  });

  it('names the company in the no-campaigns message that has one', () => {
    expect(t('en', 'noCampaignsCompany', { company: 'Acme Outdoor' })).toContain('Acme Outdoor');
    expect(t('en', 'noCampaigns')).not.toContain('{');
  });

  it('has Spanish for every English key, with the same placeholders', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
      expect(es[key].trim(), key).not.toBe('');
    }
  });

  it('translates into Spanish', () => {
    expect(t('es', 'menuDashboard')).toBe('Panel');
    expect(t('es', 'minimumAmount', { min: 5 })).toBe('el importe mínimo es 5');
  });
});

describe('partial catalogues', () => {
  it('only use English keys, with the same placeholders', async () => {
    for (const code of ['fr', 'de', 'it', 'nl', 'pl', 'pt']) {
      const catalogue = (await import(`../../src/lib/i18n/${code}.ts`))[code] as Record<string, string>;
      for (const [key, message] of Object.entries(catalogue)) {
        expect(isMessageKey(key), `${code}.${key}`).toBe(true);
        expect(placeholders(message), `${code}.${key}`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    }
  });

  it('translate every menu label', async () => {
    for (const code of ['fr', 'de', 'it', 'nl', 'pl', 'pt']) {
      for (const key of Object.keys(en).filter((k) => k.startsWith('menu'))) {
        expect(t(code, key as keyof typeof en) !== en[key as keyof typeof en] || ['menuDashboard', 'menuTransactions', 'menuProfile'].includes(key), `${code}.${key}`).toBe(true);
      }
    }
  });
});

describe('t fallbacks', () => {
  it('falls back from a regional variant to its base language', () => {
    expect(t('es-MX', 'yes')).toBe('Sí');
    expect(t('es-419', 'yes')).toBe('Sí');
  });

  it('uses each language before English', () => {
    expect(t('de', 'yes')).toBe('Ja');
    expect(t('fr-CA', 'menuLogout')).toBe('Déconnexion');
    expect(t('de', 'redeemSuccess')).not.toBe(t('en', 'redeemSuccess'));
  });

  it('falls back to English for unknown codes', () => {
    expect(t('xx', 'yes')).toBe('Yes');
    expect(t(null, 'yes')).toBe('Yes');
  });

  it('leaves an unfilled placeholder visible', () => {
    expect(t('en', 'minimumAmount')).toBe('minimum amount is {min}');
  });

  it('binds a language with translator()', () => {
    const tr = translator('es');
    expect(tr('no')).toBe('No');
    expect(tr('pointsToNextTier', { points: '20 puntos' })).toBe('20 puntos para el siguiente nivel');
  });

  it('translates message keys carried by schemas and passes API text through', () => {
    expect(isMessageKey('invalidEmail')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
    expect(translateMessage('es', 'invalidEmail')).toBe('Introduce una dirección de correo electrónico válida.');
    expect(translateMessage('es', 'Unable to log in.')).toBe('Unable to log in.');
  });
});

describe('supported languages (§9)', () => {
  it('lists en first and the ten others', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'de', 'es-419', 'es-MX', 'fr-CA']);
    expect(Object.keys(LANGUAGE_NAMES)).toHaveLength(SUPPORTED_LANGUAGES.length);
  });

  it('normalises the spelling of codes', () => {
    expect(normalizeLanguage('ES-mx')).toBe('es-MX');
    expect(normalizeLanguage('fr_CA')).toBe('fr-CA');
    expect(normalizeLanguage('zh')).toBeNull();
    expect(normalizeLanguage(7)).toBeNull();
  });
});

describe('pickLanguage', () => {
  it('prefers the stored choice over everything else', () => {
    expect(pickLanguage('fr', 'es-ES,es;q=0.9', 'de')).toBe('fr');
  });

  it('uses the company default when nothing is stored', () => {
    expect(pickLanguage(null, 'en-US,en;q=0.9', 'es')).toBe('es');
  });

  it('uses the primary part of a supported browser language when there is no company default', () => {
    expect(pickLanguage(null, 'pt-BR,pt;q=0.9,en;q=0.5', null)).toBe('pt');
    expect(pickLanguage(undefined, 'es-MX', undefined)).toBe('es');
  });

  it('skips unsupported browser languages and honours q weights', () => {
    expect(pickLanguage(null, 'zh-CN, ja;q=0.9, nl;q=0.8, de;q=0.85', null)).toBe('de');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(pickLanguage('klingon', null, 'it')).toBe('it');
  });

  it('follows the browser when the stored choice is "system"', () => {
    expect(pickLanguage('system', 'fr-FR,fr;q=0.9', 'es')).toBe('fr');
    expect(pickLanguage('system', 'zh', 'es')).toBe('es');
  });

  it('ends at English', () => {
    expect(pickLanguage(null, null, null)).toBe('en');
    expect(pickLanguage(null, '*', 'xx')).toBe('en');
  });

  it('parses Accept-Language, dropping q=0 and wildcards', () => {
    expect(parseAcceptLanguage('en;q=0.2, fr-CA, *;q=0.1, de;q=0')).toEqual(['fr-CA', 'en']);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});
