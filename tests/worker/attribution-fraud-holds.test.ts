// Fraud holds: a conversion from any attribution path (Stripe, Shopify, the sale API, the operator's
// events) is held for review when the customer's e-mail is the ambassador's own, the sale came through a click
// from the ambassador's own client, the e-mail domain is disposable, or the ambassador passes the company's
// conversions per hour. The operator lists holds and releases each once; a held commission is never paid.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { isDisposableEmail, mailboxOf } from '../../src/api/commissions/fraud-rules';
import { recentActivity } from '../../src/api/stats/activity-queries';
import { statusLabel } from '../../src/lib/statuses';
import { call, postJson } from './accounts-helpers';
import {
  STRIPE_SECRETS, checkoutSession, commissionOf, connectStores, sendShopify, sendStripe, storedClick, stripeEvent, uniq,
} from './attribution-fixtures';
import { hookUrl } from './webhooks-fixtures';
import { edge } from './helpers';
import { KEYS, conversion, op, readReply, scalar, setPayoutSettings } from './operator-fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const heldOf = (company: string, transaction: string) =>
  env.DB.prepare("SELECT uid, status, held_reason, held_at FROM commissions WHERE company_id = ? AND transaction_id = ? AND kind = 'commission'")
    .bind(company, transaction).first<{ uid: string; status: string; held_reason: string | null; held_at: string | null }>();

/** A checkout credited to ava's share link by its code, bought by `email`; answers the transaction id. */
async function stripeSale(email: string, fields: Record<string, unknown> = {}) {
  const session = checkoutSession({ metadata: { mbsy: 'ava-demo' }, customer_details: { email, name: 'Casey Customer' }, ...fields });
  const res = await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
  expect(res.status).toBe(200);
  return session.payment_intent as string;
}

/** POST /v1/track/sale with the demo key. */
const trackSale = async (body: Record<string, unknown>) => readReply(await edge().fetch('http://localhost/v1/track/sale', {
  method: 'POST', headers: { authorization: `Bearer ${KEYS.demo}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
}));

let n = 0;
/** A new demo ambassador in the Refer a Friend campaign (102, 10 %, 50 points) with a default share link. */
async function newAmbassador(email = `fraud${++n}-${Date.now().toString(36)}@example.org`) {
  const id = 96000 + ++n;
  const uid = `amb-fraud-${id}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, company_id, email, first_name, last_name) VALUES (?, 'demo', ?, 'Fay', 'Fraud')").bind(id, email),
    env.DB.prepare("INSERT INTO ambassadors (uid, company_id, user_id, share_code) VALUES (?, 'demo', ?, ?)").bind(uid, id, `FRAUD${id}`),
    env.DB.prepare("INSERT INTO ambassador_campaigns (ambassador_uid, company_id, campaign_id) VALUES (?, 'demo', 102)").bind(uid),
    env.DB.prepare(
      "INSERT INTO share_links (uid, company_id, ambassador_uid, campaign_id, short_code, is_default) VALUES (?, 'demo', ?, 102, ?, 1)",
    ).bind(`sl-fraud-${id}`, uid, `fraud-${id}`),
  ]);
  return { uid, email, shareLink: `sl-fraud-${id}`, code: `fraud-${id}` };
}

async function setMaxPerHour(key: string, value: unknown) {
  const current = await op(key, 'GET', '/customization');
  const settings = { ...current.body.settings, fraud: { max_conversions_per_hour: value } };
  return op(key, 'PUT', '/customization', settings);
}

beforeAll(async () => {
  await connectStores();
});

describe('the rules', () => {
  it("normalises an address to the mailbox it reaches: case, and a known provider's dots and tags", () => {
    expect(mailboxOf('J.Doe+promo@GoogleMail.com')).toBe('jdoe@gmail.com');
    expect(mailboxOf('jdoe@gmail.com')).toBe('jdoe@gmail.com');
    expect(mailboxOf('Jane.Doe+shop@hotmail.com')).toBe('jane.doe@outlook.com');
    expect(mailboxOf('jane+x@icloud.com')).toBe(mailboxOf('JANE@me.com'));
    expect(mailboxOf('jane-deals@yahoo.com')).toBe('jane@yahoo.com');
    expect(mailboxOf('jane+x@fastmail.fm')).toBe('jane@fastmail.com');
    // Elsewhere dots and tags may be different people: only the case is ignored.
    expect(mailboxOf('A.B+c@Example.com')).toBe('a.b+c@example.com');
    expect(mailboxOf('not an address')).toBe('');
  });

  it('knows disposable domains from the kept list, and their subdomains', () => {
    expect(isDisposableEmail('someone@mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@inbox.MAILINATOR.com')).toBe(true);
    expect(isDisposableEmail('someone@example.com')).toBe(false);
    expect(isDisposableEmail('someone@gmail.com')).toBe(false);
  });
});

