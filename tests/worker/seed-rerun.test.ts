// The demo seed loads again after any use of the product: `npm start` re-seeded on every start
// and, once the operator API had been used, failed with "FOREIGN KEY constraint failed". `npm run db:seed`
// now empties every table first (scripts/lib/clear-d1.mjs, the same code the script runs on the local
// state), in an order read from the schema, so tables added by later migrations need no hand-kept list.
// The browser-level run (restart keeps data, db:seed and --reset start over) is tests/e2e/local-data.e2e.ts.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { APP_TABLE, clearD1 } from '../../scripts/lib/clear-d1.mjs';
import { KEYS, conversion, op } from './operator-fixtures';

// The local ADMIN_API_KEY of .dev.vars.example (the worker tests' bindings).
const ADMIN = env.ADMIN_API_KEY ?? '';

async function appTables(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')").all<{ name: string }>();
  return results.map((r) => r.name).filter(APP_TABLE);
}

/** Tables that still hold rows. */
async function nonEmpty(): Promise<string[]> {
  const left: string[] = [];
  for (const t of await appTables()) {
    const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).first<{ n: number }>();
    if (row!.n > 0) left.push(t);
  }
  return left;
}

async function triggers() {
  return (await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid").all<{ name: string; sql: string }>()).results;
}

async function loadDemo() {
  await env.DB.batch(env.TEST_SEED.map((sql) => env.DB.prepare(sql)));
}

/** A week of use through the operator API: companies, hosts, keys, people, outbox, ledger, webhooks, idempotency keys, commissions. */
async function useTheProduct(suffix: string) {
  const id = `northwind-${suffix}`;
  expect((await op(ADMIN, 'POST', '/companies', { id, name: 'Northwind', hosts: [`${id}.localhost`] })).status).toBe(201);
  expect((await op(ADMIN, 'POST', `/companies/${id}/keys`, { label: 'week one' })).status).toBe(201);
  const created = await op(KEYS.demo, 'POST', '/ambassadors', {
    email: `jamie-${suffix}@example.com`, first_name: 'Jamie', last_name: 'Rivera', campaigns: ['cmp-demo-main'], invite: true,
  }, { 'idempotency-key': `"amb-${suffix}"` });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const uid = /"uid":"(amb-[^"]+)"/.exec(JSON.stringify(created.body))![1];
  expect((await op(KEYS.demo, 'POST', `/ambassadors/${uid}/loyalty/entries`, { kind: 'points', amount: 120, description: 'Welcome' })).status).toBe(201);
  expect((await op(KEYS.demo, 'POST', '/webhooks/endpoints', { url: 'https://hooks.example.com/x', event_types: ['commission.created'] })).status).toBe(201);
  expect((await op(KEYS.demo, 'POST', '/events', conversion())).status).toBe(201);
}

describe('the demo seed loads again after any use', () => {
  it('empties every table the product wrote and loads the demo, twice in a row, keeping every trigger in order', async () => {
    const before = await triggers();
    await useTheProduct('a');
    const tables = await clearD1(env.DB);
    expect(tables).toBe((await appTables()).length);
    expect(await nonEmpty()).toEqual([]);
    expect(await triggers()).toEqual(before);
    await loadDemo();
    expect(await env.DB.prepare("SELECT id FROM companies ORDER BY id").all().then((r) => r.results.map((c) => c.id))).toEqual(['acme', 'demo', 'globex']);

    // The loaded demo works, is used again, and is wiped and loaded once more.
    await useTheProduct('b');
    await clearD1(env.DB);
    await loadDemo();
    expect((await op(KEYS.demo, 'GET', '/ambassadors?email=jamie-b%40example.com')).body.count).toBe(0);
    expect((await op(ADMIN, 'GET', '/companies')).body.results.map((c: { id: string }) => c.id).sort()).toEqual(['acme', 'demo', 'globex']);
    // The guards are back: the ledger is append-only again.
    await expect(env.DB.prepare('DELETE FROM loyalty_ledger').run()).rejects.toThrow(/ledger_append_only/);
  });

  it('needs no list for tables a later migration adds: reference cycles, self references, triggers that write or refuse, virtual tables', async () => {
    await env.DB.batch([
      env.DB.prepare('CREATE TABLE zz_a (id INTEGER PRIMARY KEY, b_id INTEGER REFERENCES zz_b(id), parent INTEGER REFERENCES zz_a(id))'),
      env.DB.prepare('CREATE TABLE zz_b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES zz_a(id), company_id TEXT REFERENCES companies(id))'),
      env.DB.prepare('CREATE TABLE zz_audit (what TEXT NOT NULL)'),
      // An AFTER DELETE trigger that writes rows, and a delete guard spelled unlike the ledger's.
      env.DB.prepare("CREATE TRIGGER zz_b_audit AFTER DELETE ON zz_b BEGIN INSERT INTO zz_audit (what) VALUES ('deleted b'); END"),
      env.DB.prepare("create trigger zz_a_guard before\n  delete on zz_a begin select raise(abort, 'zz_a keeps its rows'); end"),
      env.DB.prepare('CREATE VIRTUAL TABLE zz_search USING fts5(body)'),
      env.DB.prepare('PRAGMA defer_foreign_keys = ON'),
      env.DB.prepare("INSERT INTO zz_a (id, b_id, parent) VALUES (1, 1, NULL), (2, 1, 1)"),
      env.DB.prepare("INSERT INTO zz_b (id, a_id, company_id) VALUES (1, 2, 'demo')"),
      env.DB.prepare("INSERT INTO zz_search (body) VALUES ('spring brochure')"),
    ]);
    const before = await triggers();
    await useTheProduct('c');
    await clearD1(env.DB);
    expect(await nonEmpty()).toEqual([]);
    expect(await triggers()).toEqual(before);
    await loadDemo();
    // The virtual table still works after the wipe (its shadow tables were not touched directly).
    await env.DB.prepare("INSERT INTO zz_search (body) VALUES ('autumn flyer')").run();
    expect((await env.DB.prepare("SELECT body FROM zz_search WHERE zz_search MATCH 'autumn'").all()).results).toEqual([{ body: 'autumn flyer' }]);
    // The odd-spelled guard is back too.
    await env.DB.prepare('INSERT INTO zz_a (id) VALUES (3)').run();
    await expect(env.DB.prepare('DELETE FROM zz_a').run()).rejects.toThrow(/keeps its rows/);
  });
});
