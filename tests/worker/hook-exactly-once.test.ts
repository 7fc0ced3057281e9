// Exactly once where a store's event meets money: a delivery that stops at any D1 round trip (a thrown error, a
// Worker past its CPU limit or evicted) leaves the event either applied with its claim or not at all, so the
// provider's retry credits the sale (or the refund) once, with one `commission.created`, and a third delivery
// is a duplicate that writes nothing. env.DB is wrapped for the app so that its Nth round trip (batch, run, first,
// all, raw, exec) fails, for every N the delivery makes: before it reaches D1 with the Worker stopping there, and
// alone with the Worker going on; and the last one after D1 ran it (the answer lost). Each store channel, its
// refunds, the events that make no commission, the sale API and the operator's events.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commissionView } from '../../src/api/commissions/view';
import { COMMISSION_SQL, type CommissionRow } from '../../src/api/money/rows';
import { createEdgeApp } from '../../src/edge/app';
import { SHOPIFY, STRIPE_SECRETS, checkoutSession, connectStores, shopifyHmac, stripeEvent, uniq } from './attribution-fixtures';
import { stubPages } from './helpers';
import { KEYS, conversion, hostOfKey, op } from './operator-fixtures';
import { meteredDb, stops, type Mode } from './metered-db';
import { stripeCharge, stripeInvoice, stripeInvoicePayment, stripeRefund, typedEvent } from './stripe-objects';

interface Answer {
  status: number;
  body: any;
}

const app = createEdgeApp([stubPages]);

/** Runs the request through the edge app with `db` as its D1 binding, waiting for what it left to waitUntil. */
async function deliver(db: D1Database, request: Request): Promise<Answer> {
  const ctx = createExecutionContext();
  let res: Response;
  try {
    res = await app.fetch(request, { ...env, DB: db } as Env, ctx);
    await waitOnExecutionContext(ctx);
  } catch {
    return { status: 0, body: null };
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

const stripe = new Stripe('sk_test_unused', { httpClient: Stripe.createFetchHttpClient() });
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** A Stripe event to demo's endpoint, signed by Stripe's own test-header helper (anew for each delivery, as Stripe does). */
const stripeRequest = (event: unknown) => async () => {
  const payload = JSON.stringify(event);
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: STRIPE_SECRETS.demo, cryptoProvider });
  return new Request('http://localhost/v1/hooks/stripe/demo', {
    method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload,
  });
};

/** A Shopify webhook to demo's endpoint under one webhook id (Shopify's retries keep it). */
const shopifyRequest = (topic: string, payload: unknown, webhookId = uniq('shwh')) => async () => {
  const body = JSON.stringify(payload);
  return new Request('http://localhost/v1/hooks/shopify/demo', {
    method: 'POST',
    headers: {
      'content-type': 'application/json', 'x-shopify-topic': topic, 'x-shopify-hmac-sha256': await shopifyHmac(SHOPIFY.secret, body),
      'x-shopify-webhook-id': webhookId, 'x-shopify-shop-domain': SHOPIFY.shop,
    },
    body,
  });
};

/** A company-key call (the sale API, the operator's events) as the company's backend sends it. */
const keyRequest = (path: string, payload: unknown) => async () =>
  new Request(`http://${await hostOfKey(KEYS.demo)}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEYS.demo}` }, body: JSON.stringify(payload),
  });

let orderNo = 9_000_000;
const shopifyOrder = () => ({
  id: ++orderNo * 1000 + Math.floor(Math.random() * 1000), currency: 'USD', current_subtotal_price: '80.00', email: `${uniq('shop')}@example.com`,
  landing_site: '/?mbsy=ava-demo', note_attributes: [], discount_codes: [], customer: { id: ++orderNo, first_name: 'Shay', last_name: 'Shopper' },
});

/** One case of a scenario: made with the real database, then delivered. */
interface Case {
  request: () => Promise<Request>;
  /** The hook event this delivery claims (null: the company-key API, which has no claim). */
  hook: { provider: 'stripe' | 'shopify'; eventId: string } | null;
  /** The commission the event makes or changes. */
  transaction: string;
}

