// Shopify webhooks and the lead/sale API: orders/paid credits the note attribute's click id,
// then the landing site's, then a personal discount code; refunds/create refunds the order's commission;
// a bad HMAC is a 401; a webhook id applies once. The lead/sale API links customers and is idempotent by
// invoice_id. The integration secrets are shown as set / last 4, never in full.
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY, commissionOf, connectStores, givePersonalCode, sendShopify, storedClick, uniq } from './attribution-fixtures';
import { edge } from './helpers';
import { hostOfKey, KEYS, op, scalar } from './operator-fixtures';

beforeAll(async () => {
  await connectStores();
  await givePersonalCode('amb-ben', 'BEN-SUMMER');
});

let orderNo = 5_000_000;
const order = (fields: Record<string, unknown> = {}) => ({
  id: ++orderNo + Date.now(), currency: 'USD', current_subtotal_price: '80.00', email: `${uniq('shop')}@example.com`,
  landing_site: '/', note_attributes: [], discount_codes: [], customer: { id: ++orderNo, first_name: 'Shay', last_name: 'Shopper' }, ...fields,
});

describe('integration secrets', () => {
  it('GET shows whether each is set and its last 4 characters, never the secret', async () => {
    const stripe = await op(KEYS.demo, 'GET', '/integrations/stripe');
    expect(stripe.status).toBe(200);
    expect(stripe.body).toMatchObject({ provider: 'stripe', is_set: true, last4: '6789', webhook_url: 'http://localhost/v1/hooks/stripe/demo' });
    const shopify = await op(KEYS.demo, 'GET', '/integrations/shopify');
    expect(shopify.body).toMatchObject({ is_set: true, last4: SHOPIFY.secret.slice(-4), shop_domain: SHOPIFY.shop });
    expect(JSON.stringify([stripe.body, shopify.body])).not.toContain(SHOPIFY.secret);
    expect((await op(KEYS.acme, 'GET', '/integrations/shopify')).body).toMatchObject({ is_set: false, last4: null });
  });

  it('bad input is a 400 naming the field', async () => {
    const bad = await op(KEYS.demo, 'PUT', '/integrations/stripe', { webhook_secret: 'sk_live_oops' });
    expect(bad.status).toBe(400);
    expect(bad.body.webhook_secret[0]).toMatch(/whsec_/);
    const shop = await op(KEYS.demo, 'PUT', '/integrations/shopify', { client_secret: 'abcdefghij', shop_domain: 'evil.example.com' });
    expect(shop.status).toBe(400);
    expect(shop.body.shop_domain[0]).toMatch(/myshopify\.com/);
    expect((await op(KEYS.demo, 'PUT', '/integrations/stripe')).status).toBe(400);
    expect((await op(null, 'GET', '/integrations/stripe')).status).toBe(401);
  });
});

describe('Shopify webhooks', () => {
  it('orders/paid credits the note attribute click id, then the landing site, then a personal discount code', async () => {
    const ava = await storedClick('sl-ava-demo');
    const ben = await storedClick('sl-ben-demo');
    const byNote = order({ note_attributes: [{ name: 'mbsy_cid', value: ava }], landing_site: `/?mbsy_cid=${ben}` });
    const res = await sendShopify('demo', 'orders/paid', byNote);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('created');
    expect(await commissionOf('demo', String(byNote.id))).toMatchObject({ ambassador_uid: 'amb-ava', revenue_minor: 8000, amount_minor: 800 });

    const byLanding = order({ landing_site: `/products/boots?mbsy=ava-demo&mbsy_cid=${ben}`, discount_codes: [{ code: 'ben-summer' }] });
    await sendShopify('demo', 'orders/paid', byLanding);
    expect(await commissionOf('demo', String(byLanding.id))).toMatchObject({ ambassador_uid: 'amb-ben' });

    const byCode = order({ discount_codes: [{ code: 'WELCOME5' }, { code: 'Ben-Summer' }] });
    await sendShopify('demo', 'orders/paid', byCode);
    expect(await commissionOf('demo', String(byCode.id))).toMatchObject({ ambassador_uid: 'amb-ben' });

    const nobody = order();
    expect((await sendShopify('demo', 'orders/paid', nobody)).body.result).toBe('unattributed');
    expect(await scalar("SELECT COUNT(*) FROM unattributed_conversions WHERE company_id = 'demo' AND source = 'shopify' AND transaction_id = ?", String(nobody.id)))
      .toBe(1);
  });

  it('a bad HMAC is a 401; a webhook id applies once; refunds/create refunds the order', async () => {
    const paid = order({ landing_site: '/?mbsy=ava-demo' });
    expect((await sendShopify('demo', 'orders/paid', paid, 'shpss_wrong_secret_000')).status).toBe(401);
    expect(await commissionOf('demo', String(paid.id))).toBeNull();

    const id = uniq('shwh');
    expect((await sendShopify('demo', 'orders/paid', paid, SHOPIFY.secret, id)).body.result).toBe('created');
    expect((await sendShopify('demo', 'orders/paid', paid, SHOPIFY.secret, id)).body.result).toBe('duplicate');

    const refund = { id: ++orderNo, order_id: paid.id, refund_line_items: [{ subtotal: '20.00' }], transactions: [{ amount: '21.60', kind: 'refund', status: 'success' }] };
    const refundId = uniq('shwh');
    expect((await sendShopify('demo', 'refunds/create', refund, SHOPIFY.secret, refundId)).body.result).toBe('refunded');
    expect((await sendShopify('demo', 'refunds/create', refund, SHOPIFY.secret, refundId)).body.result).toBe('duplicate');
    expect(await commissionOf('demo', String(paid.id))).toMatchObject({ revenue_minor: 6000, refunded_revenue_minor: 2000, amount_minor: 600 });
  });

  it("a company's client secret never verifies another company's webhooks", async () => {
    const res = await sendShopify('acme', 'orders/paid', order({ landing_site: '/?mbsy=ava-demo' }));
    expect(res.status).toBe(401);
  });
});

