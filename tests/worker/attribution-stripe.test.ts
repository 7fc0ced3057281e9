// Stripe webhooks: POST /v1/hooks/stripe/{company_id}, events signed with the official `stripe`
// package's test-header helper. A checkout credits the ambassador its clues name, in order; a redelivery, a
// bad signature and another company's secret change nothing; refunds shrink, deny or claw back; invoices
// pay recurring commission only when the campaign's rule says so.
import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyStripeSignature } from '../../src/api/attribution/stripe-signature';
import {
  STRIPE_SECRETS, checkoutSession, commissionOf, connectStores, givePersonalCode, sendStripe, storedClick, stripeEvent, uniq,
} from './attribution-fixtures';
import { KEYS, op, scalar, setPayoutSettings } from './operator-fixtures';

const count = (sql: string, ...binds: unknown[]) => scalar<number>(sql, ...binds);

beforeAll(async () => {
  await connectStores();
  await givePersonalCode('amb-ava', 'AVA-SAVE10');
});

describe('Stripe-Signature', () => {
  it('verifies the header Stripe\'s own helper makes, and the documented scheme gives the same header', async () => {
    const payload = JSON.stringify({ id: 'evt_x', type: 'ping' });
    const timestamp = Math.floor(Date.now() / 1000);
    const header = await new Stripe('sk_test_unused').webhooks.generateTestHeaderStringAsync({
      payload, secret: STRIPE_SECRETS.demo, timestamp, cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    // By hand, as docs.stripe.com/webhooks#verify-manually describes: HMAC-SHA256 of "<t>.<payload>", hex.
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(STRIPE_SECRETS.demo), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${payload}`)));
    expect(header).toBe(`t=${timestamp},v1=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
    const body = new TextEncoder().encode(payload);
    expect(await verifyStripeSignature(STRIPE_SECRETS.demo, header, body)).toBe(true);
    // Any of several v1 signatures (a rolled secret's old one first).
    expect(await verifyStripeSignature(STRIPE_SECRETS.demo, `t=${timestamp},v1=${'0'.repeat(64)},${header.split(',')[1]}`, body)).toBe(true);
    expect(await verifyStripeSignature(STRIPE_SECRETS.globex, header, body)).toBe(false);
    expect(await verifyStripeSignature(STRIPE_SECRETS.demo, header, new TextEncoder().encode(`${payload} `))).toBe(false);
    // Outside the 300 s tolerance.
    expect(await verifyStripeSignature(STRIPE_SECRETS.demo, header, body, Date.now() + 301_000)).toBe(false);
  });

  it('a bad signature is a 400 and records nothing', async () => {
    const event = stripeEvent('checkout.session.completed', checkoutSession({ metadata: { mbsy: 'ava-demo' } }));
    const forged = await sendStripe('demo', event, 'whsec_notTheSecret1234567890');
    expect(forged.status).toBe(400);
    expect(forged.body.detail).toMatch(/Stripe-Signature/);
    const missing = await sendStripe('demo', event, STRIPE_SECRETS.demo, '');
    expect(missing.status).toBe(400);
    expect(await count('SELECT COUNT(*) FROM hook_events WHERE event_id = ?', event.id)).toBe(0);
    expect(await commissionOf('demo', event.data.object.payment_intent as string)).toBeNull();
  });

  it("a company's secret never verifies another company's events", async () => {
    const event = stripeEvent('checkout.session.completed', checkoutSession({ metadata: { mbsy: 'ava-demo' } }));
    expect((await sendStripe('globex', event, STRIPE_SECRETS.demo)).status).toBe(400);
    expect((await sendStripe('demo', event, STRIPE_SECRETS.globex)).status).toBe(400);
    expect((await sendStripe('nobody', event, STRIPE_SECRETS.demo)).status).toBe(404);
  });
});

describe('checkout.session.completed', () => {
  it('credits the click id in metadata.mbsy_cid first, before one in client_reference_id and metadata.mbsy', async () => {
    const ava = await storedClick('sl-ava-demo');
    const ben = await storedClick('sl-ben-demo');
    const session = checkoutSession({ client_reference_id: ben, metadata: { mbsy_cid: ava, mbsy: 'ben-demo' } });
    const res = await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, result: 'created' });
    const row = await commissionOf('demo', session.payment_intent as string);
    expect(row).toMatchObject({ ambassador_uid: 'amb-ava', share_link_uid: 'sl-ava-demo', status: 'pending', revenue_minor: 10000, amount_minor: 1000 });
    // The Stripe customer is remembered for later invoices.
    expect(await count("SELECT COUNT(*) FROM attributed_customers WHERE company_id = 'demo' AND provider = 'stripe' AND external_id = ?", session.customer))
      .toBe(1);
  });

  it('keeps what the sale was as data (a Stripe checkout and its id), and the operator API says it in English words', async () => {
    const session = checkoutSession({ metadata: { mbsy: 'ava-demo' } });
    await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
    const stored = await scalar<string>("SELECT event_data2 FROM commissions WHERE company_id = 'demo' AND transaction_id = ?", session.payment_intent);
    expect(stored).toBe(`records.stripeCheckout ${session.id}`);
    const listed = await op(KEYS.demo, 'GET', '/commissions?ambassador_uid=amb-ava&page_size=100');
    const mine = listed.body.results.find((c: { transaction_uid: string }) => c.transaction_uid === session.payment_intent);
    expect(mine.event_data2).toBe(`Stripe checkout ${session.id}`);
  });

  it('then metadata.mbsy_cid (client_reference_id holding something else), then metadata.mbsy, then a personal promotion code', async () => {
    const ben = await storedClick('sl-ben-demo');
    const byMetaClick = checkoutSession({ client_reference_id: 'order-4711', metadata: { mbsy_cid: ben, mbsy: 'ava-demo' } });
    await sendStripe('demo', stripeEvent('checkout.session.completed', byMetaClick), STRIPE_SECRETS.demo);
    expect(await commissionOf('demo', byMetaClick.payment_intent as string)).toMatchObject({ ambassador_uid: 'amb-ben' });

    const byCode = checkoutSession({ metadata: { mbsy: 'ben-demo' }, discounts: [{ promotion_code: { id: 'promo_1', code: 'ava-save10' } }] });
    await sendStripe('demo', stripeEvent('checkout.session.completed', byCode), STRIPE_SECRETS.demo);
    expect(await commissionOf('demo', byCode.payment_intent as string)).toMatchObject({ ambassador_uid: 'amb-ben' });

    const byPromo = checkoutSession({ discounts: [{ promotion_code: { id: 'promo_2', code: 'Ava-Save10' } }] });
    const res = await sendStripe('demo', stripeEvent('checkout.session.completed', byPromo), STRIPE_SECRETS.demo);
    expect(res.body.result).toBe('created');
    expect(await commissionOf('demo', byPromo.payment_intent as string)).toMatchObject({ ambassador_uid: 'amb-ava' });
  });

  it('a redelivered event answers 200 and changes nothing', async () => {
    const event = stripeEvent('checkout.session.completed', checkoutSession({ metadata: { mbsy: 'ava-demo' } }));
    const first = await sendStripe('demo', event, STRIPE_SECRETS.demo);
    const again = await sendStripe('demo', event, STRIPE_SECRETS.demo);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual({ received: true, result: 'duplicate' });
    expect(await count("SELECT COUNT(*) FROM commissions WHERE company_id = 'demo' AND transaction_id = ?", event.data.object.payment_intent))
      .toBe(1);
  });

  it('a sale nobody can be credited for is recorded as unattributed, not lost; an unpaid session waits', async () => {
    const session = checkoutSession({ client_reference_id: 'no-such-click', payment_intent: null, invoice: null });
    const res = await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
    expect(res.body.result).toBe('unattributed');
    const kept = await env.DB.prepare(
      "SELECT transaction_id, revenue_minor, currency, customer_email FROM unattributed_conversions WHERE company_id = 'demo' AND source = 'stripe' AND transaction_id = ?",
    ).bind(session.id).first();
    expect(kept).toMatchObject({ transaction_id: session.id, revenue_minor: 10000, currency: 'USD' });

    const unpaid = checkoutSession({ payment_status: 'unpaid', metadata: { mbsy: 'ava-demo' } });
    expect((await sendStripe('demo', stripeEvent('checkout.session.completed', unpaid), STRIPE_SECRETS.demo)).body.result).toBe('ignored');
    expect(await commissionOf('demo', unpaid.payment_intent as string)).toBeNull();
  });

  it("a click id or a code of one company never credits in another", async () => {
    const demoClick = await storedClick('sl-ava-demo');
    const session = checkoutSession({
      client_reference_id: demoClick, metadata: { mbsy: 'ava-demo' }, discounts: [{ promotion_code: { id: 'promo_3', code: 'AVA-SAVE10' } }],
    });
    const res = await sendStripe('globex', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.globex);
    expect(res.body.result).toBe('unattributed');
    expect(await count('SELECT COUNT(*) FROM commissions WHERE transaction_id = ?', session.payment_intent)).toBe(0);
  });

  it('unknown event types answer 200 and do nothing', async () => {
    const res = await sendStripe('demo', stripeEvent('customer.created', { id: uniq('cus') }), STRIPE_SECRETS.demo);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ignored');
  });
});

