// migrations/0002_tenant_safe.sql: the database itself refuses rows that mix two companies, booleans other
// than 0/1 and statuses or kinds the portal does not know. Real migrations, real D1, the demo seed
// (companies demo and acme; see seed/README.md for the ids used below).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';

type Value = string | number | null;
type Row = Record<string, Value>;

function insert(table: string, row: Row) {
  const cols = Object.keys(row);
  // RETURNING: `meta.changes` also counts rows written by triggers (clicks, shares and referrals update
  // stats_daily, migrations/0004_stats_rollups.sql), `results` holds the inserted rows alone.
  return env.DB.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')}) RETURNING 1 AS inserted`)
    .bind(...Object.values(row))
    .run();
}

/** Sets one column of one row, then puts the old value back (both in one batch, so a refusal changes nothing). */
async function setAndRestore(table: string, key: string, id: Value, column: string, value: Value) {
  const before = await env.DB.prepare(`SELECT ${column} AS v FROM ${table} WHERE ${key} = ?`).bind(id).first<{ v: Value }>();
  expect(before, `${table} ${key} = ${id} exists in the seed`).not.toBeNull();
  const set = (v: Value) => env.DB.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${key} = ? RETURNING 1 AS updated`).bind(v, id);
  const [changed] = await env.DB.batch([set(value), set(before!.v)]);
  expect(changed!.results).toHaveLength(1);
}

const FOREIGN_KEY = /FOREIGN KEY constraint failed/;
const CHECK = /CHECK constraint failed/;

// Each case: a row that stays inside one company (accepted) and the same row pointing one reference at
// a row of the other company (refused). Only that reference differs, so the refusal is the tenant key's.
interface Relation { row: string; ref: string; table: string; same: Row; other: Row }
const rows = (base: Row, same: Row, other: Row) => ({ same: { ...base, ...same }, other: { ...base, ...other } });

const relations: Relation[] = [
  {
    row: 'a campaign membership', ref: 'campaign', table: 'ambassador_campaigns',
    ...rows({ company_id: 'demo', ambassador_uid: 'amb-nocampaign' }, { campaign_id: 101 }, { campaign_id: 201 }),
  },
  {
    row: 'a campaign membership', ref: 'ambassador', table: 'ambassador_campaigns',
    ...rows({ company_id: 'acme', campaign_id: 202 }, { ambassador_uid: 'amb-sam' }, { ambassador_uid: 'amb-ben' }),
  },
  {
    row: 'a share link', ref: 'campaign', table: 'share_links',
    same: { uid: 'sl-tenant-same', company_id: 'demo', ambassador_uid: 'amb-ava', campaign_id: 102, short_code: 'tenant-same' },
    other: { uid: 'sl-tenant-other', company_id: 'demo', ambassador_uid: 'amb-ava', campaign_id: 201, short_code: 'tenant-other' },
  },
  {
    row: 'a share link', ref: 'ambassador', table: 'share_links',
    same: { uid: 'sl-tenant-same2', company_id: 'acme', ambassador_uid: 'amb-alex', campaign_id: 201, short_code: 'tenant-same2' },
    other: { uid: 'sl-tenant-other2', company_id: 'acme', ambassador_uid: 'amb-ava', campaign_id: 201, short_code: 'tenant-other2' },
  },
  {
    row: 'a click', ref: 'share link', table: 'clicks',
    ...rows({ company_id: 'demo', campaign_id: 102, ambassador_uid: 'amb-ava', client_hash: 'tenant-test' },
      { share_link_uid: 'sl-ava-demo' }, { share_link_uid: 'sl-alex-trail' }),
  },
  {
    row: 'a share', ref: 'share link', table: 'shares',
    ...rows({ company_id: 'demo', campaign_id: 102, ambassador_uid: 'amb-ava', social_name: 'copy' },
      { share_link_uid: 'sl-ava-demo' }, { share_link_uid: 'sl-alex-trail' }),
  },
  {
    row: 'a referral', ref: 'share link', table: 'referrals',
    ...rows({ company_id: 'acme', ambassador_uid: 'amb-alex', campaign_id: 201 },
      { share_link_uid: 'sl-alex-trail' }, { share_link_uid: 'sl-ava-demo' }),
  },
  {
    row: 'a commission', ref: 'referral', table: 'commissions',
    ...rows({ company_id: 'demo', ambassador_uid: 'amb-ava', campaign_id: 104, transaction_id: 'tenant-test', amount_minor: 100, currency: 'USD', status: 'pending' },
      { referral_id: 1001 }, { referral_id: 2001 }),
  },
  {
    row: 'a commission', ref: 'payout', table: 'commissions',
    ...rows({ company_id: 'demo', ambassador_uid: 'amb-ava', campaign_id: 102, transaction_id: 'tenant-test-2', amount_minor: 0, currency: 'USD', status: 'paid' },
      { payout_id: 501 }, { payout_id: 601 }),
  },
  {
    row: 'a campaign customization', ref: 'campaign', table: 'customizations',
    same: { id: 'cust-tenant-same', company_id: 'demo', campaign_id: 101 },
    other: { id: 'cust-tenant-other', company_id: 'demo', campaign_id: 202 },
  },
  {
    row: 'an ambassador', ref: 'group', table: 'ambassadors',
    same: { uid: 'amb-tenant-same', company_id: 'demo', user_id: 9101, share_code: 'TENANTSAME1', group_id: 1 },
    other: { uid: 'amb-tenant-other', company_id: 'demo', user_id: 9102, share_code: 'TENANTOTHER1', group_id: 3 },
  },
  {
    row: 'an ambassador', ref: 'referrer', table: 'ambassadors',
    same: { uid: 'amb-tenant-same3', company_id: 'demo', user_id: 9103, share_code: 'tenant-same3', referred_by_uid: 'amb-ben' },
    other: { uid: 'amb-tenant-other3', company_id: 'demo', user_id: 9104, share_code: 'tenant-other3', referred_by_uid: 'amb-alex' },
  },
  {
    row: 'an ambassador', ref: 'user account', table: 'ambassadors',
    same: { uid: 'amb-tenant-same5', company_id: 'demo', user_id: 9105, share_code: 'tenant-same5' },
    other: { uid: 'amb-tenant-other5', company_id: 'demo', user_id: 9201, share_code: 'tenant-other5' },
  },
  {
    row: 'a session token', ref: 'user account', table: 'api_tokens',
    same: { token_hash: 'tenant-same', company_id: 'acme', user_id: 2001, expires_at: '2999-01-01T00:00:00.000Z' },
    other: { token_hash: 'tenant-other', company_id: 'acme', user_id: 1001, expires_at: '2999-01-01T00:00:00.000Z' },
  },
  {
    row: 'a loyalty ledger entry', ref: 'redemption', table: 'loyalty_ledger',
    ...rows({ company_id: 'demo', ambassador_uid: 'amb-ava', kind: 'points', entry_type: 'adjust', amount: 1 },
      { redemption_id: 701 }, { redemption_id: 801 }),
  },
  {
    row: 'an activity', ref: 'payout', table: 'activities',
    ...rows({ company_id: 'acme', ambassador_uid: 'amb-alex', type: 'payout', status: 'paid' }, { payout_id: 601 }, { payout_id: 501 }),
  },
  {
    row: 'a redemption', ref: 'reward', table: 'redemptions',
    same: { company_id: 'demo', ambassador_uid: 'amb-ava', kind: 'gift_card', reward_uid: 'rwd-demo-amazon', requested_amount: 1, spend_kind: 'points', idempotency_key: 'tenant-same' },
    other: { company_id: 'demo', ambassador_uid: 'amb-ava', kind: 'gift_card', reward_uid: 'rwd-acme-store-credit', requested_amount: 1, spend_kind: 'points', idempotency_key: 'tenant-other' },
  },
  {
    row: 'a vault item variant', ref: 'vault item', table: 'vault_item_variants',
    same: { uid: 'vv-tenant-same', company_id: 'acme', vault_item_uid: 'vlt-acme-giftcard', name: 'x', cost: 1, value_minor: 1 },
    other: { uid: 'vv-tenant-other', company_id: 'acme', vault_item_uid: 'vlt-demo-prepaid', name: 'x', cost: 1, value_minor: 1 },
  },
  {
    row: 'a badge award', ref: 'badge', table: 'ambassador_badges',
    ...rows({ company_id: 'demo', ambassador_uid: 'amb-ben' }, { badge_id: 4 }, { badge_id: 8 }),
  },
  {
    row: 'a task completion', ref: 'task', table: 'task_completions',
    ...rows({ company_id: 'acme', ambassador_uid: 'amb-sam' }, { task_id: 5 }, { task_id: 1 }),
  },
  {
    row: 'an asset', ref: 'campaign', table: 'assets',
    same: { uid: 'ast-tenant-same', company_id: 'acme', campaign_id: 201, title: 't', file_key: 'k', file_name: 'f', content_type: 'image/png', size_bytes: 1 },
    other: { uid: 'ast-tenant-other', company_id: 'acme', campaign_id: 101, title: 't', file_key: 'k', file_name: 'f', content_type: 'image/png', size_bytes: 1 },
  },
];

beforeAll(async () => {
  // User accounts without an ambassador yet (an account has at most one): 91xx in demo, 9201 in acme.
  for (const [id, company] of [[9101, 'demo'], [9102, 'demo'], [9103, 'demo'], [9104, 'demo'], [9105, 'demo'], [9201, 'acme']] as const) {
    await insert('users', { id, company_id: company, email: `tenant-${id}@${company}.test` });
  }
});

describe('migration 0002_tenant_safe.sql', () => {
  it('runs after 0001_init.sql and leaves no copy tables behind', async () => {
    const applied = await env.DB.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>();
    const names = applied.results.map((r) => r.name);
    expect(names.indexOf('0002_tenant_safe.sql')).toBeGreaterThan(names.indexOf('0001_init.sql'));
    const leftovers = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'tmp_0002_%'").all();
    expect(leftovers.results).toEqual([]);
  });

  it('keeps the demo seed free of foreign key violations', async () => {
    const { results } = await env.DB.prepare('SELECT * FROM pragma_foreign_key_check').all();
    expect(results).toEqual([]);
  });

  it('gives every reference between two tenant-owned tables a twin that goes through company_id', async () => {
    // Foreign keys of tables that have company_id, to other tables that have it (companies itself excluded).
    const { results } = await env.DB.prepare(
      `SELECT m.name AS child, f.id, f."table" AS parent, f."from" AS col, f."to" AS pcol
         FROM sqlite_master m, pragma_foreign_key_list(m.name) f
        WHERE m.type = 'table' AND m.name NOT LIKE '\\_%' ESCAPE '\\' AND m.name NOT LIKE 'sqlite%'
          AND f."table" <> 'companies'
          AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'company_id')
          AND EXISTS (SELECT 1 FROM pragma_table_info(f."table") c WHERE c.name = 'company_id')
        ORDER BY m.name, f.id, f.seq`,
    ).all<{ child: string; id: number; parent: string; col: string; pcol: string }>();
    const keys = new Map<string, { child: string; pairs: string[] }>();
    for (const r of results) {
      const key = keys.get(`${r.child}#${r.id}`) ?? { child: r.child, pairs: [] };
      key.pairs.push(`${r.col} -> ${r.parent}.${r.pcol}`);
      keys.set(`${r.child}#${r.id}`, key);
    }
    const all = [...keys.values()];
    const twins = new Set(all.filter((k) => k.pairs.length === 2 && k.pairs[0]!.startsWith('company_id -> '))
      .map((k) => `${k.child}: ${k.pairs[1]}`));
    const plain = all.filter((k) => k.pairs.length === 1).map((k) => `${k.child}: ${k.pairs[0]}`);
    expect(plain.length).toBeGreaterThan(40);
    expect(plain.filter((k) => !twins.has(k))).toEqual([]);
  });

  it('keeps the loyalty ledger append-only', async () => {
    await expect(env.DB.prepare("UPDATE loyalty_ledger SET amount = amount WHERE company_id = 'demo'").run()).rejects.toThrow(/ledger_append_only/);
    await expect(env.DB.prepare("DELETE FROM loyalty_ledger WHERE company_id = 'demo'").run()).rejects.toThrow(/ledger_append_only/);
  });
});

