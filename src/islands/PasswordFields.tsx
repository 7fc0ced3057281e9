import { useEffect, useId, useRef, useState } from 'react';
import { checkPasswordRules, passwordStrength, type PasswordStrength } from '../lib/password-rules';

// New password + confirmation with the live rule checklist and the weak / acceptable / strong meter
// (spec §5). Rendered on the server inside a plain form, so the form works without JavaScript; once
// hydrated it checks as the person types. The rules are the API's (src/lib/password-rules.ts).

export interface PasswordFieldsProps {
  labels: {
    password: string;
    repeat: string;
    strength: string;
    levels: Record<PasswordStrength, string>;
    /** Checklist text per rule key (minLength, digit, uppercase, special). */
    rules: Record<string, string>;
    mismatch: string;
    requirements: string;
  };
  errors?: { password?: string; repeat_password?: string };
}

const COLORS: Record<PasswordStrength, string> = { weak: '#b42318', acceptable: '#b54708', strong: '#067647' };
const bar = { display: 'block', height: 6, borderRadius: 999, background: '#e5e7eb', overflow: 'hidden', margin: '.35rem 0 .2rem' } as const;
const fill = { display: 'block', height: '100%', transition: 'width .2s' } as const;
const list = { listStyle: 'none', padding: 0, margin: '.2rem 0 0', display: 'grid', gap: '.1rem' } as const;

export default function PasswordFields({ labels, errors = {} }: PasswordFieldsProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState({ password: false, repeat: false });
  // Uncontrolled inputs: what someone typed before the island hydrated (a slow phone) is kept, then read.
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setPassword(passwordRef.current?.value ?? '');
    setRepeat(repeatRef.current?.value ?? '');
  }, []);
  const rules = checkPasswordRules(password);
  const strength = passwordStrength(password);
  const passwordError = touched.password && password && strength === 'weak' ? labels.requirements : errors.password;
  const repeatError = touched.repeat && repeat && repeat !== password ? labels.mismatch : errors.repeat_password;
  const level = { weak: 1, acceptable: 2, strong: 3 }[strength];
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-pw`}>{labels.password}</label>
        <input id={`${id}-pw`} name="password" type="password" autoComplete="new-password" required maxLength={256}
          ref={passwordRef} onChange={(e) => setPassword(e.target.value)} onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          aria-invalid={passwordError ? true : undefined} aria-describedby={`${id}-rules${passwordError ? ` ${id}-pw-err` : ''}`} />
        {passwordError && <span className="error" id={`${id}-pw-err`}>{passwordError}</span>}
        <div className="pw-meter" data-level={password ? strength : 'none'} aria-live="polite">
          <span aria-hidden="true" style={bar}><span style={{ ...fill, width: password ? `${(level / 3) * 100}%` : '0%', background: COLORS[strength] }} /></span>
          <span className="hint">{labels.strength}: {password ? labels.levels[strength] : '–'}</span>
        </div>
        <ul className="pw-rules hint" id={`${id}-rules`} style={list}>
          {rules.map((rule) => (
            <li key={rule.key} data-passed={rule.passed ? 'true' : 'false'}>
              <span aria-hidden="true">{rule.passed ? '✓' : '•'}</span> {labels.rules[rule.key]}
            </li>
          ))}
        </ul>
      </div>
      <div className="field">
        <label htmlFor={`${id}-repeat`}>{labels.repeat}</label>
        <input id={`${id}-repeat`} name="repeat_password" type="password" autoComplete="new-password" required maxLength={256}
          ref={repeatRef} onChange={(e) => setRepeat(e.target.value)} onBlur={() => setTouched((t) => ({ ...t, repeat: true }))}
          aria-invalid={repeatError ? true : undefined} aria-describedby={repeatError ? `${id}-repeat-err` : undefined} />
        {repeatError && <span className="error" id={`${id}-repeat-err`}>{repeatError}</span>}
      </div>
    </>
  );
}
