import type { MessageKey } from './i18n/en.ts';

// Password rules of spec §5, shared by the live checklist in forms and by the API's validation,
// so the browser can never accept a password the server refuses.

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase; the cap keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 256;
/** Length from which a password that passes every rule (and mixes cases) counts as strong. */
export const STRONG_PASSWORD_LENGTH = 12;

export type PasswordRuleKey = 'minLength' | 'digit' | 'uppercase' | 'special';

export interface PasswordRule {
  key: PasswordRuleKey;
  messageKey: MessageKey;
  messageParams?: Record<string, number>;
  test: (password: string) => boolean;
}

// Unicode-aware: "É" is an uppercase letter and "é" is not a special character.
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    key: 'minLength',
    messageKey: 'passwordRuleMinLength',
    messageParams: { min: PASSWORD_MIN_LENGTH },
    test: (pw) => Array.from(pw).length >= PASSWORD_MIN_LENGTH,
  },
  { key: 'digit', messageKey: 'passwordRuleDigit', test: (pw) => /\p{Nd}/u.test(pw) },
  { key: 'uppercase', messageKey: 'passwordRuleUppercase', test: (pw) => /\p{Lu}/u.test(pw) },
  { key: 'special', messageKey: 'passwordRuleSpecial', test: (pw) => /[^\p{L}\p{N}\s]/u.test(pw) },
];

/** Each rule with whether `password` passes it, in display order (for the form's checklist). */
export function checkPasswordRules(password: string): Array<PasswordRule & { passed: boolean }> {
  return PASSWORD_RULES.map((rule) => ({ ...rule, passed: rule.test(password) }));
}

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export type PasswordStrength = 'weak' | 'acceptable' | 'strong';

/**
 * weak: fails at least one rule (the form refuses it).
 * acceptable: passes every rule.
 * strong: passes every rule, is at least 12 characters long and also has a lowercase letter.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!meetsPasswordRules(password)) return 'weak';
  const long = Array.from(password).length >= STRONG_PASSWORD_LENGTH;
  return long && /\p{Ll}/u.test(password) ? 'strong' : 'acceptable';
}
