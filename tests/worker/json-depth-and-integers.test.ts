// Every JSON body reader: a body nested past MAX_JSON_DEPTH is a 400 `jsonTooDeep` before anything
// walks it (a 5000-deep body answered 500: RangeError in the key walk), on the operator, track, ambassador and
// browser APIs and the Stripe and Shopify webhooks; and a whole number written as anything but an integer
// (1e3, 1000.0, 1E3, -0, 1.0e3) is refused wherever an integer is read, as "1000" is, while decimal fields
// still read 1000.0 as 1000.
import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/api/core/validate';
import { SHOPIFY, STRIPE_SECRETS, checkoutSession, commissionOf, connectStores, shopifyHmac, stripeEvent, uniq } from './attribution-fixtures';
import { edge } from './helpers';
import { KEYS, conversion, readReply, scalar, type Reply } from './operator-fixtures';
import { token, type Who } from './profile-fixtures';

let ava: Who;
beforeAll(async () => {
  await connectStores();
  ava = await token('localhost', 'ava@demo.test');
});

const stripe = new Stripe('sk_test_unused', { httpClient: Stripe.createFetchHttpClient() });

/** Sends `text` as it is: JSON to a /v1 or /api path of demo's host, with `headers`. */
async function raw(method: string, path: string, text: string, headers: Record<string, string>): Promise<Reply> {
  return readReply(await edge().fetch(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: text }));
}

