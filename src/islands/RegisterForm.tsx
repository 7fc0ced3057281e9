import { useMemo, useRef, useState, type FormEvent } from 'react';
import { registrationSchema, type RegistrationFormConfig } from '../lib/schemas/registration';

// The registration form (spec §3, §5). The server renders it and handles the post, so it works without
// JavaScript; hydrated, it validates with the same zod schema as the API while the person types, and
// fetches a bot-check token when the company's page loads the provider script (else the server decides).

export interface RegisterFieldView {
  name: string;
  label: string;
  required: boolean;
  type: 'text' | 'email' | 'tel' | 'date' | 'select';
  autoComplete?: string;
  options?: { value: string; label: string }[];
}

export interface RegisterFormProps {
  action: string;
  fields: RegisterFieldView[];
  config: RegistrationFormConfig;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string;
  termsHtml: string;
  buttonText: string;
  /** Texts for the schema's message keys, plus fillAllRequired and selectOption. */
  messages: Record<string, string>;
  recaptcha: boolean;
}

declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> };
  }
}

/** The site key of the provider script the company's registration head scripts load (…api.js?render=KEY). */
function providerSiteKey(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[src*="recaptcha"][src*="render="]');
  if (!script) return null;
  const key = new URL(script.src, location.href).searchParams.get('render');
  return key && key !== 'explicit' ? key : null;
}

function botToken(): Promise<string | null> {
  const key = providerSiteKey();
  const g = window.grecaptcha;
  if (!key || !g) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 8000);
    g.ready(() => g.execute(key, { action: 'register' }).then(
      (token) => { clearTimeout(timer); resolve(token); },
      () => { clearTimeout(timer); resolve(null); },
    ));
  });
}

export default function RegisterForm(props: RegisterFormProps) {
  const { fields, config, messages } = props;
  const schema = useMemo(() => registrationSchema(config), [config]);
  const form = useRef<HTMLFormElement>(null);
  const token = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors);
  const [formError, setFormError] = useState(props.formError);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);

  function validate(): Record<string, string> {
    const data = Object.fromEntries(new FormData(form.current!).entries());
    const result = schema.safeParse(data);
    const found: Record<string, string> = {};
    if (!result.success) {
      for (const issue of result.error.issues) found[String(issue.path[0])] ??= messages[issue.message] ?? issue.message;
    }
    return found;
  }

  // Re-checks the whole form, showing errors for fields already visited. A field with an error is
  // re-checked as it changes, so the message goes away while typing (not on blur, which would move
  // the layout under the pointer).
  function onBlur(name: string) {
    const next = { ...touched, [name]: true };
    setTouched(next);
    const found = validate();
    setErrors((old) => {
      const merged: Record<string, string> = {};
      for (const f of [...fields.map((x) => x.name), 'terms']) {
        if (next[f]) { if (found[f]) merged[f] = found[f]; } else if (old[f]) merged[f] = old[f];
      }
      return merged;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = validate();
    if (Object.keys(found).length) {
      event.preventDefault();
      setErrors(found);
      setFormError(Object.values(found).includes(messages.required) ? messages.fillAllRequired : Object.values(found)[0]!);
      form.current!.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    if (!props.recaptcha || !providerSiteKey() || !window.grecaptcha) return; // the server decides
    event.preventDefault();
    setBusy(true);
    const value = await botToken();
    if (value) token.current!.value = value;
    form.current!.submit();
  }

  const describe = (name: string) => (errors[name] ? `${name}-error` : undefined);
  return (
    <form ref={form} method="post" action={props.action} noValidate onSubmit={onSubmit} data-register-form>
      {formError && <div className="form-error" role="alert">{formError}</div>}
      {fields.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`reg-${f.name}`}>{f.label}{f.required && <span aria-hidden="true"> *</span>}</label>
          {f.type === 'select' ? (
            <select id={`reg-${f.name}`} name={f.name} required={f.required} defaultValue={props.values[f.name] ?? ''}
              onBlur={() => onBlur(f.name)} onChange={() => errors[f.name] && onBlur(f.name)}
              aria-invalid={errors[f.name] ? true : undefined} aria-describedby={describe(f.name)}>
              <option value="">{messages.selectOption}</option>
              {f.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </select>
          ) : (
            <input id={`reg-${f.name}`} name={f.name} type={f.type} required={f.required} autoComplete={f.autoComplete}
              defaultValue={props.values[f.name] ?? ''} maxLength={f.type === 'email' ? 254 : 255}
              onBlur={() => onBlur(f.name)} onChange={() => errors[f.name] && onBlur(f.name)}
              aria-invalid={errors[f.name] ? true : undefined} aria-describedby={describe(f.name)} />
          )}
          {errors[f.name] && <span className="error" id={`${f.name}-error`}>{errors[f.name]}</span>}
        </div>
      ))}
      {props.termsHtml && (
        <div className="check">
          <input id="reg-terms" name="terms" type="checkbox" required={config.termsRequired} defaultChecked={props.values.terms === 'on'}
            onChange={() => onBlur('terms')} aria-invalid={errors.terms ? true : undefined} aria-describedby={describe('terms')} />
          <div>
            <label htmlFor="reg-terms" dangerouslySetInnerHTML={{ __html: props.termsHtml }} />
            {errors.terms && <div className="error" id="terms-error">{errors.terms}</div>}
          </div>
        </div>
      )}
      <input ref={token} type="hidden" name="recaptchaToken" defaultValue="" />
      <button className="btn btn-block" type="submit" disabled={busy}>{props.buttonText}</button>
    </form>
  );
}
