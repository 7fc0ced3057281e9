// Webhook events at their sources: real operator API calls, a real registration and real
// redemption settlements record the events a company's endpoints subscribe to, once, and never on a
// repeat or an Idempotency-Key replay; an event recorded after its write never breaks it, and a commission's
// events are part of the commission's own write.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { issueToken } from '../../src/api/auth/login';
import { setFulfilmentProvider } from '../../src/api/rewards/providers';
import { setWebhookFetch } from '../../src/api/webhooks/send';
import { register } from './accounts-helpers';
import { KEYS, conversion } from './operator-fixtures';
import { call, consume, envWith, forgetWebhooks, hookUrl, receivers, recordingQueue, request } from './webhooks-fixtures';

afterEach(async () => {
  setWebhookFetch(null);
  setFulfilmentProvider(null);
  await forgetWebhooks();
});

const queue = recordingQueue();
const portal = envWith(queue.binding);
const demo = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(portal, KEYS.demo, method, path, body, headers);

async function subscribe(eventTypes: string[]) {
  const res = await demo('POST', '/webhooks/endpoints', { url: hookUrl(), event_types: eventTypes });
  expect(res.status).toBe(201);
  return res.body.endpoint.id as string;
}

/** The payloads the company's endpoints received, in order, after the queue handed over what was sent. */
async function delivered() {
  const world = receivers();
  const messages = queue.sent.splice(0).map((m) => m.body);
  if (messages.length) await consume(messages, portal);
  return world.received.map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, any> });
}

const eventCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM webhook_events').first<number>('n'))!;

let n = 0;
/** A new demo ambassador in the Refer a Friend campaign (102), found by e-mail by a conversion. */
async function newAmbassador() {
  const id = 97000 + ++n;
  const email = `hooks${id}@demo.test`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, company_id, email, first_name, last_name, loyalty_access) VALUES (?, 'demo', ?, 'Hal', 'Hook', 1)").bind(id, email),
    env.DB.prepare("INSERT INTO ambassadors (uid, company_id, user_id, share_code) VALUES (?, 'demo', ?, ?)").bind(`amb-hook-${id}`, id, `HOOK${id}`),
    env.DB.prepare("INSERT INTO ambassador_campaigns (ambassador_uid, company_id, campaign_id) VALUES (?, 'demo', 102)").bind(`amb-hook-${id}`),
  ]);
  return { uid: `amb-hook-${id}`, email, userId: id };
}

describe('commission events', () => {
  it('a conversion and its approval through the operator API reach the endpoint as commission.created, then commission.approved', async () => {
    await subscribe(['commission.created', 'commission.approved']);
    const sale = await demo('POST', '/events', conversion({ revenue: '80.00' }));
    expect(sale.status).toBe(201);
    const approved = await demo('POST', `/commissions/${sale.body.commission.uid}/approve`, {});
    expect(approved.status).toBe(200);

    const events = await delivered();
    expect(events.map((e) => e.type)).toEqual(['commission.created', 'commission.approved']);
    expect(events[0]!.data).toEqual({ commission: sale.body.commission });
    expect(events[1]!.data).toEqual({ commission: approved.body.commission });
    expect(events[1]!.data.commission).toMatchObject({ uid: sale.body.commission.uid, status: 'approved', amount: 800 });
    expect(Date.parse(events[0]!.timestamp)).toBeLessThanOrEqual(Date.parse(events[1]!.timestamp));
  });

  it('emits nothing on a repeat of the conversion or an Idempotency-Key replay', async () => {
    await subscribe(['commission.created', 'commission.approved']);
    const body = conversion();
    const key = { 'idempotency-key': `hooks-${crypto.randomUUID()}` };
    expect((await demo('POST', '/events', body, key)).status).toBe(201);
    const replayed = await demo('POST', '/events', body, key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await demo('POST', '/events', body)).status).toBe(200);
    const uid = replayed.body.commission.uid;
    const approveKey = { 'idempotency-key': `hooks-${crypto.randomUUID()}` };
    await demo('POST', `/commissions/${uid}/approve`, {}, approveKey);
    expect((await demo('POST', `/commissions/${uid}/approve`, {}, approveKey)).headers.get('idempotent-replayed')).toBe('true');
    // A second approval without the key is refused (409): no event either.
    expect((await demo('POST', `/commissions/${uid}/approve`, {})).status).toBe(409);
    expect((await delivered()).map((e) => e.type)).toEqual(['commission.created', 'commission.approved']);
  });

  it('a conversion recorded approved also says commission.approved; a denial and a bulk approval say theirs', async () => {
    await subscribe(['commission.created', 'commission.approved', 'commission.denied']);
    const approvedAtOnce = await demo('POST', '/events', conversion({ is_approved: true }));
    const denied = await demo('POST', '/events', conversion());
    await demo('POST', `/commissions/${denied.body.commission.uid}/deny`, {});
    const a = await demo('POST', '/events', conversion());
    const b = await demo('POST', '/events', conversion());
    const bulk = await demo('POST', '/commissions/approve', { uids: [a.body.commission.uid, b.body.commission.uid] });
    expect(bulk.status).toBe(200);
    const events = (await delivered()).map((e) => `${e.type} ${e.data.commission.uid}`);
    const c = (r: typeof a) => r.body.commission.uid;
    expect(events).toEqual([
      `commission.created ${c(approvedAtOnce)}`, `commission.approved ${c(approvedAtOnce)}`,
      `commission.created ${c(denied)}`, `commission.denied ${c(denied)}`,
      `commission.created ${c(a)}`, `commission.created ${c(b)}`,
      `commission.approved ${c(a)}`, `commission.approved ${c(b)}`,
    ]);
  });
});

