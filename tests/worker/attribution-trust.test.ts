// Attribution nobody can steal, replay or lose, as an attacker meets it: HTTP through the real edge and D1.
// Click ids are the portal's own (signed); a sale is credited the moment the redirect answered; the fraud
// rules weigh the ambassador's own network and own browser one by one on every path; the share code the
// dashboard shows credits as any code does.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consumeClicks } from '../../src/api/sharing/click-ingest';
import { mintClickId } from '../../src/api/sharing/click-id';
import type { NewClick } from '../../src/api/sharing/click-queries';
import { createEdgeApp } from '../../src/edge/app';
import { forgetTenants } from '../../src/edge/tenant';
import {
  STRIPE_SECRETS, checkoutSession, commissionOf, connectStores, mintedClickId, sendShopify, sendStripe, stripeEvent, uniq,
} from './attribution-fixtures';
import { stubPages } from './helpers';
import { hostOfKey, KEYS, readReply } from './operator-fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

/** Stands in for the CLICKS_QUEUE binding: keeps every click sent, so none reaches D1 until delivered. */
function recordingQueue() {
  const sent: NewClick[] = [];
  const binding = {
    send: async (body: NewClick) => void sent.push(structuredClone(body)),
    sendBatch: async (messages: Iterable<{ body: NewClick }>) => void sent.push(...[...messages].map((m) => structuredClone(m.body))),
  } as unknown as Queue;
  return { sent, binding };
}

interface Visit { ip?: string; ua?: string; cookie?: string; queue?: Queue }

/** One request through the whole edge (clicks written at once unless a queue is given), waiting for its waitUntil work. */
async function request(url: string, init: RequestInit & Visit = {}) {
  const app = createEdgeApp([stubPages]);
  const headers = new Headers(init.headers);
  headers.set('cf-connecting-ip', init.ip ?? '203.0.113.7');
  headers.set('user-agent', init.ua ?? BROWSER);
  if (init.cookie) headers.set('cookie', init.cookie);
  const bindings = init.queue ? { CLICKS_QUEUE: init.queue, CLICKS_DIRECT: undefined } : { CLICKS_DIRECT: '1' };
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(url, 'http://localhost'), { ...init, headers, redirect: 'manual' }), { ...env, ...bindings } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Follows a share link as a visitor: the click id the landing URL carries. */
async function visit(path: string, v: Visit = {}) {
  const res = await request(`http://localhost${path}`, v);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('mbsy_cid')!;
}

/** Logs in through the browser API from a client; answers the cookies the browser keeps (session and device). */
async function logIn(email: string, v: Visit = {}) {
  const res = await request('http://localhost/api/auth/ambassador/?host=localhost', {
    ...v, method: 'POST', body: JSON.stringify({ email, password: 'Password1!' }),
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
}

const track = async (key: string, kind: 'lead' | 'sale', body: Record<string, unknown>) => readReply(await request(`http://${await hostOfKey(key)}/v1/track/${kind}`, {
  method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
}));

const held = (company: string, tx: string) => env.DB.prepare(
  "SELECT ambassador_uid, status, held_reason, held_signals, click_uid FROM commissions WHERE company_id = ? AND transaction_id = ? AND kind = 'commission'",
).bind(company, tx).first<{ ambassador_uid: string; status: string; held_reason: string | null; held_signals: string | null; click_uid: string | null }>();

const stripeSale = async (fields: Record<string, unknown>) => {
  const session = checkoutSession(fields);
  const res = await sendStripe('demo', stripeEvent('checkout.session.completed', session), STRIPE_SECRETS.demo);
  expect(res.status).toBe(200);
  return { tx: session.payment_intent as string, res };
};

let n = 0;
/** A new demo ambassador with a password, in campaign 102 with a default share link; their e-mail and link. */
async function newAmbassador() {
  const id = 97000 + ++n;
  const email = `trust${id}-${Date.now().toString(36)}@example.org`;
  const hash = (await env.DB.prepare("SELECT password_hash FROM users WHERE company_id = 'demo' AND email = 'ben@demo.test'").first<{ password_hash: string }>())!;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, company_id, email, first_name, last_name, password_hash) VALUES (?, 'demo', ?, 'Tess', 'Trust', ?)")
      .bind(id, email, hash.password_hash),
    env.DB.prepare("INSERT INTO ambassadors (uid, company_id, user_id, share_code) VALUES (?, 'demo', ?, ?)").bind(`amb-trust-${id}`, id, `TRUST${id}`),
    env.DB.prepare("INSERT INTO ambassador_campaigns (ambassador_uid, company_id, campaign_id) VALUES (?, 'demo', 102)").bind(`amb-trust-${id}`),
    env.DB.prepare("INSERT INTO share_links (uid, company_id, ambassador_uid, campaign_id, short_code, is_default) VALUES (?, 'demo', ?, 102, ?, 1)")
      .bind(`sl-trust-${id}`, `amb-trust-${id}`, `trust-${id}`),
  ]);
  return { uid: `amb-trust-${id}`, email, code: `trust-${id}`, shareCode: `TRUST${id}` };
}

