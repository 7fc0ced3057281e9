/**
 * Refunds a store reported (migration 0027, provider_refunds): each once by the provider's own id, written in
 * the batch of the commission change it causes (./commissions.ts refundUnpaid, clawBack), or alone when it
 * changes nothing (yet).
 */

/** One refund a store reported: a refund object by its id, or a cumulative total of a payment. */
export interface ProviderRefundRow {
  provider: 'stripe' | 'shopify';
  /** The refund's own id (re_..., a Shopify refund id), or `total:<payment>:<amount>` for a cumulative total. */
  refundKey: string;
  kind: 'refund' | 'total';
  /** What a cumulative total counts for: a Stripe payment intent (else the charge), a Shopify order. */
  paymentId: string;
  chargeId: string | null;
  invoiceId: string | null;
  amountMinor: number;
}

/** The receipts one delivery writes, under one uid (the commission change it causes checks that they went in). */
export interface RefundReceipts {
  uid: string;
  rows: readonly ProviderRefundRow[];
}

/** Refunds as the sum of money they stand for is computed (see refundedOfPayments). */
export interface ProviderRefundAmountRow {
  refund_key: string;
  kind: 'refund' | 'total';
  payment_id: string;
  amount_minor: number;
}

/**
 * A receipt, once per (company, provider, key): a second one with the key changes nothing. With `guard`, only
 * while that SQL is true (the commission still as read, so the receipt goes in only with its change).
 */
export function providerRefundStatement(
  db: D1Database, companyId: string, uid: string, r: ProviderRefundRow, guard?: { sql: string; binds: unknown[] },
) {
  return db.prepare(
    `INSERT INTO provider_refunds (company_id, provider, refund_key, kind, payment_id, charge_id, invoice_id, amount_minor, uid)
     SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${guard?.sql ?? '1'}
     ON CONFLICT (company_id, provider, refund_key) DO NOTHING`,
  ).bind(companyId, r.provider, r.refundKey, r.kind, r.paymentId, r.chargeId, r.invoiceId, r.amountMinor, uid, ...(guard?.binds ?? []));
}

/** SQL true while the receipts of `uid` went in (the commission change they guard follows them in the batch). */
export const receiptsInSql = (uid: string) =>
  `EXISTS (SELECT 1 FROM provider_refunds WHERE uid = '${uid.replace(/'/g, "''")}')`;

/**
 * The refunds reported for the payments of a commission's transaction: refunds that name it (its payment
 * intent, charge, Shopify order, or an old Stripe API version's invoice), and refunds of the payments that paid
 * it when it is a Stripe invoice (stripe_invoice_payments).
 */
export const refundsOfTransactionStatement = (db: D1Database, companyId: string, provider: string, transactionUid: string) =>
  db.prepare(
    `WITH paid AS (SELECT payment_ref FROM stripe_invoice_payments WHERE company_id = ?1 AND invoice_id = ?3 AND ?2 = 'stripe')
     SELECT refund_key, kind, payment_id, amount_minor FROM provider_refunds
      WHERE company_id = ?1 AND provider = ?2
        AND (payment_id = ?3 OR charge_id = ?3 OR invoice_id = ?3
             OR payment_id IN (SELECT payment_ref FROM paid) OR charge_id IN (SELECT payment_ref FROM paid))
      LIMIT 500`,
  ).bind(companyId, provider, transactionUid);

/**
 * What the payments refunded, by what was reported: per payment, the larger of the sum of its refunds (each
 * once) and the largest cumulative total reported for it; summed over the payments. Every report is a lower
 * bound of the truth, so their largest never counts a refund twice, whichever arrived, in whatever order.
 */
export function refundedOfPayments(rows: readonly ProviderRefundAmountRow[]): number {
  const seen = new Set<string>();
  const per = new Map<string, { refunds: number; total: number }>();
  for (const r of rows) {
    if (seen.has(r.refund_key)) continue;
    seen.add(r.refund_key);
    const p = per.get(r.payment_id) ?? { refunds: 0, total: 0 };
    if (r.kind === 'refund') p.refunds += r.amount_minor;
    else p.total = Math.max(p.total, r.amount_minor);
    per.set(r.payment_id, p);
  }
  let sum = 0;
  for (const p of per.values()) sum += Math.max(p.refunds, p.total);
  return sum;
}
