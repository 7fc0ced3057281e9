// GET /v1/staff/overview/: the program at a glance for every role, summed from the company's own rows only.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { KEYS, conversion, op } from './operator-fixtures';
import { fullSession, setRequireSecondFactor, signIn, staff } from './staff-helpers';

/** What the overview should say for `company`, summed straight from D1. */
async function expected(company: string) {
  const counts = await env.DB.prepare('SELECT COALESCE(SUM(clicks), 0) AS clicks, COALESCE(SUM(referrals), 0) AS referrals FROM ambassador_counters WHERE company_id = ?')
    .bind(company).first<{ clicks: number; referrals: number }>();
  const owed = await env.DB.prepare(`SELECT currency, SUM(amount_minor) AS amount_minor FROM commissions
    WHERE company_id = ? AND is_monetary = 1 AND status IN ('pending', 'approved') GROUP BY currency ORDER BY currency`).bind(company).all();
  const byStatus = await env.DB.prepare('SELECT status, COUNT(*) AS n FROM commissions WHERE company_id = ? GROUP BY status').bind(company).all<{ status: string; n: number }>();
  return { counts: counts!, owed: owed.results, byStatus: Object.fromEntries(byStatus.results.map((r) => [r.status, r.n])) };
}

describe('GET /v1/staff/overview/', () => {
  it('answers each company its own figures', async () => {
    for (const [host, company, email] of [['localhost', 'demo', 'owner@demo.test'], ['acme.localhost', 'acme', 'owner@acme.test']] as const) {
      const token = await fullSession(host, email);
      const res = await staff(host, 'GET', 'overview/', { token });
      expect(res.status).toBe(200);
      const want = await expected(company);
      expect(res.body.clicks).toBe(want.counts.clicks);
      expect(res.body.referrals).toBe(want.counts.referrals);
      expect(res.body.owed).toEqual(want.owed);
      expect(res.body.commissions.map((c: { status: string }) => c.status)).toEqual(['pending', 'approved', 'paid', 'zero', 'denied']);
      for (const c of res.body.commissions) expect(c.count, c.status).toBe(want.byStatus[c.status] ?? 0);
      expect(res.body.clicks + res.body.referrals).toBeGreaterThan(0);
    }
  });

  it('is open to every role once the session is full, and to none before', async () => {
    await setRequireSecondFactor('demo', false);
    try {
      for (const role of ['admin', 'reviewer', 'finance', 'viewer']) {
        const token = await fullSession('localhost', `${role}@demo.test`);
        expect((await staff('localhost', 'GET', 'overview/', { token })).status, role).toBe(200);
      }
    } finally {
      await setRequireSecondFactor('demo', true);
    }
    const pending = (await signIn('localhost', 'owner@demo.test')).body.token as string;
    const refused = await staff('localhost', 'GET', 'overview/', { token: pending });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('secondFactorRequired');
    expect((await staff('localhost', 'GET', 'overview/')).status).toBe(401);
  });

  it('never answers another company\'s session', async () => {
    const token = await fullSession('localhost', 'owner@demo.test');
    expect((await staff('acme.localhost', 'GET', 'overview/', { token })).status).toBe(401);
  });

  it('says what the ambassadors hold and what the next payouts take: payable now, later and from when', async () => {
    const token = await fullSession('localhost', 'owner@demo.test');
    const read = async () => (await staff('localhost', 'GET', 'overview/', { token })).body;
    const before = await read();
    const held = await env.DB.prepare("SELECT COALESCE(SUM(points_available), 0) AS p, COALESCE(SUM(cash_available), 0) AS c FROM loyalty_balances WHERE company_id = 'demo'")
      .first<{ p: number; c: number }>();
    expect(before.outstanding.points).toBe(held!.p);
    expect(before.outstanding.cash).toEqual({ currency: 'USD', amount_minor: held!.c });
    const usd = (list: { currency: string; amount_minor: number }[]) => list.find((m) => m.currency === 'USD')?.amount_minor ?? 0;
    // A sale approved today waits its holding period; one approved and made long ago is payable now.
    const fresh = await op(KEYS.demo, 'POST', '/events', conversion({ revenue: '200.00' }));
    const old = await op(KEYS.demo, 'POST', '/events', conversion({ revenue: '300.00' }));
    for (const c of [fresh, old]) expect((await op(KEYS.demo, 'POST', `/commissions/${c.body.commission.uid}/approve`)).status).toBe(200);
    await env.DB.prepare("UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-400 days') WHERE uid = ?").bind(old.body.commission.uid).run();
    const after = await read();
    const amountOf = async (uid: string) => (await env.DB.prepare('SELECT amount_minor FROM commissions WHERE uid = ?').bind(uid).first<number>('amount_minor'))!;
    expect(usd(after.next_payouts.payable_now) - usd(before.next_payouts.payable_now)).toBe(await amountOf(old.body.commission.uid));
    expect(usd(after.next_payouts.later) - usd(before.next_payouts.later)).toBe(await amountOf(fresh.body.commission.uid));
    expect(after.next_payouts.next_payable_on).not.toBeNull();
    expect(Date.parse(after.next_payouts.next_payable_on)).toBeGreaterThan(Date.now());
  });
});
