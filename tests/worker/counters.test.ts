// Counters (migrations/0019_counters.sql): the triggers keep share_link_counters, ambassador_counters and
// commission_totals equal to a recount of the raw clicks (counted ones), shares, referrals and commissions
// as rows are inserted, updated and deleted; the migration's backfill gives the same rows; a purge of old
// clicks (a click_purges row around the delete, as the retention job does) leaves every counter as it was,
// an ordinary delete takes its clicks away. The share-link list and the stats call answer what a recount
// answers. Real migrations, real D1, the demo seed.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, type Who } from './sharing-fixtures';

const EARNED = "m.is_monetary = 1 AND m.status IN ('pending', 'approved', 'paid')";

/** The counters as they should be: every event counted again from the raw tables (rows of all zeros left out). */
const RECOUNT = {
  share_link_counters: `
    SELECT company_id, share_link_uid, SUM(clicks) AS clicks, SUM(referrals) AS referrals, SUM(earned_minor) AS earned_minor FROM (
      SELECT company_id, share_link_uid, COUNT(*) AS clicks, 0 AS referrals, 0 AS earned_minor FROM clicks WHERE counted = 1 GROUP BY 1, 2
      UNION ALL SELECT company_id, share_link_uid, 0, COUNT(*), 0 FROM referrals WHERE share_link_uid IS NOT NULL GROUP BY 1, 2
      UNION ALL SELECT m.company_id, r.share_link_uid, 0, 0, SUM(m.amount_minor) FROM commissions m
        JOIN referrals r ON r.id = m.referral_id AND r.company_id = m.company_id WHERE r.share_link_uid IS NOT NULL AND ${EARNED} GROUP BY 1, 2
    ) GROUP BY 1, 2 HAVING SUM(clicks) <> 0 OR SUM(referrals) <> 0 OR SUM(earned_minor) <> 0 ORDER BY 1, 2`,
  ambassador_counters: `
    SELECT company_id, ambassador_uid, campaign_id, SUM(clicks) AS clicks, SUM(shares) AS shares, SUM(referrals) AS referrals FROM (
      SELECT company_id, ambassador_uid, campaign_id, COUNT(*) AS clicks, 0 AS shares, 0 AS referrals FROM clicks WHERE counted = 1 GROUP BY 1, 2, 3
      UNION ALL SELECT company_id, ambassador_uid, campaign_id, 0, COUNT(*), 0 FROM shares GROUP BY 1, 2, 3
      UNION ALL SELECT company_id, ambassador_uid, campaign_id, 0, 0, COUNT(*) FROM referrals GROUP BY 1, 2, 3
    ) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  commission_totals: `
    SELECT company_id, ambassador_uid, campaign_id, is_monetary, status, event, COUNT(*) AS n, SUM(amount_minor) AS amount_minor,
           SUM(revenue_minor) AS revenue_minor
      FROM commissions GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
};
type CounterTable = keyof typeof RECOUNT;
const TABLES = Object.keys(RECOUNT) as CounterTable[];
const ORDER: Record<CounterTable, string> = {
  share_link_counters: 'company_id, share_link_uid',
  ambassador_counters: 'company_id, ambassador_uid, campaign_id',
  commission_totals: 'company_id, ambassador_uid, campaign_id, is_monetary, status, event',
};

const all = async (sql: string) => (await env.DB.prepare(sql).all()).results;
const stored = async () => Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await all(`SELECT * FROM ${t} ORDER BY ${ORDER[t]}`)])));
const recounted = async () => Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await all(RECOUNT[t])])));

async function expectRecount() {
  expect(await stored()).toEqual(await recounted());
}

async function linkCounter(uid: string) {
  return env.DB.prepare("SELECT clicks, referrals, earned_minor FROM share_link_counters WHERE company_id = 'demo' AND share_link_uid = ?")
    .bind(uid).first<{ clicks: number; referrals: number; earned_minor: number }>();
}

function insertClick(counted: 0 | 1, createdAt = '2024-02-29T10:00:00.000Z', link = 'sl-ava-demo', campaignId = 102) {
  return env.DB.prepare(
    `INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, client_hash, counted, created_at)
     VALUES ('demo', ?, ?, 'amb-ava', 'counter-test', ?, ?) RETURNING id`,
  ).bind(link, campaignId, counted, createdAt).first<{ id: number }>();
}

/** The migration's backfill statements (after its CREATE TABLEs, before its triggers). */
function backfill() {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name === '0019_counters.sql');
  return migration!.queries.filter((q) => /INSERT INTO (share_link_counters|ambassador_counters|commission_totals) \(/i.test(q) && !/CREATE TRIGGER/i.test(q));
}