describe('lead and sale API', () => {
  it('a lead links a customer to the click; a sale by that customer is credited, 201 first and 200 after', async () => {
    const click = await storedClick('sl-ava-demo');
    const customer = uniq('cust');
    const lead = await fetchTrack(KEYS.demo, 'lead', { click_id: click, customer_external_id: customer, email: 'lead@example.com' });
    expect(lead.status).toBe(201);
    expect(lead.body).toMatchObject({ customer_external_id: customer, ambassador_uid: 'amb-ava', share_link_uid: 'sl-ava-demo' });
    expect((await fetchTrack(KEYS.demo, 'lead', { click_id: click, customer_external_id: customer })).status).toBe(200);

    const sale = { customer_external_id: customer, invoice_id: uniq('inv'), amount: 4999, currency: 'usd' };
    const first = await fetchTrack(KEYS.demo, 'sale', sale);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ attributed_by: 'customer', commission: { ambassador_uid: 'amb-ava', revenue: 4999, amount: 500, status: 'pending' } });
    const again = await fetchTrack(KEYS.demo, 'sale', sale);
    expect(again.status).toBe(200);
    expect(again.body.commission.uid).toBe(first.body.commission.uid);
  });

  it('bad input names the field; a click of another company credits nothing there', async () => {
    const bad = await fetchTrack(KEYS.demo, 'sale', { click_id: 'abc', invoice_id: 'x', amount: 12.5, currency: 'dollars' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(expect.arrayContaining(['amount', 'currency']));
    expect(bad.body.amount[0]).toMatch(/minor units/);
    const neither = await fetchTrack(KEYS.demo, 'sale', { invoice_id: 'x', amount: 100, currency: 'USD' });
    expect(neither.status).toBe(400);
    expect(neither.body.customer_external_id[0]).toMatch(/customer_external_id, click_id or referral_code/);
    const demoClick = await storedClick('sl-ava-demo');
    const lead = await fetchTrack(KEYS.globex, 'lead', { click_id: demoClick, customer_external_id: uniq('cust') });
    expect(lead.status).toBe(400);
    expect(lead.body.click_id).toBeDefined();
    const sale = await fetchTrack(KEYS.globex, 'sale', { click_id: demoClick, invoice_id: uniq('inv'), amount: 1000, currency: 'USD' });
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ commission: null });
    expect(sale.body.unattributed_reason).toBeTruthy();
  });
});

async function fetchTrack(key: string, kind: 'lead' | 'sale', body: unknown) {
  const res = await edge().fetch(`http://${await hostOfKey(key)}/v1/track/${kind}`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as any };
}

describe('personal codes (operator API)', () => {
  it('creates a code for a member of the campaign, unique whatever the case; lists and revokes it; a revoked code credits nothing', async () => {
    const code = `Cal${Date.now().toString(36)}`;
    const made = await op(KEYS.demo, 'POST', '/personal-codes', { ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-main', code });
    expect(made.status).toBe(201);
    expect(made.body.personal_code).toMatchObject({ code, ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-main', is_active: true });
    const taken = await op(KEYS.demo, 'POST', '/personal-codes', { ambassador_uid: 'amb-ben', campaign_uid: 'cmp-demo-main', code: code.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBeDefined();
    const stranger = await op(KEYS.demo, 'POST', '/personal-codes', { ambassador_uid: 'amb-alex', campaign_uid: 'cmp-demo-main', code: `${code}x` });
    expect(stranger.status).toBe(400);
    expect(stranger.body.ambassador_uid).toBeDefined();
    const list = await op(KEYS.demo, 'GET', '/personal-codes?ambassador_uid=amb-ava');
    expect(list.body.results.map((r: { code: string }) => r.code)).toContain(code);
    expect((await op(KEYS.acme, 'GET', '/personal-codes')).body.results.map((r: { code: string }) => r.code)).not.toContain(code);

    const uid = made.body.personal_code.uid;
    expect((await op(KEYS.acme, 'POST', `/personal-codes/${uid}/revoke`)).status).toBe(404);
    const revoked = await op(KEYS.demo, 'POST', `/personal-codes/${uid}/revoke`);
    expect(revoked.body.personal_code.is_active).toBe(false);
    const sale = order({ discount_codes: [{ code }] });
    expect((await sendShopify('demo', 'orders/paid', sale)).body.result).toBe('unattributed');
  });
});
