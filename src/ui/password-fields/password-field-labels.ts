import type { MessageKey } from '../../lib/i18n/en.ts';
import { t } from '../../lib/i18n.ts';
import { DEFAULT_LANGUAGE } from '../../lib/languages.ts';
import { PASSWORD_RULES, type PasswordRuleKey } from '../../lib/password-rules.ts';
import type { PasswordFieldLabels } from './password-fields-markup.ts';

// The password fields' words, resolved on the server in the page language: the page script
// (password-fields.ts) gets them from the markup and carries no catalogue.

/** The password fields' words (password-fields-markup.ts) in one language. */
export function passwordFieldLabels(lang: string | null | undefined, passwordLabel: MessageKey = 'newPassword'): PasswordFieldLabels {
  return {
    lang: lang ?? DEFAULT_LANGUAGE,
    password: t(lang, passwordLabel),
    repeat: t(lang, 'confirmPassword'),
    strength: t(lang, 'passwordStrength'),
    levels: { weak: t(lang, 'passwordWeak'), acceptable: t(lang, 'passwordAcceptable'), strong: t(lang, 'passwordStrong') },
    rules: Object.fromEntries(PASSWORD_RULES.map((r) => [r.key, t(lang, r.messageKey, r.messageParams)])) as Record<PasswordRuleKey, string>,
    mismatch: t(lang, 'passwordsDoNotMatch'),
    requirements: t(lang, 'passwordRequirements'),
  };
}