describe('rows that mix two companies', () => {
  for (const { row, ref, table, same, other } of relations) {
    it(`refuses ${row} whose ${ref} belongs to another company`, async () => {
      await expect(insert(table, other)).rejects.toThrow(FOREIGN_KEY);
    });

    it(`accepts ${row} whose ${ref} belongs to the same company`, async () => {
      expect((await insert(table, same)).results).toHaveLength(1);
    });
  }

  it('refuses moving a share link to another company\'s campaign', async () => {
    await expect(env.DB.prepare("UPDATE share_links SET campaign_id = 201 WHERE uid = 'sl-ava-demo'").run()).rejects.toThrow(FOREIGN_KEY);
  });

  it('still refuses deleting a campaign that other rows use', async () => {
    await expect(env.DB.prepare('DELETE FROM campaigns WHERE id = 102').run()).rejects.toThrow(FOREIGN_KEY);
  });
});

const booleans: [table: string, key: string, id: Value, column: string][] = [
  ['companies', 'id', 'demo', 'admin3_access'],
  ['companies', 'id', 'demo', 'recaptcha_enabled'],
  ['campaigns', 'id', 101, 'is_active'],
  ['campaigns', 'id', 101, 'is_hidden_dashboard'],
  ['users', 'id', 1001, 'loyalty_access'],
  ['ambassadors', 'uid', 'amb-ava', 'deactivated_by_self'],
  ['notification_settings', 'ambassador_uid', 'amb-ava', 'unsubscribe_all'],
  ['notification_settings', 'ambassador_uid', 'amb-ava', 'earn_pending_commission'],
  ['share_links', 'uid', 'sl-ava-demo', 'is_default'],
  ['clicks', 'id', 1, 'counted'],
  ['commissions', 'id', 1001, 'is_monetary'],
  ['tiers', 'id', 1, 'is_active'],
  ['badges', 'id', 1, 'is_active'],
  ['tasks', 'id', 1, 'is_active'],
  ['rewards', 'uid', 'rwd-demo-amazon', 'is_active'],
  ['vault_items', 'uid', 'vlt-demo-prepaid', 'is_active'],
  ['vault_item_variants', 'uid', 'vv-demo-prepaid-25', 'is_active'],
];