interface Scenario {
  name: string;
  make(): Promise<Case>;
  /** What a delivery that did the work answers (the clean one, and a retry after a delivery that wrote nothing). */
  answer(reply: Answer, commission: CommissionRow | undefined): void;
  /** What a retry answers after a first delivery that wrote part of the work but not its claim (null: no such state). */
  partial: ((reply: Answer, commission: CommissionRow | undefined) => void) | null;
  /** The commission events of the commission the work makes or changes ([]: it has none). */
  events: string[];
}

const created = (reply: Answer, commission: CommissionRow | undefined) => {
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ received: true, result: 'created', commission_uid: commission!.uid });
};

/** An answer of `result` with a reason, for an event that makes no commission. */
const noCommission = (result: string) => (reply: Answer) => {
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ received: true, result, reason: expect.any(String) });
};

const setRecurring = (recurring: unknown) => op(KEYS.demo, 'PATCH', '/campaigns/cmp-demo-main', { commission: { recurring } });

/** A customer referred by a first checkout (real database), billed again by `invoice.paid` for a renewal paid by `pi`. */
async function renewal(amount: number) {
  const { session, event } = stripeSale();
  expect((await deliver(env.DB, await stripeRequest(event)())).body.result).toBe('created');
  const invoice = stripeInvoice(session.customer as string, amount);
  const pi = uniq('pi');
  return { invoice, pi, payment: stripeInvoicePayment(invoice, pi) };
}

const stripeSale = (fields: Record<string, unknown> = {}) => {
  const session = checkoutSession({ metadata: { mbsy: 'ava-demo' }, ...fields });
  return { session, event: stripeEvent('checkout.session.completed', session) };
};