describe('counters', () => {
  it('start equal to a recount of the seeded events (filled by the triggers as the seed arrived)', async () => {
    const now = await stored();
    expect(now.share_link_counters.length).toBeGreaterThan(3);
    expect(now.commission_totals.length).toBeGreaterThan(3);
    await expectRecount();
  });

  it('follow clicks: counted ones only, updates that flip counted or move a click, deletes', async () => {
    const before = (await linkCounter('sl-ava-demo'))!.clicks;
    const a = await insertClick(1);
    const b = await insertClick(1);
    const bot = await insertClick(0);
    expect((await linkCounter('sl-ava-demo'))!.clicks).toBe(before + 2);
    await env.DB.prepare('UPDATE clicks SET counted = 1 WHERE id = ?').bind(bot!.id).run();
    await env.DB.prepare('UPDATE clicks SET counted = 0 WHERE id = ?').bind(a!.id).run();
    await env.DB.prepare("UPDATE clicks SET campaign_id = 101, share_link_uid = 'sl-ava-summer' WHERE id = ?").bind(b!.id).run();
    await env.DB.prepare("UPDATE clicks SET country = 'NZ' WHERE id = ?").bind(bot!.id).run();
    expect((await linkCounter('sl-ava-demo'))!.clicks).toBe(before + 1);
    await expectRecount();
    await env.DB.prepare('DELETE FROM clicks WHERE id IN (?, ?, ?)').bind(a!.id, b!.id, bot!.id).run();
    expect((await linkCounter('sl-ava-demo'))!.clicks).toBe(before);
    await expectRecount();
  });

  it('follow shares, referrals and commissions: status and amount changes, a referral moved to another link, deletes', async () => {
    const share = await env.DB.prepare(
      `INSERT INTO shares (company_id, ambassador_uid, campaign_id, share_link_uid, social_name) VALUES ('demo', 'amb-ava', 102, 'sl-ava-demo', 'email') RETURNING id`,
    ).first<{ id: number }>();
    const referral = await env.DB.prepare(
      `INSERT INTO referrals (company_id, ambassador_uid, campaign_id, share_link_uid, name, email)
       VALUES ('demo', 'amb-ava', 102, 'sl-ava-demo', 'Counter', 'counter@example.test') RETURNING id`,
    ).first<{ id: number }>();
    const before = (await linkCounter('sl-ava-demo'))!;
    const commission = await env.DB.prepare(
      `INSERT INTO commissions (company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor, currency, status)
       VALUES ('demo', 'amb-ava', 102, ?, 'counter-tx', 10000, 1500, 'USD', 'pending') RETURNING id`,
    ).bind(referral!.id).first<{ id: number }>();
    expect((await linkCounter('sl-ava-demo'))!.earned_minor).toBe(before.earned_minor + 1500);
    await expectRecount();

    await env.DB.prepare("UPDATE commissions SET status = 'approved', amount_minor = 1700 WHERE id = ?").bind(commission!.id).run();
    expect((await linkCounter('sl-ava-demo'))!.earned_minor).toBe(before.earned_minor + 1700);
    await env.DB.prepare("UPDATE commissions SET status = 'denied' WHERE id = ?").bind(commission!.id).run();
    expect((await linkCounter('sl-ava-demo'))!.earned_minor).toBe(before.earned_minor);
    await env.DB.prepare("UPDATE commissions SET status = 'pending' WHERE id = ?").bind(commission!.id).run();
    await expectRecount();

    // The referral moves to another of ava's links: its count and the money earned through it move along.
    await env.DB.prepare("UPDATE referrals SET share_link_uid = 'sl-ava-summer', campaign_id = 101 WHERE id = ?").bind(referral!.id).run();
    expect((await linkCounter('sl-ava-demo'))!).toEqual({ ...before, referrals: before.referrals - 1 });
    await expectRecount();

    await env.DB.batch([
      env.DB.prepare('DELETE FROM commissions WHERE id = ?').bind(commission!.id),
      env.DB.prepare('DELETE FROM referrals WHERE id = ?').bind(referral!.id),
      env.DB.prepare('DELETE FROM shares WHERE id = ?').bind(share!.id),
    ]);
    await expectRecount();
  });

  it('are rolled back with the event when the event insert fails (one statement, one transaction)', async () => {
    const before = await stored();
    await expect(env.DB.prepare(
      `INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, client_hash, counted)
       VALUES ('demo', 'sl-ava-demo', 102, 'amb-ava', 'x', 1), ('demo', 'sl-alex-trail', 201, 'amb-ava', 'x', 1)`,
    ).run()).rejects.toThrow(/FOREIGN KEY|constraint/i);
    expect(await stored()).toEqual(before);
  });

  it('are what the migration backfill computes from the raw rows', async () => {
    const statements = backfill();
    expect(statements).toHaveLength(3);
    const triggered = await stored();
    await env.DB.batch([...TABLES.map((t) => env.DB.prepare(`DELETE FROM ${t}`)), ...statements.map((q) => env.DB.prepare(q))]);
    expect(await stored()).toEqual(triggered);
    await expectRecount();
  });

  it('stay as they were when old clicks are purged (click_purges), and still drop on an ordinary delete', async () => {
    // Clicks of long ago, older than anything the seed has.
    for (let i = 0; i < 3; i++) await insertClick(1, `2015-0${i + 1}-10T10:00:00.000Z`);
    await insertClick(0, '2015-04-10T10:00:00.000Z');
    const counted = await stored();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO click_purges (company_id) VALUES ('demo')"),
      env.DB.prepare("DELETE FROM clicks WHERE company_id = 'demo' AND created_at < '2016-01-01'"),
      env.DB.prepare("DELETE FROM click_purges WHERE company_id = 'demo'"),
    ]);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM clicks WHERE created_at < '2016-01-01'").first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect(await stored()).toEqual(counted);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM click_purges').first<{ n: number }>()).toEqual({ n: 0 });

    // Purged clicks stay counted; an ordinary delete of a newer click (no click_purges row) takes it away.
    const purgedAva = (await linkCounter('sl-ava-demo'))!.clicks;
    const recent = await insertClick(1);
    await env.DB.prepare('DELETE FROM clicks WHERE id = ?').bind(recent!.id).run();
    expect((await linkCounter('sl-ava-demo'))!.clicks).toBe(purgedAva);

    // Another company's purge leaves demo's ordinary deletes alone.
    const other = await insertClick(1);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO click_purges (company_id) VALUES ('acme')"),
      env.DB.prepare('DELETE FROM clicks WHERE id = ?').bind(other!.id),
      env.DB.prepare("DELETE FROM click_purges WHERE company_id = 'acme'"),
    ]);
    expect((await linkCounter('sl-ava-demo'))!.clicks).toBe(purgedAva);

    // Counted again from the raw rows (what is left), the purged clicks are gone: 3 fewer for ava's link.
    await env.DB.batch([...TABLES.map((t) => env.DB.prepare(`DELETE FROM ${t}`)), ...backfill().map((q) => env.DB.prepare(q))]);
    expect((await linkCounter('sl-ava-demo'))!.clicks).toBe(purgedAva - 3);
    await expectRecount();
  });
});