/** The raw text signed as Stripe signs it, to demo's Stripe hook. */
async function rawStripe(text: string): Promise<Reply> {
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({
    payload: text, secret: STRIPE_SECRETS.demo, cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return raw('POST', '/v1/hooks/stripe/demo', text, { 'stripe-signature': signature });
}

/** The raw text signed with demo's Shopify client secret, to demo's Shopify hook. */
async function rawShopify(topic: string, text: string): Promise<Reply> {
  return raw('POST', '/v1/hooks/shopify/demo', text, {
    'x-shopify-topic': topic, 'x-shopify-hmac-sha256': await shopifyHmac(SHOPIFY.secret, text), 'x-shopify-webhook-id': uniq('shwh'),
    'x-shopify-shop-domain': SHOPIFY.shop,
  });
}

const company = { authorization: `Bearer ${KEYS.demo}` };
const ambassador = () => ({ authorization: `Token ${ava.token}` });
const browser = () => ({ cookie: `__Host-portal_session=${ava.userId}.${ava.uid}.${ava.token}`, origin: 'http://localhost' });

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('deeply nested JSON (a 5000-deep body answered 500)', () => {
  // [name, send]: every kind of body reader, the deep value at the top or inside a field.
  const readers: [string, (deep: string) => Promise<Reply>][] = [
    ['operator events', (deep) => raw('POST', '/v1/operator/events', `{"campaign_uid":"cmp-demo-main","customer":${deep}}`, company)],
    ['operator customization', (deep) => raw('PUT', '/v1/operator/customization', deep, company)],
    ['track sale', (deep) => raw('POST', '/v1/track/sale', `{"invoice_id":"deep","amount":${deep}}`, company)],
    ['ambassador profile', (deep) => raw('PATCH', `/v1/portal/ambassadors/${ava.uid}/`, `{"first_name":${deep}}`, ambassador())],
    ['browser redeem', (deep) => raw('POST', '/api/loyalty/gift_card/redeem/', deep, browser())],
    ['ambassador login', (deep) => raw('POST', '/v1/auth/ambassador/?host=localhost', `{"email":${deep}}`, {})],
    ['Stripe webhook', (deep) => rawStripe(`{"id":"evt_deep","type":"checkout.session.completed","data":{"object":${deep}}}`)],
    ['Shopify webhook', (deep) => rawShopify('orders/paid', `{"id":1,"note_attributes":${deep}}`)],
  ];
  for (const [name, send] of readers) {
    it(`${name}: 5000 deep arrays and objects are a 400 jsonTooDeep naming the limit`, async () => {
      for (const deep of [deepArray(5000), deepObject(5000), deepArray(MAX_JSON_DEPTH + 1)]) {
        const res = await send(deep);
        expect(res.status, deep.slice(0, 20)).toBe(400);
        expect(res.body).toMatchObject({ code: 'jsonTooDeep', params: { depth: MAX_JSON_DEPTH } });
        expect(res.body.detail).toContain(String(MAX_JSON_DEPTH));
      }
    });
  }

  it('a body as deep as the limit is read (and judged by its fields), and brackets inside strings do not count', async () => {
    const atLimit = await raw('POST', '/v1/operator/events', `{"campaign_uid":"cmp-demo-main","customer":${deepArray(MAX_JSON_DEPTH - 1)}}`, company);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.code).toBeUndefined();
    expect(Object.keys(atLimit.body)).toContain('customer');
    const brackets = '['.repeat(5000);
    const res = await raw('POST', '/v1/operator/events', JSON.stringify(conversion({ customer: { email: 'deep@example.com', first_name: brackets.slice(0, 200) } })), company);
    expect(res.status).toBe(201);
  });

  it('a deep webhook books nothing and uses up no event id', async () => {
    const res = await rawStripe(`{"id":"evt_deep_nothing","type":"checkout.session.completed","data":{"object":{"metadata":${deepObject(5000)}}}}`);
    expect(res.status).toBe(400);
    expect(await scalar("SELECT COUNT(*) FROM hook_events WHERE event_id = 'evt_deep_nothing'")).toBe(0);
  });
});

describe('integers written otherwise (1e3 and 1000.0 passed as integers)', () => {
  const SPELLINGS = ['1e3', '1000.0', '1E3', '1.0e3', '10e2', '1000.000'];
  const ZEROS = ['-0', '0.0', '-0.0', '0e5'];

  it('the sale API refuses each spelling of the amount by name and records nothing; 1000 itself is credited', async () => {
    for (const amount of [...SPELLINGS, ...ZEROS]) {
      const invoice = uniq('inv');
      const res = await raw('POST', '/v1/track/sale', `{"referral_code":"ava-demo","invoice_id":"${invoice}","amount":${amount},"currency":"USD"}`, company);
      expect(res.status, amount).toBe(400);
      expect(res.body.amount, amount).toEqual(['Send the amount as an integer in minor units, e.g. 4999 for 49.99.']);
      expect(await commissionOf('demo', invoice), amount).toBeNull();
    }
    const invoice = uniq('inv');
    const ok = await raw('POST', '/v1/track/sale', `{"referral_code":"ava-demo","invoice_id":"${invoice}","amount":1000,"currency":"USD"}`, company);
    expect(ok.status).toBe(201);
    expect(ok.body.commission).toMatchObject({ revenue: 1000, ambassador_uid: 'amb-ava' });
  });

  it('the operator API refuses them in loyalty amounts, payout methods, customization and catalogue points', async () => {
    const cases: [string, string, (v: string) => string, string][] = [
      ['POST', '/v1/operator/ambassadors/amb-ava/loyalty/entries', (v) => `{"kind":"points","amount":${v},"description":"spelled"}`, 'amount'],
      ['PUT', '/v1/operator/customization', (v) => `{"fraud":{"max_conversions_per_hour":${v}}}`, 'fraud.max_conversions_per_hour'],
      ['POST', '/v1/operator/badges', (v) => `{"name":"Spelled","color":"#123456","points":${v}}`, 'points'],
    ];
    const before = await scalar<number>("SELECT points_available FROM loyalty_balances WHERE ambassador_uid = 'amb-ava'");
    const payouts = await scalar<number>("SELECT COUNT(*) FROM payouts WHERE company_id = 'demo'");
    for (const [method, path, body, field] of cases) {
      for (const value of [...SPELLINGS, ...ZEROS]) {
        const res = await raw(method, path, body(value), company);
        expect(res.status, `${path} ${value}`).toBe(400);
        expect(Object.keys(res.body), `${path} ${value}: ${JSON.stringify(res.body)}`).toContain(field);
      }
    }
    // A payout method is 0 to 8: the same spellings of 1.
    for (const value of ['1e0', '1.0', '1E0', '1.0e0', '10e-1', '-0', '0.0']) {
      const res = await raw('POST', '/v1/operator/payouts', `{"ambassador_uid":"amb-ava","method":${value}}`, company);
      expect(res.status, value).toBe(400);
      expect(Object.keys(res.body), value).toContain('method');
    }
    expect(await scalar<number>("SELECT points_available FROM loyalty_balances WHERE ambassador_uid = 'amb-ava'")).toBe(before);
    expect(await scalar<number>("SELECT COUNT(*) FROM payouts WHERE company_id = 'demo'")).toBe(payouts);
    const ok = await raw('POST', '/v1/operator/ambassadors/amb-ava/loyalty/entries', '{"kind":"points","amount":1000,"description":"plain"}', company);
    expect(ok.status).toBe(201);
  });

  it.each([
    ['/v1 (the ambassador API)', '/v1', ambassador],
    ['/api (the browser API)', '/api', browser],
  ])('the gift-card redeem on %s refuses them and spends nothing', async (_, base, headers) => {
    const before = await scalar<number>('SELECT points_available FROM loyalty_balances WHERE ambassador_uid = ?', ava.uid);
    for (const amount of ['3e2', '300.0', '3E2', '3.0e2', '-0']) {
      const res = await raw('POST', `${base}/loyalty/gift_card/redeem/`, `{"affiliate_uid":"${ava.uid}","gift_card_uid":"rwd-demo-voucher","amount":${amount}}`, headers());
      expect(res.status, amount).toBe(400);
      expect(res.body.error_codes.amount[0].code, amount).toBe('invalidAmount');
    }
    expect(await scalar<number>('SELECT points_available FROM loyalty_balances WHERE ambassador_uid = ?', ava.uid)).toBe(before);
  });

  it('a decimal field still reads 1000.0 and 1e3 as 1000; a string "1e3" stays text', async () => {
    const spelledRevenue = conversion({ customer: { email: 'spelled@example.com', first_name: '1e3' } });
    const text = JSON.stringify(spelledRevenue).replace('"revenue":"100.00"', '"revenue":1000.0');
    const res = await raw('POST', '/v1/operator/events', text, company);
    expect(res.status).toBe(201);
    expect(res.body.commission).toMatchObject({ revenue: 100000, amount: 10000 });
    expect(await scalar("SELECT name FROM referrals WHERE email = 'spelled@example.com'")).toMatch(/^1e3/);
    const exp = await raw('POST', '/v1/operator/events', JSON.stringify(conversion()).replace('"revenue":"100.00"', '"revenue":1e3'), company);
    expect(exp.status).toBe(201);
    expect(exp.body.commission.revenue).toBe(100000);
  });

  it('a Stripe event whose amount_total is written 1e4 books nothing', async () => {
    const session = checkoutSession({ metadata: { mbsy: 'ava-demo' } });
    const text = JSON.stringify(stripeEvent('checkout.session.completed', session)).replace('"amount_total":10000', '"amount_total":1e4');
    const res = await rawStripe(text);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ignored');
    expect(await commissionOf('demo', session.payment_intent as string)).toBeNull();
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM unattributed_conversions WHERE transaction_id = ?').bind(session.payment_intent).first('n')).toBe(0);
  });
});
