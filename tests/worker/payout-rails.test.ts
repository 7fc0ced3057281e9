// Payout runs on a rail that pays by itself (src/api/payouts/runs.ts, settle.ts): the external rail through a
// whole run (payout.requested, then the company's confirm), each item settled once however often it is told,
// a failure that gives the money back (payout_returns, payable again, the ambassador's e-mail in their language),
// a retry that pays only what failed, a send or a settle stopped at any D1 round trip that leaves nothing
// half-written, tenant isolation and roles.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/lib/i18n';
import { reconcileStuckRuns, sendRun } from '../../src/api/payouts/runs';
import { settleItem } from '../../src/api/payouts/settle';
import type { ItemOutcome } from '../../src/api/payouts/rails/types';
import type { ServiceContext } from '../../src/api/core/types';
import { scheduledContext } from '../../src/edge/scheduled';
import { meteredDb, stops } from './metered-db';
import { KEYS, conversion, op, scalar, setPayoutSettings } from './operator-fixtures';
import { call, token } from './profile-fixtures';
import { fullSession } from './staff-helpers';
import { forgetWebhooks, hookUrl } from './webhooks-fixtures';

const asStaff = (token: string, method: string, path: string, body?: unknown) =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host: 'localhost' });

type Item = {
  ambassador_uid: string; amount: number; commissions: number; status: string; reason: string | null; payout_uid: string | null;
  provider_ref: string | null; attempts: number; failure: string | null;
};
type RunAnswer = { run: { uid: string; status: string; rail: string; currency: string }; items: Item[] };
const itemOf = (run: { items: Item[] }, uid = 'amb-ava') => run.items.find((i) => i.ambassador_uid === uid)!;

