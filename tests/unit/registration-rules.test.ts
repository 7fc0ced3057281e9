import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formProblems, type RegistrationChecks } from '../../src/ui/register-form/register-form.ts';
import { defaultCustomization, REGISTRATION_FIELDS, type RegistrationField } from '../../src/lib/schemas/customization.ts';
import { registrationSchema, shownFields, type RegistrationFormConfig } from '../../src/lib/schemas/registration.ts';

// The registration page's script checks the form with src/lib/registration-rules.ts while the API parses
// it with the zod schema: for any configuration and anything typed, both must name the same problem.

const MESSAGES = { required: 'R', invalidField: 'F', invalidEmail: 'E', acceptTermsRequired: 'T', fillAllRequired: 'A', maxChars100: 'L100', maxChars255: 'L255', nameHasLink: 'N' };

const VALUES = [
  '', ' ', '  x  ', 'Eve', 'a'.repeat(100), 'a'.repeat(101), ` ${'b'.repeat(100)} `, 'c'.repeat(255), 'c'.repeat(256),
  'eve@acme.test', ' eve@acme.test ', 'not-an-email', 'a..b@acme.test', '.a@acme.test', `${'e'.repeat(250)}@a.io`,
  '+1 (555) 010-2030', '12', 'x'.repeat(41), '2000-02-29', '2001-02-29', '1899-12-31', '2999-01-01', '12/01/1990',
  'grp-guides', 'grp-other', 'CA', 'ZZ', 'WIN $500 at https://evil.example/claim', 'www.evil.example', 'J.R.R. Tolkien',
];

const config = (shown: Set<RegistrationField>, required: Set<RegistrationField>, terms: boolean, stateList: boolean): RegistrationFormConfig => ({
  fields: Object.fromEntries(REGISTRATION_FIELDS.map((key, i) => [key, {
    ...defaultCustomization.register.fields[key], checked: shown.has(key) || key === 'email', required: required.has(key), position: i,
  }])) as RegistrationFormConfig['fields'],
  termsRequired: terms,
  groups: [{ uid: 'grp-guides', name: 'Guides' }],
  stateChoices: stateList ? [{ name: 'California', value: 'CA' }] : null,
});

/** The API's first message per field, as the form shows them. */
function schemaProblems(cfg: RegistrationFormConfig, data: Record<string, string>): Map<string, string> {
  const result = registrationSchema(cfg).safeParse(data);
  const found = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const name = String(issue.path[0]);
    if (!found.has(name)) found.set(name, MESSAGES[issue.message as keyof typeof MESSAGES] ?? issue.message);
  }
  return found;
}

describe('registration form rules in the browser', () => {
  it('name the same problem as the API schema for every field, configuration and value', () => {
    const field = fc.constantFrom(...REGISTRATION_FIELDS);
    fc.assert(fc.property(
      fc.uniqueArray(field), fc.uniqueArray(field), fc.boolean(), fc.boolean(), fc.boolean(),
      fc.dictionary(fc.constantFrom(...REGISTRATION_FIELDS), fc.constantFrom(...VALUES)),
      (shown, required, terms, ticked, stateList, typed) => {
        const cfg = config(new Set(shown), new Set(required), terms, stateList);
        const fields = shownFields(cfg.fields);
        const data: Record<string, string> = {};
        for (const f of fields) data[f.name] = typed[f.key] ?? '';
        if (ticked) data.terms = 'on';
        const form = new FormData();
        for (const [name, value] of Object.entries(data)) form.set(name, value);
        const checks: RegistrationChecks = {
          fields: fields.map((f) => ({ key: f.key, name: f.name, required: f.required })),
          termsRequired: cfg.termsRequired, choices: cfg, messages: MESSAGES, recaptcha: false,
        };
        expect([...formProblems(checks, form)]).toEqual([...schemaProblems(cfg, data)]);
      },
    ), { numRuns: 500 });
  });

  it('reports a missing e-mail as required and a malformed one as invalid, like the API', () => {
    const cfg = config(new Set(['first_name']), new Set(['first_name']), true, false);
    const checks: RegistrationChecks = {
      fields: shownFields(cfg.fields).map((f) => ({ key: f.key, name: f.name, required: f.required })),
      termsRequired: true, choices: cfg, messages: MESSAGES, recaptcha: false,
    };
    const form = new FormData();
    form.set('firstName', ' ');
    form.set('email', 'eve@');
    expect(Object.fromEntries(formProblems(checks, form))).toEqual({ firstName: 'R', email: 'E', terms: 'T' });
  });

  // Regression: the API refused every registration of a company without terms ("expected nonoptional"),
  // since an unticked or absent box sends no `terms` at all.
  it('lets a company without terms register without a terms value', () => {
    const cfg = config(new Set(), new Set(), false, false);
    expect(registrationSchema(cfg).safeParse({ email: 'eve@acme.test' }).success).toBe(true);
  });
});