beforeAll(async () => {
  await connectStores();
});
beforeEach(() => forgetTenants());

describe('click ids only the portal mints', () => {
  it('a planted click id takes no sale: the store order id in client_reference_id never selects anyone', async () => {
    // The attack: plant a click under the store's next order id, then let a signed checkout name it.
    const order = `ORDER-2026-${uniq('x')}`;
    const planted = await request('http://localhost/v1/clicks/', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ share_link_uid: 'sl-newbie-demo', click_uid: order }),
    });
    expect(planted.status).toBe(400);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM clicks WHERE click_uid = ?').bind(order).first('n')).toBe(0);
    // The same through the browser proxy and on the acme host: refused alike.
    for (const url of ['http://acme.localhost/v1/clicks/', 'http://localhost/api/clicks/']) {
      const res = await request(url, {
        method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(url).origin },
        body: JSON.stringify({ share_link_uid: 'sl-newbie-demo', click_uid: order }),
      });
      expect(res.status, url).not.toBe(201);
    }
    const ava = await visit('/r/ava-demo');
    const { tx, res } = await stripeSale({ client_reference_id: order, metadata: { mbsy_cid: ava } });
    expect(res.body).toMatchObject({ result: 'created' });
    expect(await held('demo', tx)).toMatchObject({ ambassador_uid: 'amb-ava', click_uid: ava });
  });

  it('a forged, edited, foreign, expired or future id credits nobody, on every channel', async () => {
    const real = await mintedClickId('sl-ava-demo');
    const flip = (id: string) => id.slice(0, 10) + (id[10] === 'A' ? 'B' : 'A') + id.slice(11);
    const forged = [
      crypto.randomUUID(), 'ORDER-1001', flip(real), real.slice(0, -1), `c1${'A'.repeat(56)}`,
      (await mintClickId(env, 'acme', 'sl-ava-demo'))!, // another company's id for the same link uid
      (await mintClickId(env, 'demo', 'sl-ava-demo', Date.now() - 400 * 86_400_000))!,
      (await mintClickId(env, 'demo', 'sl-ava-demo', Date.now() + 86_400_000))!,
      (await mintClickId({ ...env, PORTAL_SIGNING_SECRET: 'another-deployment' } as Env, 'demo', 'sl-ava-demo'))!,
    ];
    for (const id of forged) {
      const stripe = await stripeSale({ client_reference_id: id, metadata: { mbsy_cid: id } });
      expect(stripe.res.body, id).toMatchObject({ result: 'unattributed' });
      const order = { id: Number(`8${Date.now() % 1e9}${++n}`), currency: 'USD', current_subtotal_price: '20.00', note_attributes: [{ name: 'mbsy_cid', value: id }], landing_site: `/?mbsy_cid=${id}` };
      const shopify = await sendShopify('demo', 'orders/paid', order);
      expect(shopify.body, id).toMatchObject({ result: 'unattributed' });
      const sale = await track(KEYS.demo, 'sale', { click_id: id, invoice_id: uniq('inv'), amount: 1000, currency: 'USD' });
      expect(sale.body, id).toMatchObject({ commission: null });
      const lead = await track(KEYS.demo, 'lead', { click_id: id, customer_external_id: uniq('cust') });
      expect(lead.status, id).toBe(400);
      expect(lead.body.click_id, id).toBeDefined();
    }
    // The real one credits on each.
    expect((await stripeSale({ metadata: { mbsy_cid: real } })).res.body).toMatchObject({ result: 'created' });
  });

  it('a fast checkout is credited the moment /r answered, before its click reaches D1', async () => {
    const queue = recordingQueue();
    const cid = await visit('/r/ben-demo', { queue: queue.binding });
    expect(queue.sent).toHaveLength(1);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM clicks WHERE click_uid = ?').bind(cid).first('n')).toBe(0);
    const { tx, res } = await stripeSale({ metadata: { mbsy_cid: cid } });
    expect(res.body).toMatchObject({ result: 'created' });
    expect(await commissionOf('demo', tx)).toMatchObject({ ambassador_uid: 'amb-ben', share_link_uid: 'sl-ben-demo' });
    // The lead API too.
    const customer = uniq('fast');
    const lead = await track(KEYS.demo, 'lead', { click_id: (await visit('/r/ben-demo', { queue: queue.binding })), customer_external_id: customer });
    expect(lead.status).toBe(201);
    expect(lead.body).toMatchObject({ ambassador_uid: 'amb-ben' });
  });
});

