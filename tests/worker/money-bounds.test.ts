// One upper bound for every money input (a Stripe `amount_total: 9007199254740991` booked a 9e14
// commission): MAX_MONEY_MINOR minor units. Above it a webhook answers 200 `refused` with the reason and books
// nothing (a retry would be refused the same way); the sale API and the operator API answer a 400 naming the
// field; the database refuses a commission above it too.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_MONEY_MINOR } from '../../src/lib/money-limits';
import { STRIPE_SECRETS, checkoutSession, commissionOf, connectStores, sendShopify, sendStripe, stripeEvent, uniq } from './attribution-fixtures';
import { edge } from './helpers';
import { KEYS, conversion, op, readReply, scalar } from './operator-fixtures';
import { stripeCharge, stripeInvoice, stripeRefund, typedEvent } from './stripe-objects';
import type Stripe from 'stripe';

beforeAll(async () => {
  await connectStores();
});

const HUGE = 9007199254740991;
const send = (event: unknown) => sendStripe('demo', event, STRIPE_SECRETS.demo);
const bookedFor = (transaction: string) => scalar<number>(
  `SELECT (SELECT COUNT(*) FROM commissions WHERE transaction_id = ?1) + (SELECT COUNT(*) FROM unattributed_conversions WHERE transaction_id = ?1)`,
  transaction,
);
const trackSale = async (amount: number, invoice = uniq('inv')) => ({
  invoice,
  reply: await readReply(await edge().fetch('http://localhost/v1/track/sale', {
    method: 'POST', headers: { authorization: `Bearer ${KEYS.demo}`, 'content-type': 'application/json' },
    body: JSON.stringify({ referral_code: 'ben-demo', invoice_id: invoice, amount, currency: 'USD' }),
  })),
});

describe('Stripe', () => {
  it('a checkout of 9007199254740991 (or one minor unit above the bound) is refused with the reason and books nothing', async () => {
    for (const amount of [HUGE, MAX_MONEY_MINOR + 1]) {
      const session = checkoutSession({ metadata: { mbsy: 'ava-demo' }, amount_total: amount });
      const res = await send(stripeEvent('checkout.session.completed', session));
      expect(res.status).toBe(200);
      expect(res.body.result).toBe('refused');
      expect(res.body.reason).toContain('amount_total');
      expect(res.body.reason).toContain(String(MAX_MONEY_MINOR));
      expect(await bookedFor(session.payment_intent as string)).toBe(0);
    }
  });

  it('a renewal invoice and a refund above the bound are refused too; an ordinary refund still applies', async () => {
    const session = checkoutSession({ metadata: { mbsy: 'ava-demo' } });
    await send(stripeEvent('checkout.session.completed', session));
    const invoice = stripeInvoice(session.customer as string, MAX_MONEY_MINOR + 1);
    const paid = await send(typedEvent<Stripe.InvoicePaidEvent>('invoice.paid', invoice));
    expect(paid.body).toMatchObject({ result: 'refused' });
    expect(paid.body.reason).toContain('amount_paid');
    expect(await bookedFor(invoice.id)).toBe(0);

    const pi = session.payment_intent as string;
    const charge = stripeCharge(pi, 10000, 0);
    const hugeRefund = await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', stripeRefund(charge, HUGE)));
    expect(hugeRefund.body).toMatchObject({ result: 'refused' });
    const hugeTotal = await send(typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', { ...charge, amount_refunded: HUGE }));
    expect(hugeTotal.body).toMatchObject({ result: 'refused' });
    expect(await commissionOf('demo', pi)).toMatchObject({ revenue_minor: 10000, status: 'pending' });
    expect((await send(typedEvent<Stripe.RefundCreatedEvent>('refund.created', stripeRefund(charge, 1000)))).body.result).toBe('refunded');
  });
});

describe('Shopify', () => {
  let orderNo = 8_000_000;
  const order = (price: string) => ({
    id: ++orderNo + Date.now(), currency: 'USD', current_subtotal_price: price, email: `${uniq('shop')}@example.com`,
    landing_site: '/?mbsy=ava-demo', note_attributes: [], discount_codes: [], customer: { id: ++orderNo },
  });

  it('an order priced above the bound is refused and books nothing; the bound itself is booked', async () => {
    const huge = order('90071992547409.91');
    const res = await sendShopify('demo', 'orders/paid', huge);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'refused' });
    expect(res.body.reason).toContain('current_subtotal_price');
    expect(await bookedFor(String(huge.id))).toBe(0);
    const justAbove = order('10000000000.00');
    expect((await sendShopify('demo', 'orders/paid', justAbove)).body.result).toBe('refused');
    const atBound = order('9999999999.99');
    expect((await sendShopify('demo', 'orders/paid', atBound)).body.result).toBe('created');
    expect(await commissionOf('demo', String(atBound.id))).toMatchObject({ revenue_minor: MAX_MONEY_MINOR });
  });

  it('a refund above the bound is refused and refunds nothing', async () => {
    const paid = order('80.00');
    await sendShopify('demo', 'orders/paid', paid);
    const refund = { id: ++orderNo, order_id: paid.id, refund_line_items: [{ subtotal: '90071992547409.91' }], transactions: [] };
    expect((await sendShopify('demo', 'refunds/create', refund)).body).toMatchObject({ result: 'refused' });
    expect(await commissionOf('demo', String(paid.id))).toMatchObject({ revenue_minor: 8000, status: 'pending' });
  });
});

