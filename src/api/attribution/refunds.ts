import { minorToDecimal } from '../../lib/format';
import type { OnceClaim } from '../core/batch-claim';
import { newUid } from '../core/crypto';
import { batch, row as one, rows as all, write } from '../core/named-batch';
import type { ServiceContext } from '../core/types';
import { clawedBackStatement, commissionOfTransactionStatement } from '../money/commission-queries';
import {
  providerRefundStatement, refundedOfPayments, refundsOfTransactionStatement, type ProviderRefundAmountRow, type ProviderRefundRow,
} from '../money/provider-refund-queries';
import { refund } from '../commissions/operator';
import type { CommissionRow } from '../money/rows';
import { commissionsOfRefundStatement, knownRefundKeysStatement, linkInvoicePaymentStatement } from './refund-queries';

/**
 * Store refunds, each applied once whatever the delivery. A refund is known by the provider's own id (a Stripe
 * refund re_..., a Shopify refund), a cumulative total by its payment and amount (Stripe's charge.refunded),
 * never by a delivery id: a replayed body under a new X-Shopify-Webhook-Id, one Stripe refund under
 * refund.created, charge.refund.updated and charge.refunded, or a refund seen before its sale, all count once.
 *
 * A payment's refunded amount is the larger of the sum of its refunds and the largest total reported for it
 * (each report is a lower bound of the truth); a commission is refunded up to what its payments refunded, less
 * what was refunded on it already (by the store or by hand). The receipts go in in the batch of the change,
 * only while the commission is as it was read (src/api/money: refundUnpaid, clawBack), and so does the store
 * event's claim (./hook-events.ts): a delivery that stops before that batch has counted nothing.
 */

export type StoreProvider = 'stripe' | 'shopify';

/** A refund as a store reports it; amounts in minor units of the company currency. */
export interface StoreRefund {
  provider: StoreProvider;
  /** What was refunded: a Stripe payment intent (else the charge), a Shopify order. Totals count per payment. */
  paymentId: string;
  chargeId?: string | null;
  /** The invoice an old Stripe API version names on a charge. */
  invoiceId?: string | null;
  /** Refund objects, each counted once by its id. */
  refunds: readonly { id: string; amountMinor: number }[];
  /** The provider's cumulative total refunded on the payment, when it says. */
  totalMinor?: number | null;
}

/**
 * `refunded` / `clawed_back`: the commission changed now; `already_refunded`: every refund reported was applied
 * before (or the commission has nothing left); `unknown_transaction`: no commission for it (yet): the refund is
 * kept and applied when its sale, or the Stripe invoice payment that names it, arrives.
 */
export type RefundOutcome = 'refunded' | 'clawed_back' | 'already_refunded' | 'unknown_transaction';

