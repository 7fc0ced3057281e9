// Payout rules per group and ambassador over the company's (src/api/payouts/rules.ts), read by the payable
// list, a run's draft and its send; and the payout schedule (src/api/payouts/schedule.ts): the hourly tick
// drafts one run on the scheduled day however many ticks run, and tells the company's finance staff.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { runPayoutSchedules } from '../../src/api/payouts/schedule';
import { KEYS, conversion, op, scalar, setPayoutSettings } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';
import { fullSession } from './staff-helpers';

let customization: string;
let ava: Who;

async function approvedSale(revenue: string, daysAgo: number) {
  const sale = await op(KEYS.demo, 'POST', '/events', conversion({ revenue }));
  const uid = sale.body.commission.uid as string;
  expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
  await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE uid = ?`).bind(`-${daysAgo} days`, uid).run();
}

const avaPayable = async () => (await op(KEYS.demo, 'GET', '/payouts/payable')).body.results.find((r: { ambassador_uid: string }) => r.ambassador_uid === 'amb-ava');
const setSchedule = async (schedule: Record<string, unknown>) => {
  const row = await env.DB.prepare('SELECT settings FROM customizations WHERE id = ?').bind(customization).first<{ settings: string }>();
  const settings = JSON.parse(row!.settings);
  settings.payouts = { ...settings.payouts, schedule };
  await env.DB.prepare('UPDATE customizations SET settings = ? WHERE id = ?').bind(JSON.stringify(settings), customization).run();
};

const svc: ServiceContext = {
  env, db: env.DB, origin: 'https://localhost', host: 'localhost', tenantCompanyId: null,
  clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
};

beforeAll(async () => {
  customization = (await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id'))!;
  ava = await token('localhost', 'ava@demo.test');
});

beforeEach(async () => {
  await setPayoutSettings(customization, { holding_days: 30, minimum_minor: 0 });
  await env.DB.prepare("UPDATE ambassadors SET paypal_email = 'ava.pay@demo.test', payout_preference = NULL, deactivated_by_self = 0, group_id = NULL WHERE company_id = 'demo' AND uid = 'amb-ava'").run();
  await env.DB.prepare("DELETE FROM payout_rules WHERE company_id = 'demo'").run();
});

describe('payout rules per group and ambassador', () => {
  it('a group\'s higher minimum leaves its ambassador below_minimum in the payable list and the draft; their own rule wins over it', async () => {
    await approvedSale('150.00', 45);
    expect((await avaPayable()).blocked_by).toEqual([]);
    const group = (await op(KEYS.demo, 'POST', '/groups', { name: `Big earners ${Date.now()}` })).body.group.uid as string;
    expect((await op(KEYS.demo, 'PUT', '/ambassadors/amb-ava/group', { group })).status).toBe(200);
    const set = await op(KEYS.demo, 'PUT', `/groups/${group}/payout_rules`, { minimum_minor: 100_000_000 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ minimum_minor: 100_000_000, holding_days: null, effective: { minimum_minor: 100_000_000, holding_days: 30 } });

    expect((await avaPayable()).blocked_by).toContain('below_minimum');
    // The draft leaves Ava out with that reason (or, when nobody else is ready either, is refused).
    const draft = await op(KEYS.demo, 'POST', '/payout-runs');
    if (draft.status === 409) expect(draft.body.code).toBe('payoutRunNobodyReady');
    else expect(draft.body.items.find((i: { ambassador_uid: string }) => i.ambassador_uid === 'amb-ava')).toMatchObject({ status: 'excluded', reason: 'below_minimum' });
    const method = await call(ava, 'GET', `/ambassadors/${ava.uid}/payout_destinations/`);
    expect(method.body.minimum).toBe(100_000_000);
    // "When will I get paid" weighs the same minimum.
    const next = (await call(ava, 'GET', `/ambassadors/${ava.uid}/payouts/next/`)).body;
    expect(next.minimum).toBe(100_000_000);
    expect(next.blocked_by).toContain('below_minimum');

    const own = await op(KEYS.demo, 'PUT', '/ambassadors/amb-ava/payout_rules', { minimum_minor: 0 });
    expect(own.body.effective).toEqual({ minimum_minor: 0, holding_days: 30 });
    expect((await avaPayable()).blocked_by).toEqual([]);
    // Both null: the rules of the level above again.
    expect((await op(KEYS.demo, 'PUT', '/ambassadors/amb-ava/payout_rules', { minimum_minor: null, holding_days: null })).body.effective.minimum_minor).toBe(100_000_000);
  });

  it('an ambassador\'s shorter holding period is drafted and paid with its own cutoff', async () => {
    // Pay out what is payable now, so the run below holds only the 10-day-old sale.
    await approvedSale('40.00', 45);
    await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 1 });
    await approvedSale('80.00', 10);
    expect((await avaPayable()).payable).toBe(0);
    await op(KEYS.demo, 'PUT', '/ambassadors/amb-ava/payout_rules', { holding_days: 5 });
    const payable = await avaPayable();
    expect(payable.payable).toBe(800);
    expect(payable.blocked_by).toEqual([]);

    const draft = (await op(KEYS.demo, 'POST', '/payout-runs')).body;
    const uid = draft.run.uid as string;
    expect(draft.items.find((i: { ambassador_uid: string }) => i.ambassador_uid === 'amb-ava')).toMatchObject({ status: 'included', amount: 800 });
    const finance = await fullSession('localhost', 'finance@demo.test');
    const asFinance = { authorization: `Staff ${finance}` };
    expect((await op(null, 'POST', `/payout-runs/${uid}/approve`, undefined, asFinance, { host: 'localhost' })).status).toBe(200);
    const sent = await op(KEYS.demo, 'POST', `/payout-runs/${uid}/send`);
    const item = sent.body.items.find((i: { ambassador_uid: string }) => i.ambassador_uid === 'amb-ava');
    expect(item).toMatchObject({ status: 'paid' });

    // Ava reads the payout's journey: scheduled in the run, sent (recorded on the manual rail), paid.
    const journey = await call(ava, 'GET', `/payouts/${item.payout_uid}/journey/`);
    expect(journey.status).toBe(200);
    expect(journey.body.steps.map((s: { step: string }) => s.step)).toEqual(['scheduled', 'sent', 'paid']);
    expect(journey.body.steps[1].rail).toBe('manual');
    // Nobody else reads it, in this company or another.
    expect((await call(await token('localhost', 'ben@demo.test'), 'GET', `/payouts/${item.payout_uid}/journey/`)).status).toBe(404);
    expect((await call(await token('acme.localhost', 'alex@acme.test'), 'GET', `/payouts/${item.payout_uid}/journey/`)).status).toBe(404);

    // Money that came back (a correcting entry per commission) reads as failed, with why and how much.
    const payout = await env.DB.prepare("SELECT id FROM payouts WHERE company_id = 'demo' AND uid = ?").bind(item.payout_uid).first<{ id: number }>();
    const commission = await env.DB.prepare("SELECT id, amount_minor FROM commissions WHERE company_id = 'demo' AND payout_id = ?").bind(payout!.id).first<{ id: number; amount_minor: number }>();
    await env.DB.batch([
      env.DB.prepare("UPDATE payouts SET status = 'failed' WHERE company_id = 'demo' AND id = ?").bind(payout!.id),
      env.DB.prepare("INSERT INTO payout_returns (company_id, payout_id, commission_id, amount_minor, reason, created_at) VALUES ('demo', ?, ?, ?, 'unclaimed', ?)")
        .bind(payout!.id, commission!.id, commission!.amount_minor, new Date().toISOString()),
    ]);
    const failed = (await call(ava, 'GET', `/payouts/${item.payout_uid}/journey/`)).body.steps.at(-1);
    expect(failed).toMatchObject({ step: 'failed', reason: 'unclaimed', returned: 800 });
  });

  it('is the company\'s own: another company\'s key sees 404 and changes nothing', async () => {
    expect((await op(KEYS.acme, 'PUT', '/ambassadors/amb-ava/payout_rules', { minimum_minor: 1 })).status).toBe(404);
    expect((await op(KEYS.acme, 'GET', '/ambassadors/amb-ava/payout_rules')).status).toBe(404);
    expect((await op(KEYS.acme, 'PUT', '/groups/grp-demo-creators/payout_rules', { minimum_minor: 1 })).status).toBe(404);
    expect(await scalar("SELECT COUNT(*) FROM payout_rules WHERE company_id = 'demo'")).toBe(0);
    expect((await op(KEYS.demo, 'PUT', '/ambassadors/amb-ava/payout_rules', { holding_days: 91 })).status).toBe(400);
  });
});

describe('the payout schedule', () => {
  const now = new Date();
  const weekday = ((now.getUTCDay() + 6) % 7) + 1;
  const runsBySchedule = () => scalar("SELECT COUNT(*) FROM payout_runs WHERE company_id = 'demo' AND created_by_kind = 'schedule'");

  it('drafts one run on the scheduled day however many ticks run, and e-mails finance staff and owners', async () => {
    await approvedSale('120.00', 40);
    await env.DB.prepare("DELETE FROM payout_schedule_claims WHERE company_id = 'demo'").run();
    await setSchedule({ every: 'weekly', weekday });
    const before = await runsBySchedule();
    const mailsBefore = await scalar("SELECT COUNT(*) FROM email_outbox WHERE company_id = 'demo' AND template = 'payout_run_scheduled'");
    const ticks = await Promise.all([runPayoutSchedules(svc, now, 'demo'), runPayoutSchedules(svc, now, 'demo')]);
    const later = await runPayoutSchedules(svc, new Date(`${now.toISOString().slice(0, 10)}T23:30:00Z`), 'demo');
    expect(ticks.reduce((n, t) => n + t.drafted, 0) + later.drafted).toBe(1);
    expect(await runsBySchedule()).toBe(before + 1);
    const run = await env.DB.prepare("SELECT uid, status, created_by_id FROM payout_runs WHERE company_id = 'demo' AND created_by_kind = 'schedule' ORDER BY created_at DESC LIMIT 1").first<{ uid: string; status: string; created_by_id: string }>();
    expect(run).toMatchObject({ status: 'draft', created_by_id: 'schedule' });
    const mails = await env.DB.prepare("SELECT to_email, body_text FROM email_outbox WHERE company_id = 'demo' AND template = 'payout_run_scheduled' ORDER BY id DESC LIMIT 10").all<{ to_email: string; body_text: string }>();
    const recipients = new Set(mails.results.map((m) => m.to_email));
    expect(recipients.has('finance@demo.test')).toBe(true);
    expect(recipients.has('owner@demo.test')).toBe(true);
    const told = await scalar("SELECT COUNT(*) FROM staff_accounts WHERE company_id = 'demo' AND active = 1 AND role IN ('finance', 'owner')");
    expect(await scalar("SELECT COUNT(*) FROM email_outbox WHERE company_id = 'demo' AND template = 'payout_run_scheduled'")).toBe(mailsBefore + told);
    expect(mails.results[0]!.body_text).toContain('/console/payouts');
    // Ava sees her payout scheduled in the run before it exists.
    const draft = (await op(KEYS.demo, 'GET', `/payout-runs/${run!.uid}`)).body;
    const avaItem = draft.items.find((i: { ambassador_uid: string }) => i.ambassador_uid === 'amb-ava');
    expect(avaItem.status).toBe('included');
    const scheduled = (await call(ava, 'GET', `/ambassadors/${ava.uid}/payout_destinations/`)).body.in_run;
    expect(scheduled).toMatchObject({ status: 'draft', amount: avaItem.amount });
    // Anyone with the role approves a scheduled draft: it was made by nobody.
    expect((await op(KEYS.demo, 'POST', `/payout-runs/${run!.uid}/approve`)).status).toBe(200);
    expect((await call(ava, 'GET', `/ambassadors/${ava.uid}/payout_destinations/`)).body.in_run.status).toBe('approved');
    await op(KEYS.demo, 'POST', `/payout-runs/${run!.uid}/send`);
    expect((await call(ava, 'GET', `/ambassadors/${ava.uid}/payout_destinations/`)).body.in_run).toBeNull();
  });

  it('drafts nothing on another day or without a schedule, and tells the ambassador the next run\'s day', async () => {
    await env.DB.prepare("DELETE FROM payout_schedule_claims WHERE company_id = 'demo'").run();
    const other = (weekday % 7) + 1;
    await setSchedule({ every: 'weekly', weekday: other });
    const before = await runsBySchedule();
    expect((await runPayoutSchedules(svc, now, 'demo')).drafted).toBe(0);
    const method = (await call(ava, 'GET', `/ambassadors/${ava.uid}/payout_destinations/`)).body;
    expect(method.schedule.every).toBe('weekly');
    const next = new Date(Date.parse(method.schedule.next_run_on));
    expect(((next.getUTCDay() + 6) % 7) + 1).toBe(other);
    expect(next.getTime()).toBeGreaterThan(now.getTime() - 86_400_000);
    expect(next.getTime() - now.getTime()).toBeLessThan(7 * 86_400_000);

    await setSchedule({ every: 'off' });
    expect((await runPayoutSchedules(svc, now, 'demo')).drafted).toBe(0);
    expect(await runsBySchedule()).toBe(before);
    expect((await call(ava, 'GET', `/ambassadors/${ava.uid}/payout_destinations/`)).body.schedule).toEqual({ every: 'off', next_run_on: null });
  });
});
