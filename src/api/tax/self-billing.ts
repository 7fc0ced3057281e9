import type { z } from 'zod';
import { reverseChargeApplies, type SelfBillingAnswer, type selfBillingSchema, type VatIdAnswer, type vatIdSchema } from '../../lib/schemas/self-billing';
import { streamReply, type Reply } from '../core/endpoint';
import { isoNow } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator-keys';
import type { Caller, ServiceContext } from '../core/types';
import { loadCustomization } from '../companies/customization';
import { getCompanyCustomization, putCompanyCustomization } from '../companies/operator-customization';
import { invoicePdf } from './invoice-pdf';
import {
  invoiceLines, invoiceOfPayout, invoicePayout, issueInvoice, lastInvoiceNumber, setVatId, supplierOf, vatIdOf,
  type InvoiceDraft, type SupplierRow,
} from './self-billing-queries';

// Self-billing (docs/tax-forms.md): the company issues, on the ambassador's behalf, one invoice per paid payout.
// The number is given on the first request for the invoice (ambassador's or operator's), in one guarded batch
// (./self-billing-queries.ts issueInvoice), so every paid payout of every rail gets one without the payout
// path knowing; what the invoice says is fixed then and every later request renders the same invoice.

const joinAddress = (...parts: (string | null | undefined)[]) => parts.map((p) => p?.trim()).filter(Boolean).join(', ');

/** The ambassador as the invoice names them: the tax form's legal name and address when one is on file, else the profile's. */
function supplierDetails(s: SupplierRow) {
  return {
    name: s.form_legal_name ?? (`${s.first_name} ${s.last_name}`.trim() || '-'),
    address: s.form_address ?? (joinAddress(s.street, [s.zip, s.city].filter(Boolean).join(' '), s.state, s.country) || '-'),
    vatId: s.vat_id,
  };
}

/**
 * The invoice PDF of a payout of the company (of `ambassadorUid` only, when given): issued now when the payout is
 * paid and has none yet. 404 for another company's or ambassador's payout; 409 while it is not paid, or when
 * the company does not use self-billing (an invoice issued before it stopped is still answered).
 */
export async function payoutInvoice(svc: ServiceContext, companyId: string, payoutUid: string, ambassadorUid: string | null): Promise<Reply<string>> {
  const { db } = svc;
  const payout = await invoicePayout(db, companyId, payoutUid, ambassadorUid);
  if (!payout) throw new ApiError('not_found', 'notFound');
  let invoice = await invoiceOfPayout(db, companyId, payout.id);
  if (!invoice) {
    if (payout.status !== 'paid') throw new ApiError('conflict', 'payoutNotPaid');
    const [custom, supplier] = await Promise.all([loadCustomization(db, companyId), supplierOf(db, companyId, payout.ambassador_uid)]);
    const issuer = custom.company.payouts.self_billing;
    if (!issuer.enabled || !issuer.legal_name || !issuer.address || !issuer.vat_id) throw new ApiError('conflict', 'selfBillingOff');
    const who = supplierDetails(supplier!);
    const draft: InvoiceDraft = {
      prefix: issuer.invoice_prefix, language: custom.company.default_language,
      issuerName: issuer.legal_name, issuerAddress: issuer.address, issuerVatId: issuer.vat_id,
      supplierName: who.name, supplierAddress: who.address, supplierVatId: who.vatId,
      reverseCharge: reverseChargeApplies(issuer.vat_id, who.vatId), issuedAt: isoNow(),
    };
    invoice = await issueInvoice(db, companyId, payout.id, draft);
    // The payout stopped being paid between the two reads.
    if (!invoice) throw new ApiError('conflict', 'payoutNotPaid');
  }
  const lines = await invoiceLines(db, companyId, payout.id);
  const bytes = await invoicePdf({ invoice, payoutUid: payout.uid, paidAt: payout.paid_at ?? payout.created_at, lines });
  return streamReply(new Response(bytes as Uint8Array<ArrayBuffer>).body!, 'application/pdf', {
    'content-disposition': `attachment; filename="invoice-${invoice.invoice_number.replace(/[^\w.-]/g, '_')}.pdf"`,
    'cache-control': 'private, no-store',
  }) as Reply<string>;
}

/** GET /v1/ambassadors/{id}/payouts/{payout_uid}/invoice.pdf - the caller's own payout's invoice. */
export const ownPayoutInvoice = (svc: ServiceContext, caller: Caller, payoutUid: string) =>
  payoutInvoice(svc, caller.principal.companyId, payoutUid, caller.ambassador.uid);

/** GET /v1/operator/tax/self-billing - the company's settings and the last number issued. */
export async function getSelfBilling(svc: ServiceContext, op: Operator): Promise<SelfBillingAnswer> {
  const [custom, last] = await Promise.all([loadCustomization(svc.db, op.companyId), lastInvoiceNumber(svc.db, op.companyId)]);
  return { self_billing: { ...custom.company.payouts.self_billing }, last_number: last ?? 0 };
}

/**
 * PUT /v1/operator/tax/self-billing - the settings, written into the company's customization
 * (`payouts.self_billing`), the rest of the document kept as it is. Invoices already issued keep what they say.
 */
export async function putSelfBilling(svc: ServiceContext, op: Operator, input: z.output<typeof selfBillingSchema>): Promise<SelfBillingAnswer> {
  const { settings } = await getCompanyCustomization(svc.db, op.companyId);
  const doc = structuredClone(settings) as Record<string, unknown>;
  const payouts = typeof doc.payouts === 'object' && doc.payouts !== null && !Array.isArray(doc.payouts) ? doc.payouts as Record<string, unknown> : {};
  doc.payouts = { ...payouts, self_billing: { ...input } };
  await putCompanyCustomization(svc.env, svc.db, op.companyId, doc, op.actor.label);
  return getSelfBilling(svc, op);
}

/** GET /v1/ambassadors/{id}/vat_id/ - the caller's VAT id. */
export async function getVatId(svc: ServiceContext, caller: Caller): Promise<VatIdAnswer> {
  return { vat_id: (await vatIdOf(svc.db, caller.principal.companyId, caller.ambassador.uid)) ?? null };
}

/** PUT /v1/ambassadors/{id}/vat_id/ - sets (or, blank, removes) the caller's VAT id; invoices already issued keep theirs. */
export async function putVatId(svc: ServiceContext, caller: Caller, input: z.output<typeof vatIdSchema>): Promise<VatIdAnswer> {
  await setVatId(svc.db, caller.principal.companyId, caller.ambassador.uid, input.vat_id);
  return { vat_id: input.vat_id };
}
