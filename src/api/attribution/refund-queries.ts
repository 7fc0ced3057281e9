import { COMMISSION_SQL } from '../money/rows';

/** The reads and links of store refunds (./refunds.ts); their receipts are money rows (src/api/money/provider-refund-queries.ts). */

/**
 * The first-event commissions a refund may belong to: recorded under one of `refs` (a payment intent, an old
 * Stripe API version's invoice, a charge, a Shopify order), or under the Stripe invoice one of them paid.
 */
export const commissionsOfRefundStatement = (db: D1Database, companyId: string, refs: readonly string[]) => {
  const list = refs.map(() => '?').join(', ') || "''";
  return db.prepare(
    `${COMMISSION_SQL} WHERE m.company_id = ? AND m.kind = 'commission' AND m.event = 'first'
       AND (m.transaction_id IN (${list})
            OR m.transaction_id IN (SELECT invoice_id FROM stripe_invoice_payments WHERE company_id = ? AND payment_ref IN (${list})))
     LIMIT 10`,
  ).bind(companyId, ...refs, companyId, ...refs);
};

/** Which of `keys` a company's provider already reported. */
export const knownRefundKeysStatement = (db: D1Database, companyId: string, provider: string, keys: readonly string[]) =>
  db.prepare(
    `SELECT refund_key FROM provider_refunds WHERE company_id = ? AND provider = ? AND refund_key IN (${keys.map(() => '?').join(', ') || "''"})`,
  ).bind(companyId, provider, ...keys);

/** Remembers which Stripe invoice a payment (payment intent, else charge) paid; the first link of a payment stays. */
export const linkInvoicePaymentStatement = (db: D1Database, companyId: string, paymentRef: string, invoiceId: string) =>
  db.prepare(
    `INSERT INTO stripe_invoice_payments (company_id, payment_ref, invoice_id) VALUES (?, ?, ?)
     ON CONFLICT (company_id, payment_ref) DO NOTHING`,
  ).bind(companyId, paymentRef, invoiceId);
