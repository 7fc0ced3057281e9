import { z } from 'zod';
import { queryInteger } from './numbers.ts';
import { components } from './registry';

// Tax forms (docs/tax-forms.md): the W-9 (a US person) or W-8BEN (a foreign person) an ambassador signs from the
// account page, the company's yearly summary and its filing export. Messages are i18n keys. The taxpayer id is
// taken here and never answered: every answer shows it masked (`tax_id_masked`).

export const TAX_FORM_KINDS = ['w9', 'w8ben'] as const;
export type TaxFormKind = (typeof TAX_FORM_KINDS)[number];

const text = (max: 200 | 500) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, `maxChars${max}`);

/** A US SSN or EIN: nine digits, dashes and spaces ignored. */
const usTaxId = /^\d{9}$/;
/** A foreign TIN as the ambassador's country writes it: letters, digits and - / . space. */
const foreignTaxId = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,39}$/;

/** POST /ambassadors/{id}/tax_form/: a new form, which supersedes the one on file. */
export const taxFormSchema = z
  .object({
    kind: z.enum(TAX_FORM_KINDS, { error: 'taxFormKindRequired' }),
    legal_name: text(200),
    country: z.string({ error: 'taxCountryRequired' }).trim().toUpperCase().regex(/^[A-Z]{2}$/, 'taxCountryRequired'),
    address: text(500),
    tax_id: z.string({ error: 'required' }).trim().min(1, 'required').max(40, 'taxIdForeignFormat'),
    signed_name: text(200),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'w9') {
      if (!usTaxId.test(v.tax_id.replace(/[\s-]/g, ''))) ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'taxIdUsFormat' });
      if (v.country !== 'US') ctx.addIssue({ code: 'custom', path: ['country'], message: 'taxW9CountryUs' });
    } else {
      if (!foreignTaxId.test(v.tax_id)) ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'taxIdForeignFormat' });
      if (v.country === 'US') ctx.addIssue({ code: 'custom', path: ['country'], message: 'taxW8benCountryNotUs' });
    }
  })
  .transform((v) => ({ ...v, tax_id: v.kind === 'w9' ? v.tax_id.replace(/[\s-]/g, '') : v.tax_id }));
export type TaxFormInput = z.input<typeof taxFormSchema>;

export const taxFormRecord = z
  .object({
    uid: z.string(),
    kind: z.enum(TAX_FORM_KINDS),
    legal_name: z.string(),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    address: z.string(),
    tax_id_masked: z.string().describe('The taxpayer id masked (***-**-1234); the id itself is never answered'),
    signed_name: z.string(),
    signed_at: z.string().describe('ISO 8601 UTC time'),
    status: z.enum(['active', 'superseded']),
    created_at: z.string().describe('ISO 8601 UTC time'),
  })
  .strict()
  .register(components, { id: 'TaxForm' });
export type TaxForm = z.output<typeof taxFormRecord>;

export const taxFormAnswer = z
  .object({ tax_form: taxFormRecord.nullable().describe('The active form on file (null: none)') })
  .strict()
  .register(components, { id: 'TaxFormAnswer' });
export type TaxFormAnswer = z.output<typeof taxFormAnswer>;

/** GET /operator/tax/summary and /operator/tax/export: a calendar year (UTC), this one unless said. */
export const taxYearQuery = z.object({
  year: queryInteger('invalidField', 2000, 2100).optional(),
});

export const taxSummaryAnswer = z
  .object({
    year: z.number().int(),
    currency: z.string(),
    threshold: z.number().int().describe('Customization `payouts.tax_form_threshold_minor` (0: no form is required)'),
    results: z.array(z.object({
      ambassador_uid: z.string(),
      name: z.string(),
      email: z.string(),
      paid_total: z.number().int().describe('Payouts of the year (not failed), integer minor units of `currency`'),
      form_kind: z.enum(TAX_FORM_KINDS).nullable().describe('The active form on file (null: none)'),
      tax_id_masked: z.string().nullable(),
      form_required: z.boolean().describe('Over the threshold without a form: further payouts wait'),
    }).strict()),
  })
  .strict()
  .register(components, { id: 'TaxSummary' });
export type TaxSummary = z.output<typeof taxSummaryAnswer>;

export const taxExportAnswer = z.string().describe('UTF-8 CSV, RFC 4180 quoting: one row per ambassador paid in the year, with the decrypted taxpayer id')
  .register(components, { id: 'TaxFilingCsv' });