async function approvedSale(revenue: string, daysAgo: number) {
  const sale = await op(KEYS.demo, 'POST', '/events', conversion({ revenue }));
  const uid = sale.body.commission.uid as string;
  expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
  await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE uid = ?`).bind(`-${daysAgo} days`, uid).run();
}

const eventsOf = async (type: string, field: string, value: string) => (await env.DB.prepare(
  `SELECT json_extract(payload, '$.data') AS data FROM webhook_events WHERE company_id = 'demo' AND type = ? AND json_extract(payload, ?) = ?`,
).bind(type, `$.data.${field}`, value).all<{ data: string }>()).results.map((r) => JSON.parse(r.data));

const payoutOf = (uid: string) => env.DB.prepare(
  `SELECT p.status, p.paid_at, p.transaction_id, p.amount_minor, (SELECT COUNT(*) FROM commissions c WHERE c.company_id = p.company_id AND c.payout_id = p.id) AS committed,
          (SELECT COUNT(*) FROM payout_returns r WHERE r.company_id = p.company_id AND r.payout_id = p.id) AS returns,
          (SELECT COALESCE(SUM(amount_minor), 0) FROM payout_returns r WHERE r.company_id = p.company_id AND r.payout_id = p.id) AS returned,
          (SELECT status FROM activities a WHERE a.company_id = p.company_id AND a.payout_id = p.id AND a.type = 'payout') AS activity
     FROM payouts p WHERE p.company_id = 'demo' AND p.uid = ?`,
).bind(uid).first<{ status: string; paid_at: string | null; transaction_id: string; amount_minor: number; committed: number; returns: number; returned: number; activity: string }>();

const runPayouts = (runUid: string) => scalar("SELECT COUNT(*) AS n FROM payouts WHERE company_id = 'demo' AND transaction_id = ?", `run:${runUid}`);
const avaPayable = async () => (await op(KEYS.demo, 'GET', '/payouts/payable')).body.results.find((r: { ambassador_uid: string }) => r.ambassador_uid === 'amb-ava');
const failureMails = (payoutUid: string) => env.DB.prepare(
  "SELECT to_email, subject, body_text FROM email_outbox WHERE company_id = 'demo' AND template = 'payout_failed' AND instr(body_text, ?) > 0",
).bind(payoutUid).all<{ to_email: string; subject: string; body_text: string }>();

let finance: string;
let owner: string;
let avaEmail: string;

/** A service context on the test's D1 (or `db`): what a webhook, the cron or a rail's answer settles with. */
const svcOf = (db: D1Database = env.DB): ServiceContext => ({ ...scheduledContext(env, createExecutionContext()), db });
const demoOperator = (currency: string) => ({ companyId: 'demo', currency, actor: { kind: 'key' as const, id: 'fault-test', label: 'fault test' } });

/** A run on `rail` drafted by the key, approved by finance: Ava included with a new sale. */
async function approvedRun(rail: string, revenue = '50.00'): Promise<RunAnswer> {
  await approvedSale(revenue, 45);
  const draft = await op(KEYS.demo, 'POST', '/payout-runs', { rail });
  expect(draft.status).toBe(201);
  expect(draft.body.run.rail).toBe(rail);
  expect((await asStaff(finance, 'POST', `/payout-runs/${draft.body.run.uid}/approve`)).status).toBe(200);
  return draft.body;
}

/** An approved external run, sent: Ava's item `sent`. */
async function sentExternalRun(revenue = '50.00'): Promise<RunAnswer> {
  const draft = await approvedRun('external', revenue);
  const sent = await asStaff(finance, 'POST', `/payout-runs/${draft.run.uid}/send`);
  expect(sent.status).toBe(200);
  expect(itemOf(sent.body).status).toBe('sent');
  return sent.body;
}

beforeAll(async () => {
  const customization = await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id');
  await setPayoutSettings(customization!, { holding_days: 30, minimum_minor: 0 });
  await env.DB.prepare("UPDATE ambassadors SET paypal_email = 'ava.pay@demo.test', payout_preference = NULL, deactivated_by_self = 0, language = NULL WHERE company_id = 'demo' AND uid = 'amb-ava'").run();
  avaEmail = await scalar<string>("SELECT u.email FROM users u JOIN ambassadors a ON a.company_id = u.company_id AND a.user_id = u.id WHERE a.company_id = 'demo' AND a.uid = 'amb-ava'");
  finance = await fullSession('localhost', 'finance@demo.test');
  owner = await fullSession('localhost', 'owner@demo.test');
  // Everyone payable now is paid by hand first, so each run below holds what its own sale made payable.
  const first = await op(KEYS.demo, 'POST', '/payout-runs');
  if (first.status === 201) {
    expect((await asStaff(finance, 'POST', `/payout-runs/${first.body.run.uid}/approve`)).status).toBe(200);
    expect((await asStaff(finance, 'POST', `/payout-runs/${first.body.run.uid}/send`)).status).toBe(200);
  }
});

afterAll(forgetWebhooks);

describe('rails a company can pay on', () => {
  it('refuses a draft on a rail the company cannot pay on (409 payoutRailNotConfigured) and lists only those it can', async () => {
    await approvedSale('30.00', 45);
    for (const rail of ['external', 'paypal', 'stripe']) {
      const refused = await op(KEYS.demo, 'POST', '/payout-runs', { rail });
      expect(refused.status, rail).toBe(409);
      expect(refused.body.code, rail).toBe('payoutRailNotConfigured');
    }
    expect((await op(KEYS.demo, 'GET', '/payout-rails')).body.rails).toEqual(['manual']);
    expect((await op(KEYS.demo, 'POST', '/payout-runs', { rail: 'cheque' })).status).toBe(400);
    // The external rail is ready once the company's own system listens to payout.requested.
    expect((await op(KEYS.demo, 'POST', '/webhooks/endpoints', {
      url: hookUrl(), event_types: ['payout.requested', 'payout.created', 'payout.sent', 'payout.paid', 'payout.failed', 'commission.paid'],
    })).status).toBe(201);
    expect((await op(KEYS.demo, 'GET', '/payout-rails')).body.rails).toEqual(['manual', 'external']);
    expect((await op(KEYS.acme, 'GET', '/payout-rails')).body.rails).toEqual(['manual']);
    expect((await op(KEYS.acme, 'POST', '/payout-runs', { rail: 'external' })).body.code).toBe('payoutRailNotConfigured');
  });
});

describe('the external rail', () => {
  it('pays a whole run: send asks the company\'s system once per item, the confirm settles it paid once', async () => {
    const draft = await approvedRun('external', '64.00');
    const uid = draft.run.uid;
    const included = draft.items.filter((i) => i.status === 'included');
    const sent = (await asStaff(finance, 'POST', `/payout-runs/${uid}/send`)).body as RunAnswer;
    expect(sent.run.status).toBe('sending');
    for (const i of included) {
      const item = itemOf(sent, i.ambassador_uid);
      expect(item).toMatchObject({ status: 'sent', attempts: 1 });
      // The payout exists, processing, holding exactly the drafted commissions: nothing else can take them.
      expect(await payoutOf(item.payout_uid!)).toMatchObject({ status: 'processing', paid_at: null, amount_minor: i.amount, committed: i.commissions, activity: 'processing' });
      const requested = await eventsOf('payout.requested', 'payout_uid', item.payout_uid!);
      expect(requested).toHaveLength(1);
      expect(requested[0]).toMatchObject({
        run_uid: uid, ambassador_uid: i.ambassador_uid, amount: i.amount, currency: draft.run.currency, item_key: item.provider_ref,
        confirm: `/v1/operator/payout-runs/${uid}/items/${i.ambassador_uid}/confirm`,
      });
    }
    expect((await avaPayable())?.payable ?? 0).toBe(0);
    expect(await eventsOf('payout.sent', 'run_uid', uid)).toHaveLength(included.length);

    const ava = itemOf(sent);
    const confirmed = await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/amb-ava/confirm`, { status: 'paid', reference: 'bank-77' });
    expect(confirmed.status).toBe(200);
    expect(itemOf(confirmed.body)).toMatchObject({ status: 'paid', payout_uid: ava.payout_uid });
    const payout = await payoutOf(ava.payout_uid!);
    expect(payout).toMatchObject({ status: 'paid', transaction_id: 'bank-77', committed: ava.commissions, returns: 0, activity: 'paid' });
    expect(payout!.paid_at).not.toBeNull();
    for (const i of included.filter((x) => x.ambassador_uid !== 'amb-ava')) {
      expect((await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/${i.ambassador_uid}/confirm`, { status: 'paid' })).status).toBe(200);
    }
    const done = (await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body as RunAnswer;
    expect(done.run.status).toBe('paid');
    const paid = await eventsOf('payout.paid', 'run_uid', uid);
    expect(paid.map((e) => e.payout.uid).sort()).toEqual(included.map((i) => itemOf(done, i.ambassador_uid).payout_uid).sort());
    expect(paid.find((e) => e.payout.uid === ava.payout_uid).payout).toMatchObject({ status: 'paid', transaction_id: 'bank-77' });
    expect(await eventsOf('commission.paid', 'payout_uid', ava.payout_uid!)).toHaveLength(ava.commissions);
  });

  it('two sends at once record one payout per item and ask the company once per item', async () => {
    const run = await approvedRun('external', '33.00');
    const uid = run.run.uid;
    await Promise.all([
      sendRun(svcOf(), demoOperator(run.run.currency), uid),
      sendRun(svcOf(), demoOperator(run.run.currency), uid),
    ]);
    const sent = (await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body as RunAnswer;
    const ava = itemOf(sent);
    expect(ava.status).toBe('sent');
    expect(await runPayouts(uid)).toBe(sent.items.filter((i) => i.status === 'sent').length);
    expect(await payoutOf(ava.payout_uid!)).toMatchObject({ status: 'processing', committed: ava.commissions, amount_minor: ava.amount });
    expect(await eventsOf('payout.requested', 'item_key', ava.provider_ref!)).toHaveLength(1);
    for (const i of sent.items.filter((x) => x.status === 'sent')) {
      await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/${i.ambassador_uid}/confirm`, { status: 'paid' });
    }
  });

  it('settled twice (the confirm twice, the webhook twice) pays once; a confirm that contradicts it is 409', async () => {
    const sent = await sentExternalRun('41.00');
    const uid = sent.run.uid;
    const ava = itemOf(sent);
    const first = await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/amb-ava/confirm`, { status: 'paid' });
    const second = await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/amb-ava/confirm`, { status: 'paid' });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // A provider's webhook told twice, by the item's reference.
    const paid: ItemOutcome = { state: 'paid', providerRef: ava.provider_ref! };
    await settleItem(svcOf(), 'demo', { providerRef: ava.provider_ref! }, paid);
    await settleItem(svcOf(), 'demo', { providerRef: ava.provider_ref! }, paid);
    expect(await eventsOf('payout.paid', 'payout.uid', ava.payout_uid!)).toHaveLength(1);
    expect(await payoutOf(ava.payout_uid!)).toMatchObject({ status: 'paid', committed: ava.commissions, returns: 0 });
    expect(await runPayouts(uid)).toBe(sent.items.filter((i) => i.payout_uid).length);

    const contradicting = await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/amb-ava/confirm`, { status: 'failed', reason: 'returned' });
    expect(contradicting.status).toBe(409);
    expect(contradicting.body.code).toBe('payoutItemSettled');
    expect(await payoutOf(ava.payout_uid!)).toMatchObject({ status: 'paid', returns: 0 });
    // Nothing to confirm on an item that was never sent, nor on a run of another rail.
    const manual = (await op(KEYS.demo, 'GET', '/payout-runs')).body.results.find((r: { rail: string }) => r.rail === 'manual');
    const wrongRail = await op(KEYS.demo, 'POST', `/payout-runs/${manual.uid}/items/amb-ava/confirm`, { status: 'paid' });
    expect(wrongRail.status).toBe(409);
    expect(wrongRail.body.code).toBe('payoutRunWrongRail');
    expect((await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/amb-nobody/confirm`, { status: 'paid' })).status).toBe(404);
  });

  it('a failure gives the money back: payable again at once, one return per commission, the ambassador told in their language; a retry pays only what failed', async () => {
    await env.DB.prepare("UPDATE ambassadors SET language = 'de' WHERE company_id = 'demo' AND uid = 'amb-ava'").run();
    try {
      const sent = await sentExternalRun('72.00');
      const uid = sent.run.uid;
      const ava = itemOf(sent);
      const others = sent.items.filter((i) => i.status === 'sent' && i.ambassador_uid !== 'amb-ava');
      for (const o of others) await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/${o.ambassador_uid}/confirm`, { status: 'paid' });
      const failed = await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/amb-ava/confirm`, { status: 'failed', reason: 'unclaimed' });
      expect(failed.status).toBe(200);
      expect(itemOf(failed.body)).toMatchObject({ status: 'failed', failure: 'unclaimed' });
      expect(failed.body.run.status).toBe(others.length ? 'partially_failed' : 'failed');
      expect(await payoutOf(ava.payout_uid!)).toMatchObject({ status: 'failed', committed: 0, returns: ava.commissions, returned: ava.amount, activity: 'denied' });
      expect((await avaPayable()).payable).toBe(ava.amount);
      expect((await avaPayable()).blocked_by).toEqual([]);

      const events = await eventsOf('payout.failed', 'payout_uid', ava.payout_uid!);
      expect(events).toEqual([expect.objectContaining({ run_uid: uid, ambassador_uid: 'amb-ava', amount: ava.amount, failure: 'unclaimed' })]);
      const { results: mails } = await failureMails(ava.payout_uid!);
      expect(mails).toHaveLength(1);
      const company = await scalar<string>("SELECT name FROM companies WHERE id = 'demo'");
      expect(mails[0].to_email).toBe(avaEmail);
      expect(mails[0].subject).toBe(t('de', 'emailPayoutFailedSubject', { company }));
      expect(mails[0].body_text).toContain(t('de', 'payoutFailure.unclaimed'));
      // Ava sees it on her payout: failed, and why.
      const detail = await call(await token('localhost', avaEmail), 'GET', `/payouts/${ava.payout_uid}/`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ uid: ava.payout_uid, status: 'failed', failure: 'unclaimed' });
      // The same failure told again changes nothing.
      await settleItem(svcOf(), 'demo', { providerRef: ava.provider_ref! }, { state: 'failed', reason: 'unclaimed' });
      expect(await payoutOf(ava.payout_uid!)).toMatchObject({ returns: ava.commissions });
      expect((await failureMails(ava.payout_uid!)).results).toHaveLength(1);
      expect((await avaPayable()).payable).toBe(ava.amount);

      // The retry: Ava only, what came back, on the same rail.
      const retry = await asStaff(finance, 'POST', `/payout-runs/${uid}/retry`);
      expect(retry.status).toBe(201);
      expect(retry.body.run.rail).toBe('external');
      expect(retry.body.items.map((i: Item) => i.ambassador_uid)).toEqual(['amb-ava']);
      expect(itemOf(retry.body)).toMatchObject({ status: 'included', amount: ava.amount, commissions: ava.commissions });
      const again = retry.body.run.uid as string;
      expect((await asStaff(owner, 'POST', `/payout-runs/${again}/approve`)).status).toBe(200);
      const resent = (await asStaff(finance, 'POST', `/payout-runs/${again}/send`)).body as RunAnswer;
      const paid = await op(KEYS.demo, 'POST', `/payout-runs/${again}/items/amb-ava/confirm`, { status: 'paid' });
      expect(paid.body.run.status).toBe('paid');
      expect(await payoutOf(itemOf(resent).payout_uid!)).toMatchObject({ status: 'paid', amount_minor: ava.amount, committed: ava.commissions });
      expect((await avaPayable())?.payable ?? 0).toBe(0);
      // A run with nothing failed has nothing to retry.
      const nothing = await asStaff(finance, 'POST', `/payout-runs/${again}/retry`);
      expect(nothing.status).toBe(409);
      expect(nothing.body.code).toBe('payoutRunNotRetryable');
    } finally {
      await env.DB.prepare("UPDATE ambassadors SET language = NULL WHERE company_id = 'demo' AND uid = 'amb-ava'").run();
    }
  });

  it('a paid item that comes back later (returned) fails with its return, and the finished run says so', async () => {
    const sent = await sentExternalRun('38.00');
    const uid = sent.run.uid;
    for (const i of sent.items.filter((x) => x.status === 'sent')) {
      await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/${i.ambassador_uid}/confirm`, { status: 'paid' });
    }
    const ava = itemOf(sent);
    expect((await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body.run.status).toBe('paid');
    await settleItem(svcOf(), 'demo', { providerRef: ava.provider_ref! }, { state: 'failed', reason: 'returned' });
    const after = (await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body as RunAnswer;
    expect(itemOf(after)).toMatchObject({ status: 'failed', failure: 'returned' });
    expect(['partially_failed', 'failed']).toContain(after.run.status);
    expect(await payoutOf(ava.payout_uid!)).toMatchObject({ status: 'failed', returns: ava.commissions, returned: ava.amount });
    expect((await avaPayable()).payable).toBe(ava.amount);
    // Paid back by hand so the next tests start from nothing payable.
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 0 })).status).toBe(201);
  });

  it('reconciling leaves an item the company has not confirmed sent; the hourly run finishes a run stuck sending', async () => {
    const sent = await sentExternalRun('27.00');
    const uid = sent.run.uid;
    const reconciled = await asStaff(finance, 'POST', `/payout-runs/${uid}/reconcile`);
    expect(reconciled.status).toBe(200);
    expect(itemOf(reconciled.body).status).toBe('sent');
    expect(reconciled.body.run.status).toBe('sending');
    // Every item confirmed, but the Worker stopped before the run was finished: the cron finishes it, once stuck 15 minutes.
    for (const i of sent.items.filter((x) => x.status === 'sent')) {
      await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/${i.ambassador_uid}/confirm`, { status: 'paid' });
    }
    await env.DB.prepare("UPDATE payout_runs SET status = 'sending', finished_at = NULL, sent_at = ? WHERE company_id = 'demo' AND uid = ?")
      .bind(new Date(Date.now() - 5 * 60_000).toISOString(), uid).run();
    await reconcileStuckRuns(svcOf(), new Date());
    expect(await scalar("SELECT status FROM payout_runs WHERE company_id = 'demo' AND uid = ?", uid)).toBe('sending');
    await reconcileStuckRuns(svcOf(), new Date(Date.now() + 11 * 60_000));
    expect(await scalar("SELECT status FROM payout_runs WHERE company_id = 'demo' AND uid = ?", uid)).toBe('paid');
    const manual = (await op(KEYS.demo, 'GET', '/payout-runs')).body.results.find((r: { rail: string }) => r.rail === 'manual');
    expect((await asStaff(finance, 'POST', `/payout-runs/${manual.uid}/reconcile`)).body.code).toBe('payoutRunWrongRail');
  });
});

