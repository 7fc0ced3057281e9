// Daily stats rollups (migrations/0004_stats_rollups.sql): the triggers keep stats_daily equal to a
// recount of the raw clicks (counted ones), shares and referrals as rows are inserted, updated and
// deleted; the migration's backfill gives the same rows; the graph and totals read from the rollups
// answer what a recount from the raw rows answers.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, type Who } from './sharing-fixtures';

interface RollupRow { company_id: string; ambassador_uid: string; campaign_id: number; kind: string; day: string; n: number }

const ORDER = 'ORDER BY company_id, ambassador_uid, campaign_id, kind, day';

/** stats_daily as it should be: every event counted again from the raw tables. */
async function recount() {
  const { results } = await env.DB.prepare(
    `SELECT * FROM (
       SELECT company_id, ambassador_uid, campaign_id, 'clicks' AS kind, substr(created_at, 1, 10) AS day, COUNT(*) AS n
         FROM clicks WHERE counted = 1 GROUP BY 1, 2, 3, 5
       UNION ALL
       SELECT company_id, ambassador_uid, campaign_id, 'shares', substr(created_at, 1, 10), COUNT(*) FROM shares GROUP BY 1, 2, 3, 5
       UNION ALL
       SELECT company_id, ambassador_uid, campaign_id, 'referrals', substr(created_at, 1, 10), COUNT(*) FROM referrals GROUP BY 1, 2, 3, 5
     ) ${ORDER}`,
  ).all<RollupRow>();
  return results;
}

async function rollups() {
  return (await env.DB.prepare(`SELECT company_id, ambassador_uid, campaign_id, kind, day, n FROM stats_daily ${ORDER}`).all<RollupRow>()).results;
}

async function rollup(kind: string, day: string, campaignId = 102, ambassadorUid = 'amb-ava') {
  const row = await env.DB.prepare(
    "SELECT n FROM stats_daily WHERE company_id = 'demo' AND ambassador_uid = ? AND campaign_id = ? AND kind = ? AND day = ?",
  ).bind(ambassadorUid, campaignId, kind, day).first<{ n: number }>();
  return row?.n ?? 0;
}

const DAY = '2024-02-29';
const at = (day: string, time = '10:00:00.000') => `${day}T${time}Z`;

function insertClick(createdAt: string, counted: 0 | 1, link = 'sl-ava-demo', campaignId = 102) {
  return env.DB.prepare(
    `INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, client_hash, counted, created_at)
     VALUES ('demo', ?, ?, 'amb-ava', 'rollup-test', ?, ?) RETURNING id`,
  ).bind(link, campaignId, counted, createdAt).first<{ id: number }>();
}