describe('invoice.paid (recurring)', () => {
  const invoice = (customer: string, amount = 5000) => ({
    id: uniq('in'), object: 'invoice', customer, amount_paid: amount, currency: 'usd', status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
  });

  it('pays nothing while the campaign has recurring off (the default), then a commission per invoice when on, until months pass', async () => {
    const session = checkoutSession({ metadata: { mbsy: 'ava-demo' } });
    await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
    const off = invoice(session.customer as string);
    expect((await sendStripe('demo', stripeEvent('invoice.paid', off), STRIPE_SECRETS.demo)).body.result).toBe('ignored');
    expect(await commissionOf('demo', off.id)).toBeNull();

    const set = (recurring: unknown) => op(KEYS.demo, 'PATCH', '/campaigns/cmp-demo-main', { commission: { recurring } });
    const on12 = await set({ months: 12 });
    expect(on12.status).toBe(200);
    expect(on12.body.campaign.commission.recurring).toEqual({ months: 12 });
    expect((await set({ months: 0 })).status).toBe(400);
    try {
      const on = invoice(session.customer as string);
      expect((await sendStripe('demo', stripeEvent('invoice.paid', on), STRIPE_SECRETS.demo)).body.result).toBe('created');
      expect(await commissionOf('demo', on.id)).toMatchObject({ ambassador_uid: 'amb-ava', revenue_minor: 5000, amount_minor: 500 });
      // A customer nobody referred: nothing.
      const stranger = invoice(uniq('cus'));
      expect((await sendStripe('demo', stripeEvent('invoice.paid', stranger), STRIPE_SECRETS.demo)).body.result).toBe('ignored');
      // 13 months after the first sale, a 12-month rule pays no more.
      await env.DB.prepare("UPDATE attributed_customers SET first_seen_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-13 months') WHERE external_id = ?")
        .bind(session.customer).run();
      const late = invoice(session.customer as string);
      expect((await sendStripe('demo', stripeEvent('invoice.paid', late), STRIPE_SECRETS.demo)).body.result).toBe('ignored');
      // Lifetime (months null) pays on.
      await set({ months: null });
      const lifetime = invoice(session.customer as string);
      expect((await sendStripe('demo', stripeEvent('invoice.paid', lifetime), STRIPE_SECRETS.demo)).body.result).toBe('created');
    } finally {
      await set(null);
    }
  });
});