/** A Stripe checkout made with the real database: the commission a refund then refunds. */
async function soldOnStripe() {
  const { session, event } = stripeSale();
  expect((await deliver(env.DB, await stripeRequest(event)())).body.result).toBe('created');
  return session.payment_intent as string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'a Stripe checkout.session.completed',
    async make() {
      const { session, event } = stripeSale();
      return { request: stripeRequest(event), hook: { provider: 'stripe', eventId: event.id }, transaction: session.payment_intent as string };
    },
    answer: created,
    partial: null,
    events: ['commission.created'],
  },
  {
    name: 'a Stripe checkout nobody can be credited for (unattributed)',
    async make() {
      const session = checkoutSession();
      const event = stripeEvent('checkout.session.completed', session);
      return { request: stripeRequest(event), hook: { provider: 'stripe', eventId: event.id }, transaction: session.payment_intent as string };
    },
    answer: noCommission('unattributed'),
    partial: null,
    events: [],
  },
  {
    name: 'a Stripe event of a type not used (ignored: the claim alone)',
    async make() {
      const event = stripeEvent('customer.created', { id: uniq('cus'), object: 'customer' });
      return { request: stripeRequest(event), hook: { provider: 'stripe', eventId: event.id }, transaction: uniq('none') };
    },
    answer: noCommission('ignored'),
    partial: null,
    events: [],
  },
  {
    name: 'a Stripe invoice.paid renewal, its payment linked in the same batch',
    async make() {
      const { invoice, payment } = await renewal(5000);
      const event = typedEvent<Stripe.InvoicePaidEvent>('invoice.paid', {
        ...invoice, payments: { object: 'list', data: [payment], has_more: false, url: `/v1/invoices/${invoice.id}/payments` },
      });
      return { request: stripeRequest(event), hook: { provider: 'stripe', eventId: event.id }, transaction: invoice.id };
    },
    answer: created,
    partial: null,
    events: ['commission.created'],
  },
  {
    name: 'a Stripe invoice_payment.paid whose refund came first (two writes: the link, then the refund with the claim)',
    async make() {
      const { invoice, pi, payment } = await renewal(5000);
      expect((await deliver(env.DB, await stripeRequest(typedEvent<Stripe.InvoicePaidEvent>('invoice.paid', invoice))())).body.result).toBe('created');
      const refunded = await deliver(env.DB, await stripeRequest(typedEvent<Stripe.ChargeRefundedEvent>('charge.refunded', stripeCharge(pi, 5000, 2000)))());
      expect(refunded.body.result).toBe('unknown_transaction');
      const event = typedEvent<Stripe.InvoicePaymentPaidEvent>('invoice_payment.paid', payment);
      return { request: stripeRequest(event), hook: { provider: 'stripe', eventId: event.id }, transaction: invoice.id };
    },
    answer: (reply) => {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ received: true, result: 'linked', refund: 'refunded' });
    },
    partial: (reply) => {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ received: true, result: 'linked', refund: 'refunded' });
    },
    events: ['commission.created'],
  },
  {
    name: 'a Stripe checkout whose refund came first (two writes: the commission, then the refund with the claim)',
    async make() {
      const { session, event } = stripeSale();
      const pi = session.payment_intent as string;
      const refund = stripeRefund(stripeCharge(pi, 10000, 4000), 4000);
      const kept = await deliver(env.DB, await stripeRequest(typedEvent('refund.created', refund))());
      expect(kept.body.result).toBe('unknown_transaction');
      return { request: stripeRequest(event), hook: { provider: 'stripe', eventId: event.id }, transaction: pi };
    },
    answer: (reply, commission) => {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ received: true, result: 'created', commission_uid: commission!.uid, refund: 'refunded' });
    },
    partial: (reply, commission) => {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ received: true, result: 'existing', commission_uid: commission!.uid, refund: 'refunded' });
    },
    events: ['commission.created'],
  },
  {
    name: 'a Stripe charge.refunded of the whole sale',
    async make() {
      const pi = await soldOnStripe();
      const event = typedEvent('charge.refunded', stripeCharge(pi, 10000, 10000));
      return { request: stripeRequest(event), hook: { provider: 'stripe', eventId: event.id }, transaction: pi };
    },
    answer: (reply) => {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ received: true, result: 'refunded' });
    },
    partial: null,
    events: ['commission.created', 'commission.denied'],
  },
  {
    name: 'a Shopify orders/paid',
    async make() {
      const order = shopifyOrder();
      const webhookId = uniq('shwh');
      return { request: shopifyRequest('orders/paid', order, webhookId), hook: { provider: 'shopify', eventId: webhookId }, transaction: String(order.id) };
    },
    answer: created,
    partial: null,
    events: ['commission.created'],
  },
  {
    name: 'a Shopify refunds/create of part of the order',
    async make() {
      const order = shopifyOrder();
      expect((await deliver(env.DB, await shopifyRequest('orders/paid', order)())).body.result).toBe('created');
      const webhookId = uniq('shwh');
      const refund = { id: ++orderNo, order_id: order.id, refund_line_items: [{ subtotal: '30.00' }], transactions: [] };
      return { request: shopifyRequest('refunds/create', refund, webhookId), hook: { provider: 'shopify', eventId: webhookId }, transaction: String(order.id) };
    },
    answer: (reply) => {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ received: true, result: 'refunded' });
    },
    partial: null,
    events: ['commission.created'],
  },
  {
    name: 'a sale through POST /v1/track/sale (idempotent by invoice_id)',
    async make() {
      const invoice = uniq('INV');
      return {
        request: keyRequest('/v1/track/sale', { invoice_id: invoice, amount: 4999, currency: 'USD', referral_code: 'ava-demo', customer_external_id: uniq('user') }),
        hook: null, transaction: invoice,
      };
    },
    answer: (reply, commission) => {
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ commission: { uid: commission!.uid }, attributed_by: 'short_code' });
    },
    partial: null,
    events: ['commission.created'],
  },
  {
    name: "the operator's POST /v1/operator/events",
    async make() {
      const body = conversion();
      return { request: keyRequest('/v1/operator/events', body), hook: null, transaction: body.transaction_uid as string };
    },
    answer: (reply, commission) => {
      expect(reply.status).toBe(201);
      expect(reply.body.commission.uid).toBe(commission!.uid);
    },
    partial: null,
    events: ['commission.created'],
  },
];

