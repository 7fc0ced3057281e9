import { z } from 'zod';
import type { ServiceContext } from '../core/types';
import { attributeRecurring, attributeSale, refundSale, type StoreSale } from './service';

// Stripe events (docs.stripe.com/api/events/types) as the webhook reads them. Only the fields used are
// named; everything else in the object is let through. An id field may arrive expanded (an object).

const id = z.union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) }).transform((o) => o.id)]);
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

const invoiceSchema = z.object({
  id: z.string().min(1).max(255),
  customer: id.nullish(),
  amount_paid: amount,
  currency: currency,
  customer_email: z.string().max(255).nullish(),
  customer_name: z.string().max(255).nullish(),
  status_transitions: z.object({ paid_at: z.number().int().nullish() }).nullish(),
});

const chargeSchema = z.object({
  id: z.string().min(1).max(255),
  amount: amount,
  amount_refunded: amount,
  refunded: z.boolean().optional(),
  payment_intent: id.nullish(),
  invoice: id.nullish(),
});

export type StripeResult = { result: string; reason?: string; commission_uid?: string };

/**
 * Applies one verified event of a company:
 * - `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded`: a conversion of
 *   `amount_total`, credited by client_reference_id (the click id), metadata.mbsy_cid, metadata.mbsy (a
 *   share code), then a promotion code that is a personal code; the transaction is the payment intent, else
 *   the invoice, else the session. The Stripe customer is remembered for later invoices.
 * - `invoice.paid`: a recurring commission for a remembered customer when the campaign allows it.
 * - `charge.refunded`: the refund of the charge's transaction (a clawback when paid).
 * Any other type: `ignored`.
 */
export async function applyStripeEvent(svc: ServiceContext, companyId: string, event: StripeEvent): Promise<StripeResult> {
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
        note: `stripe checkout ${session.id}`,
      };
      return outcome(await attributeSale(svc, companyId, sale));
    }
    case 'invoice.paid': {
      const i = invoiceSchema.safeParse(object);
      if (!i.success || !i.data.customer) return { result: 'ignored', reason: 'An invoice without a customer.' };
      const invoice = i.data;
      if (invoice.amount_paid === 0) return { result: 'ignored', reason: 'Nothing was paid.' };
      const paidAt = new Date((invoice.status_transitions?.paid_at ?? event.created ?? Date.now() / 1000) * 1000);
      return outcome(await attributeRecurring(svc, companyId, {
        source: 'stripe', transactionUid: invoice.id, revenueMinor: invoice.amount_paid, currency: invoice.currency,
        customer: { email: invoice.customer_email ?? null, name: invoice.customer_name ?? '', externalId: invoice.customer! },
        clues: {}, note: `stripe invoice ${invoice.id}`,
      }, paidAt));
    }
    case 'charge.refunded': {
      const c = chargeSchema.safeParse(object);
      if (!c.success) return { result: 'ignored', reason: 'Not a charge this endpoint can read.' };
      const charge = c.data;
      const full = charge.refunded === true || charge.amount_refunded >= charge.amount;
      const transactions = [charge.payment_intent, charge.invoice, charge.id].filter((t): t is string => !!t);
      return { result: await refundSale(svc, companyId, transactions, { totalMinor: full ? null : charge.amount_refunded }) };
    }
    default:
      return { result: 'ignored', reason: 'This event type is not used.' };
  }
}

function outcome(o: Awaited<ReturnType<typeof attributeRecurring>>): StripeResult {
  return 'commission' in o ? { result: o.result, commission_uid: o.commission.uid } : { result: o.result, reason: o.reason };
}