describe('holding a conversion', () => {
  it('a clean sale is not held', async () => {
    const tx = await stripeSale(`${uniq('clean')}@example.com`);
    const row = await heldOf('demo', tx);
    expect(row).toMatchObject({ status: 'pending', held_reason: null, held_at: null });
  });

  it("own_email: the customer's e-mail is the ambassador's own, whatever its case", async () => {
    const tx = await stripeSale('AVA@Demo.Test');
    expect(await heldOf('demo', tx)).toMatchObject({ status: 'pending', held_reason: 'own_email' });
    expect((await heldOf('demo', tx))!.held_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("own_email: a Gmail ambassador's dotted, tagged googlemail address (the sale API)", async () => {
    const amb = await newAmbassador(`fi.rst${Date.now().toString(36)}@gmail.com`);
    const click = await storedClick(amb.shareLink);
    const [local] = amb.email.split('@');
    const sale = await trackSale({
      click_id: click, invoice_id: uniq('INV'), amount: 5000, currency: 'USD', email: `${local!.replace('.', '')}+deal@googlemail.com`,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.commission.held_reason).toBe('own_email');
  });

  it('own_click: the sale came through a click from the client the ambassador logged in from', async () => {
    const ip = '198.51.100.23';
    const login = await call('http://localhost/v1/auth/ambassador/?host=localhost', postJson(
      { email: 'ben@demo.test', password: 'Password1!' }, { 'user-agent': BROWSER }, { ip },
    ));
    expect(login.status).toBe(200);
    // Its address is remembered on its own and with the browser's user agent (no device cookie on this call).
    expect(await scalar("SELECT group_concat(kind, ' ') FROM (SELECT kind FROM ambassador_clients WHERE company_id = 'demo' AND ambassador_uid = 'amb-ben' ORDER BY kind)"))
      .toBe('client ip');

    // Ben follows his own link from the same browser, then a sale names that click.
    const own = await call('http://localhost/r/ben-demo', { headers: { 'user-agent': BROWSER }, ip, redirect: 'manual' });
    expect(own.status).toBe(302);
    const ownClick = new URL(own.headers.get('location')!).searchParams.get('mbsy_cid')!;
    const held = await sendShopify('demo', 'orders/paid', shopifyOrder({ note_attributes: [{ name: 'mbsy_cid', value: ownClick }] }));
    expect(held.status).toBe(200);
    expect((await heldOf('demo', lastOrder))!.held_reason).toBe('own_click');

    // Someone else's click on the same link (another address) is a clean sale.
    const other = await call('http://localhost/r/ben-demo', { headers: { 'user-agent': BROWSER }, ip: '203.0.113.99', redirect: 'manual' });
    const otherClick = new URL(other.headers.get('location')!).searchParams.get('mbsy_cid')!;
    await sendShopify('demo', 'orders/paid', shopifyOrder({ note_attributes: [{ name: 'mbsy_cid', value: otherClick }] }));
    expect((await heldOf('demo', lastOrder))).toMatchObject({ held_reason: null, status: 'pending' });
  });

  it("own_email: the customer's e-mail is the PayPal address the ambassador's payouts go to", async () => {
    const amb = await newAmbassador();
    const paypal = `${uniq('payme')}@example.net`;
    await env.DB.prepare("UPDATE ambassadors SET paypal_email = ? WHERE company_id = 'demo' AND uid = ?").bind(paypal, amb.uid).run();
    const sale = await trackSale({ click_id: await storedClick(amb.shareLink), invoice_id: uniq('PP'), amount: 2500, currency: 'USD', email: paypal });
    expect(sale.body.commission.held_reason).toBe('own_email');
  });

  it('disposable_email: the customer uses a disposable address', async () => {
    const tx = await stripeSale(`${uniq('temp')}@mailinator.com`);
    expect(await heldOf('demo', tx)).toMatchObject({ held_reason: 'disposable_email' });
  });

  it('velocity: past the company-set number of conversions per hour, each further one is held', async () => {
    expect((await setMaxPerHour(KEYS.demo, 2)).status).toBe(200);
    try {
      const amb = await newAmbassador();
      const sales = [];
      for (let i = 0; i < 4; i++) {
        const sale = await trackSale({ click_id: await storedClick(amb.shareLink), invoice_id: uniq('VEL'), amount: 1000, currency: 'USD' });
        expect(sale.status).toBe(201);
        sales.push(sale.body.commission.held_reason);
      }
      expect(sales).toEqual([null, null, 'velocity', 'velocity']);
    } finally {
      await setMaxPerHour(KEYS.demo, 20);
    }
  });

  it('the limit is validated by the operator API; 0 turns the rule off', async () => {
    const bad = await setMaxPerHour(KEYS.demo, -1);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toContain('fraud.max_conversions_per_hour');
    expect((await setMaxPerHour(KEYS.demo, 'ten')).status).toBe(400);
    expect((await setMaxPerHour(KEYS.demo, 20)).status).toBe(200);
  });

  it('POST /v1/operator/events goes through the same rules, unless the company sends the conversion approved', async () => {
    const held = await op(KEYS.demo, 'POST', '/events', conversion({ customer: { email: 'ava@demo.test', first_name: 'Ava' } }));
    expect(held.status).toBe(201);
    expect(held.body.commission).toMatchObject({ status: 'pending', held_reason: 'own_email' });
    const vouched = await op(KEYS.demo, 'POST', '/events', conversion({ customer: { email: 'ava@demo.test' }, is_approved: true }));
    expect(vouched.body.commission).toMatchObject({ status: 'approved', held_reason: null });
  });

  it('a held conversion earns no referral points until the hold is approved', async () => {
    const tx = await stripeSale(`${uniq('pts')}@mailinator.com`);
    const { uid } = (await heldOf('demo', tx))!;
    const lot = () => scalar("SELECT COUNT(*) FROM loyalty_ledger WHERE company_id = 'demo' AND uid = ?", `points:${uid}`);
    expect(await lot()).toBe(0);
    expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`, {})).status).toBe(200);
    expect(await lot()).toBe(1);
    expect(await scalar("SELECT amount FROM loyalty_ledger WHERE company_id = 'demo' AND uid = ?", `points:${uid}`)).toBe(50);
  });
});

let lastOrder = '';
function shopifyOrder(fields: Record<string, unknown>) {
  const id = Math.floor(Math.random() * 1e12);
  lastOrder = String(id);
  return {
    id, name: `#${id}`, currency: 'USD', current_subtotal_price: '40.00', email: `${uniq('shop')}@example.com`,
    customer: { id: id + 1, email: `${uniq('shop')}@example.com`, first_name: 'Sam', last_name: 'Shopper' }, landing_site: '/',
    note_attributes: [], discount_codes: [], ...fields,
  };
}

describe('reviewing holds', () => {
  it('GET /v1/operator/commissions?held=true lists the holds with reason, ambassador, amount and when', async () => {
    const tx = await stripeSale(`${uniq('list')}@mailinator.com`, { amount_total: 12300 });
    const clean = await stripeSale(`${uniq('list-clean')}@example.com`);
    const list = await op(KEYS.demo, 'GET', '/commissions?held=true');
    expect(list.status).toBe(200);
    const mine = list.body.results.find((r: any) => r.transaction_uid === tx);
    expect(mine).toMatchObject({
      held_reason: 'disposable_email', status: 'pending', amount: 1230, currency: 'USD',
      ambassador: { uid: 'amb-ava', email: 'ava@demo.test' },
    });
    expect(mine.held_at).toBeTruthy();
    expect(mine.customer_email).toMatch(/@mailinator\.com$/);
    expect(list.body.results.some((r: any) => r.transaction_uid === clean)).toBe(false);
    expect(list.body.results.every((r: any) => r.held_reason !== null)).toBe(true);
    const others = await op(KEYS.demo, 'GET', '/commissions?held=false&ambassador_uid=amb-ava');
    expect(others.body.results.some((r: any) => r.transaction_uid === clean)).toBe(true);
    expect(others.body.results.some((r: any) => r.transaction_uid === tx)).toBe(false);
  });

  it('a bad filter is a 400 naming the field; an unknown ambassador 404', async () => {
    const bad = await op(KEYS.demo, 'GET', '/commissions?held=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.held).toBeTruthy();
    expect((await op(KEYS.demo, 'GET', '/commissions?held=true&ambassador_uid=amb-gus')).status).toBe(404);
  });

  it('approve releases a hold once: the commission is approved and payable, then paid by a payout', async () => {
    const tx = await stripeSale(`${uniq('ok')}@mailinator.com`);
    const { uid } = (await heldOf('demo', tx))!;
    const approved = await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.commission).toMatchObject({ status: 'approved', held_reason: null });
    expect(approved.body.commission.held_at).toBeTruthy();
    expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`, {})).status).toBe(409);
    expect((await op(KEYS.demo, 'GET', '/commissions?held=true')).body.results.some((r: any) => r.uid === uid)).toBe(false);

    await setPayoutSettings('cust-demo', { holding_days: 0, minimum_minor: 0 });
    try {
      const payout = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 1 });
      expect(payout.status).toBe(201);
      expect(await commissionOf('demo', tx)).toMatchObject({ status: 'paid' });
    } finally {
      await setPayoutSettings('cust-demo', { holding_days: 30 });
    }
  });

  it('deny releases a hold once: denied, with the reason kept; it cannot be approved after', async () => {
    const tx = await stripeSale('ava@demo.test');
    const { uid } = (await heldOf('demo', tx))!;
    const denied = await op(KEYS.demo, 'POST', `/commissions/${uid}/deny`, {});
    expect(denied.status).toBe(200);
    expect(denied.body.commission).toMatchObject({ status: 'denied', held_reason: 'own_email' });
    expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/deny`, {})).status).toBe(409);
    expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`, {})).status).toBe(409);
    expect(await scalar("SELECT COUNT(*) FROM loyalty_ledger WHERE company_id = 'demo' AND uid = ?", `points:${uid}`)).toBe(0);
  });

  it('a held commission is never paid: not by a payout, not by a bulk approval, not by a write to the table', async () => {
    const amb = await newAmbassador();
    const sale = await trackSale({
      click_id: await storedClick(amb.shareLink), invoice_id: uniq('NEVER'), amount: 9000, currency: 'USD', email: amb.email.toUpperCase(),
    });
    const uid = sale.body.commission.uid as string;
    expect(sale.body.commission.held_reason).toBe('own_email');
    await setPayoutSettings('cust-demo', { holding_days: 0, minimum_minor: 0 });
    try {
      const payout = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: amb.uid, method: 1 });
      expect(payout.status).toBe(409);
      expect(payout.body.code).toBe('nothingPayable');
    } finally {
      await setPayoutSettings('cust-demo', { holding_days: 30 });
    }
    const bulk = await op(KEYS.demo, 'POST', '/commissions/approve', { uids: [uid] });
    expect(bulk.status).toBe(409);
    expect(bulk.body.params).toMatchObject({ status: 'held', uid });
    // The database refuses it too (migration 0021's trigger), whoever writes.
    await expect(env.DB.prepare("UPDATE commissions SET status = 'paid', is_monetary = 0 WHERE company_id = 'demo' AND uid = ?").bind(uid).run())
      .rejects.toThrow(/commission_held/);
    expect((await heldOf('demo', sale.body.commission.transaction_uid))!.status).toBe('pending');
  });

  it('the ambassador sees a held commission as "under review" in their activity, in their language', async () => {
    const tx = await stripeSale(`${uniq('seen')}@mailinator.com`);
    const { rows } = await recentActivity(env.DB, 'demo', 'amb-ava', null, 50);
    const row = rows.find((r) => r.type === 'commission' && r.event_data1 === tx);
    expect(row?.status).toBe('under_review');
    expect(statusLabel('activity', row!.status, 'en')).toBe('Under review');
    expect(statusLabel('commission', 'under_review', 'de')).toBe('In Prüfung');
    expect(statusLabel('commission', 'under_review', 'es-MX')).toBe('En revisión');
  });

  it('commission.held is sent to the endpoints subscribed to it, with the reason', async () => {
    const endpoint = await op(KEYS.demo, 'POST', '/webhooks/endpoints', { url: hookUrl(), event_types: ['commission.held'] });
    expect(endpoint.status).toBe(201);
    const tx = await stripeSale(`${uniq('hook')}@mailinator.com`);
    const event = await env.DB.prepare("SELECT id, payload FROM webhook_events WHERE company_id = 'demo' AND type = 'commission.held' ORDER BY rowid DESC LIMIT 1")
      .first<{ id: string; payload: string }>();
    const payload = JSON.parse(event!.payload);
    expect(payload.data.commission).toMatchObject({ transaction_uid: tx, held_reason: 'disposable_email', status: 'pending' });
    expect(await scalar('SELECT COUNT(*) FROM webhook_deliveries WHERE event_id = ? AND endpoint_id = ?', event!.id, endpoint.body.endpoint.id)).toBe(1);
    // A clean sale says nothing of the kind.
    await stripeSale(`${uniq('hook-clean')}@example.com`);
    expect(await scalar("SELECT COUNT(*) FROM webhook_events WHERE company_id = 'demo' AND type = 'commission.held'")).toBe(1);
  });

  it("tenant isolation: another company neither lists nor releases a company's holds", async () => {
    const tx = await stripeSale(`${uniq('iso')}@mailinator.com`);
    const { uid } = (await heldOf('demo', tx))!;
    const globex = await op(KEYS.globex, 'GET', '/commissions?held=true');
    expect(globex.status).toBe(200);
    expect(globex.body.results.some((r: any) => r.uid === uid)).toBe(false);
    expect((await op(KEYS.globex, 'GET', '/commissions?ambassador_uid=amb-ava')).status).toBe(404);
    expect((await op(KEYS.globex, 'POST', `/commissions/${uid}/approve`, {})).status).toBe(404);
    expect((await op(KEYS.globex, 'POST', `/commissions/${uid}/deny`, {})).status).toBe(404);
    expect(await heldOf('demo', tx)).toMatchObject({ status: 'pending', held_reason: 'disposable_email' });
  });
});
