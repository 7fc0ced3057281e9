import { taxExportAnswer, taxFormAnswer, taxFormSchema, taxSummaryAnswer, taxYearQuery } from '../../lib/schemas/tax';
import { endpoint } from '../core/endpoint';
import { exportTaxForms, taxSummary } from './filing';
import { getTaxForm, submitTaxForm } from './forms';
import { invoicePdfAnswer, selfBillingAnswer, selfBillingSchema, vatIdAnswer, vatIdSchema } from '../../lib/schemas/self-billing';
import { getSelfBilling, getVatId, ownPayoutInvoice, payoutInvoice, putSelfBilling, putVatId } from './self-billing';

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

const INVOICE_DESCRIPTION = 'When the company uses self-billing (customization `payouts.self_billing`), the invoice it issues on the ' +
  'ambassador\'s behalf for a paid payout (any rail): the next number of the company\'s gap-free sequence is given on the first ' +
  'request, and every later request answers the same invoice. It names the ambassador (the tax form\'s legal name and address, else ' +
  'the profile\'s) and VAT id, the company\'s details, the amount and the commissions the payout settled, says "self-billing", and ' +
  '"reverse charge" when the ambassador\'s VAT id is of another EU country than the company\'s. In the company\'s default language.';
const INVOICE_ERRORS = {
  404: 'No payout by that uid (or of another ambassador or company)',
  409: { payoutNotPaid: 'the payout is not paid (yet): no invoice is issued', selfBillingOff: 'the company does not use self-billing' },
} as const;

// GET /v1/ambassadors/{id}/payouts/{payout_uid}/invoice.pdf - the self-billed invoice of one of the caller's payouts
export const ambassadorInvoiceEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/payouts/:payout_uid/invoice.pdf',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'payoutInvoice',
  tag: 'Earnings',
  summary: 'The invoice of my payout',
  description: `${INVOICE_DESCRIPTION} Only the caller's own payouts.`,
  answer: { status: 200, schema: invoicePdfAnswer, description: 'The invoice (PDF)', contentType: 'application/pdf' },
  errors: INVOICE_ERRORS,
  handle: ({ svc, caller, params }) => ownPayoutInvoice(svc, caller, params.payout_uid),
});

// GET /v1/ambassadors/{id}/vat_id/ - the caller's VAT id
export const getVatIdEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/vat_id/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'getVatId',
  tag: 'Profile',
  summary: 'My VAT id',
  description: 'The VAT id self-billed invoices name (null: none).',
  answer: { status: 200, schema: vatIdAnswer, description: 'The VAT id on file' },
  errors: { 404: 'An `id` that is not the caller\'s' },
  handle: ({ svc, caller }) => getVatId(svc, caller),
});

// PUT /v1/ambassadors/{id}/vat_id/ - set or remove the caller's VAT id
export const putVatIdEndpoint = endpoint({
  method: 'put',
  path: '/ambassadors/:id/vat_id/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'putVatId',
  tag: 'Profile',
  summary: 'Set my VAT id',
  description: 'A VAT id with its two-letter country prefix (`DE123456789`; spaces, dots and dashes are dropped, Greece is `EL`), or ' +
    '`""` to remove it. Invoices issued before keep the VAT id they name.',
  body: vatIdSchema,
  example: { vat_id: 'FR12345678901' },
  answer: { status: 200, schema: vatIdAnswer, description: 'The VAT id on file' },
  errors: { 404: 'An `id` that is not the caller\'s' },
  handle: ({ svc, caller, body }) => putVatId(svc, caller, body),
});

// GET /v1/operator/payouts/{uid}/invoice.pdf - the self-billed invoice of a payout
export const operatorInvoiceEndpoint = endpoint({
  method: 'get',
  path: '/operator/payouts/:uid/invoice.pdf',
  auth: 'operator',
  operationId: 'operatorPayoutInvoice',
  staffRoles: ['owner', 'admin', 'finance'],
  tag: 'Payouts',
  summary: 'The invoice of a payout',
  description: `${INVOICE_DESCRIPTION} Owners, admins and finance staff.`,
  answer: { status: 200, schema: invoicePdfAnswer, description: 'The invoice (PDF)', contentType: 'application/pdf' },
  errors: INVOICE_ERRORS,
  handle: ({ svc, operator, params }) => payoutInvoice(svc, operator.companyId, params.uid, null),
});

// GET /v1/operator/tax/self-billing - the company's self-billing settings
export const getSelfBillingEndpoint = endpoint({
  method: 'get',
  path: '/operator/tax/self-billing',
  auth: 'operator',
  operationId: 'getSelfBilling',
  tag: 'Payouts',
  summary: 'Self-billing settings',
  description: 'Customization `payouts.self_billing` (whether the company issues self-billed invoices, and its legal name, address, ' +
    'VAT id and invoice number prefix) and the last invoice number issued.',
  answer: { status: 200, schema: selfBillingAnswer, description: 'The settings' },
  handle: ({ svc, operator }) => getSelfBilling(svc, operator),
});

// PUT /v1/operator/tax/self-billing - switch self-billing on or off, set the company's details
export const putSelfBillingEndpoint = endpoint({
  method: 'put',
  path: '/operator/tax/self-billing',
  auth: 'operator',
  operationId: 'putSelfBilling',
  staffRoles: ['owner', 'admin', 'finance'],
  tag: 'Payouts',
  summary: 'Set self-billing',
  description: 'Writes customization `payouts.self_billing`, the rest of the document as it is. Switched on (`enabled`), ' +
    '`legal_name`, `address` and `vat_id` (with its country prefix: the company\'s country for the reverse charge) are required. ' +
    'Invoices already issued keep what they say; numbers go on from the last one, whatever the prefix.',
  body: selfBillingSchema,
  example: { enabled: true, legal_name: 'Demo Co GmbH', address: 'Hauptstr. 1, 10115 Berlin, Germany', vat_id: 'DE123456789', invoice_prefix: 'SB-' },
  answer: { status: 200, schema: selfBillingAnswer, description: 'The settings' },
  handle: ({ svc, operator, body }) => putSelfBilling(svc, operator, body),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = {
  getTaxForm: getTaxFormEndpoint, submitTaxForm: submitTaxFormEndpoint, payoutInvoice: ambassadorInvoiceEndpoint,
  getVatId: getVatIdEndpoint, putVatId: putVatIdEndpoint,
};
export const operatorEndpoints = {
  taxSummary: taxSummaryEndpoint, exportTaxForms: exportTaxFormsEndpoint, operatorPayoutInvoice: operatorInvoiceEndpoint,
  getSelfBilling: getSelfBillingEndpoint, putSelfBilling: putSelfBillingEndpoint,
};
