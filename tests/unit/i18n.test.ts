import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  SUPPORTED_LANGUAGES,
  isMessageKey,
  parseAcceptLanguage,
  pickLanguage,
  pluralTemplates,
  t,
  translateMessage,
  translator,
} from '../../src/lib/i18n.ts';
import { en } from '../../src/lib/i18n/en.ts';
import { es } from '../../src/lib/i18n/es.ts';
import { es419 } from '../../src/lib/i18n/es-419.ts';
import { esMX } from '../../src/lib/i18n/es-MX.ts';
import { frCA } from '../../src/lib/i18n/fr-CA.ts';
import { LANGUAGE_NAMES, normalizeLanguage } from '../../src/lib/languages.ts';
import { fillPlural } from '../../src/lib/plural.ts';

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }>; children?: Element[] };
/** ICU argument names of a message ({name}, {count, plural, ...}), not its raw brace text. */
const placeholders = (message: string) => {
  const names = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const el of elements) {
      if (el.type >= 1 && el.type <= 6 && el.value) names.add(el.value);
      for (const option of Object.values(el.options ?? {})) walk(option.value);
      if (el.children) walk(el.children);
    }
  };
  walk(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst() as Element[]);
  return [...names].sort();
};
/** Which arguments choose a plural form. */
const plurals = (message: string) =>
  (new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst() as Element[])
    .flatMap(function find(el): string[] {
      return [...(el.type === 6 && el.value ? [el.value] : []), ...Object.values(el.options ?? {}).flatMap((o) => o.value.flatMap(find))];
    })
    .sort();

describe('message catalogue', () => {
  it('keeps the exact wordings the spec quotes', () => {
    expect(t('en', 'forgotPasswordFailed')).toBe('Something went wrong. Please try again later. - (API)');
    expect(t('en', 'oops')).toBe('Oops! Something went wrong');
    expect(t('en', 'copied')).toBe('Copied');
    expect(t('en', 'noApiError')).toBe('No API error was provided.');
    expect(t('en', 'expectedAmbassador')).toBe('Expected result array containing ambassador user');
    expect(t('en', 'noStats')).toBe('No stats found');
    expect(t('en', 'noStatsMetrics')).toBe('No stats metrics found');
    // Replaces §5's "minimum amount is {min}": the amount comes with its unit (message-limits.test.ts).
    expect(t('en', 'minimumAmount', { min: '10 points' })).toBe('The minimum is 10 points. Enter a larger amount.');
    expect(t('en', 'maximumAmount', { max: '$50' })).toBe('The maximum is $50. Enter a smaller amount.');
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
    expect(t('es', 'minimumAmount', { min: '5 puntos' })).toBe('El mínimo es 5 puntos. Introduce una cantidad mayor.');
  });
});

