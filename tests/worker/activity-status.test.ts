// One source of status for every screen: the dashboard's recent activity kept a commission
// "Pending" after it was approved (and paid) while the tables showed the truth. An activity row of a
// commission now shows the commission's current status, on the dashboard's feed and in the activity table.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { KEYS, conversion, op } from './operator-fixtures';
import { call, token } from './profile-fixtures';

describe('the status of a commission in the activity feed', () => {
  it('follows the commission when the company approves or denies it', async () => {
    const ben = await token('localhost', 'ben@demo.test');
    const approvedTx = `ACT-${crypto.randomUUID().slice(0, 8)}`;
    const deniedTx = `ACT-${crypto.randomUUID().slice(0, 8)}`;
    const made = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: 'ben-demo', transaction_uid: approvedTx }));
    const other = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: 'ben-demo', transaction_uid: deniedTx }));
    expect(made.status).toBe(201);
    const feed = async () => (await call(ben, 'GET', `/activity/recent/?affiliate_uid=${ben.uid}&page_size=15`)).body.results as { type: string; status: string; event_data1: string }[];
    const statusOf = (rows: { status: string; event_data1: string }[], tx: string) => rows.find((r) => r.event_data1 === tx)?.status;
    expect(statusOf(await feed(), approvedTx)).toBe('pending');

    expect((await op(KEYS.demo, 'POST', `/commissions/${made.body.commission.uid}/approve`)).status).toBe(200);
    expect((await op(KEYS.demo, 'POST', `/commissions/${other.body.commission.uid}/deny`)).status).toBe(200);
    const after = await feed();
    expect(statusOf(after, approvedTx)).toBe('approved');
    expect(statusOf(after, deniedTx)).toBe('denied');

    // The activity table (activity page) says the same, and filters by it.
    const stored = await env.DB.prepare("SELECT status FROM commissions WHERE uid = ?").bind(made.body.commission.uid).first<string>('status');
    expect(stored).toBe('approved');
    const table = await call(ben, 'GET', '/tables/content/activity/?status__exact=approved&page_size=100');
    const rows = JSON.stringify(table.body);
    expect(table.status).toBe(200);
    expect(rows).toContain(approvedTx);
    expect(rows).not.toContain(deniedTx);
  });
});
