// The console's e-mails, integrations and webhooks screens call these operator endpoints as staff: every e-mail
// previewed in the company's languages and sent as a test to the staff member's own address only; the stores'
// last deliveries with what each became, per company; secrets never in an answer after the one that makes them;
// integrations and webhooks for owners and admins only, their secrets behind a fresh second factor.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY, STRIPE_SECRETS, checkoutSession, connectStores, sendShopify, sendStripe, stripeEvent } from './attribution-fixtures';
import { edge } from './helpers';
import { KEYS, op, readReply, scalar } from './operator-fixtures';
import { fullSession } from './staff-helpers';

const asStaff = (token: string, method: string, path: string, body?: unknown, host = 'localhost') =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host });

const outboxOf = (company: string, to: string) =>
  env.DB.prepare('SELECT template, subject, body_text FROM email_outbox WHERE company_id = ? AND to_email = ? ORDER BY id DESC')
    .bind(company, to).all<{ template: string; subject: string; body_text: string }>().then((r) => r.results);

let owner: string;
let viewer: string;
let acmeOwner: string;

beforeAll(async () => {
  await connectStores();
  owner = await fullSession('localhost', 'owner@demo.test');
  viewer = await fullSession('localhost', 'viewer@demo.test');
  acmeOwner = await fullSession('acme.localhost', 'owner@acme.test');
});

describe('e-mail templates', () => {
  it('a viewer sees every e-mail, previewed in two of the company\'s languages with the company as sender', async () => {
    const list = await asStaff(viewer, 'GET', '/email/templates');
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { kind: string }) => r.kind)).toEqual(expect.arrayContaining(['welcome', 'reset_password', 'redemption', 'points_expiring']));
    expect(list.body.languages).toEqual(expect.arrayContaining(['en', 'es']));
    const en = await asStaff(viewer, 'GET', '/email/templates/reset_password/preview?lang=en');
    const es = await asStaff(viewer, 'GET', '/email/templates/reset_password/preview?lang=es');
    expect(en.body).toMatchObject({ kind: 'reset_password', lang: 'en', from_name: 'Demo Co' });
    expect(en.body.subject).toBe('Reset your Demo Co portal password');
    expect(es.body.lang).toBe('es');
    expect(es.body.subject).not.toBe(en.body.subject);
    expect(es.body.text).toContain('http://localhost/reset-password?');
  });

  it('an unknown kind is a 404 and a language the company lacks falls back to its default', async () => {
    expect((await asStaff(viewer, 'GET', '/email/templates/nope/preview')).status).toBe(404);
    const klingon = await asStaff(viewer, 'GET', '/email/templates/welcome/preview?lang=tlh');
    expect(klingon.status).toBe(200);
    expect(klingon.body.lang).toBe('en');
  });

  it('a test send goes to the signed-in member\'s own address through the outbox, never to another company\'s', async () => {
    const sent = await asStaff(owner, 'POST', '/email/templates/welcome/test', { lang: 'es' });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ kind: 'welcome', lang: 'es', sent_to: 'owner@demo.test' });
    const [row] = await outboxOf('demo', 'owner@demo.test');
    expect(row!.template).toBe('test_welcome');
    expect(row!.subject).toContain('Demo Co');
    // Acme's owner sends Acme's e-mail, into Acme's outbox.
    const acme = await asStaff(acmeOwner, 'POST', '/email/templates/welcome/test', {}, 'acme.localhost');
    expect(acme.body.sent_to).toBe('owner@acme.test');
    expect((await outboxOf('acme', 'owner@acme.test'))[0]!.subject).toContain('Acme');
    expect(await outboxOf('demo', 'owner@acme.test')).toEqual([]);
  });

  it('a viewer may not send, a key has no address of its own, and a member sends at most 10 in 10 minutes', async () => {
    const refused = await asStaff(viewer, 'POST', '/email/templates/welcome/test', {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('roleRequired');
    expect((await op(KEYS.demo, 'POST', '/email/templates/welcome/test', {})).status).toBe(400);
    const admin = await fullSession('localhost', 'admin@demo.test');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await asStaff(admin, 'POST', '/email/templates/invite/test', {})).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await outboxOf('demo', 'admin@demo.test')).filter((r) => r.template === 'test_invite')).toHaveLength(10);
  });
});