describe('own network, own browser: each alone holds, on every path', () => {
  it('a second browser on the ambassador\'s network is held (ip); their own browser on another network is held (device)', async () => {
    const amb = await newAmbassador();
    const cookie = await logIn(amb.email, { ip: '198.51.100.41' });
    expect(cookie).toMatch(/__Host-portal_device=/);

    const sameNetwork = await visit(`/r/${amb.code}`, { ip: '198.51.100.41', ua: OTHER_BROWSER });
    const a = await stripeSale({ metadata: { mbsy_cid: sameNetwork } });
    expect(await held('demo', a.tx)).toMatchObject({ ambassador_uid: amb.uid, held_reason: 'own_click', held_signals: 'ip' });

    const sameBrowser = await visit(`/r/${amb.code}`, { ip: '203.0.113.250', cookie });
    const b = await stripeSale({ metadata: { mbsy_cid: sameBrowser } });
    expect(await held('demo', b.tx)).toMatchObject({ held_reason: 'own_click', held_signals: 'device' });

    // Another person, elsewhere: clean.
    const stranger = await visit(`/r/${amb.code}`, { ip: '192.0.2.77', ua: OTHER_BROWSER });
    const c = await stripeSale({ metadata: { mbsy_cid: stranger } });
    expect(await held('demo', c.tx)).toMatchObject({ held_reason: null, held_signals: null });

    // Loopback (every request of a portal run on a laptop) tells nobody apart: no signal.
    await logIn(amb.email, { ip: '127.0.0.1' });
    const local = await visit(`/r/${amb.code}`, { ip: '127.0.0.1', ua: OTHER_BROWSER });
    const d = await stripeSale({ metadata: { mbsy_cid: local } });
    expect(await held('demo', d.tx)).toMatchObject({ held_reason: null });

    // The operator sees which signal held it.
    const list = await readReply(await request('http://localhost/v1/operator/commissions?held=true', { headers: { authorization: `Bearer ${KEYS.demo}` } }));
    const mine = (list.body.results as { transaction_uid: string; held_signals: string[] }[]).filter((r) => [a.tx, b.tx].includes(r.transaction_uid));
    expect(Object.fromEntries(mine.map((r) => [r.transaction_uid, r.held_signals]))).toEqual({ [a.tx]: ['ip'], [b.tx]: ['device'] });
  });

  it('a sale credited by a code or a lead is checked against the click it came with', async () => {
    const amb = await newAmbassador();
    await logIn(amb.email, { ip: '198.51.100.42' });
    const own = await visit(`/r/${amb.code}`, { ip: '198.51.100.42' });
    // Credited by the share code in metadata.mbsy, with the own click in client_reference_id.
    const byCode = await stripeSale({ client_reference_id: own, metadata: { mbsy: amb.shareCode } });
    expect(await held('demo', byCode.tx)).toMatchObject({ ambassador_uid: amb.uid, held_reason: 'own_click' });
    // Credited by a lead that came through the own click.
    const customer = uniq('lead');
    expect((await track(KEYS.demo, 'lead', { click_id: own, customer_external_id: customer })).status).toBe(201);
    const sale = await track(KEYS.demo, 'sale', { customer_external_id: customer, invoice_id: uniq('inv'), amount: 4000, currency: 'USD' });
    expect(sale.body).toMatchObject({ attributed_by: 'customer', commission: { held_reason: 'own_click' } });
  });

  it("a lead with the ambassador's e-mail holds its later sale by customer id, and its name and e-mail show on the sale", async () => {
    const amb = await newAmbassador();
    const customer = uniq('self');
    const lead = await track(KEYS.demo, 'lead', {
      referral_code: amb.code, customer_external_id: customer, email: amb.email.toUpperCase(), name: 'Tess Trust',
    });
    expect(lead.status).toBe(201);
    const sale = await track(KEYS.demo, 'sale', { customer_external_id: customer, invoice_id: uniq('inv'), amount: 4000, currency: 'USD' });
    expect(sale.body).toMatchObject({ attributed_by: 'customer', commission: { ambassador_uid: amb.uid, held_reason: 'own_email' } });

    const other = uniq('named');
    await track(KEYS.demo, 'lead', { referral_code: amb.code, customer_external_id: other, email: 'dana.buyer@example.com', name: 'Dana Buyer' });
    const named = await track(KEYS.demo, 'sale', { customer_external_id: other, invoice_id: uniq('inv'), amount: 4000, currency: 'USD' });
    const row = await env.DB.prepare('SELECT r.name, r.email FROM commissions m JOIN referrals r ON r.id = m.referral_id WHERE m.uid = ?')
      .bind(named.body.commission.uid).first();
    expect(row).toEqual({ name: 'Dana Buyer', email: 'dana.buyer@example.com' });
  });

  it('a click that lands after its sale is examined then: the sale from the own browser is held', async () => {
    const amb = await newAmbassador();
    const cookie = await logIn(amb.email, { ip: '198.51.100.43' });
    const queue = recordingQueue();
    const cid = await visit(`/r/${amb.code}`, { ip: '192.0.2.200', cookie, queue: queue.binding });
    const { tx } = await stripeSale({ metadata: { mbsy_cid: cid } });
    expect(await held('demo', tx)).toMatchObject({ held_reason: null, status: 'pending' });
    // The queue delivers the click.
    const batch = createMessageBatch('portal-clicks', queue.sent.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })));
    const ctx = createExecutionContext();
    await consumeClicks(batch, env, ctx);
    await getQueueResult(batch, ctx);
    expect(await held('demo', tx)).toMatchObject({ held_reason: 'own_click', held_signals: 'device' });
  });
});

