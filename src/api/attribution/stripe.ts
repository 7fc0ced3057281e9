import { z } from 'zod';
import { MAX_MONEY_MINOR } from '../../lib/money-limits';
import type { OnceClaim } from '../core/batch-claim';
import type { ServiceContext } from '../core/types';
import { applyStripeConnectEvent } from '../payouts/stripe-connect';
import { applyKnownRefunds, linkInvoicePayments, refundSale, type RefundOutcome } from './refunds';
import { attributeRecurring, attributeSale, type StoreSale } from './service';
import { recordText } from '../../lib/system-text';

// Stripe events (docs.stripe.com/api/events/types) as the webhook reads them. Only the fields used are
// named; everything else in the object is let through. An id field may arrive expanded (an object).
// Field names follow the newest API version (the `stripe` package's types) and read older ones too (a
// charge's or invoice's own `invoice` / `payment_intent`, removed in 2025-03-31.basil).

const id = z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) }).transform((o) => o.id)]);
/** An amount in minor units: any whole number here; above MAX_MONEY_MINOR it is refused by tooLarge below, with its name. */
const amount = z.number().int().nonnegative();
const currency = z.string().regex(/^[A-Za-z]{3}$/);

export const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  created: z.number().int().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

const promotionCode = z.union([
  z.string().min(1).max(255).transform((v) => [v]),
  z.object({ id: z.string().max(255), code: z.string().max(255).optional() }).transform((o) => [o.code, o.id].filter((c): c is string => !!c)),
]);

const sessionSchema = z.object({
  id: z.string().min(1).max(255),
  payment_status: z.string().optional(),
  client_reference_id: z.string().max(255).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  amount_total: amount.nullish(),
  currency: currency,
  payment_intent: id.nullish(),
  invoice: id.nullish(),
  customer: id.nullish(),
  customer_details: z.object({ email: z.string().max(255).nullish(), name: z.string().max(255).nullish() }).nullish(),
  discounts: z.array(z.object({ promotion_code: promotionCode.nullish() })).nullish(),
});

/** An InvoicePayment's `payment`: a payment intent, or a charge when there is none. */
const invoicePaymentRef = z.object({ payment_intent: id.nullish(), charge: id.nullish() });

const invoiceSchema = z.object({
  id: z.string().min(1).max(255),
  customer: id.nullish(),
  amount_paid: amount,
  currency: currency,
  customer_email: z.string().max(255).nullish(),
  customer_name: z.string().max(255).nullish(),
  status_transitions: z.object({ paid_at: z.number().int().nullish() }).nullish(),
  // Older API versions: the invoice's own payment.
  payment_intent: id.nullish(),
  charge: id.nullish(),
  // Newer ones: the payments, when the event carries them (an includable list).
  payments: z.object({ data: z.array(z.object({ status: z.string().optional(), payment: invoicePaymentRef })).max(100) }).nullish(),
});

const invoicePaymentSchema = z.object({
  id: z.string().min(1).max(255),
  invoice: id,
  status: z.string().optional(),
  amount_paid: amount.nullish(),
  payment: invoicePaymentRef,
});

/** The refund statuses that count, as Stripe counts them in a charge's amount_refunded. */
const COUNTED = new Set(['succeeded', 'pending']);

const refundSchema = z.object({
  id: z.string().min(1).max(255),
  amount: amount,
  status: z.string().nullish(),
  charge: id.nullish(),
  payment_intent: id.nullish(),
});

const chargeSchema = z.object({
  id: z.string().min(1).max(255),
  amount: amount,
  amount_refunded: amount,
  refunded: z.boolean().optional(),
  payment_intent: id.nullish(),
  // Older API versions only.
  invoice: id.nullish(),
  // Only when expanded (or on old API versions): the charge's refunds, each counted once by its id.
  refunds: z.object({ data: z.array(refundSchema).max(100) }).nullish(),
});

export type StripeResult = { result: string; reason?: string; commission_uid?: string; refund?: RefundOutcome };