describe('the sale API', () => {
  it('refuses an amount above the bound by name, records nothing, and takes the bound itself', async () => {
    for (const amount of [HUGE, MAX_MONEY_MINOR + 1]) {
      const { invoice, reply } = await trackSale(amount);
      expect(reply.status).toBe(400);
      expect(reply.body.amount[0]).toContain(String(MAX_MONEY_MINOR));
      expect(await bookedFor(invoice)).toBe(0);
    }
    const { reply } = await trackSale(MAX_MONEY_MINOR);
    expect(reply.status).toBe(201);
    expect(reply.body.commission).toMatchObject({ revenue: MAX_MONEY_MINOR, ambassador_uid: 'amb-ben' });
  });
});

describe('the operator API', () => {
  it('refuses conversion revenue above the bound by name, in the currency\'s decimals', async () => {
    for (const revenue of ['10000000000.00', 10000000000, '999999999999.99']) {
      const body = conversion({ revenue });
      const res = await op(KEYS.demo, 'POST', '/events', body);
      expect(res.status, String(revenue)).toBe(400);
      expect(res.body.revenue[0]).toContain('9999999999.99 USD');
      expect(await bookedFor(body.transaction_uid as string)).toBe(0);
    }
    const ok = await op(KEYS.demo, 'POST', '/events', conversion({ revenue: '9999999999.99' }));
    expect(ok.status).toBe(201);
    expect(ok.body.commission.revenue).toBe(MAX_MONEY_MINOR);
  });

  it('refuses loyalty cash and the payout minimum at the bound: their own limits are lower', async () => {
    const cash = await op(KEYS.demo, 'POST', '/ambassadors/amb-ava/loyalty/entries', { kind: 'cash', amount: MAX_MONEY_MINOR, description: 'too much' });
    expect(cash.status).toBe(400);
    expect(Object.keys(cash.body)).toContain('amount');
    const current = await op(KEYS.demo, 'GET', '/customization');
    const minimum = await op(KEYS.demo, 'PUT', '/customization', { ...current.body.settings, payouts: { ...current.body.settings.payouts, minimum_minor: MAX_MONEY_MINOR } });
    expect(minimum.status).toBe(400);
    expect(Object.keys(minimum.body)).toContain('payouts.minimum_minor');
  });
});

describe('the database', () => {
  it('refuses a commission above the bound whoever writes it (amount_out_of_range)', async () => {
    const err = await env.DB.prepare(
      `INSERT INTO commissions (uid, company_id, ambassador_uid, campaign_id, transaction_id, revenue_minor, amount_minor, currency, event, status)
       SELECT 'com-bound-test', company_id, ambassador_uid, campaign_id, 'tx-bound-test', ?, 0, 'USD', 'first', 'pending' FROM commissions
        WHERE company_id = 'demo' AND kind = 'commission' LIMIT 1`,
    ).bind(MAX_MONEY_MINOR + 1).run().then(() => null, (e: unknown) => e);
    expect(String(err)).toContain('amount_out_of_range');
    expect(await bookedFor('tx-bound-test')).toBe(0);
  });
});
