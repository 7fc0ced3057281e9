import { taxExportAnswer, taxFormAnswer, taxFormSchema, taxSummaryAnswer, taxYearQuery } from '../../lib/schemas/tax';
import { endpoint } from '../core/endpoint';
import { exportTaxForms, taxSummary } from './filing';
import { getTaxForm, submitTaxForm } from './forms';

// Tax forms (docs/tax-forms.md): the ambassador's W-9 / W-8BEN, the company's yearly summary and filing export.

const FORM_DESCRIPTION = '`tax_id_masked` shows the taxpayer id masked (`***-**-1234` for a W-9); the id itself is stored encrypted and never answered.';

// GET /v1/ambassadors/{id}/tax_form/ - the caller's tax form on file
export const getTaxFormEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/tax_form/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'getTaxForm',
  tag: 'Profile',
  summary: 'My tax form',
  description: `The caller's active W-9 or W-8BEN, or null. ${FORM_DESCRIPTION}`,
  answer: { status: 200, schema: taxFormAnswer, description: 'The form on file' },
  errors: { 404: 'An `id` that is not the caller\'s' },
  handle: ({ svc, caller }) => getTaxForm(svc, caller),
});

// POST /v1/ambassadors/{id}/tax_form/ - sign a W-9 or W-8BEN (the one on file is superseded)
export const submitTaxFormEndpoint = endpoint({
  method: 'post',
  path: '/ambassadors/:id/tax_form/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'submitTaxForm',
  tag: 'Profile',
  summary: 'Sign a tax form',
  description: 'A W-9 (`kind: w9`, a US person: `country` US, `tax_id` an SSN or EIN of 9 digits) or a W-8BEN (`kind: w8ben`, ' +
    'a foreign person: `country` another ISO 3166-1 alpha-2 code, `tax_id` the foreign TIN). `signed_name` is the signature; the ' +
    `form is dated now. The active form becomes \`superseded\`. ${FORM_DESCRIPTION}`,
  body: taxFormSchema,
  example: { kind: 'w9', legal_name: 'Ava Artist', country: 'US', address: '1 Main St, Oakland, CA 94607', tax_id: '123-45-6789', signed_name: 'Ava Artist' },
  answer: { status: 201, schema: taxFormAnswer, description: 'The new form on file' },
  errors: { 404: 'An `id` that is not the caller\'s', 409: { taxFormsUnavailable: 'the deployment has no TAX_ID_KEY: tax forms are not taken' } },
  handle: ({ svc, caller, body }) => submitTaxForm(svc, caller, body),
});

// GET /v1/operator/tax/summary - the year's payouts per ambassador and their forms
export const taxSummaryEndpoint = endpoint({
  method: 'get',
  path: '/operator/tax/summary',
  auth: 'operator',
  operationId: 'taxSummary',
  tag: 'Payouts',
  summary: 'Tax summary of a year',
  description: 'Per ambassador paid in the calendar year (UTC, `year`, this one unless said) or with a form on file: the year\'s ' +
    'payouts (not failed), the active form\'s kind and its masked taxpayer id, and whether further payouts wait for a form ' +
    '(customization `payouts.tax_form_threshold_minor`).',
  query: taxYearQuery,
  answer: { status: 200, schema: taxSummaryAnswer, description: 'The year\'s summary' },
  handle: ({ svc, operator, query }) => taxSummary(svc, operator, query),
});

// GET /v1/operator/tax/export - the filing export with the decrypted taxpayer ids
export const exportTaxFormsEndpoint = endpoint({
  method: 'get',
  path: '/operator/tax/export',
  auth: 'operator',
  operationId: 'exportTaxForms',
  staffRoles: ['owner', 'admin', 'finance'],
  stepUp: true,
  tag: 'Payouts',
  summary: 'Export tax forms for filing',
  description: 'The rows of the summary as a CSV download (`text/csv`, UTF-8, RFC 4180 quoting) with the decrypted taxpayer id, ' +
    'for year-end filing. Columns: `ambassador_uid`, `email`, `form_kind`, `legal_name`, `tax_id`, `country`, `address`, ' +
    '`signed_name`, `signed_at`, `paid_total` (decimal), `currency`. A text cell a spreadsheet would run as a formula starts with an ' +
    'apostrophe. Owners, admins and finance staff only, after a recent second factor; every export is written to the audit log.',
  query: taxYearQuery,
  answer: { status: 200, schema: taxExportAnswer, description: 'The CSV file', contentType: 'text/csv' },
  errors: { 409: { taxFormsUnavailable: 'the deployment has no TAX_ID_KEY' } },
  handle: ({ svc, operator, query }) => exportTaxForms(svc, operator, query),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = { getTaxForm: getTaxFormEndpoint, submitTaxForm: submitTaxFormEndpoint };
export const operatorEndpoints = { taxSummary: taxSummaryEndpoint, exportTaxForms: exportTaxFormsEndpoint };