const TABLES = [
  'commissions', 'referrals', 'activities', 'loyalty_ledger', 'loyalty_revocations', 'webhook_events', 'webhook_deliveries', 'hook_events',
  'attributed_customers', 'unattributed_conversions', 'provider_refunds', 'stripe_invoice_payments',
];

/** What the money and its announcements add up to: each table's rows, and the commissions' and the ledger's sums. */
async function snapshot() {
  const rows = await env.DB.batch([
    ...TABLES.map((t) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${t}`)),
    env.DB.prepare(`SELECT COALESCE(SUM(revenue_minor), 0) || '/' || COALESCE(SUM(refunded_revenue_minor), 0) || '/' || COALESCE(SUM(amount_minor), 0)
      || '/' || group_concat(status, '') AS n FROM commissions`),
    env.DB.prepare('SELECT COALESCE(SUM(amount), 0) AS n FROM loyalty_ledger'),
  ]);
  return Object.fromEntries([...TABLES, 'commission figures', 'ledger sum'].map((name, i) => [name, (rows[i]!.results[0] as { n: unknown }).n]));
}

/** The change from `a` to `b`, table by table (figures as they are after). */
const delta = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(b).map((k) => [k, typeof b[k] === 'number' ? (b[k] as number) - (a[k] as number) : b[k] === a[k]]));

const claimed = async (c: Case) => c.hook
  ? (await env.DB.prepare("SELECT COUNT(*) AS n FROM hook_events WHERE company_id = 'demo' AND provider = ? AND event_id = ?")
    .bind(c.hook.provider, c.hook.eventId).first<number>('n')) === 1
  : null;

const commissionOf = (transaction: string) =>
  env.DB.prepare(`${COMMISSION_SQL} WHERE m.company_id = 'demo' AND m.transaction_id = ? AND m.kind = 'commission'`).bind(transaction).all<CommissionRow>();

/** The commission events of a commission, as their payloads say. */
async function eventsOf(uid: string) {
  const rows = await env.DB.prepare("SELECT type, payload FROM webhook_events WHERE company_id = 'demo' AND payload LIKE ? ORDER BY rowid")
    .bind(`%"uid":"${uid}"%`).all<{ type: string; payload: string }>();
  return rows.results.map((r) => ({ type: r.type, commission: JSON.parse(r.payload).data.commission }));
}

beforeAll(async () => {
  await connectStores();
  // Every commission event is recorded (only subscribed types are); no velocity hold as the sales pile up.
  const endpoint = await op(KEYS.demo, 'POST', '/webhooks/endpoints', {
    url: 'https://hooks.example.com/exactly-once', event_types: ['commission.created', 'commission.held', 'commission.approved', 'commission.denied'],
  });
  expect(endpoint.status).toBe(201);
  const current = await op(KEYS.demo, 'GET', '/customization');
  expect((await op(KEYS.demo, 'PUT', '/customization', { ...current.body.settings, fraud: { max_conversions_per_hour: 0 } })).status).toBe(200);
  // The renewals: the referred customer's invoices pay commission for good.
  expect((await setRecurring({ months: null })).status).toBe(200);
});

describe.each(SCENARIOS)('$name', (scenario) => {
  it('stopped at any round trip, the retry applies it once, with one commission.created, and a third delivery is a duplicate', async () => {
    // A clean delivery (after one that warms the app's caches): how many round trips it makes, and what it writes.
    await deliver(env.DB, await (await scenario.make()).request());
    const clean = await scenario.make();
    const before = await snapshot();
    const metered = meteredDb(env.DB, null);
    const reply = await deliver(metered.db, await clean.request());
    const [commission] = (await commissionOf(clean.transaction)).results;
    scenario.answer(reply, commission);
    const work = delta(before, await snapshot());
    const trips = metered.meter.trips;
    expect(trips).toBeGreaterThan(1);

    // The failing round trips are logged by the app as unhandled errors: expected here, kept out of the output.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const stop of stops(trips)) await stopAt(scenario, stop, trips, work);
    } finally {
      quiet.mockRestore();
    }
  });
});

/** One delivery stopped at `at` (`mode`), the provider's retry and its next one, and what each left. */
async function stopAt(scenario: Scenario, { at, mode }: { at: number; mode: Mode }, trips: number, work: Record<string, unknown>) {
  const where = `${mode} round trip ${at} of ${trips}`;
  const c = await scenario.make();
  const s0 = await snapshot();
  const faulty = meteredDb(env.DB, { at, mode });
  await deliver(faulty.db, await c.request());
  expect(faulty.meter.fired, where).toBe(true);
  const s1 = await snapshot();
  const claimedFirst = await claimed(c);

  const retry = await deliver(env.DB, await c.request());
  const s2 = await snapshot();
  const rows = (await commissionOf(c.transaction)).results;
  expect(rows, where).toHaveLength(scenario.events.length ? 1 : 0);
  const row = rows[0];
  // Exactly what a clean delivery writes, whichever round trip the first one stopped at.
  expect(delta(s0, s2), where).toEqual(work);
  if (claimedFirst === true || (claimedFirst === null && JSON.stringify(s1) === JSON.stringify(s2))) {
    // The first delivery did it all: the claim never goes in without the work.
    expect(s1, where).toEqual(s2);
    if (c.hook) expect(retry, where).toEqual({ status: 200, body: { received: true, result: 'duplicate' } });
    else expect(retry.status, where).toBe(200);
  } else if (JSON.stringify(s1) === JSON.stringify(s0)) {
    scenario.answer(retry, row);
  } else {
    // Written before the claim, by their own keys: only where the work needs two writes.
    expect(scenario.partial, `${where}: a first delivery left part of the work without its claim`).not.toBeNull();
    scenario.partial!(retry, row);
  }
  expect(await claimed(c), where).toBe(c.hook ? true : null);

  // The provider's next retry: nothing more.
  const third = await deliver(env.DB, await c.request());
  if (c.hook) expect(third, where).toEqual({ status: 200, body: { received: true, result: 'duplicate' } });
  else expect(third.status, where).toBe(200);
  expect(await snapshot(), where).toEqual(s2);
  if (!row) return;

  // One event of each type the work announces, each showing the commission as it is now or was then.
  const events = await eventsOf(row.uid);
  expect(events.map((e) => e.type).sort(), where).toEqual([...scenario.events].sort());
  const created = events.find((e) => e.type === 'commission.created')!;
  expect(created.commission, where).toEqual({
    ...commissionView(row), status: created.commission.status, revenue: created.commission.revenue,
    refunded_revenue: created.commission.refunded_revenue, amount: created.commission.amount, updated_at: created.commission.updated_at,
  });
  if (scenario.events.includes('commission.denied')) {
    expect(events.find((e) => e.type === 'commission.denied')!.commission, where).toEqual(commissionView(row));
  }
}

describe('the commission events written with the commission', () => {
  it("show the commission as stored: the referral, and the rate rule's hold decided in the same statement", async () => {
    const current = await op(KEYS.demo, 'GET', '/customization');
    await op(KEYS.demo, 'PUT', '/customization', { ...current.body.settings, fraud: { max_conversions_per_hour: 1 } });
    try {
      const uids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const { session, event } = stripeSale();
        expect((await deliver(env.DB, await stripeRequest(event)())).body.result).toBe('created');
        uids.push((await commissionOf(session.payment_intent as string)).results[0]!.uid);
      }
      const rows = await Promise.all(uids.map(async (uid) =>
        (await env.DB.prepare(`${COMMISSION_SQL} WHERE m.company_id = 'demo' AND m.uid = ?`).bind(uid).first<CommissionRow>())!));
      expect(rows[1]!.held_reason).toBe('velocity');
      for (const row of rows) {
        const events = await eventsOf(row.uid);
        expect(events.map((e) => e.type)).toEqual(row.held_reason ? ['commission.created', 'commission.held'] : ['commission.created']);
        for (const e of events) expect(e.commission).toEqual(commissionView(row));
      }
    } finally {
      await op(KEYS.demo, 'PUT', '/customization', { ...current.body.settings, fraud: { max_conversions_per_hour: 0 } });
    }
  });
});