/** `refused` with the reason when one of the amounts is above MAX_MONEY_MINOR; nothing of the event is booked. */
function tooLarge(amounts: Record<string, number | null | undefined>): StripeResult | null {
  const field = Object.keys(amounts).find((k) => (amounts[k] ?? 0) > MAX_MONEY_MINOR);
  return field ? { result: 'refused', reason: `${field} ${amounts[field]} is above the largest amount accepted (${MAX_MONEY_MINOR} minor units).` } : null;
}

/**
 * Applies one verified event of a company. Each effect happens once by Stripe's own object ids, whichever
 * event (and event id) carries it: a commission per payment intent, invoice or session; a refund per refund id
 * or cumulative total (./refunds.ts).
 * - `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded`: a conversion of
 *   `amount_total`, credited by metadata.mbsy_cid (the click id), client_reference_id, metadata.mbsy (a share
 *   code), then a promotion code that is a personal code; the transaction is the payment intent, else the
 *   invoice, else the session. The Stripe customer is remembered for later invoices.
 * - `invoice.paid`: a recurring commission for a remembered customer when the campaign allows it; the payments
 *   it names (old API versions, or its `payments`) are linked to it.
 * - `invoice_payment.paid`: links the payment (its payment intent, else its charge) to the invoice, so that the
 *   payment's refunds find the invoice's commission; refunds kept before are applied then.
 * - `charge.refunded`: the charge's cumulative `amount_refunded` (and its refunds, when listed).
 * - `refund.created`, `refund.updated`, `charge.refund.updated`: one refund, by its id, once it is pending or
 *   succeeded.
 * - `account.updated`, `transfer.reversed`: Stripe Connect payouts (../payouts/stripe-connect.ts).
 * Any other type: `ignored`. An amount above MAX_MONEY_MINOR: `refused`.
 * `claim`: the delivery's (./hook-events.ts), taken by the batch of the event's last write.
 */