describe('boolean columns', () => {
  for (const [table, key, id, column] of booleans) {
    it(`refuses 2 in ${table}.${column}`, async () => {
      await expect(setAndRestore(table, key, id, column, 2)).rejects.toThrow(CHECK);
    });

    it(`accepts 0 and 1 in ${table}.${column}`, async () => {
      await setAndRestore(table, key, id, column, 0);
      await setAndRestore(table, key, id, column, 1);
    });
  }
});

// [table, key, id, column, a value the portal writes, a value it does not know]
const statuses: [string, string, Value, string, Value, Value][] = [
  ['commissions', 'id', 1001, 'status', 'zero', 'unknown'],
  ['payouts', 'id', 501, 'status', 'processing', 'unknown'],
  ['activities', 'id', 7001, 'status', 'redeemed', 'unknown'],
  ['activities', 'id', 7001, 'type', 'referral', 'unknown'],
  ['activities', 'id', 7001, 'payment_method', 8, 9],
  // Both demo tenants offer every language, so a language row is named by company and code.
  ['languages', "company_id || ':' || code", 'acme:fr', 'status', 'inactive', 'unknown'],
  ['rewards', 'uid', 'rwd-demo-amazon', 'brand_kind', 'bass_pro', 'unknown'],
  ['email_link_codes', 'ambassador_uid', 'amb-gus', 'purpose', 'optout', 'unknown'],
];