describe('every catalogue', () => {
  it('has every English key, with the same placeholders, and nothing else', async () => {
    for (const code of ['es', 'fr', 'de', 'it', 'nl', 'pl', 'pt']) {
      const catalogue = (await import(`../../src/lib/i18n/${code}.ts`))[code] as Record<string, string>;
      expect(Object.keys(catalogue).sort(), code).toEqual(Object.keys(en).sort());
      for (const [key, message] of Object.entries(catalogue)) {
        expect(placeholders(message), `${code}.${key}`).toEqual(placeholders(en[key as keyof typeof en]));
        expect(message.trim(), `${code}.${key}`).not.toBe('');
      }
    }
  });

  it('regional variants override English keys only, with the same arguments, and differ from their base', async () => {
    const { fr } = await import('../../src/lib/i18n/fr.ts');
    // es-MX carries es-419 (the lookup is es-MX -> es -> en); its own keys differ from es-419's or es's.
    const parentOf = (code: string, key: string): Record<string, string> =>
      code === 'es-MX' ? (Object.hasOwn(es419, key) ? es419 : es) : code === 'es-419' ? es : fr;
    for (const [code, catalogue] of Object.entries({ 'es-419': es419, 'es-MX': esMX, 'fr-CA': frCA })) {
      expect(Object.keys(catalogue).length, code).toBeGreaterThan(1);
      for (const [key, message] of Object.entries(catalogue) as [string, string][]) {
        expect(isMessageKey(key), `${code}.${key}`).toBe(true);
        expect(placeholders(message), `${code}.${key}`).toEqual(placeholders(en[key as keyof typeof en]));
        const parent = parentOf(code, key);
        if (!(code === 'es-MX' && parent === es419 && es419[key as keyof typeof es419] === message)) {
          expect(message, `${code}.${key} repeats its base`).not.toBe(parent[key]);
        }
      }
    }
  });

  it('every message is valid ICU and its plurals are real ones (an "other" form at least)', async () => {
    for (const code of ['en', 'es', 'fr', 'de', 'it', 'nl', 'pl', 'pt']) {
      const catalogue = (await import(`../../src/lib/i18n/${code}.ts`))[code] as Record<string, string>;
      for (const [key, message] of Object.entries(catalogue)) {
        expect(() => placeholders(message), `${code}.${key}`).not.toThrow();
        if (plurals(message).length) expect(message, `${code}.${key}`).toMatch(/other \{/);
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
    expect(t('en', 'minimumAmount')).toBe('The minimum is {min}. Enter a larger amount.');
    expect(t('en', 'tierLeftReferrals', { count: 2 })).toBe('2 referrals to {tier}');
    expect(t('en', 'tableTotal')).toBe('{count, plural, one {# row} other {# rows}}');
  });

  it('uses the regional wording where it differs', () => {
    expect(t('es', 'forgotIntro')).toMatch(/^Introduce/);
    expect(t('es-419', 'forgotIntro')).toMatch(/^Ingresa/);
    expect(t('es-MX', 'forgotIntro')).toMatch(/^Ingresa/);
    expect(t('es-MX', 'fieldState')).toBe('Estado');
    expect(t('es-419', 'amount')).toBe('Monto');
    expect(t('fr', 'email')).toBe('E-mail');
    expect(t('fr-CA', 'email')).toBe('Courriel');
    expect(t('fr-CA', 'forgotPasswordLink')).toBe('Mot de passe oublié?');
  });
});

describe('ICU plurals', () => {
  const table: [string, string, number, string][] = [
    ['en', 'tableTotal', 1, '1 row'],
    ['en', 'tableTotal', 2, '2 rows'],
    ['en', 'tableTotal', 5, '5 rows'],
    ['en', 'tableTotal', 22, '22 rows'],
    ['en', 'tableTotal', 1525, '1,525 rows'],
    ['pl', 'tableTotal', 1, '1 wiersz'],
    ['pl', 'tableTotal', 2, '2 wiersze'],
    ['pl', 'tableTotal', 5, '5 wierszy'],
    ['pl', 'tableTotal', 22, '22 wiersze'],
    ['pl', 'tableTotal', 12, '12 wierszy'],
    ['en', 'tooManyAttempts', 1, 'Too many attempts. Please try again in 1 second.'],
    ['en', 'tooManyAttempts', 30, 'Too many attempts. Please try again in 30 seconds.'],
    ['pl', 'tooManyAttempts', 1, 'Zbyt wiele prób. Spróbuj ponownie za 1 sekundę.'],
    ['pl', 'tooManyAttempts', 2, 'Zbyt wiele prób. Spróbuj ponownie za 2 sekundy.'],
    ['pl', 'tooManyAttempts', 5, 'Zbyt wiele prób. Spróbuj ponownie za 5 sekund.'],
    ['pl', 'tooManyAttempts', 22, 'Zbyt wiele prób. Spróbuj ponownie za 22 sekundy.'],
    ['en', 'emailValidMinutes', 1, '1 minute'],
    ['pl', 'emailValidHours', 5, '5 godzin'],
    ['es', 'rangeDays', 1, 'Último día'],
    ['es', 'rangeDays', 30, 'Últimos 30 días'],
    ['fr', 'tableTotal', 0, '0 ligne'],
    ['de', 'emailValidHours', 1, '1 Stunde'],
  ];
  const argOf: Record<string, string> = { tableTotal: 'count', tooManyAttempts: 'seconds', emailValidMinutes: 'n', emailValidHours: 'n', rangeDays: 'days' };
  it.each(table)('%s %s %i', (lang, key, n, expected) => {
    expect(t(lang, key as keyof typeof en, { [argOf[key]!]: n })).toBe(expected);
  });

  it('chooses the plural form of a count given as formatted text', () => {
    expect(t('en', 'tierLeftReferrals', { count: '1,525', tier: 'Gold' })).toBe('1,525 referrals to Gold');
    expect(t('en', 'tierLeftReferral', { count: 1, tier: 'Gold' })).toBe('1 referral to Gold');
    expect(t('pl', 'tierLeftReferrals', { count: 3, tier: 'Złoty' })).toBe('Do poziomu Złoty brakuje 3 poleceń');
  });

  it('hands an island one template per plural form, which it fills with Intl.PluralRules', () => {
    const en = pluralTemplates('en', 'tableTotal');
    expect(en).toEqual({ other: '{count} rows', one: '{count} row' });
    const pl = pluralTemplates('pl', 'tableTotal');
    expect([1, 2, 5, 22].map((n) => fillPlural(pl, 'pl', n))).toEqual(['1 wiersz', '2 wiersze', '5 wierszy', '22 wiersze']);
    expect(fillPlural(en, 'en', 1525, { count: '1,525' })).toBe('1,525 rows');
    expect(pluralTemplates('en', 'yes')).toEqual({ other: 'Yes' });
    expect(fillPlural(pluralTemplates('en', 'tableSelected'), 'en', 3)).toBe('3 selected');
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

  it('uses the browser language before the company default', () => {
    expect(pickLanguage(null, 'en-US,en;q=0.9', 'es')).toBe('en');
    expect(pickLanguage(null, null, 'es')).toBe('es');
  });

  it('uses a supported browser language, its region first', () => {
    expect(pickLanguage(null, 'pt-BR,pt;q=0.9,en;q=0.5', null)).toBe('pt');
    expect(pickLanguage(undefined, 'es-MX', undefined)).toBe('es-MX');
    expect(pickLanguage(undefined, 'es-AR', undefined)).toBe('es-419');
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