export async function applyStripeEvent(svc: ServiceContext, companyId: string, event: StripeEvent, claim: OnceClaim | null = null): Promise<StripeResult> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = sessionSchema.safeParse(object);
      if (!s.success) return { result: 'ignored', reason: 'Not a checkout session this endpoint can read.' };
      const session = s.data;
      // An asynchronous payment (a bank debit) is not paid yet: its async_payment_succeeded event follows.
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
        return { result: 'ignored', reason: 'The session is not paid yet.' };
      }
      const refused = tooLarge({ amount_total: session.amount_total });
      if (refused) return refused;
      const sale: StoreSale = {
        source: 'stripe',
        transactionUid: session.payment_intent ?? session.invoice ?? session.id,
        revenueMinor: session.amount_total ?? 0,
        currency: session.currency,
        customer: {
          email: session.customer_details?.email ?? null, name: session.customer_details?.name ?? '', externalId: session.customer ?? null,
        },
        clues: {
          // metadata.mbsy_cid is the click id's own field; client_reference_id often holds the store's own order id,
          // which never verifies as a click id (only ids the portal signed do), so it can never select anyone.
          clickIds: [session.metadata?.mbsy_cid, session.client_reference_id],
          shortCode: session.metadata?.mbsy ?? null,
          personalCodes: (session.discounts ?? []).flatMap((d) => d.promotion_code ?? []),
        },
        note: recordText('records.stripeCheckout', session.id),
      };
      return credited(svc, companyId, sale.transactionUid, await attributeSale(svc, companyId, sale, claim), claim);
    }
    case 'invoice.paid': {
      const i = invoiceSchema.safeParse(object);
      if (!i.success || !i.data.customer) return { result: 'ignored', reason: 'An invoice without a customer.' };
      const invoice = i.data;
      if (invoice.amount_paid === 0) return { result: 'ignored', reason: 'Nothing was paid.' };
      const refused = tooLarge({ amount_paid: invoice.amount_paid });
      if (refused) return refused;
      const payments = [
        invoice.payment_intent ?? invoice.charge,
        ...(invoice.payments?.data ?? []).filter((p) => !p.status || p.status === 'paid').map((p) => p.payment.payment_intent ?? p.payment.charge),
      ].filter((p): p is string => !!p);
      const paidAt = new Date((invoice.status_transitions?.paid_at ?? event.created ?? Date.now() / 1000) * 1000);
      const out = await attributeRecurring(svc, companyId, {
        source: 'stripe', transactionUid: invoice.id, revenueMinor: invoice.amount_paid, currency: invoice.currency,
        customer: { email: invoice.customer_email ?? null, name: invoice.customer_name ?? '', externalId: invoice.customer! },
        clues: {}, note: recordText('records.stripeInvoice', invoice.id),
      }, paidAt, claim, payments);
      if (out.result === 'ignored') return out;
      return credited(svc, companyId, invoice.id, out, claim);
    }
    case 'invoice_payment.paid': {
      const p = invoicePaymentSchema.safeParse(object);
      const ref = p.success ? p.data.payment.payment_intent ?? p.data.payment.charge : null;
      if (!p.success || !ref) return { result: 'ignored', reason: 'Not an invoice payment this endpoint can read.' };
      if (p.data.status && p.data.status !== 'paid') return { result: 'ignored', reason: 'The invoice payment is not paid.' };
      const refused = tooLarge({ amount_paid: p.data.amount_paid });
      if (refused) return refused;
      const applied = await linkInvoicePayments(svc, companyId, p.data.invoice, [ref], claim);
      return { result: 'linked', ...(applied ? { refund: applied } : {}) };
    }
    case 'charge.refunded': {
      const c = chargeSchema.safeParse(object);
      if (!c.success) return { result: 'ignored', reason: 'Not a charge this endpoint can read.' };
      const charge = c.data;
      const refunds = (charge.refunds?.data ?? []).filter((r) => COUNTED.has(r.status ?? 'succeeded'));
      const refused = tooLarge({ amount: charge.amount, amount_refunded: charge.amount_refunded, ...Object.fromEntries(refunds.map((r) => [`refund ${r.id}`, r.amount])) });
      if (refused) return refused;
      return {
        result: await refundSale(svc, companyId, {
          provider: 'stripe', paymentId: charge.payment_intent ?? charge.id, chargeId: charge.id, invoiceId: charge.invoice,
          refunds: refunds.map((r) => ({ id: r.id, amountMinor: r.amount })),
          totalMinor: charge.refunded === true ? Math.max(charge.amount_refunded, charge.amount) : charge.amount_refunded,
        }, claim),
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const r = refundSchema.safeParse(object);
      const payment = r.success ? r.data.payment_intent ?? r.data.charge : null;
      if (!r.success || !payment) return { result: 'ignored', reason: 'Not a refund of a charge this endpoint can read.' };
      const found = r.data;
      if (!COUNTED.has(found.status ?? '')) return { result: 'ignored', reason: `A refund that is ${found.status ?? 'of no status'} refunds nothing.` };
      const refused = tooLarge({ amount: found.amount });
      if (refused) return refused;
      return {
        result: await refundSale(svc, companyId, {
          provider: 'stripe', paymentId: payment, chargeId: found.charge ?? null, refunds: [{ id: found.id, amountMinor: found.amount }],
        }, claim),
      };
    }
    case 'account.updated':
    case 'transfer.reversed':
      // Stripe Connect payouts: a connected account's readiness, a transfer given back (docs/payouts.md#stripe-connect).
      return applyStripeConnectEvent(svc, companyId, event);
    default:
      return { result: 'ignored', reason: 'This event type is not used.' };
  }
}

/** The sale's answer; refunds Stripe reported before the sale are applied to its commission now. */
async function credited(
  svc: ServiceContext, companyId: string, transactionUid: string, o: Awaited<ReturnType<typeof attributeRecurring>>, claim: OnceClaim | null,
): Promise<StripeResult> {
  if (!('commission' in o)) return { result: o.result, reason: o.reason };
  const refund = await applyKnownRefunds(svc, companyId, 'stripe', transactionUid, claim);
  return { result: o.result, commission_uid: o.commission.uid, ...(refund ? { refund } : {}) };
}
