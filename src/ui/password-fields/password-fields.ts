import { meterText, NO_LEVEL, RULE_MARK } from './password-fields-markup.ts';
import { checkPasswordRules, passwordStrength, type PasswordStrength } from '../../lib/password-rules.ts';

// The browser side of the password fields written by password-fields-markup.ts: the checklist and the
// meter follow what is typed; a field left with a password the rules refuse, or a confirmation that
// differs, says so. The server's message for a field is about the last submission: it stays until the
// person edits that field.
// What was typed before this script ran (a slow phone) is kept and rated at once.

/** Shows `text` as the field's error (its span after the input, aria-invalid, aria-describedby), or none. */
function showError(input: HTMLInputElement, errorId: string, text: string | undefined, describedBy: string): void {
  let span = document.getElementById(errorId);
  if (text) {
    if (!span) {
      span = document.createElement('span');
      span.className = 'error';
      span.id = errorId;
      input.insertAdjacentElement('afterend', span);
    }
    if (span.textContent !== text) span.textContent = text;
    input.setAttribute('aria-invalid', 'true');
  } else {
    span?.remove();
    input.removeAttribute('aria-invalid');
  }
  const ids = [describedBy, text ? errorId : ''].filter(Boolean).join(' ');
  if (ids) input.setAttribute('aria-describedby', ids);
  else input.removeAttribute('aria-describedby');
}

export function enhancePasswordFields(root: HTMLElement): void {
  root.removeAttribute('data-enhance');
  const password = root.querySelector<HTMLInputElement>('input[name="password"]');
  const repeat = root.querySelector<HTMLInputElement>('input[name="repeat_password"]');
  const meter = root.querySelector<HTMLElement>('.pw-meter');
  const levelText = root.querySelector<HTMLElement>('[data-pw-level]');
  if (!password || !repeat || !meter || !levelText) return;
  const { strength: strengthLabel = '', requirements, mismatch, levelWeak = '', levelAcceptable = '', levelStrong = '' } = root.dataset;
  const levels: Record<PasswordStrength, string> = { weak: levelWeak, acceptable: levelAcceptable, strong: levelStrong };
  const server = {
    password: document.getElementById('password-error')?.textContent ?? undefined,
    repeat: document.getElementById('repeat_password-error')?.textContent ?? undefined,
  };
  const touched = { password: false, repeat: false };

  const render = () => {
    const typed = password.value;
    const strength = passwordStrength(typed);
    meter.dataset.level = typed ? strength : 'none';
    const said = meterText({ strength: strengthLabel, lang: document.documentElement.lang }, typed ? levels[strength] : NO_LEVEL);
    if (levelText.textContent !== said) levelText.textContent = said;
    for (const rule of checkPasswordRules(typed)) {
      const item = root.querySelector<HTMLElement>(`li[data-rule="${rule.key}"]`);
      if (!item || item.dataset.passed === String(rule.passed)) continue;
      item.dataset.passed = String(rule.passed);
      const mark = item.querySelector('[aria-hidden]');
      if (mark) mark.textContent = rule.passed ? RULE_MARK.passed : RULE_MARK.open;
    }
    const refused = touched.password && typed && strength === 'weak';
    showError(password, 'password-error', refused ? requirements : server.password, 'password-rules');
    const differs = touched.repeat && repeat.value && repeat.value !== typed;
    showError(repeat, 'repeat_password-error', differs ? mismatch : server.repeat, '');
  };

  for (const [input, key] of [[password, 'password'], [repeat, 'repeat']] as const) {
    input.addEventListener('input', () => {
      server[key] = undefined;
      render();
    });
    input.addEventListener('blur', () => {
      touched[key] = true;
      render();
    });
  }
  render();
}