describe('payout events', () => {
  it('a payout says payout.created and commission.paid for each commission it paid', async () => {
    await subscribe(['payout.created', 'commission.paid']);
    const who = await newAmbassador();
    const first = await demo('POST', '/events', conversion({ short_code: undefined, referrer_email: who.email, revenue: '100', is_approved: true }));
    const second = await demo('POST', '/events', conversion({ short_code: undefined, referrer_email: who.email, revenue: '50', is_approved: true }));
    const row = await env.DB.prepare("SELECT settings FROM customizations WHERE id = 'cust-demo'").first<string>('settings');
    try {
      const settings = JSON.parse(row!);
      settings.payouts = { ...settings.payouts, holding_days: 0, minimum_minor: 0 };
      await env.DB.prepare("UPDATE customizations SET settings = ? WHERE id = 'cust-demo'").bind(JSON.stringify(settings)).run();
      const payout = await demo('POST', '/payouts', { ambassador_uid: who.uid, method: 1, transaction_id: 'PAYPAL-HOOKS' });
      expect(payout.status).toBe(201);
      const events = await delivered();
      expect(events.map((e) => e.type)).toEqual(['payout.created', 'commission.paid', 'commission.paid']);
      expect(events[0]!.data).toEqual({ payout: payout.body.payout });
      expect(events.slice(1).map((e) => e.data.commission.uid)).toEqual([first.body.commission.uid, second.body.commission.uid]);
      expect(events.slice(1).every((e) => e.data.commission.status === 'paid' && e.data.payout_uid === payout.body.payout.uid)).toBe(true);
    } finally {
      await env.DB.prepare("UPDATE customizations SET settings = ? WHERE id = 'cust-demo'").bind(row).run();
    }
  });
});

describe('redemption events', () => {
  /** A shipped-item reward of demo and an ambassador with points to spend on it. */
  async function redeemer(slug: string) {
    await env.DB.prepare(
      `INSERT INTO rewards (uid, company_id, name, type, value_kind, points, value_minor, currency, config, stock)
       VALUES (?, 'demo', 'Hoodie', 1, 'fixed', 100, 500, 'USD', '{"field_kind":"quantity"}', NULL)`,
    ).bind(`rwd-hooks-${slug}`).run();
    const who = await newAmbassador();
    await demo('POST', `/ambassadors/${who.uid}/loyalty/entries`, { kind: 'points', amount: 500, description: 'Test points' });
    const { token } = await issueToken(env.DB, 'demo', who.userId);
    const redeem = () => request(portal, '/v1/loyalty/gift_card/redeem/', {
      method: 'POST', headers: { authorization: `Token ${token}` }, body: { affiliate_uid: who.uid, gift_card_uid: `rwd-hooks-${slug}` },
    });
    return { who, redeem };
  }

  it('a fulfilled redemption says redemption.completed, without the issued codes', async () => {
    await subscribe(['redemption.completed', 'redemption.failed']);
    setFulfilmentProvider(() => ({
      name: 'test-issue',
      issue: async () => ({ status: 'issued', details: {
        card_name: 'Hoodie', card_number: null, card_pin: '9999', card_code: 'SECRET-CODE', redemption_url: null, security_url: null,
        security_code: null, order_id: 'ORD-77',
      } }),
    }));
    const { who, redeem } = await redeemer('issued');
    const res = await redeem();
    expect(res.status).toBe(201);
    const events = await delivered();
    expect(events.map((e) => e.type)).toEqual(['redemption.completed']);
    expect(events[0]!.data.redemption).toMatchObject({ id: res.body.results.id, ambassador_uid: who.uid, status: 'completed', order_id: 'ORD-77' });
    expect(JSON.stringify(events[0])).not.toContain('SECRET-CODE');
  });

  it('the company completes one by hand (redemption.completed) or fails one (redemption.failed)', async () => {
    await subscribe(['redemption.completed', 'redemption.failed']);
    setFulfilmentProvider(() => ({ name: 'test-timeout', issue: async () => { throw new Error('timeout'); } }));
    const { redeem } = await redeemer('manual');
    const kept = await redeem();
    const dropped = await redeem();
    expect([kept.body.results.status, dropped.body.results.status]).toEqual(['processing', 'processing']);
    expect(await eventCount()).toBe(0);
    expect((await demo('POST', `/redemptions/${kept.body.results.id}/complete`, { details: { order_id: 'SHIP-9' } })).status).toBe(200);
    expect((await demo('POST', `/redemptions/${dropped.body.results.id}/fail`, { reason: 'Out of this size' })).status).toBe(200);
    const events = await delivered();
    expect(events.map((e) => `${e.type} ${e.data.redemption.id}`)).toEqual([
      `redemption.completed ${kept.body.results.id}`, `redemption.failed ${dropped.body.results.id}`,
    ]);
    expect(events[1]!.data.redemption.failure_reason).toBe('Out of this size');
  });
});

