import { z } from 'zod';
import type { Customization, RegistrationField } from './customization.ts';
import { emailInput } from './passwords.ts';
import { fieldMaxLength, valueProblem } from '../registration-rules.ts';
import { MAX_CHARS } from '../text-limits.ts';

// The registration form of spec §3, built from the company's configuration: the API's schema. Its
// per-field rules are src/lib/registration-rules.ts, which the form's script also runs while the person
// types, so both apply the same rules. Messages are i18n keys. Payload keys are the form-side names of spec §3 (firstName, group, ...).

export const FORM_NAMES = {
  first_name: 'firstName', last_name: 'lastName', email: 'email', phone: 'phone', paypal_email: 'paypalEmail',
  company: 'company', street: 'street', city: 'city', state: 'state', country: 'country', groups: 'group',
  zip: 'zip', job_title: 'jobTitle',
  custom1: 'custom1', custom2: 'custom2', custom3: 'custom3', custom4: 'custom4', custom5: 'custom5',
  custom6: 'custom6', custom7: 'custom7', custom8: 'custom8', custom9: 'custom9', custom10: 'custom10',
  date_of_birth: 'dateOfBirth',
} as const satisfies Record<RegistrationField, string>;

export type FormName = (typeof FORM_NAMES)[RegistrationField];

/** Spec §3's field order (kept here, not imported, so the form's script does not bundle the settings schema). */
const FIELD_ORDER = Object.keys(FORM_NAMES) as RegistrationField[];

/** Default label key per field (custom fields use fieldCustom with {n}). */
export const FIELD_LABEL_KEYS = {
  first_name: 'fieldFirstName', last_name: 'fieldLastName', email: 'fieldEmail', phone: 'fieldPhone',
  paypal_email: 'fieldPaypalEmail', company: 'fieldCompany', street: 'fieldStreet', city: 'fieldCity',
  state: 'fieldState', country: 'fieldCountry', groups: 'fieldGroups', zip: 'fieldZip', job_title: 'fieldJobTitle',
  date_of_birth: 'fieldDateOfBirth',
} as const;

export interface RegistrationFormConfig {
  fields: Customization['register']['fields'];
  /** A terms text is configured, so the terms box must be ticked. */
  termsRequired: boolean;
  /** The company's groups (value = group uid). */
  groups: { uid: string; name: string }[];
  /** Allowed values of `state` when the company uses a choice list (ambassador_state_type "select"). */
  stateChoices: { name: string; value: string }[] | null;
}

export interface ShownField {
  key: RegistrationField;
  name: FormName;
  required: boolean;
  label: string | null;
  position: number;
}

/** Shown (checked) fields in the configured order; ties keep spec §3's order. */
export function shownFields(fields: RegistrationFormConfig['fields']): ShownField[] {
  return FIELD_ORDER
    .map((key, index) => ({ key, index, f: fields[key] }))
    .filter(({ f }) => f.checked)
    .sort((a, b) => a.f.position - b.f.position || a.index - b.index)
    .map(({ key, f }) => ({ key, name: FORM_NAMES[key], required: f.required, label: f.label, position: f.position }));
}

const asText = (v: unknown) => (v == null ? '' : typeof v === 'number' ? String(v) : v);
const text = (max: 100 | 255) => z.preprocess(asText, z.string({ error: 'invalidField' }).trim().max(max, MAX_CHARS[max]));

function fieldSchema(key: RegistrationField, required: boolean, cfg: RegistrationFormConfig): z.ZodType {
  if (key === 'email') return emailInput;
  return text(fieldMaxLength(key)).superRefine((v, ctx) => {
    if (!v) {
      if (required) ctx.addIssue({ code: 'custom', message: 'required' });
      return;
    }
    const problem = valueProblem(key, v, cfg);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }).transform((v) => v || null);
}

const truthy = (v: unknown) => v === true || v === 'on' || v === 'true' || v === '1';

/** The schema of POST /companies/{company}/register/ for one company's configuration. */
export function registrationSchema(cfg: RegistrationFormConfig) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of shownFields(cfg.fields)) shape[field.name] = fieldSchema(field.key, field.required, cfg);
  // Optional: an unticked box is not sent, and a company without terms shows no box at all.
  shape.terms = z.unknown().optional().transform(truthy).refine((v) => v || !cfg.termsRequired, 'acceptTermsRequired');
  shape.recaptchaToken = z.preprocess(asText, z.string({ error: 'invalidField' }).max(4096, 'invalidField')).optional();
  return z.object(shape);
}

/** The validated registration: form names, empty optional fields as null. */
export type RegistrationInput = {
  [K in FormName]?: string | null;
} & { email: string; terms: boolean; recaptchaToken?: string };

/** The form configuration from resolved settings and the company record (portal view or API rows). */
export function registrationConfig(
  settings: Customization,
  company: { groups: { uid: string; name: string }[]; ambassador_state_type: string | null; ambassador_state_choices: { name: string; value: string }[] },
): RegistrationFormConfig {
  return {
    fields: settings.register.fields,
    termsRequired: !!settings.register.terms_text?.trim(),
    groups: company.groups,
    stateChoices: company.ambassador_state_type === 'select' && company.ambassador_state_choices.length
      ? company.ambassador_state_choices : null,
  };
}
