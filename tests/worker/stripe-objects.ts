// Stripe objects and events as the newest `stripe` package types them (its API version, see
// node_modules/stripe/esm/apiVersion.d.ts): a field that version does not have (a Charge's `invoice`, an
// Invoice's `payment_intent`) or a missing one fails the type check, so the webhook is tested against the
// shapes Stripe sends today.
import type Stripe from 'stripe';
import { uniq } from './attribution-fixtures';

const now = () => Math.floor(Date.now() / 1000);
const list = <T>(data: T[], url: string): Stripe.ApiList<T> => ({ object: 'list', data, has_more: false, url });

/** A paid invoice of `customer` (a subscription's renewal) for `amount` minor units. */
export function stripeInvoice(customer: string, amount: number, fields: Partial<Stripe.Invoice> = {}): Stripe.Invoice {
  const id = uniq('in');
  return {
    id, object: 'invoice', account_country: 'US', account_name: 'Demo Store', account_tax_ids: null, amount_due: amount,
    amount_overpaid: 0, amount_paid: amount, amount_remaining: 0, amount_shipping: 0, application: null, attempt_count: 1, attempted: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null, billing_reason: 'subscription_cycle', collection_method: 'charge_automatically', created: now(),
    currency: 'usd', custom_fields: null, customer, customer_account: null, customer_address: null, customer_email: 'renewal@example.com',
    customer_name: 'Renee Renewal', customer_phone: null, customer_shipping: null, customer_tax_exempt: 'none', default_payment_method: null,
    default_source: null, default_tax_rates: [], description: null, discounts: [], due_date: null, effective_at: now(), ending_balance: 0,
    footer: null, from_invoice: null, issuer: { type: 'self' }, last_finalization_error: null, latest_revision: null,
    lines: list([], `/v1/invoices/${id}/lines`), livemode: false, metadata: {}, next_payment_attempt: null, number: null, on_behalf_of: null,
    parent: null, payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: now(), period_start: now(), post_payment_credit_notes_amount: 0, pre_payment_credit_notes_amount: 0, receipt_number: null,
    rendering: null, shipping_cost: null, shipping_details: null, starting_balance: 0, statement_descriptor: null, status: 'paid',
    status_transitions: { finalized_at: now(), marked_uncollectible_at: null, paid_at: now(), voided_at: null }, subtotal: amount,
    subtotal_excluding_tax: amount, test_clock: null, total: amount, total_discount_amounts: [], total_excluding_tax: amount,
    total_pretax_credit_amounts: [], total_taxes: [], webhooks_delivered_at: now(),
    ...fields,
  };
}

/** The InvoicePayment that ties `invoice` to the payment intent that paid it. */
export function stripeInvoicePayment(invoice: Stripe.Invoice, paymentIntent: string, fields: Partial<Stripe.InvoicePayment> = {}): Stripe.InvoicePayment {
  return {
    id: uniq('inpay'), object: 'invoice_payment', amount_paid: invoice.amount_paid, amount_requested: invoice.amount_paid, created: now(),
    currency: invoice.currency, invoice: invoice.id, is_default: true, livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent }, status: 'paid',
    status_transitions: { canceled_at: null, paid_at: now() },
    ...fields,
  };
}

/** A succeeded card charge of `paymentIntent` for `amount`, `refunded` of it refunded so far. */
export function stripeCharge(paymentIntent: string, amount: number, refunded: number, fields: Partial<Stripe.Charge> = {}): Stripe.Charge {
  return {
    id: uniq('ch'), object: 'charge', amount, amount_captured: amount, amount_refunded: refunded, application: null, application_fee: null,
    application_fee_amount: null, balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null }, calculated_statement_descriptor: null,
    captured: true, created: now(), currency: 'usd', customer: null, description: null, disputed: false,
    failure_balance_transaction: null, failure_code: null, failure_message: null, fraud_details: null, livemode: false, metadata: {},
    on_behalf_of: null, outcome: null, paid: true, payment_intent: paymentIntent, payment_method: null, payment_method_details: null,
    receipt_email: null, receipt_number: null, receipt_url: null, refunded: refunded >= amount, review: null, shipping: null, source: null,
    source_transfer: null, statement_descriptor: null, statement_descriptor_suffix: null, status: 'succeeded', transfer_data: null,
    transfer_group: null,
    ...fields,
  };
}

/** A refund of `amount` of `charge`. */
export function stripeRefund(charge: Stripe.Charge, amount: number, fields: Partial<Stripe.Refund> = {}): Stripe.Refund {
  return {
    id: uniq('re'), object: 'refund', amount, balance_transaction: null, charge: charge.id, created: now(), currency: charge.currency,
    customer: null, customer_account: null, metadata: {}, payment_intent: charge.payment_intent, payment_method: null, reason: 'requested_by_customer',
    receipt_number: null, source_transfer_reversal: null, status: 'succeeded', transfer_reversal: null,
    ...fields,
  };
}

type Typed = Stripe.InvoicePaidEvent | Stripe.InvoicePaymentPaidEvent | Stripe.ChargeRefundedEvent | Stripe.RefundCreatedEvent
  | Stripe.RefundUpdatedEvent | Stripe.ChargeRefundUpdatedEvent;

/** The event envelope Stripe sends, typed by its `type`. */
export function typedEvent<E extends Typed>(type: E['type'], object: E['data']['object'], id = uniq('evt')): E {
  return {
    id, object: 'event', api_version: '2026-10-28.endive', created: now(), data: { object }, livemode: false, pending_webhooks: 1,
    request: { id: null, idempotency_key: null }, type,
  } as E;
}