describe('status and kind columns', () => {
  for (const [table, key, id, column, known, unknown] of statuses) {
    it(`refuses ${JSON.stringify(unknown)} in ${table}.${column}`, async () => {
      await expect(setAndRestore(table, key, id, column, unknown)).rejects.toThrow(CHECK);
    });

    it(`accepts ${JSON.stringify(known)} in ${table}.${column}`, async () => {
      await setAndRestore(table, key, id, column, known);
    });
  }

  const entry = { company_id: 'acme', ambassador_uid: 'amb-alex', kind: 'points', entry_type: 'earn', amount: 5 };

  // Redemption statuses also move only along their transitions (migration 0005), so they are checked
  // on new rows here and along the transitions in rewards-ledger.test.ts.
  const redemption = {
    company_id: 'demo', ambassador_uid: 'amb-ava', kind: 'gift_card', reward_uid: 'rwd-demo-amazon', requested_amount: 1, spend_kind: 'points',
  };
  it('refuses "unknown" in redemptions.status', async () => {
    await expect(insert('redemptions', { ...redemption, status: 'unknown', idempotency_key: 'tenant-status-1' })).rejects.toThrow(CHECK);
  });
  it('accepts "reversed_to_ledger" in redemptions.status', async () => {
    expect((await insert('redemptions', { ...redemption, status: 'reversed_to_ledger', idempotency_key: 'tenant-status-2' })).results).toHaveLength(1);
  });

  it('refuses a loyalty ledger entry with an unknown status', async () => {
    await expect(insert('loyalty_ledger', { ...entry, status: 'unknown' })).rejects.toThrow(CHECK);
  });

  it('accepts a loyalty ledger entry with a ledger or a reward status', async () => {
    expect((await insert('loyalty_ledger', { ...entry, status: 'consumed_partial' })).results).toHaveLength(1);
    expect((await insert('loyalty_ledger', { ...entry, status: 'approved_held' })).results).toHaveLength(1);
  });
});
