import { fieldProblem, type RegistrationChoices } from '../../lib/registration-rules.ts';
import type { RegistrationField } from '../../lib/schemas/customization.ts';

// The browser side of the registration form (src/ui/register-form/RegisterForm.astro): live checks with the
// API's field rules and the bot-check token, on the server-rendered markup, with no framework. A field's
// error shows once it was visited (left, or the terms box changed); a field with an error is checked again
// as it changes, so the message goes away while typing. Submitting checks everything.

/** What the server hands the script (the form's data-checks attribute). */
export interface RegistrationChecks {
  fields: { key: RegistrationField; name: string; required: boolean }[];
  termsRequired: boolean;
  choices: RegistrationChoices;
  /** Texts of the problem keys and of fillAllRequired, in the page language. */
  messages: Record<string, string>;
  recaptcha: boolean;
}

type Grecaptcha = { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> };

const truthy = (v: unknown) => v === 'on' || v === 'true' || v === '1';

/** Problems of the whole form, field name -> message, in the form's order (terms last). */
export function formProblems(checks: RegistrationChecks, data: FormData): Map<string, string> {
  const found = new Map<string, string>();
  const say = (key: string) => checks.messages[key] ?? key;
  for (const f of checks.fields) {
    const value = data.get(f.name);
    const problem = fieldProblem(f.key, typeof value === 'string' ? value : '', f.required, checks.choices);
    if (problem) found.set(f.name, say(problem));
  }
  if (checks.termsRequired && !truthy(data.get('terms'))) found.set('terms', say('acceptTermsRequired'));
  return found;
}

/** The site key of the provider script the company's registration head scripts load (…api.js?render=KEY). */
function providerSiteKey(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[src*="recaptcha"][src*="render="]');
  const key = script ? new URL(script.src, location.href).searchParams.get('render') : null;
  return key && key !== 'explicit' ? key : null;
}

function botToken(key: string, g: Grecaptcha): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 8000);
    g.ready(() => g.execute(key, { action: 'register' }).then(
      (token) => { clearTimeout(timer); resolve(token); },
      () => { clearTimeout(timer); resolve(null); },
    ));
  });
}

export function enhanceRegisterForm(form: HTMLFormElement) {
  const checks = JSON.parse(form.dataset.checks ?? '{}') as RegistrationChecks;
  const names = [...checks.fields.map((f) => f.name), 'terms'];
  const control = (name: string) => form.querySelector<HTMLElement>(`#reg-${name}`);
  const touched = new Set<string>();
  // The errors on show: the server's at first.
  const errors = new Map<string, string>();
  for (const name of names) {
    const text = document.getElementById(`${name}-error`)?.textContent;
    if (text) errors.set(name, text);
  }

  function showError(name: string, message: string | undefined) {
    const input = control(name);
    if (!input) return;
    const id = `${name}-error`;
    let node = document.getElementById(id);
    if (message) {
      errors.set(name, message);
      if (!node) {
        node = document.createElement(name === 'terms' ? 'div' : 'span');
        node.className = 'error';
        node.id = id;
        const holder = name === 'terms' ? form.querySelector<HTMLElement>('label[for="reg-terms"]')?.parentElement : input.closest<HTMLElement>('.field');
        holder?.appendChild(node);
      }
      node.textContent = message;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', id);
    } else {
      errors.delete(name);
      node?.remove();
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }

  function showFormError(message: string) {
    let node = form.querySelector<HTMLElement>(':scope > .form-error');
    if (!node) {
      node = document.createElement('div');
      node.className = 'form-error';
      node.setAttribute('role', 'alert');
      form.insertBefore(node, form.firstChild);
    }
    node.textContent = message;
  }

  // Re-checks the whole form, showing errors for fields already visited and keeping the others' as they are.
  function visit(name: string) {
    touched.add(name);
    const found = formProblems(checks, new FormData(form));
    for (const f of names) if (touched.has(f)) showError(f, found.get(f));
  }

  const nameOf = (target: EventTarget | null) => (target instanceof HTMLElement ? target.getAttribute('name') ?? '' : '');
  form.addEventListener('focusout', (event) => {
    const name = nameOf(event.target);
    if (name !== 'terms' && names.includes(name)) visit(name);
  });
  form.addEventListener('input', (event) => {
    const name = nameOf(event.target);
    if (name !== 'terms' && errors.has(name)) visit(name);
  });
  form.addEventListener('change', (event) => {
    const name = nameOf(event.target);
    if (name === 'terms') visit(name);
  });

  let sending = false;
  form.addEventListener('submit', (event) => {
    if (sending) return;
    const found = formProblems(checks, new FormData(form));
    if (found.size) {
      event.preventDefault();
      for (const name of names) showError(name, found.get(name));
      const messages = [...found.values()];
      showFormError(messages.includes(checks.messages.required!) ? checks.messages.fillAllRequired! : messages[0]!);
      control([...found.keys()][0]!)?.focus();
      return;
    }
    const key = checks.recaptcha ? providerSiteKey() : null;
    const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
    if (!key || !g) return; // the server decides
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) button.disabled = true;
    void botToken(key, g).then((token) => {
      if (token) form.querySelector<HTMLInputElement>('input[name="recaptchaToken"]')!.value = token;
      sending = true;
      form.submit();
    });
  });
  form.dataset.live = '';
}
