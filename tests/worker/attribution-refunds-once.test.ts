// Store refunds apply once, by the provider's own ids, whatever the delivery: the same signed
// Shopify refund under a new X-Shopify-Webhook-Id refunded again (8.00 -> 5.00 -> 2.00); Stripe sends one
// refund under refund.created, charge.refund.updated and charge.refunded; deliveries arrive in any order, also
// before the sale; and a subscription's refund (current API shapes: a Charge names no invoice) finds the invoice's
// commission through the invoice payment, in whichever order the events come.
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SHOPIFY, STRIPE_SECRETS, checkoutSession, commissionOf, connectStores, sendShopify, sendStripe, stripeEvent, uniq,
} from './attribution-fixtures';
import { KEYS, op, scalar, setPayoutSettings } from './operator-fixtures';
import { stripeCharge, stripeInvoice, stripeInvoicePayment, stripeRefund, typedEvent } from './stripe-objects';

beforeAll(async () => {
  await connectStores();
});

const clawedBack = (transaction: string) => scalar<number>(
  `SELECT COALESCE(SUM(c.revenue_minor), 0) FROM commissions c JOIN commissions o ON o.id = c.reverses_id
    WHERE o.company_id = 'demo' AND o.transaction_id = ? AND c.kind = 'clawback'`, transaction,
);

describe('Shopify refunds', () => {
  let orderNo = 7_000_000;
  const order = (fields: Record<string, unknown> = {}) => ({
    id: ++orderNo + Date.now(), currency: 'USD', current_subtotal_price: '8.00', email: `${uniq('shop')}@example.com`,
    landing_site: '/?mbsy=ava-demo', note_attributes: [], discount_codes: [], customer: { id: ++orderNo }, ...fields,
  });
  const refundOf = (orderId: number, subtotal: string) => ({
    id: ++orderNo, order_id: orderId, refund_line_items: [{ subtotal }], transactions: [{ amount: subtotal, kind: 'refund', status: 'success' }],
  });

  it('the same signed refunds/create body under new webhook ids refunds once (it went 8.00 -> 5.00 -> 2.00)', async () => {
    const paid = order();
    expect((await sendShopify('demo', 'orders/paid', paid)).body.result).toBe('created');
    const refund = refundOf(paid.id, '3.00');
    const first = await sendShopify('demo', 'refunds/create', refund, SHOPIFY.secret, uniq('shwh'));
    expect(first.body.result).toBe('refunded');
    for (let i = 0; i < 3; i++) {
      const replay = await sendShopify('demo', 'refunds/create', refund, SHOPIFY.secret, uniq('shwh'));
      expect(replay.status).toBe(200);
      expect(replay.body.result).toBe('already_refunded');
    }
    expect(await commissionOf('demo', String(paid.id))).toMatchObject({ revenue_minor: 500, refunded_revenue_minor: 300, status: 'pending' });
    // A second refund of the order (its own id) counts; the order replayed under a new webhook id is the same sale.
    expect((await sendShopify('demo', 'refunds/create', refundOf(paid.id, '2.00'))).body.result).toBe('refunded');
    expect((await sendShopify('demo', 'orders/paid', paid)).body.result).toBe('existing');
    expect(await commissionOf('demo', String(paid.id))).toMatchObject({ revenue_minor: 300, refunded_revenue_minor: 500 });
  });

  it('a refund that arrives before its order is kept and applied when the order is credited, once', async () => {
    const paid = order();
    const refund = refundOf(paid.id, '8.00');
    expect((await sendShopify('demo', 'refunds/create', refund)).body.result).toBe('unknown_transaction');
    const credited = await sendShopify('demo', 'orders/paid', paid);
    expect(credited.body).toMatchObject({ result: 'created', refund: 'refunded' });
    expect(await commissionOf('demo', String(paid.id))).toMatchObject({ status: 'denied', refunded_revenue_minor: 800 });
    expect((await sendShopify('demo', 'refunds/create', refund)).body.result).toBe('already_refunded');
    expect((await sendShopify('demo', 'orders/paid', paid)).body).toEqual({ received: true, result: 'existing', commission_uid: credited.body.commission_uid });
  });

  it('replays racing each other still refund once', async () => {
    const paid = order({ current_subtotal_price: '10.00' });
    await sendShopify('demo', 'orders/paid', paid);
    const refund = refundOf(paid.id, '4.00');
    const answers = await Promise.all([1, 2, 3, 4].map(() => sendShopify('demo', 'refunds/create', refund)));
    // The loser of a race is a 409 the store retries; a retry finds the refund applied.
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.filter((a) => a.body.result === 'refunded')).toHaveLength(1);
    expect((await sendShopify('demo', 'refunds/create', refund)).body.result).toBe('already_refunded');
    expect(await commissionOf('demo', String(paid.id))).toMatchObject({ revenue_minor: 600, refunded_revenue_minor: 400 });
  });
});

