import { regexes } from 'zod/v4/core';
import type { RegistrationField } from './schemas/customization.ts';
import { MAX_CHARS } from './text-limits.ts';
import { hasUrlShape } from './url-shape.ts';

// The per-field rules of the registration form (spec §3), free of zod's schema builders so the page's
// small form script can run them as the person types; src/lib/schemas/registration.ts applies the same
// functions in the API's schema, so the browser and the server never disagree on a value.

/** zod's own e-mail pattern (what z.email() checks), imported alone. */
export const EMAIL_PATTERN: RegExp = regexes.email;
export const EMAIL_MAX_LENGTH = 254;

export type RegistrationProblem = 'required' | 'invalidField' | 'invalidEmail' | 'acceptTermsRequired' | 'maxChars100' | 'maxChars255' | 'nameHasLink';

/** The choices a value must come from: group uids and, when the company uses a list, state values. */
export interface RegistrationChoices {
  groups: { uid: string }[];
  stateChoices: { value: string }[] | null;
}

/** A field's longest accepted text after trimming. */
export const fieldMaxLength = (key: RegistrationField): 100 | 255 => (key.startsWith('custom') || key === 'street' ? 255 : 100);

/** The message of a value longer than its field allows: it names the limit. */
export const tooLongProblem = (key: RegistrationField) => MAX_CHARS[fieldMaxLength(key)];

/** A calendar date YYYY-MM-DD between 1900-01-01 and today. */
export function isBirthDate(value: string, today = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.toISOString().slice(0, 10) !== value) return false;
  return value >= '1900-01-01' && d.getTime() <= today.getTime();
}

export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** What is wrong with a trimmed, non-empty value of a field other than `email` (null: nothing). */
export function valueProblem(key: RegistrationField, value: string, choices: RegistrationChoices): RegistrationProblem | null {
  if (key === 'paypal_email') return isEmail(value) ? null : 'invalidEmail';
  // A name goes into the e-mails the portal sends to the address given: never a link or an address there.
  if (key === 'first_name' || key === 'last_name') return hasUrlShape(value) ? 'nameHasLink' : null;
  const ok = key === 'phone' ? /^[+()\d\s./-]{3,40}$/.test(value)
    : key === 'date_of_birth' ? isBirthDate(value)
    : key === 'groups' ? choices.groups.some((g) => g.uid === value)
    : key === 'state' && choices.stateChoices?.length ? choices.stateChoices.some((s) => s.value === value)
    : true;
  return ok ? null : 'invalidField';
}

/**
 * The first problem of one field as typed, in the order the API's schema reports them: blank, too long,
 * then the field's own rule. `email` is always required.
 */
export function fieldProblem(key: RegistrationField, raw: string, required: boolean, choices: RegistrationChoices): RegistrationProblem | null {
  const value = raw.trim();
  if (key === 'email') return !value ? 'required' : value.length > EMAIL_MAX_LENGTH ? 'invalidField' : EMAIL_PATTERN.test(value) ? null : 'invalidEmail';
  if (value.length > fieldMaxLength(key)) return tooLongProblem(key);
  if (!value) return required ? 'required' : null;
  return valueProblem(key, value, choices);
}
