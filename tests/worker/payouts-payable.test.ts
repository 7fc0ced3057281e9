// GET /v1/operator/payouts/payable: who a payout would pay today, with the same holding period, minimum and
// clawbacks as POST /v1/operator/payouts; the console's finance staff record a payout, a viewer only reads.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { KEYS, conversion, op, setPayoutSettings } from './operator-fixtures';
import { fullSession } from './staff-helpers';

const asStaff = (token: string, method: string, path: string, body?: unknown) =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host: 'localhost' });

async function approvedSale(revenue: string, daysAgo: number) {
  const sale = await op(KEYS.demo, 'POST', '/events', conversion({ revenue }));
  const uid = sale.body.commission.uid as string;
  expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
  await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE uid = ?`).bind(`-${daysAgo} days`, uid).run();
  return (await env.DB.prepare('SELECT amount_minor FROM commissions WHERE uid = ?').bind(uid).first<number>('amount_minor'))!;
}

const avaOf = (list: { results: { ambassador_uid: string }[] }) => list.results.find((r) => r.ambassador_uid === 'amb-ava') as any;

describe('GET /v1/operator/payouts/payable', () => {
  it('says what a payout would pay now and what waits, and a payout takes exactly that', async () => {
    const customization = await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id');
    await setPayoutSettings(customization!, { holding_days: 30, minimum_minor: 0 });
    const before = avaOf((await op(KEYS.demo, 'GET', '/payouts/payable')).body);
    const old = await approvedSale('150.00', 45);
    const fresh = await approvedSale('80.00', 1);
    const list = (await op(KEYS.demo, 'GET', '/payouts/payable')).body;
    const ava = avaOf(list);
    expect(ava.payable - (before?.payable ?? 0)).toBe(old);
    expect(ava.later - (before?.later ?? 0)).toBe(fresh);
    expect(ava.blocked_by).not.toContain('nothing_payable');
    expect(list.holding_days).toBe(30);
    const paid = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 1, transaction_id: 'PP-1' });
    expect(paid.status).toBe(201);
    expect(paid.body.payout.amount).toBe(ava.payable);
    const after = avaOf((await op(KEYS.demo, 'GET', '/payouts/payable')).body);
    expect(after.payable).toBe(0);
    expect(after.blocked_by).toContain('nothing_payable');
    expect(after.later).toBe(ava.later);
  });

  it('is the company\'s own: Acme\'s key never sees Demo\'s ambassadors', async () => {
    const acme = (await op(KEYS.acme, 'GET', '/payouts/payable')).body;
    expect(acme.results.every((r: { ambassador_uid: string }) => !r.ambassador_uid.startsWith('amb-ava'))).toBe(true);
    const uids = await env.DB.prepare("SELECT uid FROM ambassadors WHERE company_id = 'acme'").all<{ uid: string }>();
    const own = new Set(uids.results.map((r) => r.uid));
    for (const r of acme.results) expect(own.has(r.ambassador_uid)).toBe(true);
  });

  it('a viewer reads but cannot record a payout; finance can', async () => {
    await approvedSale('120.00', 60);
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    expect((await asStaff(viewer, 'GET', '/payouts/payable')).status).toBe(200);
    const refused = await asStaff(viewer, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('roleRequired');
    const finance = await fullSession('localhost', 'finance@demo.test');
    const paid = await asStaff(finance, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 1, transaction_id: 'PP-2' });
    expect(paid.status).toBe(201);
  });
});
