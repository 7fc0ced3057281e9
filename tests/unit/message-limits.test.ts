import { describe, expect, it } from 'vitest';
import { englishText, localizeErrorBody, withUnits } from '../../src/lib/error-body.ts';
import { t } from '../../src/lib/i18n.ts';
import { payoutOptionLabel } from '../../src/lib/payment-methods.ts';
import { fieldProblem } from '../../src/lib/registration-rules.ts';
import { profileUpdateSchema } from '../../src/lib/schemas/profile.ts';
import { MAX_CHARS } from '../../src/lib/text-limits.ts';

// Messages a person understands: a limit comes with its unit, a too-long value with its length
// limit, in the page language.

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts in messages', () => {
  it('names the point name with a minimum or maximum (English and Spanish)', () => {
    const params = { min: 500, unit: 'points', point_name: 'Acme Coins' };
    expect(englishText('minimumAmount', params).text).toBe('The minimum is 500 Acme Coins. Enter a larger amount.');
    expect(t('es', 'minimumAmount', withUnits(params, 'es'))).toBe('El mínimo es 500 Acme Coins. Introduce una cantidad mayor.');
    expect(nbsp(t('fr', 'maximumAmount', withUnits({ max: 10000, unit: 'points', point_name: 'points' }, 'fr')))).toBe('Le maximum est de 10 000 points. Saisissez un montant moins élevé.');
  });

  it('says what it costs and what the balance is, money in its currency', () => {
    const body = {
      detail: englishText('notEnoughFundsFor', { cost: 5000, available: 1900, unit: 'EUR' }).text,
      code: 'notEnoughFundsFor',
      params: { cost: 5000, available: 1900, unit: 'EUR' },
    };
    expect(body.detail).toBe('Not enough funds: this costs €50 and your balance is €19. Choose something your balance covers.');
    expect(nbsp(localizeErrorBody(body, 'es').detail!)).toBe('Fondos insuficientes: cuesta 50 € y tu saldo es de 19 €. Elige algo que tu saldo cubra.');
    expect(nbsp(localizeErrorBody(body, 'pl').detail!)).toMatch(/kosztuje 50 €, a Twoje saldo wynosi 19 €/);
  });

  it('leaves params without a unit as they are', () => {
    expect(withUnits({ seconds: 60 }, 'en')).toEqual({ seconds: 60 });
  });
});

describe('text limits', () => {
  it('states the limit of a first name that is one character too long (English and French)', () => {
    const parsed = profileUpdateSchema.safeParse({ first_name: 'a'.repeat(61) });
    expect(parsed.success).toBe(false);
    const key = parsed.error!.issues[0]!.message;
    expect(key).toBe(MAX_CHARS[60]);
    expect(t('en', MAX_CHARS[60])).toBe('At most 60 characters.');
    expect(t('fr', MAX_CHARS[60])).toBe('60 caractères maximum.');
    expect(profileUpdateSchema.safeParse({ first_name: 'a'.repeat(60) }).success).toBe(true);
  });

  it('names the registration field limit instead of "invalid"', () => {
    const choices = { groups: [], stateChoices: null };
    expect(fieldProblem('first_name', 'a'.repeat(101), false, choices)).toBe('maxChars100');
    expect(fieldProblem('custom1', 'a'.repeat(256), false, choices)).toBe('maxChars255');
    expect(t('pl', 'maxChars100')).toBe('Maksymalnie 100 znaków.');
  });
});

describe('other words left in English', () => {
  it('translates a payout option the company left under its default name, and keeps its own names', () => {
    expect(payoutOptionLabel('0', 'Manual', 'fr')).toBe('Manuel');
    expect(payoutOptionLabel('0', 'Manual', 'pl')).toBe('Ręcznie');
    expect(payoutOptionLabel('1', 'PayPal', 'pl')).toBe('PayPal');
    expect(payoutOptionLabel('0', 'Virement SEPA', 'en')).toBe('Virement SEPA');
  });

  it('translates the share-link suggestions and the browser-language choice', () => {
    expect(t('es', 'sharing.medium.picture')).toBe('imagen');
    expect(t('fr', 'sharing.source.personal website')).toBe('site web personnel');
    expect(t('pl', 'systemLanguage')).toBe('Język przeglądarki');
  });

  it('says a used reset link was used or expired and what to do', () => {
    expect(t('en', 'noVerificationCode')).toMatch(/already been used or has expired.*Forgot your password\?/);
    expect(t('es', 'noVerificationCode')).toContain('¿Olvidaste tu contraseña?');
  });
});