const MAX_REFS = 4;
const unique = (values: readonly (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/** The receipts a report writes: each refund by its id, the total by payment and amount. */
function receiptsOf(report: StoreRefund): ProviderRefundRow[] {
  const base = { provider: report.provider, paymentId: report.paymentId, chargeId: report.chargeId ?? null, invoiceId: report.invoiceId ?? null };
  const rows: ProviderRefundRow[] = report.refunds.slice(0, 100).map((r) => ({ ...base, refundKey: r.id, kind: 'refund', amountMinor: r.amountMinor }));
  if (report.totalMinor != null) {
    rows.push({ ...base, refundKey: `total:${report.paymentId}:${report.totalMinor}`, kind: 'total', amountMinor: report.totalMinor });
  }
  return rows;
}

/**
 * Applies a store's refund to the commission of its sale (a clawback when paid), once per refund. `claim`: the
 * store event's (./hook-events.ts), taken by the batch that writes the receipts or changes the commission.
 */
export async function refundSale(svc: ServiceContext, companyId: string, report: StoreRefund, claim: OnceClaim | null = null): Promise<RefundOutcome> {
  const { db } = svc;
  const rows = receiptsOf(report);
  const refs = unique([report.paymentId, report.invoiceId, report.chargeId]).slice(0, MAX_REFS);
  const found = await batch(db, {
    commissions: all<CommissionRow>(commissionsOfRefundStatement(db, companyId, refs)),
    known: all<{ refund_key: string }>(knownRefundKeysStatement(db, companyId, report.provider, rows.map((r) => r.refundKey))),
  });
  const known = new Set(found.known.map((k) => k.refund_key));
  const fresh = rows.filter((r) => !known.has(r.refundKey));
  // Recorded under one of the refund's own ids first (in the order above), else under the invoice a payment paid.
  const row = refs.map((id) => found.commissions.find((c) => c.transaction_id === id)).find(Boolean) ?? found.commissions[0];
  if (!row) {
    await keep(db, companyId, fresh, claim);
    return 'unknown_transaction';
  }
  const out = await settle(svc, companyId, report.provider, row.transaction_id, fresh, claim);
  return out === 'nothing' ? 'already_refunded' : out;
}

/**
 * Refunds reported before the commission of `transactionUid` existed (or before the Stripe invoice payment that
 * ties them to it): applied now, once, with `claim` when it was not taken yet. null when there is nothing to apply.
 */
export async function applyKnownRefunds(
  svc: ServiceContext, companyId: string, provider: StoreProvider, transactionUid: string, claim: OnceClaim | null = null,
): Promise<'refunded' | 'clawed_back' | null> {
  const out = await settle(svc, companyId, provider, transactionUid, [], claim);
  return out === 'refunded' || out === 'clawed_back' ? out : null;
}

/** Remembers which Stripe invoice the payments (payment intents, else charges) paid; the first invoice of a payment stays. */
export async function rememberInvoicePayments(db: D1Database, companyId: string, invoiceId: string, paymentRefs: readonly string[]) {
  const refs = unique(paymentRefs).slice(0, MAX_REFS);
  if (refs.length) await db.batch(refs.map((ref) => linkInvoicePaymentStatement(db, companyId, ref, invoiceId)));
}

/**
 * rememberInvoicePayments (idempotent by the payment, before the claim), then the refunds kept for those payments
 * applied to the invoice's commission, with `claim`.
 */
export async function linkInvoicePayments(
  svc: ServiceContext, companyId: string, invoiceId: string, paymentRefs: readonly string[], claim: OnceClaim | null = null,
) {
  await rememberInvoicePayments(svc.db, companyId, invoiceId, paymentRefs);
  return applyKnownRefunds(svc, companyId, 'stripe', invoiceId, claim);
}

async function settle(
  svc: ServiceContext, companyId: string, provider: StoreProvider, transactionUid: string, fresh: readonly ProviderRefundRow[],
  claim: OnceClaim | null,
): Promise<RefundOutcome | 'nothing'> {
  const { db } = svc;
  const { row, back, reported } = await batch(db, {
    row: one<CommissionRow>(commissionOfTransactionStatement(db, companyId, transactionUid, 'first')),
    back: one<{ revenue: number }>(clawedBackStatement(db, companyId, transactionUid, 'first')),
    reported: all<ProviderRefundAmountRow>(refundsOfTransactionStatement(db, companyId, provider, transactionUid)),
  });
  if (!row) {
    await keep(db, companyId, fresh, claim);
    return 'unknown_transaction';
  }
  const refundedByStore = refundedOfPayments([
    ...reported,
    ...fresh.map((r) => ({ refund_key: r.refundKey, kind: r.kind, payment_id: r.paymentId, amount_minor: r.amountMinor })),
  ]);
  const clawedRevenue = back?.revenue ?? 0;
  const original = row.revenue_minor + row.refunded_revenue_minor;
  const refundedHere = row.refunded_revenue_minor + clawedRevenue;
  const paid = row.status === 'paid' || row.payout_id !== null;
  const target = Math.min(refundedByStore, original);
  const delta = target - refundedHere;
  if (delta <= 0 || (row.status === 'denied' && !paid)) {
    await keep(db, companyId, fresh, claim);
    return fresh.length ? 'already_refunded' : 'nothing';
  }
  await refund(svc, { companyId }, row.transaction_id, {
    revenue: target === original ? null : minorToDecimal(delta, row.currency), event_type: 'first',
  }, { expect: row, clawedRevenue, receipts: fresh.length ? { uid: newUid('prf'), rows: fresh } : null, claim: claim?.take() ?? null });
  return paid ? 'clawed_back' : 'refunded';
}

/** Receipts that change no commission (none yet, or nothing left to refund): kept, each once, with the claim. */
async function keep(db: D1Database, companyId: string, rows: readonly ProviderRefundRow[], claim: OnceClaim | null) {
  if (!rows.length) return;
  const uid = newUid('prf');
  const taken = claim?.take() ?? null;
  const held = taken ? { sql: taken.sql, binds: [] } : undefined;
  await batch(db, {
    ...(taken ? { claim: taken.step } : {}),
    ...Object.fromEntries(rows.map((r, i) => [`receipt${i}`, write(providerRefundStatement(db, companyId, uid, r, held))])),
  });
}
