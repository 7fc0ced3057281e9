// GET /v1/staff/overview/: the program at a glance for every role, summed from the company's own rows only.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
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
});