describe('ambassador events', () => {
  it('a person who registers says ambassador.registered', async () => {
    await subscribe(['ambassador.registered']);
    const email = `joiner-${crypto.randomUUID().slice(0, 8)}@x.test`;
    const { res, body } = await register('localhost', 'demo', { firstName: 'Jo', lastName: 'Iner', email, country: 'US', terms: 'on' },
      { env: { WEBHOOKS_QUEUE: queue.binding } });
    expect(res.status).toBe(201);
    const events = await delivered();
    expect(events.map((e) => e.type)).toEqual(['ambassador.registered']);
    expect(events[0]!.data).toMatchObject({ ambassador_uid: body.ambassador_uid, email, first_name: 'Jo', last_name: 'Iner', source: 'registration' });
    expect(Array.isArray(events[0]!.data.campaign_uids)).toBe(true);
  });
});

describe('which endpoints get an event', () => {
  it('only enabled endpoints subscribed to its type; with none, no event is stored', async () => {
    const wanted = await subscribe(['commission.created']);
    const other = await subscribe(['payout.created']);
    const off = await subscribe(['commission.created']);
    await demo('PATCH', `/webhooks/endpoints/${off}`, { enabled: false });
    await demo('POST', '/events', conversion());
    const rows = await env.DB.prepare('SELECT endpoint_id FROM webhook_deliveries').all<{ endpoint_id: string }>();
    expect(rows.results.map((r) => r.endpoint_id)).toEqual([wanted]);
    expect(rows.results.map((r) => r.endpoint_id)).not.toContain(other);

    await forgetWebhooks();
    await subscribe(['payout.created']);
    await demo('POST', '/events', conversion());
    expect(await eventCount()).toBe(0);
  });

  it('a failure to record an event that follows its write leaves the write done (a denial by hand)', async () => {
    await subscribe(['commission.denied']);
    const sale = await demo('POST', '/events', conversion());
    expect(sale.status).toBe(201);
    await env.DB.prepare("CREATE TRIGGER webhook_events_broken BEFORE INSERT ON webhook_events BEGIN SELECT RAISE(ABORT, 'disk full'); END").run();
    try {
      const denied = await demo('POST', `/commissions/${sale.body.commission.uid}/deny`);
      expect(denied.status).toBe(200);
      expect(await env.DB.prepare('SELECT status FROM commissions WHERE uid = ?').bind(sale.body.commission.uid).first('status')).toBe('denied');
      expect(await eventCount()).toBe(0);
    } finally {
      await env.DB.prepare('DROP TRIGGER webhook_events_broken').run();
    }
  });

  it('a commission and its commission.created are one write: when the event cannot be recorded neither is the conversion, and the retry records both', async () => {
    await subscribe(['commission.created']);
    const body = conversion();
    const commissions = () => env.DB.prepare('SELECT COUNT(*) AS n FROM commissions WHERE transaction_id = ?').bind(body.transaction_uid).first<number>('n');
    await env.DB.prepare("CREATE TRIGGER webhook_events_broken BEFORE INSERT ON webhook_events BEGIN SELECT RAISE(ABORT, 'disk full'); END").run();
    try {
      const sale = await demo('POST', '/events', body);
      expect(sale.status).toBe(500);
      expect(await commissions()).toBe(0);
      expect(await eventCount()).toBe(0);
    } finally {
      await env.DB.prepare('DROP TRIGGER webhook_events_broken').run();
    }
    const retry = await demo('POST', '/events', body);
    expect(retry.status).toBe(201);
    expect(await commissions()).toBe(1);
    expect(await eventCount()).toBe(1);
  });
});
