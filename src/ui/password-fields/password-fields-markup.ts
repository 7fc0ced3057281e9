import { escapeHtml } from '../../lib/escape-html.ts';
import { labelValue } from '../../lib/label-value.ts';
import { checkPasswordRules, PASSWORD_MAX_LENGTH, type PasswordRuleKey, type PasswordStrength } from '../../lib/password-rules.ts';

// New password + confirmation with the rule checklist and the weak / acceptable / strong meter (spec §5),
// written as text (as a React island it loaded React on the account, set-password and
// reset-password pages, in the phone's first screen). The form works without JavaScript; the page script
// (src/ui/password-fields/password-fields.ts) checks as the person types, with the API's rules (src/lib/password-rules.ts).

export interface PasswordFieldLabels {
  /** The language of these words (the meter's punctuation). */
  lang: string;
  password: string;
  repeat: string;
  /** The meter's name ("Password strength"). */
  strength: string;
  levels: Record<PasswordStrength, string>;
  /** Checklist text per rule. */
  rules: Record<PasswordRuleKey, string>;
  mismatch: string;
  requirements: string;
}

export interface PasswordFieldsProps {
  labels: PasswordFieldLabels;
  /** The server's answer to the last post, per field. */
  errors?: { password?: string | null; repeat_password?: string | null };
}

/** What the meter says before anything is typed. */
export const NO_LEVEL = '–';

/** The bullet of a rule not met yet, and the tick of one met. */
export const RULE_MARK = { passed: '✓', open: '•' } as const;

/** "Password strength: weak" in the page language (its punctuation too). */
export const meterText = (labels: Pick<PasswordFieldLabels, 'strength' | 'lang'>, level: string) => labelValue(labels.lang, labels.strength, level);

const errorHtml = (id: string, text: string | null | undefined) => (text ? `<span class="error" id="${id}">${escapeHtml(text)}</span>` : '');

export function passwordFieldsHtml({ labels, errors = {} }: PasswordFieldsProps): string {
  const { levels } = labels;
  const rules = checkPasswordRules('')
    .map((rule) => `<li data-rule="${rule.key}" data-passed="false"><span aria-hidden="true">${RULE_MARK.open}</span> ${escapeHtml(labels.rules[rule.key])}</li>`)
    .join('');
  const input = (name: string, describedBy: string, error: string | null | undefined) =>
    `<input id="${name}" name="${name}" type="password" autocomplete="new-password" required maxlength="${PASSWORD_MAX_LENGTH}"`
    + `${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''} />`;
  const pwDescribedBy = errors.password ? 'password-rules password-error' : 'password-rules';
  return `<div class="pw-fields" data-password-fields data-enhance data-requirements="${escapeHtml(labels.requirements)}"`
    + ` data-mismatch="${escapeHtml(labels.mismatch)}" data-strength="${escapeHtml(labels.strength)}"`
    + ` data-level-weak="${escapeHtml(levels.weak)}" data-level-acceptable="${escapeHtml(levels.acceptable)}" data-level-strong="${escapeHtml(levels.strong)}">`
    + `<div class="field"><label for="password">${escapeHtml(labels.password)}</label>`
    + input('password', pwDescribedBy, errors.password)
    + errorHtml('password-error', errors.password)
    + '<div class="pw-meter" data-level="none" aria-live="polite"><span class="pw-bar" aria-hidden="true"><span class="pw-fill"></span></span>'
    + `<span class="hint" data-pw-level>${escapeHtml(meterText(labels, NO_LEVEL))}</span></div>`
    + `<ul class="pw-rules hint" id="password-rules">${rules}</ul></div>`
    + `<div class="field"><label for="repeat_password">${escapeHtml(labels.repeat)}</label>`
    + input('repeat_password', errors.repeat_password ? 'repeat_password-error' : '', errors.repeat_password)
    + errorHtml('repeat_password-error', errors.repeat_password)
    + '</div></div>';
}