describe('stopped at any round trip', () => {
  const quietly = async (work: () => Promise<unknown>) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await work().catch(() => undefined);
    } finally {
      quiet.mockRestore();
    }
  };

  it('a send retried after a stop records each item\'s payout once and asks the company once per item', async () => {
    const clean = await approvedRun('external', '21.00');
    const metered = meteredDb(env.DB, null);
    await sendRun(svcOf(metered.db), demoOperator(clean.run.currency), clean.run.uid);
    const trips = metered.meter.trips;
    expect(trips).toBeGreaterThan(3);
    await op(KEYS.demo, 'POST', `/payout-runs/${clean.run.uid}/items/amb-ava/confirm`, { status: 'paid' });

    for (const stop of stops(trips)) {
      const where = `${stop.mode} round trip ${stop.at} of ${trips}`;
      const run = await approvedRun('external', '21.00');
      const uid = run.run.uid;
      const faulty = meteredDb(env.DB, stop);
      await quietly(() => sendRun(svcOf(faulty.db), demoOperator(run.run.currency), uid));
      expect(faulty.meter.fired, where).toBe(true);
      // Never a payout without its item, nor an item sent without its payout.
      const orphans = await scalar(
        `SELECT COUNT(*) FROM payouts p WHERE p.company_id = 'demo' AND p.transaction_id = ?
           AND NOT EXISTS (SELECT 1 FROM payout_run_items i WHERE i.company_id = 'demo' AND i.payout_uid = p.uid)`, `run:${uid}`);
      expect(orphans, where).toBe(0);
      const retried = (await asStaff(finance, 'POST', `/payout-runs/${uid}/send`)).body as RunAnswer;
      const ava = itemOf(retried);
      expect(ava.status, where).toBe('sent');
      expect(await runPayouts(uid), where).toBe(1);
      expect(await payoutOf(ava.payout_uid!), where).toMatchObject({ status: 'processing', committed: ava.commissions, amount_minor: ava.amount });
      expect(await eventsOf('payout.requested', 'item_key', ava.provider_ref!), where).toHaveLength(1);
      expect(await eventsOf('payout.sent', 'payout.uid', ava.payout_uid!), where).toHaveLength(1);
      expect((await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/amb-ava/confirm`, { status: 'paid' })).body.run.status, where).toBe('paid');
    }
  }, 180_000);

  it('a failure settled after a stop is written whole or not at all, and told again it is written once', async () => {
    const clean = await sentExternalRun('23.00');
    const cleanAva = itemOf(clean);
    const metered = meteredDb(env.DB, null);
    await settleItem(svcOf(metered.db), 'demo', { itemId: await itemId(clean.run.uid) }, { state: 'failed', reason: 'blocked' });
    const trips = metered.meter.trips;
    expect(await payoutOf(cleanAva.payout_uid!)).toMatchObject({ status: 'failed', returns: cleanAva.commissions });
    await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 0 });

    for (const stop of stops(trips)) {
      const where = `${stop.mode} round trip ${stop.at} of ${trips}`;
      const sent = await sentExternalRun('23.00');
      const ava = itemOf(sent);
      const id = await itemId(sent.run.uid);
      const faulty = meteredDb(env.DB, stop);
      await quietly(() => settleItem(svcOf(faulty.db), 'demo', { itemId: id }, { state: 'failed', reason: 'blocked' }));
      expect(faulty.meter.fired, where).toBe(true);
      const between = await payoutOf(ava.payout_uid!);
      const mails = (await failureMails(ava.payout_uid!)).results.length;
      const events = (await eventsOf('payout.failed', 'payout_uid', ava.payout_uid!)).length;
      const before = { status: 'processing', committed: ava.commissions, returns: 0, activity: 'processing' };
      const after = { status: 'failed', committed: 0, returns: ava.commissions, activity: 'denied' };
      const state = { status: between!.status, committed: between!.committed, returns: between!.returns, activity: between!.activity };
      expect([before, after], where).toContainEqual(state);
      expect(mails, where).toBe(state.status === 'failed' ? 1 : 0);
      expect(events, where).toBe(state.status === 'failed' ? 1 : 0);

      await settleItem(svcOf(), 'demo', { itemId: id }, { state: 'failed', reason: 'blocked' });
      expect(await payoutOf(ava.payout_uid!), where).toMatchObject({ ...after, returned: ava.amount });
      expect((await failureMails(ava.payout_uid!)).results, where).toHaveLength(1);
      expect(await eventsOf('payout.failed', 'payout_uid', ava.payout_uid!), where).toHaveLength(1);
      expect((await avaPayable()).payable, where).toBe(ava.amount);
      expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 0 })).status, where).toBe(201);
    }
  }, 180_000);
});

const itemId = (runUid: string) => scalar("SELECT id FROM payout_run_items WHERE company_id = 'demo' AND run_uid = ? AND ambassador_uid = 'amb-ava'", runUid);

describe('whose runs', () => {
  it('is the company\'s own: Acme neither reconciles, retries nor confirms Demo\'s run, nor settles its items by reference', async () => {
    const sent = await sentExternalRun('19.00');
    const uid = sent.run.uid;
    const ava = itemOf(sent);
    for (const path of [`/payout-runs/${uid}/reconcile`, `/payout-runs/${uid}/retry`]) expect((await op(KEYS.acme, 'POST', path)).status, path).toBe(404);
    expect((await op(KEYS.acme, 'POST', `/payout-runs/${uid}/items/amb-ava/confirm`, { status: 'failed' })).status).toBe(404);
    await settleItem(svcOf(), 'acme', { providerRef: ava.provider_ref! }, { state: 'failed', reason: 'returned' });
    await settleItem(svcOf(), 'acme', { itemId: await itemId(uid) }, { state: 'failed', reason: 'returned' });
    expect(itemOf((await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body).status).toBe('sent');
    expect(await payoutOf(ava.payout_uid!)).toMatchObject({ status: 'processing', returns: 0 });
    await op(KEYS.demo, 'POST', `/payout-runs/${uid}/items/amb-ava/confirm`, { status: 'paid' });
  });

  it('a viewer cannot reconcile, retry or confirm (403 roleRequired)', async () => {
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    for (const path of ['/payout-runs/run_x/reconcile', '/payout-runs/run_x/retry', '/payout-runs/run_x/items/amb-ava/confirm']) {
      const refused = await asStaff(viewer, 'POST', path, path.endsWith('confirm') ? { status: 'paid' } : undefined);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe('roleRequired');
    }
    expect((await asStaff(viewer, 'GET', '/payout-rails')).status).toBe(200);
  });
});