describe('the share-link list, the stats and the tier metric read the counters', () => {
  let ava: Who;
  beforeAll(async () => {
    ava = await login('localhost', 'ava@demo.test');
  });

  const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;

  it('shows each link the clicks, referrals and earnings a recount gives', async () => {
    const res = await api(ava, 'GET', `/ambassadors/${ava.uid}/custom_urls/?page=1&page_size=200`);
    expect(res.status).toBe(200);
    const links = res.body.results as { uid?: string; id?: string; clicks: number; referrals: number }[];
    expect(links.length).toBeGreaterThan(0);
    let clicked = 0;
    for (const link of links) {
      const uid = link.uid ?? link.id;
      const clicks = await count("SELECT COUNT(*) AS n FROM clicks WHERE company_id = 'demo' AND share_link_uid = ? AND counted = 1", uid);
      expect(link.clicks, String(uid)).toBe(clicks);
      expect(link.referrals, String(uid)).toBe(await count("SELECT COUNT(*) AS n FROM referrals WHERE company_id = 'demo' AND share_link_uid = ?", uid));
      if (clicks) clicked++;
    }
    expect(clicked).toBeGreaterThan(0);
  });

  it('gives the stats call the commission sums a recount gives', async () => {
    const stats = (await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/`)).body;
    expect(stats.clicks).toBe(await count("SELECT COUNT(*) AS n FROM clicks WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava' AND counted = 1"));
    expect(stats.monetary_pending_sum).toBe(await count(
      "SELECT COALESCE(SUM(amount_minor), 0) AS n FROM commissions WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava' AND is_monetary = 1 AND status = 'pending'",
    ));
  });
});
