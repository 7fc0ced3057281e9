// What the console's ambassadors screen calls on the operator API: the list's search, filters and order, the
// CSV export (filtered, formula-safe), the import's dry run (writes nothing), an ambassador's timeline and
// the cash adjustment, for keys and for staff of each role, never across companies.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { edge } from './helpers';
import { conversion, hostOfKey, KEYS, op, scalar } from './operator-fixtures';
import { fullSession } from './staff-helpers';

const asStaff = (token: string, method: string, path: string, body?: unknown, host = 'localhost') =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host });

const count = (sql: string, ...args: unknown[]) => scalar<number>(sql, ...args);

async function importCsv(key: string, csv: string, query: string) {
  const res = await edge().fetch(`http://${await hostOfKey(key)}/v1/operator/ambassadors/import?${query}`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv; charset=utf-8' }, body: csv,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const uids = (body: { results: { uid: string }[] }) => body.results.map((a) => a.uid);

describe('the ambassador list', () => {
  it('finds ambassadors by part of their name or e-mail, in the asked order', async () => {
    const byName = await op(KEYS.demo, 'GET', '/ambassadors?q=brightwater');
    expect(byName.status).toBe(200);
    expect(uids(byName.body)).toEqual(['amb-ben']);
    expect(uids((await op(KEYS.demo, 'GET', '/ambassadors?q=Ava%20Amb')).body)).toEqual(['amb-ava']);
    expect(uids((await op(KEYS.demo, 'GET', '/ambassadors?q=ben@demo')).body)).toEqual(['amb-ben']);
    const byEmail = (await op(KEYS.demo, 'GET', '/ambassadors?sort=email&limit=100')).body.results.map((a: { email: string }) => a.email);
    expect(byEmail).toEqual([...byEmail].sort());
    const backwards = (await op(KEYS.demo, 'GET', '/ambassadors?sort=-email&limit=100')).body.results.map((a: { email: string }) => a.email);
    expect(backwards).toEqual([...byEmail].reverse());
    expect((await op(KEYS.demo, 'GET', '/ambassadors?sort=shoe_size')).status).toBe(400);
  });

  it('filters by status, and a Demo search never finds an Acme ambassador', async () => {
    const inactive = await op(KEYS.demo, 'GET', '/ambassadors?active=false');
    expect(inactive.body.results.every((a: { active: boolean }) => !a.active)).toBe(true);
    expect(uids((await op(KEYS.demo, 'GET', '/ambassadors?q=alex')).body)).toEqual([]);
    const owner = await fullSession('localhost', 'owner@demo.test');
    expect(uids((await asStaff(owner, 'GET', '/ambassadors?q=alpine')).body)).toEqual([]);
  });
});

describe('GET /v1/operator/ambassadors/export', () => {
  it('downloads the filtered list as CSV, a formula-like cell made inert', async () => {
    const made = await op(KEYS.demo, 'POST', '/ambassadors', {
      email: 'formula@example.com', first_name: '=HYPERLINK("http://evil.test","x")', last_name: '+Plus, "quoted"', campaigns: [],
    });
    expect(made.status).toBe(201);
    const res = await edge().fetch(`http://localhost/v1/operator/ambassadors/export?q=formula`, { headers: { authorization: `Bearer ${KEYS.demo}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="ambassadors-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('email,first_name,last_name,group,campaigns,language,uid,active,has_password,created_at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`formula@example.com,"'=HYPERLINK(""http://evil.test"",""x"")","'+Plus, ""quoted"""`);
    expect(lines[2]).toBe('');
  });

  it('holds every row to the caller\'s company, for a key and for staff', async () => {
    const demo = await (await edge().fetch('http://localhost/v1/operator/ambassadors/export', { headers: { authorization: `Bearer ${KEYS.demo}` } })).text();
    expect(demo).toContain('ava@demo.test');
    expect(demo).not.toContain('@acme.test');
    expect((await op(KEYS.demo, 'POST', '/ambassadors/amb-gone/deactivate', {})).status).toBe(200);
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    const res = await edge().fetch('http://localhost/v1/operator/ambassadors/export?active=true', { headers: { authorization: `Staff ${viewer}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('ben@demo.test');
    expect(text).not.toContain('gone@demo.test');
    expect(text).not.toContain('@acme.test');
  });
});

describe('POST /v1/operator/ambassadors/import?dry_run=true', () => {
  const csv = ['email,first_name,last_name', 'dry@example.com,Dry,Run', 'ben@demo.test,Ben,Again', 'broken,,'].join('\r\n');

  it('reports what the import would do and writes nothing; the real import then does it', async () => {
    const before = await count('SELECT COUNT(*) FROM users WHERE company_id = ?', 'demo');
    const outbox = await count('SELECT COUNT(*) FROM email_outbox');
    const dry = await importCsv(KEYS.demo, csv, 'dry_run=true&invite=true');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dry_run: true, created: 1, skipped: 1, failed: 1,
      rows: [{ row: 2, status: 'created' }, { row: 3, status: 'skipped', uid: 'amb-ben' }, { row: 4, status: 'error' }],
    });
    expect(dry.body.rows[0].uid).toBeUndefined();
    expect(await count('SELECT COUNT(*) FROM users WHERE company_id = ?', 'demo')).toBe(before);
    expect(await count('SELECT COUNT(*) FROM email_outbox')).toBe(outbox);
    const real = await importCsv(KEYS.demo, csv, 'invite=false');
    expect(real.body).toMatchObject({ created: 1, skipped: 1, failed: 1 });
    expect(real.body.dry_run).toBeUndefined();
    expect(await count('SELECT COUNT(*) FROM users WHERE company_id = ?', 'demo')).toBe(before + 1);
  });
});

describe('GET /v1/operator/ambassadors/{uid}/timeline', () => {
  it('lists an ambassador\'s commissions and ledger entries newest first, and another company\'s ambassador is a 404', async () => {
    const sale = await op(KEYS.demo, 'POST', '/events', conversion());
    expect(sale.status).toBe(201);
    const commission = sale.body.commission;
    const owner = await fullSession('localhost', 'owner@demo.test');
    const res = await asStaff(owner, 'GET', `/ambassadors/${commission.ambassador_uid ?? 'amb-ava'}/timeline?limit=200`);
    expect(res.status).toBe(200);
    const items = res.body.results as { kind: string; at: string; uid: string | null }[];
    expect(items.find((i) => i.uid === commission.uid)).toMatchObject({ kind: 'commission', status: 'pending' });
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    expect(new Set(items.map((i) => i.kind)).size).toBeGreaterThan(1);
    const only = await asStaff(owner, 'GET', `/ambassadors/${commission.ambassador_uid ?? 'amb-ava'}/timeline?kind=commission&limit=200`);
    expect(only.body.results.length).toBeGreaterThan(0);
    expect(only.body.results.every((i: { kind: string }) => i.kind === 'commission')).toBe(true);
    expect((await asStaff(owner, 'GET', '/ambassadors/amb-ava/timeline?kind=gossip')).status).toBe(400);
    expect((await asStaff(owner, 'GET', '/ambassadors/amb-alex/timeline')).status).toBe(404);
    expect((await op(KEYS.acme, 'GET', '/ambassadors/amb-ava/timeline')).status).toBe(404);
  });
});

describe('POST /v1/operator/ambassadors/{uid}/cash_adjustments', () => {
  it('finance adjusts cash with a reason, once per uid; a viewer and a reviewer are refused and nothing moves', async () => {
    const entries = () => count("SELECT COUNT(*) FROM loyalty_ledger WHERE company_id = 'demo' AND ambassador_uid = 'amb-ben' AND kind = 'cash'");
    const before = await entries();
    for (const email of ['viewer@demo.test', 'reviewer@demo.test']) {
      const token = await fullSession('localhost', email);
      const refused = await asStaff(token, 'POST', '/ambassadors/amb-ben/cash_adjustments', { amount: 500, reason: 'Goodwill' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('roleRequired');
    }
    expect(await entries()).toBe(before);
    const finance = await fullSession('localhost', 'finance@demo.test');
    const noReason = await asStaff(finance, 'POST', '/ambassadors/amb-ben/cash_adjustments', { amount: 500, reason: '  ' });
    expect(noReason.status).toBe(400);
    const zero = await asStaff(finance, 'POST', '/ambassadors/amb-ben/cash_adjustments', { amount: 0, reason: 'Nothing' });
    expect(zero.status).toBe(400);
    expect(zero.body.error_codes.amount[0].code).toBe('console.ambassadors.amountInvalid');
    const made = await asStaff(finance, 'POST', '/ambassadors/amb-ben/cash_adjustments', { amount: 500, reason: 'Goodwill', uid: 'gw-1' });
    expect(made.status).toBe(201);
    expect(made.body.entry).toMatchObject({ kind: 'cash', entry_type: 'adjust', amount: 500, description: 'Goodwill', uid: 'gw-1' });
    const again = await asStaff(finance, 'POST', '/ambassadors/amb-ben/cash_adjustments', { amount: 500, reason: 'Goodwill', uid: 'gw-1' });
    expect(again.status).toBe(200);
    expect(await entries()).toBe(before + 1);
    // More than the open cash: refused whole.
    const over = await op(KEYS.demo, 'POST', '/ambassadors/amb-ben/cash_adjustments', { amount: -10_000_000, reason: 'Too much' });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('notEnoughFunds');
    expect(await entries()).toBe(before + 1);
    // Another company's ambassador does not exist for Demo's staff.
    expect((await asStaff(finance, 'POST', '/ambassadors/amb-alex/cash_adjustments', { amount: 500, reason: 'x' })).status).toBe(404);
  });

  it('asks staff for a second factor of the last 10 minutes', async () => {
    const admin = await fullSession('localhost', 'admin@demo.test');
    await env.DB.prepare("UPDATE staff_sessions SET second_factor_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-11 minutes') WHERE company_id = 'demo' AND second_factor_at IS NOT NULL").run();
    const stale = await asStaff(admin, 'POST', '/ambassadors/amb-ben/cash_adjustments', { amount: 100, reason: 'Late' });
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('stepUpRequired');
  });
});

describe('the ambassador actions for staff roles', () => {
  it('a viewer reads but cannot deactivate, move or adjust points; an admin can', async () => {
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    expect((await asStaff(viewer, 'GET', '/ambassadors/amb-ben')).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/ambassadors/amb-ben/deactivate', {}],
      ['PUT', '/ambassadors/amb-ben/group', { group: null }],
      ['POST', '/ambassadors/amb-ben/loyalty/entries', { kind: 'points', amount: 10, description: 'Nope' }],
      ['POST', '/ambassadors/import?dry_run=true', undefined],
    ] as const) {
      const res = await asStaff(viewer, method, path, body);
      expect(res.status, path).toBe(403);
    }
    expect(await scalar('SELECT deactivated_at FROM ambassadors WHERE uid = ?', 'amb-ben')).toBeNull();
    const admin = await fullSession('localhost', 'admin@demo.test');
    expect((await asStaff(admin, 'POST', '/ambassadors/amb-ben/deactivate', {})).body.ambassador.active).toBe(false);
    expect((await asStaff(admin, 'POST', '/ambassadors/amb-ben/reactivate', {})).body.ambassador.active).toBe(true);
  });
});
