import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  checkPasswordRules,
  meetsPasswordRules,
  passwordStrength,
} from '../../src/lib/password-rules.ts';
import { newPasswordSchema, passwordSchema } from '../../src/lib/schemas/passwords.ts';
import { isMessageKey } from '../../src/lib/i18n.ts';

const failed = (pw: string) => checkPasswordRules(pw).filter((r) => !r.passed).map((r) => r.key);

describe('password rules (§5)', () => {
  it('needs at least 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(failed('Ab1!xyz')).toEqual(['minLength']);
    expect(failed('Ab1!xyzw')).toEqual([]);
  });

  it('needs a digit, an uppercase letter and a special character', () => {
    expect(failed('Abcdefg!')).toEqual(['digit']);
    expect(failed('abcdef1!')).toEqual(['uppercase']);
    expect(failed('Abcdefg1')).toEqual(['special']);
    expect(failed('')).toEqual(['minLength', 'digit', 'uppercase', 'special']);
  });

  it('accepts the demo password', () => {
    expect(meetsPasswordRules('Password1!')).toBe(true);
  });

  it('counts accented capitals as uppercase and accented letters as not special', () => {
    expect(failed('Élan1234!')).toEqual([]);
    expect(failed('Abcdé123')).toEqual(['special']);
  });

  it('does not count whitespace as a special character', () => {
    expect(failed('Abcd 1234')).toEqual(['special']);
  });

  it('labels every rule with a translatable message', () => {
    for (const rule of checkPasswordRules('')) expect(isMessageKey(rule.messageKey)).toBe(true);
  });
});

describe('passwordStrength', () => {
  it('is weak when any rule fails, however long the password', () => {
    expect(passwordStrength('short1!')).toBe('weak');
    expect(passwordStrength('alllowercase-and-long-1')).toBe('weak');
  });

  it('is acceptable when every rule passes', () => {
    expect(passwordStrength('Password1!')).toBe('acceptable');
  });

  it('is strong from 12 characters with a lowercase letter too', () => {
    expect(passwordStrength('Password123!')).toBe('strong');
    expect(passwordStrength('PASSWORD123!')).toBe('acceptable');
  });
});

describe('password schemas', () => {
  it('reports missing and rule-breaking passwords with message keys', () => {
    expect(passwordSchema.safeParse('').error?.issues[0]?.message).toBe('required');
    expect(passwordSchema.safeParse(undefined).error?.issues[0]?.message).toBe('required');
    expect(passwordSchema.safeParse('password').error?.issues[0]?.message).toBe('passwordRequirements');
    expect(passwordSchema.safeParse('Password1!').success).toBe(true);
  });

  it('reports a mismatched confirmation on repeat_password', () => {
    const result = newPasswordSchema.safeParse({ password: 'Password1!', repeat_password: 'Password2!' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['repeat_password'], message: 'passwordsDoNotMatch' });
    expect(newPasswordSchema.safeParse({ password: 'Password1!', repeat_password: 'Password1!' }).success).toBe(true);
  });
});
