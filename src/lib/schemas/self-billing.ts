import { z } from 'zod';
import { components } from './registry';

// Self-billing (docs/tax-forms.md): a company that uses self-billing (EU) issues, on each ambassador's behalf, an
// invoice per paid payout. The company's details are customization `payouts.self_billing`; the ambassador's VAT
// id comes from the account page's tax section. Messages are i18n keys.

/** The member states of the European Union, by ISO 3166-1 alpha-2 code. */
export const EU_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT',
  'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

/** A VAT id as stored: upper case, without the spaces, dots and dashes people write in it. */
export const normalizeVatId = (value: string) => value.toUpperCase().replace(/[\s.-]/g, '');

/** A VAT id: a two-letter country prefix, then 2 to 13 letters or digits (VIES' formats all fit). */
const VAT_ID = /^[A-Z]{2}[A-Z0-9]{2,13}$/;
export const isVatId = (value: string) => VAT_ID.test(value);

/** The country a VAT id belongs to: its prefix, Greece's EL read as GR (and Northern Ireland's XI as GB). */
export const vatCountry = (vatId: string) => {
  const prefix = vatId.slice(0, 2);
  return prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
};

/**
 * Whether a self-billed invoice is a reverse-charge supply: the ambassador has a VAT id in an EU country
 * other than the company's, so the company, not the ambassador, accounts for the VAT.
 */
export function reverseChargeApplies(companyVatId: string, ambassadorVatId: string | null): boolean {
  if (!ambassadorVatId || !companyVatId) return false;
  const ours = vatCountry(companyVatId);
  const theirs = vatCountry(ambassadorVatId);
  return EU_COUNTRIES.includes(ours) && EU_COUNTRIES.includes(theirs) && ours !== theirs;
}

/** A VAT id field: blank clears it; anything else must read as a VAT id once normalised. */
const vatIdField = z.string({ error: 'vatIdFormat' }).trim().max(40, 'vatIdFormat').transform(normalizeVatId)
  .refine((v) => v === '' || isVatId(v), 'vatIdFormat');

/** PUT /ambassadors/{id}/vat_id/: the ambassador's VAT id, or '' to remove it. */
export const vatIdSchema = z.object({ vat_id: vatIdField }).transform((v) => ({ vat_id: v.vat_id || null }));
export type VatIdInput = z.input<typeof vatIdSchema>;

export const vatIdAnswer = z
  .object({ vat_id: z.string().nullable().describe('The VAT id on file (normalised), or null') })
  .strict()
  .register(components, { id: 'VatIdAnswer' });
export type VatIdAnswer = z.output<typeof vatIdAnswer>;

/** An invoice number's prefix: letters, digits and - / _ . (e.g. `SB-2026-`). */
const PREFIX = /^[A-Za-z0-9/_.-]*$/;

/**
 * Customization `payouts.self_billing`, as the portal reads it (every field defaulted): whether the company issues
 * self-billed invoices, and the details it issues them under.
 */
export const selfBillingSettings = z.object({
  enabled: z.boolean().default(false),
  legal_name: z.string().trim().max(200).default(''),
  address: z.string().trim().max(500).default(''),
  vat_id: z.string().trim().max(40).transform(normalizeVatId).default(''),
  invoice_prefix: z.string().trim().max(20).regex(PREFIX).default('SB-'),
});
export type SelfBillingSettings = z.output<typeof selfBillingSettings>;

const required = (max: 200 | 500) => z.string({ error: 'required' }).trim().max(max, `maxChars${max}`);

/** PUT /operator/tax/self-billing: the settings; switched on, the company's legal name, address and VAT id are required. */
export const selfBillingSchema = z
  .object({
    enabled: z.boolean({ error: 'invalidField' }),
    legal_name: required(200),
    address: required(500),
    vat_id: vatIdField,
    invoice_prefix: z.string({ error: 'invalidField' }).trim().max(20, 'invoicePrefixFormat').regex(PREFIX, 'invoicePrefixFormat'),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    for (const field of ['legal_name', 'address', 'vat_id'] as const) {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    }
  });
export type SelfBillingInput = z.input<typeof selfBillingSchema>;

export const selfBillingAnswer = z
  .object({
    self_billing: z.object({
      enabled: z.boolean(),
      legal_name: z.string(),
      address: z.string(),
      vat_id: z.string().describe('The company\'s VAT id (normalised); its prefix is the company\'s country for the reverse charge'),
      invoice_prefix: z.string().describe('Put before each invoice number, e.g. `SB-` gives SB-000001'),
    }).strict(),
    last_number: z.number().int().describe('The last invoice number issued (0: none yet)'),
  })
  .strict()
  .register(components, { id: 'SelfBilling' });
export type SelfBillingAnswer = z.output<typeof selfBillingAnswer>;

export const invoicePdfAnswer = z.string().describe('The invoice as a PDF file (`application/pdf`)')
  .register(components, { id: 'InvoicePdf' });
