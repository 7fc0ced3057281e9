// Payout runs (src/api/payouts/runs.ts): a draft is exactly what GET /payouts/payable reads, another actor
// approves it, and sending pays each included item once through the money core's payOut.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEYS, conversion, op, scalar, setPayoutSettings } from './operator-fixtures';
import { fullSession } from './staff-helpers';
import { forgetWebhooks, hookUrl } from './webhooks-fixtures';

const asStaff = (token: string, method: string, path: string, body?: unknown) =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host: 'localhost' });

async function approvedSale(revenue: string, daysAgo: number) {
  const sale = await op(KEYS.demo, 'POST', '/events', conversion({ revenue }));
  const uid = sale.body.commission.uid as string;
  expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
  await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE uid = ?`).bind(`-${daysAgo} days`, uid).run();
}

type Item = { ambassador_uid: string; amount: number; commissions: number; status: string; reason: string | null; payout_uid: string | null; failure: string | null };
const itemOf = (run: { items: Item[] }, uid = 'amb-ava') => run.items.find((i) => i.ambassador_uid === uid)!;
const runEvents = async (type: string, runUid: string) => (await env.DB.prepare(
  "SELECT json_extract(payload, '$.data') AS data FROM webhook_events WHERE company_id = 'demo' AND type = ? AND json_extract(payload, '$.data.run_uid') = ?",
).bind(type, runUid).all<{ data: string }>()).results.map((r) => JSON.parse(r.data));
const runPayouts = (runUid: string) => scalar("SELECT COUNT(*) AS n FROM payouts WHERE company_id = 'demo' AND transaction_id = ?", `run:${runUid}`);

let finance: string;
let owner: string;

beforeAll(async () => {
  const customization = await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id');
  await setPayoutSettings(customization!, { holding_days: 30, minimum_minor: 0 });
  await env.DB.prepare("UPDATE ambassadors SET paypal_email = 'ava.pay@demo.test', payout_preference = NULL, deactivated_by_self = 0 WHERE company_id = 'demo' AND uid = 'amb-ava'").run();
  finance = await fullSession('localhost', 'finance@demo.test');
  owner = await fullSession('localhost', 'owner@demo.test');
});

describe('payout runs', () => {
  it('drafts exactly what GET /payouts/payable reads: ready ones included with their amount, the others excluded with why', async () => {
    await approvedSale('150.00', 45);
    const payable = (await op(KEYS.demo, 'GET', '/payouts/payable')).body;
    const draft = await op(KEYS.demo, 'POST', '/payout-runs');
    expect(draft.status).toBe(201);
    expect(draft.body.run.status).toBe('draft');
    expect(draft.body.run.created_by.kind).toBe('key');
    expect(draft.body.items).toHaveLength(payable.results.length);
    for (const p of payable.results) {
      const item = itemOf(draft.body, p.ambassador_uid);
      expect(item.amount).toBe(p.payable);
      expect(item.commissions).toBe(p.commissions);
      expect(item.status).toBe(p.blocked_by.length ? 'excluded' : 'included');
      expect(item.reason).toBe(p.blocked_by[0] ?? null);
    }
    expect(itemOf(draft.body).status).toBe('included');
    const read = await op(KEYS.demo, 'GET', `/payout-runs/${draft.body.run.uid}`);
    expect(read.body).toEqual(draft.body);
    const list = (await op(KEYS.demo, 'GET', '/payout-runs')).body;
    expect(list.results.some((r: { uid: string }) => r.uid === draft.body.run.uid)).toBe(true);
  });

  it('is approved by another actor only: the same key or the same person is refused 409', async () => {
    await approvedSale('60.00', 40);
    const byKey = (await op(KEYS.demo, 'POST', '/payout-runs')).body.run.uid as string;
    const sameKey = await op(KEYS.demo, 'POST', `/payout-runs/${byKey}/approve`);
    expect(sameKey.status).toBe(409);
    expect(sameKey.body.code).toBe('payoutRunSameApprover');
    const byStaff = await asStaff(finance, 'POST', `/payout-runs/${byKey}/approve`);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.run.status).toBe('approved');
    expect(byStaff.body.run.approved_by.kind).toBe('staff');
    const again = await asStaff(owner, 'POST', `/payout-runs/${byKey}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('payoutRunNotDraft');

    const byFinance = (await asStaff(finance, 'POST', '/payout-runs')).body.run.uid as string;
    const samePerson = await asStaff(finance, 'POST', `/payout-runs/${byFinance}/approve`);
    expect(samePerson.status).toBe(409);
    expect(samePerson.body.code).toBe('payoutRunSameApprover');
    expect((await asStaff(owner, 'POST', `/payout-runs/${byFinance}/approve`)).status).toBe(200);
  });

  it('sends a draft only once approved, pays each included item exactly once, and a second send pays nothing more', async () => {
    await approvedSale('90.00', 50);
    const draft = (await op(KEYS.demo, 'POST', '/payout-runs')).body;
    const uid = draft.run.uid as string;
    const early = await asStaff(finance, 'POST', `/payout-runs/${uid}/send`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('payoutRunNotApproved');
    expect(await runPayouts(uid)).toBe(0);
    expect((await asStaff(owner, 'POST', `/payout-runs/${uid}/approve`)).status).toBe(200);
    const sent = await asStaff(finance, 'POST', `/payout-runs/${uid}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.run.status).toBe('paid');
    const included = draft.items.filter((i: Item) => i.status === 'included');
    expect(await runPayouts(uid)).toBe(included.length);
    for (const i of included) {
      const item = itemOf(sent.body, i.ambassador_uid);
      expect(item.status).toBe('paid');
      const payout = await env.DB.prepare("SELECT amount_minor, (SELECT COUNT(*) FROM commissions c WHERE c.payout_id = p.id) AS n FROM payouts p WHERE company_id = 'demo' AND uid = ?")
        .bind(item.payout_uid).first<{ amount_minor: number; n: number }>();
      expect(payout).toEqual({ amount_minor: i.amount, n: i.commissions });
    }
    const second = await asStaff(finance, 'POST', `/payout-runs/${uid}/send`);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('payoutRunNotApproved');
    expect(await runPayouts(uid)).toBe(included.length);
  });

  it('a retried send of a run cut short only pays what is left', async () => {
    await approvedSale('70.00', 50);
    const uid = (await op(KEYS.demo, 'POST', '/payout-runs')).body.run.uid as string;
    expect((await asStaff(finance, 'POST', `/payout-runs/${uid}/approve`)).status).toBe(200);
    expect((await asStaff(finance, 'POST', `/payout-runs/${uid}/send`)).body.run.status).toBe('paid');
    const paid = await runPayouts(uid);
    // As if the Worker had stopped before the run was finished: the run is still `sending`.
    await env.DB.prepare("UPDATE payout_runs SET status = 'sending', finished_at = NULL WHERE company_id = 'demo' AND uid = ?").bind(uid).run();
    const retried = await asStaff(finance, 'POST', `/payout-runs/${uid}/send`);
    expect(retried.status).toBe(200);
    expect(retried.body.run.status).toBe('paid');
    expect(await runPayouts(uid)).toBe(paid);
  });

  it('an item whose commissions a manual payout took between draft and send fails without paying twice (payout.failed)', async () => {
    expect((await op(KEYS.demo, 'POST', '/webhooks/endpoints', { url: hookUrl(), event_types: ['payout.paid', 'payout.failed'] })).status).toBe(201);
    await approvedSale('110.00', 45);
    const draft = (await op(KEYS.demo, 'POST', '/payout-runs')).body;
    const uid = draft.run.uid as string;
    expect((await asStaff(finance, 'POST', `/payout-runs/${uid}/approve`)).status).toBe(200);
    const manual = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 1, transaction_id: 'BY-HAND' });
    expect(manual.status).toBe(201);
    expect(manual.body.payout.amount).toBe(itemOf(draft).amount);
    const sent = (await asStaff(finance, 'POST', `/payout-runs/${uid}/send`)).body;
    expect(itemOf(sent)).toMatchObject({ status: 'failed', failure: 'payable_changed', payout_uid: null });
    expect(['failed', 'partially_failed']).toContain(sent.run.status);
    const avaRunPayouts = await scalar("SELECT COUNT(*) AS n FROM payouts WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava' AND transaction_id = ?", `run:${uid}`);
    expect(avaRunPayouts).toBe(0);
    expect(await runEvents('payout.failed', uid)).toContainEqual({
      run_uid: uid, ambassador_uid: 'amb-ava', amount: itemOf(draft).amount, currency: draft.run.currency, failure: 'payable_changed',
    });
    const paid = await runEvents('payout.paid', uid);
    expect(paid.map((e) => e.payout.uid).sort()).toEqual(sent.items.filter((i: Item) => i.status === 'paid').map((i: Item) => i.payout_uid).sort());
    await forgetWebhooks();
  });

  it('is the company\'s own: Acme\'s key neither sees nor approves Demo\'s runs', async () => {
    await approvedSale('40.00', 45);
    const uid = (await op(KEYS.demo, 'POST', '/payout-runs')).body.run.uid as string;
    expect((await op(KEYS.acme, 'GET', `/payout-runs/${uid}`)).status).toBe(404);
    expect((await op(KEYS.acme, 'POST', `/payout-runs/${uid}/approve`)).status).toBe(404);
    expect((await op(KEYS.acme, 'POST', `/payout-runs/${uid}/send`)).status).toBe(404);
    expect((await op(KEYS.acme, 'GET', `/payout-runs/${uid}/export?format=paypal`)).status).toBe(404);
    const acme = (await op(KEYS.acme, 'GET', '/payout-runs')).body;
    expect(acme.results.some((r: { uid: string }) => r.uid === uid)).toBe(false);
    expect(await scalar("SELECT status FROM payout_runs WHERE company_id = 'demo' AND uid = ?", uid)).toBe('draft');
  });

  it('a viewer reads runs but cannot make, approve or send one (403 roleRequired)', async () => {
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    expect((await asStaff(viewer, 'GET', '/payout-runs')).status).toBe(200);
    for (const path of ['/payout-runs', '/payout-runs/run_x/approve', '/payout-runs/run_x/send']) {
      const refused = await asStaff(viewer, 'POST', path);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('roleRequired');
    }
  });

  it('exports the items to pay as PayPal\'s and Wise\'s batch files, formulas defused', async () => {
    await approvedSale('80.00', 45);
    await env.DB.prepare("UPDATE users SET first_name = '=HYPERLINK(\"x\")' WHERE company_id = 'demo' AND id = (SELECT user_id FROM ambassadors WHERE company_id = 'demo' AND uid = 'amb-ava')").run();
    const draft = (await op(KEYS.demo, 'POST', '/payout-runs')).body;
    const uid = draft.run.uid as string;
    const ava = itemOf(draft);
    const paypal = await op(KEYS.demo, 'GET', `/payout-runs/${uid}/export?format=paypal`);
    expect(paypal.status).toBe(200);
    expect(paypal.headers.get('content-type')).toContain('text/csv');
    const lines = (paypal.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Email/Phone,Amount,Currency code,Reference ID,Note to recipient,Recipient wallet');
    expect(lines).toHaveLength(1 + draft.run.included);
    expect(lines).toContain(`ava.pay@demo.test,${(ava.amount / 100).toFixed(2)},${draft.run.currency},${uid}-amb-ava,Payout ${uid},PayPal`);
    const wise = (await op(KEYS.demo, 'GET', `/payout-runs/${uid}/export?format=wise`)).body as string;
    expect(wise.split('\r\n')[0]).toBe('name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency');
    const avaLine = wise.split('\r\n').find((l) => l.includes(`${uid}-amb-ava`))!;
    expect(avaLine.startsWith('"\'=HYPERLINK(""x"")')).toBe(true);
    expect((await op(KEYS.demo, 'GET', `/payout-runs/${uid}/export?format=sepa`)).status).toBe(400);
  });
});
