// Operator API tenant isolation: a company key acts only on its own company (another company's
// ids answer 404), and only a live operator key authenticates (none, garbage, revoked, an ambassador
// Token: 401) on every operator route.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperatorKey, revokeOperatorKey } from '../../src/api/core/operator-keys';
import { login } from './sharing-fixtures';
import { KEYS, conversion, op, scalar } from './operator-fixtures';

let demoTx: string;
let demoUid: string;

beforeAll(async () => {
  const row = await env.DB.prepare("SELECT uid, transaction_id FROM commissions WHERE company_id = 'demo' AND status = 'pending' AND kind = 'commission' LIMIT 1")
    .first<{ uid: string; transaction_id: string }>();
  demoUid = row!.uid;
  demoTx = row!.transaction_id;
});

/** Every operator route with a body that would succeed for demo's own key. */
const routes = () => [
  ['POST', '/events', conversion()],
  ['POST', `/events/${demoTx}/refund`, { revenue: '1.00' }],
  ['POST', `/commissions/${demoUid}/approve`, undefined],
  ['POST', `/commissions/${demoUid}/deny`, undefined],
  ['POST', '/commissions/approve', { uids: [demoUid] }],
  ['POST', '/payouts', { ambassador_uid: 'amb-ava', method: 1 }],
  ['GET', '/payouts?ambassador_uid=amb-ava', undefined],
] as const;

describe('tenant isolation', () => {
  it("acme's key gets 404 for every demo id, and changes nothing", async () => {
    const before = await scalar("SELECT COUNT(*) || ':' || SUM(amount_minor) || ':' || group_concat(status) FROM commissions WHERE company_id = 'demo'");
    for (const [method, path, body] of routes()) {
      const res = await op(KEYS.acme, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('notFound');
    }
    expect(await scalar("SELECT COUNT(*) || ':' || SUM(amount_minor) || ':' || group_concat(status) FROM commissions WHERE company_id = 'demo'")).toBe(before);
  });

  it("lists only the key's own company's payouts", async () => {
    const acme = await op(KEYS.acme, 'GET', '/payouts');
    expect(acme.body.count).toBeGreaterThan(0);
    expect(acme.body.results.every((p: any) => p.currency === 'EUR' && p.ambassador_uid === 'amb-alex')).toBe(true);
    const globex = await op(KEYS.globex, 'GET', '/payouts');
    expect(globex.body).toEqual({ count: 0, results: [] });
  });

  it("a demo share code is unknown to acme's campaigns", async () => {
    const res = await op(KEYS.acme, 'POST', '/events', conversion({ campaign_uid: 'cmp-acme-trail', short_code: 'ava-demo' }));
    expect(res.status).toBe(400);
    expect(res.body.error_codes.short_code[0].code).toBe('referrerUnknown');
  });
});

describe('authentication', () => {
  it('401 without a key, with garbage, with a revoked key and with an ambassador Token, on every route', async () => {
    const made = await createOperatorKey(env.DB, 'demo', 'to revoke');
    expect(made.key).toMatch(/^opk_/);
    expect((await op(made.key, 'GET', '/payouts')).status).toBe(200);
    expect(await scalar('SELECT COUNT(*) FROM operator_api_keys WHERE key_hash = ?', made.key)).toBe(0);
    expect(await revokeOperatorKey(env.DB, 'acme', made.id)).toBe(false);
    expect(await revokeOperatorKey(env.DB, 'demo', made.id)).toBe(true);
    const ava = await login('localhost', 'ava@demo.test');
    const credentials: [string, Record<string, string>][] = [
      ['none', {}],
      ['garbage', { authorization: 'Bearer opk_not-a-real-key-at-all-0000' }],
      ['not a bearer', { authorization: `Basic ${btoa('demo:x')}` }],
      ['revoked', { authorization: `Bearer ${made.key}` }],
      ['ambassador token', { authorization: `Token ${ava.token}` }],
      ['ambassador token as bearer', { authorization: `Bearer ${ava.token}` }],
    ];
    for (const [label, headers] of credentials) {
      for (const [method, path, body] of routes()) {
        const res = await op(null, method, path, body, headers);
        expect(res.status, `${label}: ${method} ${path}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toContain('Bearer');
      }
    }
  });

  it('a key is refused on a portal host of another tenant, whatever tenant the request names', async () => {
    for (const headers of [{}, { 'x-portal-company': 'acme' }] as Record<string, string>[]) {
      const res = await op(KEYS.acme, 'GET', '/payouts', undefined, headers, { host: 'localhost' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('operatorKeyInvalid');
    }
    expect((await op(KEYS.acme, 'GET', '/payouts')).status).toBe(200);
  });

  it('the ambassador API does not take an operator key', async () => {
    const res = await op(KEYS.demo, 'GET', '/../portal/ambassadors/amb-ava/');
    expect(res.status).toBe(401);
  });
});

describe('migration 0003_operator.sql', () => {
  it('rebuilt commissions with every row, a uid each, and no copy table left', async () => {
    expect((await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'tmp_0003_%'").all()).results).toEqual([]);
    expect(await scalar("SELECT COUNT(*) FROM commissions WHERE id BETWEEN 1001 AND 3999 AND uid <> 'com-' || id")).toBe(0);
    expect(await scalar("SELECT COUNT(*) FROM payouts WHERE uid IS NULL")).toBe(0);
  });

  it('lets the database refuse a second commission for a transaction and event, and a positive clawback', async () => {
    const row = await env.DB.prepare("SELECT id, transaction_id, event FROM commissions WHERE company_id = 'demo' AND kind = 'commission' LIMIT 1")
      .first<{ id: number; transaction_id: string; event: string }>();
    const insert = (kind: string, amount: number, reverses: number | null) => env.DB.prepare(
      `INSERT INTO commissions (company_id, ambassador_uid, campaign_id, transaction_id, amount_minor, revenue_minor, currency, event, status, kind, reverses_id)
       VALUES ('demo', 'amb-ava', 102, ?, ?, ?, 'USD', ?, 'approved', ?, ?) RETURNING 1 AS inserted`,
    ).bind(row!.transaction_id, amount, Math.min(amount, 0), row!.event, kind, reverses).run();
    await expect(insert('commission', 100, null)).rejects.toThrow(/UNIQUE/);
    await expect(insert('clawback', 100, row!.id)).rejects.toThrow(/CHECK/);
    // RETURNING: `meta.changes` also counts the counter rows its triggers wrote (migrations/0019_counters.sql).
    expect((await insert('clawback', -100, row!.id)).results).toHaveLength(1);
  });
});
