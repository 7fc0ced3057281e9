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

/**
 * Remembers which Stripe invoice a payment (payment intent, else charge) paid; the first link of a payment stays.
 * `alsoIf`: SQL that must hold too (a store event's claim in the batch of the invoice's commission).
 */
export const linkInvoicePaymentStatement = (db: D1Database, companyId: string, paymentRef: string, invoiceId: string, alsoIf = '1') =>
  db.prepare(
    `INSERT INTO stripe_invoice_payments (company_id, payment_ref, invoice_id) SELECT ?, ?, ? WHERE ${alsoIf}
     ON CONFLICT (company_id, payment_ref) DO NOTHING`,
  ).bind(companyId, paymentRef, invoiceId);

/**
 * 1 when a store reported a refund of the sale of `transactionUid` before its commission: a refund naming it, one
 * of `paymentRefs` (the payments that paid it, about to be linked to it) or a payment already linked to it.
 */
export const keptRefundStatement = (db: D1Database, companyId: string, provider: string, transactionUid: string, paymentRefs: readonly string[]) =>
  db.prepare(
    `WITH paid AS (SELECT value AS ref FROM json_each(?4)
                   UNION SELECT payment_ref FROM stripe_invoice_payments WHERE company_id = ?1 AND invoice_id = ?3 AND ?2 = 'stripe')
     SELECT 1 AS kept FROM provider_refunds
      WHERE company_id = ?1 AND provider = ?2
        AND (payment_id = ?3 OR charge_id = ?3 OR invoice_id = ?3 OR payment_id IN (SELECT ref FROM paid) OR charge_id IN (SELECT ref FROM paid))
      LIMIT 1`,
  ).bind(companyId, provider, transactionUid, JSON.stringify(paymentRefs));