describe('integrations', () => {
  it('a viewer reads neither the connections nor their deliveries, over HTTP', async () => {
    for (const path of ['/integrations/stripe', '/integrations/shopify', '/integrations/deliveries?source=stripe', '/webhooks/endpoints']) {
      const res = await asStaff(viewer, 'GET', path);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('roleRequired');
    }
  });

  it('the Stripe secret is answered masked, never in full, and setting it needs a fresh second factor', async () => {
    const secret = 'whsec_consoleComms0123456789abcd';
    const set = await asStaff(owner, 'PUT', '/integrations/stripe', { webhook_secret: secret });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ is_set: true, last4: 'abcd' });
    const read = await asStaff(owner, 'GET', '/integrations/stripe');
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect(JSON.stringify(set.body)).not.toContain(secret);
    await env.DB.prepare("UPDATE staff_sessions SET second_factor_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-11 minutes') WHERE company_id = 'demo' AND second_factor_at IS NOT NULL").run();
    const stale = await asStaff(owner, 'PUT', '/integrations/stripe', { webhook_secret: 'whsec_neverStored000000000000' });
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('stepUpRequired');
    expect(await scalar<string>("SELECT secret FROM integration_secrets WHERE company_id = 'demo' AND provider = 'stripe'")).toBe(secret);
    // Put the fixtures' secret back (through D1: the session's second factor is stale now).
    await env.DB.prepare("UPDATE integration_secrets SET secret = ? WHERE company_id = 'demo' AND provider = 'stripe'").bind(STRIPE_SECRETS.demo).run();
    owner = await fullSession('localhost', 'owner@demo.test');
  });

  it('lists each Stripe delivery with what it became: credited with its commission, duplicate, unattributed, refused', async () => {
    const credited = stripeEvent('checkout.session.completed', checkoutSession({ metadata: { mbsy: 'ava-demo' } }));
    expect((await sendStripe('demo', credited, STRIPE_SECRETS.demo)).body.result).toBe('created');
    await sendStripe('demo', credited, STRIPE_SECRETS.demo);
    const nobody = stripeEvent('checkout.session.completed', checkoutSession());
    await sendStripe('demo', nobody, STRIPE_SECRETS.demo);
    await sendStripe('demo', stripeEvent('checkout.session.completed', checkoutSession()), 'whsec_notTheSecret1234567890');

    const list = await asStaff(owner, 'GET', '/integrations/deliveries?source=stripe&limit=4');
    expect(list.status).toBe(200);
    const [refused, unattributed, duplicate, first] = list.body.results;
    expect(refused).toMatchObject({ outcome: 'refused', event_id: null, commission: null });
    expect(refused.reason).toMatch(/Stripe-Signature/);
    expect(unattributed).toMatchObject({ outcome: 'unattributed', event_id: nobody.id });
    expect(unattributed.reason).toBeTruthy();
    expect(duplicate).toMatchObject({ outcome: 'duplicate', event_id: credited.id });
    expect(first).toMatchObject({ outcome: 'credited', event_id: credited.id, event_type: 'checkout.session.completed' });
    expect(first.commission).toMatchObject({ ambassador_uid: 'amb-ava', currency: 'USD' });
    expect(first.commission.amount_minor).toBeGreaterThan(0);
    // Another company's console sees none of them.
    const acme = await asStaff(acmeOwner, 'GET', '/integrations/deliveries?source=stripe', undefined, 'acme.localhost');
    expect(acme.body.results.map((d: { event_id: string }) => d.event_id)).not.toContain(credited.id);
    expect((await asStaff(owner, 'GET', '/integrations/deliveries?source=paypal')).status).toBe(400);
  });

  it('a Shopify delivery that does not verify is listed as refused, keeping nothing it claimed', async () => {
    const order = { id: 4242, currency: 'USD', current_subtotal_price: '49.99', landing_site: '/?mbsy=ava-demo' };
    const forged = await sendShopify('demo', 'orders/paid', order, 'shpss_not_the_secret_000', 'shwh_forged_console');
    expect(forged.status).toBe(401);
    const list = await asStaff(owner, 'GET', '/integrations/deliveries?source=shopify&limit=1');
    expect(list.body.results[0]).toMatchObject({ outcome: 'refused', event_id: null, event_type: null, commission: null });
    expect(JSON.stringify(list.body)).not.toContain(SHOPIFY.secret);
  });

  it('a sale reported by the store script\'s API is listed under script', async () => {
    const sale = await readReply(await edge().fetch('http://localhost/v1/track/sale', {
      method: 'POST', headers: { authorization: `Bearer ${KEYS.demo}`, 'content-type': 'application/json' },
      body: JSON.stringify({ invoice_id: `INV-comms-${Date.now()}`, amount: 2500, currency: 'USD', referral_code: 'ava-demo' }),
    }));
    expect([200, 201]).toContain(sale.status);
    const list = await asStaff(owner, 'GET', '/integrations/deliveries?source=script&limit=1');
    expect(list.body.results[0]).toMatchObject({ source: 'script', outcome: 'credited' });
  });
});

describe('webhooks', () => {
  it('the secret is in the answer that makes it only; rotating needs a fresh second factor', async () => {
    const made = await asStaff(owner, 'POST', '/webhooks/endpoints', { url: 'https://hooks.example.com/comms', event_types: ['commission.created'] });
    expect(made.status).toBe(201);
    const secret = made.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const listed = await asStaff(owner, 'GET', '/webhooks/endpoints');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const one = await asStaff(owner, 'GET', `/webhooks/endpoints/${made.body.endpoint.id}`);
    expect(JSON.stringify(one.body)).not.toContain(secret);
    // Acme's console cannot see or touch it.
    expect((await asStaff(acmeOwner, 'GET', `/webhooks/endpoints/${made.body.endpoint.id}`, undefined, 'acme.localhost')).status).toBe(404);
    expect((await asStaff(viewer, 'POST', `/webhooks/endpoints/${made.body.endpoint.id}/rotate-secret`)).status).toBe(403);
  });
});