describe('stats_daily', () => {
  it('starts equal to a recount of the seeded events (filled by the triggers as the seed arrived)', async () => {
    const rows = await rollups();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(await recount());
  });

  it('counts a counted click, not an uncounted one, and follows updates and deletes', async () => {
    const before = await rollup('clicks', DAY);
    const a = await insertClick(at(DAY), 1);
    const b = await insertClick(at(DAY, '23:59:59.999'), 1);
    const bot = await insertClick(at(DAY, '12:00:00.000'), 0);
    expect(await rollup('clicks', DAY)).toBe(before + 2);

    // counted 0 -> 1 and 1 -> 0; moving a click to another day and campaign.
    await env.DB.prepare('UPDATE clicks SET counted = 1 WHERE id = ?').bind(bot!.id).run();
    expect(await rollup('clicks', DAY)).toBe(before + 3);
    await env.DB.prepare('UPDATE clicks SET counted = 0 WHERE id = ?').bind(a!.id).run();
    expect(await rollup('clicks', DAY)).toBe(before + 2);
    await env.DB.prepare("UPDATE clicks SET created_at = ?, campaign_id = 101, share_link_uid = 'sl-ava-summer' WHERE id = ?")
      .bind(at('2024-03-01'), b!.id).run();
    expect(await rollup('clicks', DAY)).toBe(before + 1);
    expect(await rollup('clicks', '2024-03-01', 101)).toBe(1);
    // An update of a column the rollup does not use changes nothing.
    await env.DB.prepare("UPDATE clicks SET country = 'NZ' WHERE id = ?").bind(bot!.id).run();
    expect(await rollup('clicks', DAY)).toBe(before + 1);

    await env.DB.prepare('DELETE FROM clicks WHERE id IN (?, ?, ?)').bind(a!.id, b!.id, bot!.id).run();
    expect(await rollup('clicks', DAY)).toBe(before);
    // A day whose count reaches 0 leaves no row behind.
    const gone = await env.DB.prepare("SELECT COUNT(*) AS n FROM stats_daily WHERE day = '2024-03-01'").first<{ n: number }>();
    expect(gone!.n).toBe(0);
    expect(await rollups()).toEqual(await recount());
  });

  it('counts shares and referrals, and follows their deletes', async () => {
    const shares = await rollup('shares', DAY);
    const referrals = await rollup('referrals', DAY);
    const share = await env.DB.prepare(
      `INSERT INTO shares (company_id, ambassador_uid, campaign_id, share_link_uid, social_name, created_at)
       VALUES ('demo', 'amb-ava', 102, 'sl-ava-demo', 'twitter', ?) RETURNING id`,
    ).bind(at(DAY)).first<{ id: number }>();
    const referral = await env.DB.prepare(
      `INSERT INTO referrals (company_id, ambassador_uid, campaign_id, share_link_uid, name, email, created_at)
       VALUES ('demo', 'amb-ava', 102, 'sl-ava-demo', 'Rollup', 'rollup@example.test', ?) RETURNING id`,
    ).bind(at(DAY)).first<{ id: number }>();
    expect([await rollup('shares', DAY), await rollup('referrals', DAY)]).toEqual([shares + 1, referrals + 1]);
    expect(await rollups()).toEqual(await recount());

    await env.DB.prepare('UPDATE referrals SET created_at = ? WHERE id = ?').bind(at('2024-03-02'), referral!.id).run();
    expect([await rollup('referrals', DAY), await rollup('referrals', '2024-03-02')]).toEqual([referrals, 1]);

    await env.DB.batch([
      env.DB.prepare('DELETE FROM shares WHERE id = ?').bind(share!.id),
      env.DB.prepare('DELETE FROM referrals WHERE id = ?').bind(referral!.id),
    ]);
    expect([await rollup('shares', DAY), await rollup('referrals', DAY)]).toEqual([shares, referrals]);
    expect(await rollups()).toEqual(await recount());
  });

  it('is rolled back with the event when the event insert fails (one statement, one transaction)', async () => {
    const before = await rollups();
    // The third row names another company's link: the whole statement fails, the triggers' writes too.
    await expect(env.DB.prepare(
      `INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, client_hash, counted, created_at)
       VALUES ('demo', 'sl-ava-demo', 102, 'amb-ava', 'x', 1, ?), ('demo', 'sl-ava-demo', 102, 'amb-ava', 'x', 1, ?),
              ('demo', 'sl-alex-trail', 201, 'amb-ava', 'x', 1, ?)`,
    ).bind(at(DAY), at(DAY), at(DAY)).run()).rejects.toThrow(/FOREIGN KEY|constraint/i);
    expect(await rollups()).toEqual(before);
  });

  it('is what the migration backfill computes from the raw rows', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name === '0004_stats_rollups.sql');
    const backfill = migration!.queries.filter((q) => /INSERT INTO stats_daily/i.test(q) && !/CREATE TRIGGER/i.test(q));
    expect(backfill).toHaveLength(3);
    const triggered = await rollups();
    await env.DB.batch([env.DB.prepare('DELETE FROM stats_daily'), ...backfill.map((q) => env.DB.prepare(q))]);
    const filled = await rollups();
    expect(filled).toEqual(await recount());
    expect(filled).toEqual(triggered);
  });
});

