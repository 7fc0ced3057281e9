// PayPal Payouts end to end against the local PayPal stand-in (scripts/standins/paypal.mjs): a run drafted on the
// PayPal rail, approved by another actor, sent as one PayPal batch, settled by PayPal's verified webhooks or by
// reading the batch back, and every fault of docs/payouts.md: nothing is paid twice, nothing is lost.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { edge } from './helpers';
import { KEYS, conversion, op, scalar, setPayoutSettings } from './operator-fixtures';
import { connectPayPal, deliver, deliverAll, paidTo, queuedDeliveries, standIn, type Delivery } from './paypal-standin';
import { fullSession } from './staff-helpers';
import { forgetWebhooks, hookUrl } from './webhooks-fixtures';

const asStaff = (token: string, method: string, path: string, body?: unknown) =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host: 'localhost' });

type Item = { ambassador_uid: string; amount: number; status: string; payout_uid: string | null; provider_ref: string | null; failure: string | null };
type Run = { run: { uid: string; status: string; rail: string; provider_batch_id: string | null }; items: Item[] };
const itemOf = (run: Run, uid: string) => run.items.find((i) => i.ambassador_uid === uid)!;

let finance: string;
let owner: string;
let round = 0;
/** This test's PayPal e-mail of each ambassador: the stand-in counts payouts per receiver, so each test has its own. */
let email: Record<'amb-ava' | 'amb-ben', string>;

async function approvedSale(shortCode: string, revenue: string) {
  const sale = await op(KEYS.demo, 'POST', '/events', conversion({ revenue, short_code: shortCode }));
  const uid = sale.body.commission.uid as string;
  expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
  await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-45 days') WHERE uid = ?`).bind(uid).run();
}

/** Ava and Ben each earn something payable, and the run is drafted on PayPal by the key and approved by finance. */
async function approvedRun(): Promise<Run> {
  await approvedSale('ava-demo', '120.00');
  await approvedSale('ben-demo', '80.00');
  const draft = await op(KEYS.demo, 'POST', '/payout-runs', { rail: 'paypal' });
  expect(draft.status).toBe(201);
  expect(draft.body.run.rail).toBe('paypal');
  expect(itemOf(draft.body, 'amb-ava').status).toBe('included');
  expect(itemOf(draft.body, 'amb-ben').status).toBe('included');
  const approved = await asStaff(finance, 'POST', `/payout-runs/${draft.body.run.uid}/approve`);
  expect(approved.status).toBe(200);
  return approved.body;
}