describe('charge.refunded', () => {
  const charge = (pi: string, amount: number, refunded: number) =>
    ({ id: uniq('ch'), object: 'charge', payment_intent: pi, amount, amount_refunded: refunded, refunded: refunded >= amount });

  it('a partial refund shrinks the unpaid commission, a full one denies it; reported twice it counts once', async () => {
    const session = checkoutSession({ metadata: { mbsy: 'ava-demo' } });
    await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
    const pi = session.payment_intent as string;
    const part = stripeEvent('charge.refunded', charge(pi, 10000, 4000));
    expect((await sendStripe('demo', part, STRIPE_SECRETS.demo)).body.result).toBe('refunded');
    expect(await commissionOf('demo', pi)).toMatchObject({ status: 'pending', revenue_minor: 6000, refunded_revenue_minor: 4000, amount_minor: 600 });
    // Another event id carrying the same cumulative refund: nothing more is refunded.
    const same = stripeEvent('charge.refunded', charge(pi, 10000, 4000));
    expect((await sendStripe('demo', same, STRIPE_SECRETS.demo)).body.result).toBe('already_refunded');
    const rest = stripeEvent('charge.refunded', charge(pi, 10000, 10000));
    expect((await sendStripe('demo', rest, STRIPE_SECRETS.demo)).body.result).toBe('refunded');
    expect(await commissionOf('demo', pi)).toMatchObject({ status: 'denied' });
  });

  it('a refund after payout is a clawback the next payout deducts', async () => {
    const session = checkoutSession({ metadata: { mbsy: 'ben-demo' }, amount_total: 20000 });
    await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
    const pi = session.payment_intent as string;
    const row = await commissionOf('demo', pi);
    expect((await op(KEYS.demo, 'POST', `/commissions/${row!.uid}/approve`)).status).toBe(200);
    await setPayoutSettings('cust-demo', { holding_days: 0, minimum_minor: 0 });
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 0 })).status).toBe(201);
    expect(await commissionOf('demo', pi)).toMatchObject({ status: 'paid' });

    const res = await sendStripe('demo', stripeEvent('charge.refunded', charge(pi, 20000, 20000)), STRIPE_SECRETS.demo);
    expect(res.body.result).toBe('clawed_back');
    const clawback = await env.DB.prepare(
      "SELECT amount_minor, revenue_minor, status, payout_id FROM commissions WHERE company_id = 'demo' AND kind = 'clawback' AND reverses_id = (SELECT id FROM commissions WHERE transaction_id = ? AND kind = 'commission')",
    ).bind(pi).first();
    expect(clawback).toEqual({ amount_minor: -2000, revenue_minor: -20000, status: 'approved', payout_id: null });
    expect(await commissionOf('demo', pi)).toMatchObject({ status: 'paid' });
  });
});