describe('the share code the dashboard shows credits on every path', () => {
  it('as the landing code, a promotion code, a Shopify discount code, and on the lead and sale API', async () => {
    const code = 'AVA7QK';
    const byMeta = await stripeSale({ metadata: { mbsy: code.toLowerCase() } });
    expect(await commissionOf('demo', byMeta.tx)).toMatchObject({ ambassador_uid: 'amb-ava' });
    const byPromo = await stripeSale({ discounts: [{ promotion_code: { id: uniq('promo'), code } }] });
    expect(await commissionOf('demo', byPromo.tx)).toMatchObject({ ambassador_uid: 'amb-ava' });
    const order = { id: Number(`9${Date.now() % 1e9}${++n}`), currency: 'USD', current_subtotal_price: '30.00', discount_codes: [{ code }] };
    expect((await sendShopify('demo', 'orders/paid', order)).body).toMatchObject({ result: 'created' });
    expect(await commissionOf('demo', String(order.id))).toMatchObject({ ambassador_uid: 'amb-ava' });
    const sale = await track(KEYS.demo, 'sale', { referral_code: code, invoice_id: uniq('inv'), amount: 2000, currency: 'USD' });
    expect(sale.body).toMatchObject({ attributed_by: 'short_code', commission: { ambassador_uid: 'amb-ava' } });
    // Nobody else can be given Ava's share code as a personal code: a typed code would then credit them.
    const ben = await readReply(await request('http://localhost/v1/operator/personal-codes', {
      method: 'POST', headers: { authorization: `Bearer ${KEYS.demo}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ambassador_uid: 'amb-ben', campaign_uid: 'cmp-demo-main', code: 'ava7qk' }),
    }));
    expect(ben.status).toBe(400);
    expect(ben.body.code[0]).toMatch(/taken/);
    // Another company's share code is nobody there.
    const foreign = await track(KEYS.acme, 'sale', { referral_code: code, invoice_id: uniq('inv'), amount: 2000, currency: 'EUR' });
    expect(foreign.body).toMatchObject({ commission: null });
  });
});