describe('Stripe refunds, one refund under several events', () => {
  async function sale(amount = 10000) {
    const session = checkoutSession({ metadata: { mbsy: 'ava-demo' }, amount_total: amount });
    expect((await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo)).body.result).toBe('created');
    return session.payment_intent as string;
  }
  const send = (event: unknown) => sendStripe('demo', event, STRIPE_SECRETS.demo);

  it('refund.created, charge.refund.updated, refund.updated and charge.refunded of one refund count it once', async () => {
    const pi = await sale();
    const charge = stripeCharge(pi, 10000, 0);
    const refund = stripeRefund(charge, 2500);
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', refund))).body.result).toBe('refunded');
    expect((await send(typedEvent<Stripe.ChargeRefundUpdatedEvent>('charge.refund.updated', refund))).body.result).toBe('already_refunded');
    expect((await send(typedEvent<Stripe.RefundUpdatedEvent>('refund.updated', refund))).body.result).toBe('already_refunded');
    const refundedCharge = { ...charge, amount_refunded: 2500 };
    expect((await send(typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', refundedCharge))).body.result).toBe('already_refunded');
    // The same charge.refunded body resent under another event id.
    expect((await send(typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', refundedCharge))).body.result).toBe('already_refunded');
    expect(await commissionOf('demo', pi)).toMatchObject({ revenue_minor: 7500, refunded_revenue_minor: 2500, amount_minor: 750 });
  });

  it('two refunds of one charge as two events both count; the cumulative total after them adds nothing', async () => {
    const pi = await sale();
    const charge = stripeCharge(pi, 10000, 0);
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', stripeRefund(charge, 1000)))).body.result).toBe('refunded');
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', stripeRefund(charge, 1500)))).body.result).toBe('refunded');
    expect((await send(typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', { ...charge, amount_refunded: 2500 }))).body.result)
      .toBe('already_refunded');
    expect(await commissionOf('demo', pi)).toMatchObject({ revenue_minor: 7500, refunded_revenue_minor: 2500 });
  });

  it('in the other order: the total first, then the refunds it already counted, then a new one', async () => {
    const pi = await sale();
    const charge = stripeCharge(pi, 10000, 0);
    const first = stripeRefund(charge, 3000);
    expect((await send(typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', { ...charge, amount_refunded: 3000 }))).body.result).toBe('refunded');
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', first))).body.result).toBe('already_refunded');
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', stripeRefund(charge, 2000)))).body.result).toBe('refunded');
    // An older total arriving late changes nothing.
    expect((await send(typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', { ...charge, amount_refunded: 3000 }))).body.result)
      .toBe('already_refunded');
    expect(await commissionOf('demo', pi)).toMatchObject({ revenue_minor: 5000, refunded_revenue_minor: 5000 });
  });

  it('a refund that failed or was canceled refunds nothing; a pending one counts', async () => {
    const pi = await sale();
    const charge = stripeCharge(pi, 10000, 0);
    for (const status of ['failed', 'canceled', 'requires_action']) {
      const res = await send(typedEvent<Stripe.RefundUpdatedEvent>('refund.updated', stripeRefund(charge, 4000, { status })));
      expect(res.body.result, status).toBe('ignored');
    }
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', stripeRefund(charge, 4000, { status: 'pending' })))).body.result)
      .toBe('refunded');
    expect(await commissionOf('demo', pi)).toMatchObject({ revenue_minor: 6000 });
  });

  it('a refund before its sale is kept and applied when the checkout is credited', async () => {
    const session = checkoutSession({ metadata: { mbsy: 'ava-demo' } });
    const pi = session.payment_intent as string;
    const charge = stripeCharge(pi, 10000, 0);
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', stripeRefund(charge, 4000)))).body.result).toBe('unknown_transaction');
    const credited = await send(stripeEvent('checkout.session.completed', session));
    expect(credited.body).toMatchObject({ result: 'created', refund: 'refunded' });
    expect(await commissionOf('demo', pi)).toMatchObject({ revenue_minor: 6000, refunded_revenue_minor: 4000 });
  });

  it('after payout the refund is one clawback, however often it is reported', async () => {
    const pi = await sale(20000);
    const row = await commissionOf('demo', pi);
    expect((await op(KEYS.demo, 'POST', `/commissions/${row!.uid}/approve`)).status).toBe(200);
    await setPayoutSettings('cust-demo', { holding_days: 0, minimum_minor: 0 });
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 0 })).status).toBe(201);
    const charge = stripeCharge(pi, 20000, 0);
    const refund = stripeRefund(charge, 5000);
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', refund))).body.result).toBe('clawed_back');
    expect((await send(typedEvent<Stripe.ChargeRefundUpdatedEvent>('charge.refund.updated', refund))).body.result).toBe('already_refunded');
    expect((await send(typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', { ...charge, amount_refunded: 5000 }))).body.result)
      .toBe('already_refunded');
    expect(await clawedBack(pi)).toBe(-5000);
    expect(await scalar("SELECT COUNT(*) FROM commissions WHERE kind = 'clawback' AND transaction_id = ?", pi)).toBe(1);
  });
});

describe('refunds of Stripe subscription payments (a Charge names no invoice on current API versions)', () => {
  const send = (event: unknown) => sendStripe('demo', event, STRIPE_SECRETS.demo);
  const setRecurring = (recurring: unknown) => op(KEYS.demo, 'PATCH', '/campaigns/cmp-demo-main', { commission: { recurring } });

  /** A customer referred by a first checkout, with recurring commission on. */
  async function subscriber() {
    const session = checkoutSession({ metadata: { mbsy: 'ava-demo' } });
    expect((await send(stripeEvent('checkout.session.completed', session))).body.result).toBe('created');
    return session.customer as string;
  }

  it.each([
    ['invoice.paid, invoice_payment.paid, charge.refunded', ['invoice', 'link', 'refund'], 'refund'],
    ['invoice_payment.paid, charge.refunded, invoice.paid', ['link', 'refund', 'invoice'], 'invoice'],
    ['charge.refunded, invoice.paid, invoice_payment.paid', ['refund', 'invoice', 'link'], 'link'],
    ['charge.refunded, invoice_payment.paid, invoice.paid', ['refund', 'link', 'invoice'], 'invoice'],
  ] as const)('in the order %s the renewal commission is refunded once', async (_, order, appliedBy) => {
    expect((await setRecurring({ months: null })).status).toBe(200);
    try {
      const customer = await subscriber();
      const invoice = stripeInvoice(customer, 5000);
      const pi = uniq('pi');
      const charge = stripeCharge(pi, 5000, 2000);
      const events = {
        invoice: typedEvent<Stripe.InvoicePaidEvent>('invoice.paid', invoice),
        link: typedEvent<Stripe.InvoicePaymentPaidEvent>('invoice_payment.paid', stripeInvoicePayment(invoice, pi)),
        refund: typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', charge),
      };
      const answers: Record<string, any> = {};
      for (const step of order) {
        const res = await send(events[step]);
        expect(res.status, step).toBe(200);
        answers[step] = res.body;
      }
      expect(answers.invoice.result).toBe('created');
      if (appliedBy === 'refund') expect(answers.refund.result).toBe('refunded');
      else expect(answers[appliedBy].refund).toBe('refunded');
      expect(await commissionOf('demo', invoice.id)).toMatchObject({ ambassador_uid: 'amb-ava', revenue_minor: 3000, refunded_revenue_minor: 2000 });
      // Every event again, under new event ids: nothing more.
      for (const step of order) await send({ ...events[step], id: uniq('evt') });
      expect(await commissionOf('demo', invoice.id)).toMatchObject({ revenue_minor: 3000, refunded_revenue_minor: 2000 });
    } finally {
      await setRecurring(null);
    }
  });

  it('a full refund of the renewal by refund.created denies its commission; the payment stays tied to its first invoice', async () => {
    expect((await setRecurring({ months: null })).status).toBe(200);
    try {
      const customer = await subscriber();
      const invoice = stripeInvoice(customer, 4000);
      const pi = uniq('pi');
      expect((await send(typedEvent<Stripe.InvoicePaidEvent>('invoice.paid', invoice))).body.result).toBe('created');
      expect((await send(typedEvent<Stripe.InvoicePaymentPaidEvent>('invoice_payment.paid', stripeInvoicePayment(invoice, pi)))).body.result).toBe('linked');
      const other = stripeInvoice(customer, 4000);
      await send(typedEvent<Stripe.InvoicePaidEvent>('invoice.paid', other));
      // The payment named again for another invoice stays tied to the invoice it paid first.
      await send(typedEvent<Stripe.InvoicePaymentPaidEvent>('invoice_payment.paid', stripeInvoicePayment(other, pi)));
      const charge = stripeCharge(pi, 4000, 0);
      expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', stripeRefund(charge, 4000)))).body.result).toBe('refunded');
      expect(await commissionOf('demo', invoice.id)).toMatchObject({ status: 'denied' });
      expect(await commissionOf('demo', other.id)).toMatchObject({ status: 'pending', revenue_minor: 4000 });
    } finally {
      await setRecurring(null);
    }
  });
});