const send = async (uid: string) => {
  const sent = await op(KEYS.demo, 'POST', `/payout-runs/${uid}/send`);
  expect(sent.status).toBe(200);
  return sent.body as Run;
};
const read = async (uid: string) => (await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body as Run;
/** The run's payouts paid (each item's payout, the one it can have). */
const paidPayouts = (runUid: string) => scalar(
  `SELECT COUNT(*) FROM payouts WHERE company_id = 'demo' AND status = 'paid'
      AND uid IN (SELECT payout_uid FROM payout_run_items WHERE company_id = 'demo' AND run_uid = ?)`, runUid);
const payoutStatus = (uid: string | null) => scalar<string>("SELECT status FROM payouts WHERE company_id = 'demo' AND uid = ?", uid);
/** The decimal PayPal got for an item of the run, as the run's currency writes it. */
const decimal = (minor: number) => (minor / 100).toFixed(2);
const itemEvents = (ds: Delivery[]) => ds.filter((d) => d.event_type.startsWith('PAYMENT.PAYOUTS-ITEM.'));
const payableOf = async (uid: string) =>
  ((await op(KEYS.demo, 'GET', '/payouts/payable')).body.results as { ambassador_uid: string; payable: number }[]).find((r) => r.ambassador_uid === uid)?.payable ?? 0;

beforeAll(async () => {
  const customization = await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id');
  await setPayoutSettings(customization!, { holding_days: 30, minimum_minor: 0 });
  finance = await fullSession('localhost', 'finance@demo.test');
  owner = await fullSession('localhost', 'owner@demo.test');
  await standIn({ reset: true, delivery: 'queue' });
  await connectPayPal('demo', KEYS.demo, 'localhost');
});

beforeEach(async () => {
  round++;
  email = { 'amb-ava': `ava.r${round}@paypal.test`, 'amb-ben': `ben.r${round}@paypal.test` };
  for (const [uid, address] of Object.entries(email)) {
    await env.DB.prepare(
      `INSERT INTO payout_destinations (company_id, ambassador_uid, rail, paypal_email, status, created_at, updated_at)
       VALUES ('demo', ?1, 'paypal', ?2, 'ready', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')
       ON CONFLICT (company_id, ambassador_uid, rail) DO UPDATE SET paypal_email = ?2, status = 'ready'`,
    ).bind(uid, address).run();
  }
  // Every test starts with no fault armed, items settling as soon as PayPal made them, and no webhook waiting.
  await standIn({ settle: 'auto', hold_answers: false, duplicate_deliveries: false, max_page_size: 1000 });
  await queuedDeliveries();
});

describe('the PayPal connection', () => {
  it('is set by an owner, shown masked without its secret, and removed; a finance member cannot read it', async () => {
    const secret = `EeShownNever-${crypto.randomUUID()}`;
    const put = await asStaff(owner, 'PUT', '/integrations/paypal', { client_id: 'AbCdEfGh12345678', client_secret: secret, mode: 'live', webhook_id: 'WH0001' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ provider: 'paypal', is_set: true, client_id: 'AbCd…5678', mode: 'live', webhook_id: 'WH0001' });
    expect(put.body.webhook_url).toBe('http://localhost/v1/hooks/paypal/demo');
    const got = await op(KEYS.demo, 'GET', '/integrations/paypal');
    expect(got.body).toEqual(put.body);
    expect(JSON.stringify(got.body)).not.toContain(secret);
    const stored = await scalar<string>("SELECT client_secret_sealed FROM paypal_integrations WHERE company_id = 'demo'");
    expect(stored).not.toContain(secret);
    expect((await asStaff(finance, 'GET', '/integrations/paypal')).status).toBe(403);
    const bad = await op(KEYS.demo, 'PUT', '/integrations/paypal', { client_id: 'AbCdEfGh12345678', client_secret: secret, mode: 'production', webhook_id: 'WH0001' });
    expect(bad.status).toBe(400);
    expect(bad.body.mode).toBeDefined();
    const removed = await op(KEYS.demo, 'DELETE', '/integrations/paypal');
    expect(removed.body).toMatchObject({ is_set: false, client_id: null });
    // Without PayPal set, a run cannot be drafted on it.
    const draft = await op(KEYS.demo, 'POST', '/payout-runs', { rail: 'paypal' });
    expect(draft.status).toBe(409);
    expect(draft.body.code).toBe('payoutRailNotConfigured');
    await connectPayPal('demo', KEYS.demo, 'localhost');
  });

  it('keeps the secret sealed to its company: copied to another company it does not open', async () => {
    await env.DB.prepare(
      `INSERT INTO paypal_integrations (company_id, client_id, client_secret_sealed, mode, webhook_id, updated_at)
       SELECT 'acme', client_id, client_secret_sealed, mode, webhook_id, updated_at FROM paypal_integrations WHERE company_id = 'demo'`,
    ).run();
    const hook = await postHook('http://acme.localhost/v1/hooks/paypal/acme', { id: 'WH-X', event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED' });
    expect(hook.status).toBe(409);
    await env.DB.prepare("DELETE FROM paypal_integrations WHERE company_id = 'acme'").run();
  });
});

/** A webhook posted by hand with PayPal's headers (all present, signed by nobody). */
async function postHook(url: string, event: Record<string, unknown>) {
  const res = await edge().fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json', 'paypal-transmission-id': crypto.randomUUID(), 'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': 'forged', 'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1', 'paypal-auth-algo': 'SHA256withRSA',
    },
    body: JSON.stringify(event),
  });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

describe('a payout run on PayPal', () => {
  it('is one PayPal batch; PayPal\'s webhooks mark each item paid, its payout paid, and the run paid', async () => {
    await standIn({ settle: 'manual' });
    const run = await approvedRun();
    const sent = await send(run.run.uid);
    expect(sent.run.status).toBe('sending');
    expect(sent.run.provider_batch_id).toEqual(expect.any(String));
    for (const uid of ['amb-ava', 'amb-ben'] as const) {
      const item = itemOf(sent, uid);
      expect(item.status).toBe('sent');
      expect(item.provider_ref).toEqual(expect.any(String));
      expect(await payoutStatus(item.payout_uid)).toBe('processing');
      expect(await paidTo(email[uid])).toMatchObject({ count: 1, total: decimal(item.amount) });
    }
    await standIn({ settle_now: sent.run.provider_batch_id });
    const answers = await deliverAll();
    expect(answers.map((a) => a.reply.status)).toEqual(answers.map(() => 200));
    expect(itemEvents(answers.map((a) => a.delivery))).toHaveLength(2);
    const done = await read(run.run.uid);
    expect(done.run.status).toBe('paid');
    for (const uid of ['amb-ava', 'amb-ben'] as const) {
      expect(itemOf(done, uid).status).toBe('paid');
      expect(await payoutStatus(itemOf(done, uid).payout_uid)).toBe('paid');
      expect((await paidTo(email[uid])).count).toBe(1);
    }
  });

  it('is paid once when PayPal accepted the batch but the answer was lost, and the send is retried', async () => {
    const run = await approvedRun();
    await standIn({ fail: { route: 'payouts', kind: 'timeout' } });
    const first = await send(run.run.uid);
    expect(first.run.status).toBe('sending');
    expect(itemOf(first, 'amb-ava').status).toBe('sent');
    expect((await paidTo(email['amb-ava'])).count).toBe(1);
    const again = await send(run.run.uid);
    expect(again.run.status).toBe('paid');
    expect(again.run.provider_batch_id).toEqual(expect.any(String));
    expect((await paidTo(email['amb-ava'])).count).toBe(1);
    expect((await paidTo(email['amb-ben'])).count).toBe(1);
    expect(await paidPayouts(run.run.uid)).toBe(2);
  });

  it('waits 10 s for an answer that never comes, keeps the items sent, and pays them once when sent again', async () => {
    const run = await approvedRun();
    await standIn({ fail: { route: 'payouts', kind: 'hang' } });
    const first = await send(run.run.uid);
    expect(first.run.status).toBe('sending');
    expect(itemOf(first, 'amb-ben').status).toBe('sent');
    expect((await paidTo(email['amb-ben'])).count).toBe(1);
    const again = await send(run.run.uid);
    expect(again.run.status).toBe('paid');
    expect((await paidTo(email['amb-ava'])).count).toBe(1);
    expect((await paidTo(email['amb-ben'])).count).toBe(1);
  });

  it('is paid once when two sends run at the same time', async () => {
    const run = await approvedRun();
    const [a, b] = await Promise.all([
      op(KEYS.demo, 'POST', `/payout-runs/${run.run.uid}/send`),
      op(KEYS.demo, 'POST', `/payout-runs/${run.run.uid}/send`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await op(KEYS.demo, 'POST', `/payout-runs/${run.run.uid}/reconcile`);
    const done = await read(run.run.uid);
    expect(done.run.status).toBe('paid');
    expect((await paidTo(email['amb-ava'])).count).toBe(1);
    expect((await paidTo(email['amb-ben'])).count).toBe(1);
    expect(await paidPayouts(run.run.uid)).toBe(2);
  });

  it('stays sending when PayPal answers 500, and is paid once when reconciled', async () => {
    const run = await approvedRun();
    await standIn({ fail: { route: 'payouts', kind: '500' } });
    const sent = await send(run.run.uid);
    expect(sent.run.status).toBe('sending');
    expect(itemOf(sent, 'amb-ava').status).toBe('sent');
    expect((await paidTo(email['amb-ava'])).count).toBe(0);
    const reconciled = await op(KEYS.demo, 'POST', `/payout-runs/${run.run.uid}/reconcile`);
    expect(reconciled.status).toBe(200);
    expect(reconciled.body.run.status).toBe('paid');
    expect((await paidTo(email['amb-ava'])).count).toBe(1);
    expect((await paidTo(email['amb-ben'])).count).toBe(1);
  });

  it('gives a failed item\'s money back: the run is partially failed and the amount payable again', async () => {
    await standIn({ settle: 'manual', receivers: { [email['amb-ben']]: 'FAILED' } });
    const run = await approvedRun();
    const benAmount = itemOf(run, 'amb-ben').amount;
    const sent = await send(run.run.uid);
    // Handed to PayPal: the money is committed to the payout, nothing is payable meanwhile.
    expect(itemOf(sent, 'amb-ben').status).toBe('sent');
    expect(await payableOf('amb-ben')).toBe(0);
    await standIn({ settle_now: sent.run.provider_batch_id });
    const answers = await deliverAll();
    expect(answers.filter((a) => a.reply.body.result === 'settled')).toHaveLength(2);
    const done = await read(run.run.uid);
    expect(done.run.status).toBe('partially_failed');
    expect(itemOf(done, 'amb-ava').status).toBe('paid');
    expect(itemOf(done, 'amb-ben')).toMatchObject({ status: 'failed', failure: 'failed' });
    expect(await payoutStatus(itemOf(done, 'amb-ben').payout_uid)).toBe('failed');
    expect(await payableOf('amb-ben')).toBe(benAmount);
    // PayPal reading the same item again (reconciliation) changes nothing: the money came back once.
    await op(KEYS.demo, 'POST', `/payout-runs/${run.run.uid}/reconcile`);
    expect(await payableOf('amb-ben')).toBe(benAmount);
    expect(await scalar("SELECT COALESCE(SUM(amount_minor), 0) FROM payout_returns WHERE company_id = 'demo' AND payout_id = (SELECT id FROM payouts WHERE company_id = 'demo' AND uid = ?)",
      itemOf(done, 'amb-ben').payout_uid)).toBe(benAmount);
  });

  it('keeps an unclaimed item sent while PayPal holds it, and gives it back as unclaimed when PayPal returns it', async () => {
    await standIn({ receivers: { [email['amb-ava']]: 'UNCLAIMED' } });
    const run = await approvedRun();
    const avaAmount = itemOf(run, 'amb-ava').amount;
    const sent = await send(run.run.uid);
    expect(itemOf(sent, 'amb-ava').status).toBe('sent');
    expect(itemOf(sent, 'amb-ben').status).toBe('paid');
    await deliverAll();
    expect(itemOf(await read(run.run.uid), 'amb-ava').status).toBe('sent');
    // Thirty days on, PayPal returns the money and says so.
    await standIn({ set_item: { receiver: email['amb-ava'], status: 'RETURNED' } });
    const [returned] = itemEvents(await queuedDeliveries());
    expect(returned!.event_type).toBe('PAYMENT.PAYOUTS-ITEM.RETURNED');
    expect((await deliver(returned!)).body.result).toBe('settled');
    const done = await read(run.run.uid);
    expect(itemOf(done, 'amb-ava')).toMatchObject({ status: 'failed', failure: 'unclaimed' });
    expect(done.run.status).toBe('partially_failed');
    expect(await payableOf('amb-ava')).toBe(avaAmount);
  });

  it('gives back an item PayPal refunds after paying it', async () => {
    const run = await approvedRun();
    const sent = await send(run.run.uid);
    expect(sent.run.status).toBe('paid');
    await queuedDeliveries();
    await standIn({ set_item: { receiver: email['amb-ava'], status: 'REFUNDED' } });
    const [refunded] = itemEvents(await queuedDeliveries());
    expect(refunded!.event_type).toBe('PAYMENT.PAYOUTS-ITEM.REFUNDED');
    expect((await deliver(refunded!)).body.result).toBe('settled');
    const done = await read(run.run.uid);
    expect(itemOf(done, 'amb-ava')).toMatchObject({ status: 'failed', failure: 'refunded' });
    expect(itemOf(done, 'amb-ben').status).toBe('paid');
    expect(await payableOf('amb-ava')).toBe(itemOf(run, 'amb-ava').amount);
  });

  it('fails every item as provider_rejected when PayPal refuses the batch for insufficient funds: nothing paid, all given back', async () => {
    await standIn({ insufficient_funds: 1 });
    const run = await approvedRun();
    const sent = await send(run.run.uid);
    expect(sent.run.status).toBe('failed');
    for (const uid of ['amb-ava', 'amb-ben'] as const) {
      expect(itemOf(sent, uid)).toMatchObject({ status: 'failed', failure: 'provider_rejected' });
      expect((await paidTo(email[uid])).count).toBe(0);
      expect(await payableOf(uid)).toBe(itemOf(run, uid).amount);
    }
  });

  it('settles an item from a webhook that arrives before the send\'s answer, once', async () => {
    await standIn({ hold_answers: true });
    const run = await approvedRun();
    const sending = send(run.run.uid);
    let early: Delivery[] = [];
    for (let i = 0; i < 200 && early.length < 2; i++) {
      early = [...early, ...itemEvents(await queuedDeliveries())];
      if (early.length < 2) await new Promise((r) => setTimeout(r, 25));
    }
    expect(early).toHaveLength(2);
    for (const d of early) expect((await deliver(d)).body.result).toBe('settled');
    const settledEarly = await read(run.run.uid);
    expect(itemOf(settledEarly, 'amb-ava').status).toBe('paid');
    await standIn({ release: true });
    const sent = await sending;
    expect(sent.run.status).toBe('paid');
    expect(await paidPayouts(run.run.uid)).toBe(2);
    expect((await paidTo(email['amb-ava'])).count).toBe(1);
  });

  it('applies the same webhook delivered twice once: the second answers duplicate', async () => {
    expect((await op(KEYS.demo, 'POST', '/webhooks/endpoints', { url: hookUrl(), event_types: ['payout.paid'] })).status).toBe(201);
    await standIn({ settle: 'manual', duplicate_deliveries: true });
    const run = await approvedRun();
    const sent = await send(run.run.uid);
    await standIn({ settle_now: sent.run.provider_batch_id });
    const answers = await deliverAll();
    const results = new Map<string, string[]>();
    for (const a of answers) results.set(a.delivery.event_id, [...(results.get(a.delivery.event_id) ?? []), a.reply.body.result]);
    const ava = answers.find((a) => a.delivery.body.includes(email['amb-ava']))!;
    expect(results.get(ava.delivery.event_id)).toEqual(['settled', 'duplicate']);
    expect(await scalar("SELECT COUNT(*) FROM hook_events WHERE company_id = 'demo' AND provider = 'paypal' AND event_id = ?", ava.delivery.event_id)).toBe(1);
    const paidEvents = await scalar(
      "SELECT COUNT(*) FROM webhook_events WHERE company_id = 'demo' AND type = 'payout.paid' AND json_extract(payload, '$.data.payout.uid') = ?",
      itemOf(sent, 'amb-ava').payout_uid,
    );
    expect(paidEvents).toBe(1);
    expect((await read(run.run.uid)).run.status).toBe('paid');
    await forgetWebhooks();
  });

  it('refuses a webhook PayPal does not verify (a changed body, a forged signature) with 400, and changes nothing', async () => {
    await standIn({ settle: 'manual' });
    const run = await approvedRun();
    const sent = await send(run.run.uid);
    await standIn({ receivers: { [email['amb-ava']]: 'FAILED' }, settle_now: sent.run.provider_batch_id });
    const [item] = itemEvents(await queuedDeliveries()).filter((d) => d.body.includes(email['amb-ava']));
    const forged = item!.body.replace('"FAILED"', '"SUCCESS"').replace('PAYMENT.PAYOUTS-ITEM.FAILED', 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    const changed = await deliver(item!, { body: forged });
    expect(changed.status).toBe(400);
    const badSig = await deliver(item!, { headers: { ...item!.headers, 'paypal-transmission-sig': 'AAAA' } });
    expect(badSig.status).toBe(400);
    const now = await read(run.run.uid);
    expect(itemOf(now, 'amb-ava').status).toBe('sent');
    expect(await scalar("SELECT COUNT(*) FROM hook_events WHERE company_id = 'demo' AND provider = 'paypal' AND event_id = ?", item!.event_id)).toBe(0);
    // The real delivery still applies afterwards.
    expect((await deliver(item!)).body.result).toBe('settled');
    expect(itemOf(await read(run.run.uid), 'amb-ava')).toMatchObject({ status: 'failed', failure: 'failed' });
  });

  it('reconciles a run stuck in sending from PayPal\'s own status of the batch, read page by page', async () => {
    await standIn({ settle: 'manual', max_page_size: 1 });
    const run = await approvedRun();
    const sent = await send(run.run.uid);
    expect(sent.run.status).toBe('sending');
    await standIn({ settle_now: sent.run.provider_batch_id });
    await queuedDeliveries(); // the webhooks never arrive
    const reconciled = await op(KEYS.demo, 'POST', `/payout-runs/${run.run.uid}/reconcile`);
    expect(reconciled.body.run.status).toBe('paid');
    expect(itemOf(reconciled.body, 'amb-ava').status).toBe('paid');
    expect(itemOf(reconciled.body, 'amb-ben').status).toBe('paid');
  });

  it('settles the batch\'s items from a PAYMENT.PAYOUTSBATCH webhook when the item webhooks were lost', async () => {
    await standIn({ settle: 'manual' });
    const run = await approvedRun();
    const sent = await send(run.run.uid);
    await standIn({ settle_now: sent.run.provider_batch_id });
    const batchEvent = (await queuedDeliveries()).find((d) => d.event_type === 'PAYMENT.PAYOUTSBATCH.SUCCESS')!;
    expect((await deliver(batchEvent)).body.result).toBe('settled');
    expect((await read(run.run.uid)).run.status).toBe('paid');
  });
});