describe('the graph and totals read from stats_daily', () => {
  let ava: Who;
  beforeAll(async () => {
    ava = await login('localhost', 'ava@demo.test');
  });

  /** The graph's buckets recounted from the raw tables with the bucket rules of the old raw-row query. */
  async function rawSeries(type: 'clicks' | 'shares' | 'referrals', interval: string, start: string, end: string, campaignId: number | null) {
    const bucket = {
      day: 'substr(created_at, 1, 10)',
      week: "date(substr(created_at, 1, 10), '-6 days', 'weekday 1')",
      month: "substr(created_at, 1, 7) || '-01'",
    }[interval.replace(/s$/, '')]!;
    const next = new Date(Date.parse(`${end}T00:00:00.000Z`) + 86_400_000).toISOString();
    const { results } = await env.DB.prepare(
      `SELECT ${bucket} AS bucket, COUNT(*) AS n FROM ${type}
        WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava' AND created_at >= ? AND created_at < ?
          ${type === 'clicks' ? 'AND counted = 1' : ''} ${campaignId === null ? '' : `AND campaign_id = ${campaignId}`}
        GROUP BY bucket`,
    ).bind(`${start}T00:00:00.000Z`, next).all<{ bucket: string; n: number }>();
    return new Map(results.map((r) => [Date.parse(`${r.bucket}T00:00:00.000Z`), r.n]));
  }

  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const ranges = [
    { start: daysAgo(29), end: today, interval: 'day', campaign: null },
    { start: daysAgo(364), end: today, interval: 'week', campaign: null },
    { start: daysAgo(729), end: today, interval: 'month', campaign: null },
    { start: daysAgo(200), end: daysAgo(100), interval: 'weeks', campaign: { uid: 'cmp-demo-main', id: 102 } },
    { start: daysAgo(400), end: daysAgo(1), interval: 'days', campaign: { uid: 'cmp-demo-summer', id: 101 } },
  ] as const;

  for (const r of ranges) {
    it(`equals a recount from raw rows: ${r.interval} from ${r.start} to ${r.end}${r.campaign ? ` in ${r.campaign.uid}` : ''}`, async () => {
      const qs = new URLSearchParams({ start_date: r.start, end_date: r.end, interval: r.interval, stat_types: 'clicks,shares,referrals' });
      if (r.campaign) qs.set('campaign_uid', r.campaign.uid);
      const res = await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/graph/?${qs}`);
      expect(res.status).toBe(200);
      let nonZero = 0;
      for (const series of res.body as { stat_type: 'clicks' | 'shares' | 'referrals'; values: [number, number][] }[]) {
        const raw = await rawSeries(series.stat_type, r.interval, r.start, r.end, r.campaign?.id ?? null);
        for (const [t, v] of series.values) {
          expect(v, `${series.stat_type} ${new Date(t).toISOString()}`).toBe(raw.get(t) ?? 0);
          if (v) nonZero++;
        }
        // Every raw bucket is on the graph (none falls outside its buckets).
        expect([...raw.keys()].every((k) => series.values.some(([t]) => t === k))).toBe(true);
      }
      if (!r.campaign) expect(nonZero).toBeGreaterThan(0);
    });
  }

  it('gives the stats and campaign totals a recount gives', async () => {
    const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;
    const stats = (await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/`)).body;
    expect(stats.clicks).toBe(await count("SELECT COUNT(*) AS n FROM clicks WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava' AND counted = 1"));
    expect(stats.shares).toBe(await count("SELECT COUNT(*) AS n FROM shares WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava'"));
    expect(stats.referrals).toBe(await count("SELECT COUNT(*) AS n FROM referrals WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava'"));
    const [start, end] = [daysAgo(90), daysAgo(10)];
    const from = `${start}T00:00:00.000Z`;
    const to = new Date(Date.parse(`${end}T00:00:00.000Z`) + 86_400_000).toISOString();
    const period = (await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/campaigns/?campaign_uid=cmp-demo-main&start_date=${start}&end_date=${end}`)).body.campaign_links[0];
    expect(period.clicks).toBe(await count(
      "SELECT COUNT(*) AS n FROM clicks WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava' AND campaign_id = 102 AND counted = 1 AND created_at >= ? AND created_at < ?", from, to,
    ));
    expect(period.referrals).toBe(await count(
      "SELECT COUNT(*) AS n FROM referrals WHERE company_id = 'demo' AND ambassador_uid = 'amb-ava' AND campaign_id = 102 AND created_at >= ? AND created_at < ?", from, to,
    ));
  });
});
