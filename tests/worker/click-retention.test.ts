// Click retention (migration 0020, src/api/retention/): clicks of months past a company's window
// go to R2 as gzip NDJSON and leave D1, while stats_daily, the graph and the totals stay as they were; the
// operator reads a month back; a second run, another company and an interrupted run are safe.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { archiveKey, firstKeptMonth, runClickRetention } from '../../src/api/retention/service';
import { edge } from './helpers';
import { hostOfKey, KEYS, op, scalar } from './operator-fixtures';
import { api, login, type Who } from './sharing-fixtures';

interface Click { id: number; company_id: string; created_at: string; counted: number; [column: string]: unknown }

const now = new Date();
/** The month `n` months before this one, `YYYY-MM`. */
const monthsAgo = (n: number) => firstKeptMonth(now, n);
const OLD = monthsAgo(18);
const OLDER = monthsAgo(19);
const KEPT = monthsAgo(12);

async function insertClick(company: 'demo' | 'acme', createdAt: string, counted: 0 | 1) {
  const [link, campaign, ambassador] = company === 'demo' ? ['sl-ava-demo', 102, 'amb-ava'] : ['sl-alex-trail', 201, 'amb-alex'];
  await env.DB.prepare(
    `INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, referrer_host, country, client_hash, counted, created_at)
     VALUES (?, ?, ?, ?, 'blog.example', 'NZ', 'retention-test', ?, ?)`,
  ).bind(company, link, campaign, ambassador, counted, createdAt).run();
}

const clicksOf = async (company: string, month: string) =>
  (await env.DB.prepare('SELECT * FROM clicks WHERE company_id = ? AND substr(created_at, 1, 7) = ? ORDER BY created_at, id')
    .bind(company, month).all<Click>()).results;

const rollups = async (company: string) =>
  (await env.DB.prepare('SELECT * FROM stats_daily WHERE company_id = ? ORDER BY ambassador_uid, campaign_id, kind, day').bind(company).all()).results;

const gunzip = async (body: ReadableStream | ArrayBuffer) =>
  new Response((body instanceof ArrayBuffer ? new Response(body).body! : body).pipeThrough(new DecompressionStream('gzip'))).text();
const lines = (ndjson: string) => ndjson.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Click);

/** The stored object's clicks, read straight from R2. */
async function objectClicks(company: string, month: string) {
  const object = await env.FILES.get(archiveKey(company, month));
  return object ? lines(await gunzip(object.body)) : null;
}

async function readBack(key: string, month: string, acceptEncoding = 'identity') {
  return edge().fetch(`http://${await hostOfKey(key)}/v1/operator/click-archives/${month}`, {
    headers: { authorization: `Bearer ${key}`, 'accept-encoding': acceptEncoding },
  });
}

let ava: Who;
beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
  for (let day = 1; day <= 6; day++) await insertClick('demo', `${OLD}-${String(day + 10).padStart(2, '0')}T08:30:00.000Z`, day % 3 ? 1 : 0);
  // Two clicks at the same instant: the (created_at, id) order still tells them apart.
  await insertClick('demo', `${OLDER}-28T23:59:59.999Z`, 1);
  await insertClick('demo', `${OLDER}-28T23:59:59.999Z`, 1);
  await insertClick('demo', `${KEPT}-03T12:00:00.000Z`, 1);
  await insertClick('acme', `${OLD}-12T09:00:00.000Z`, 1);
});

describe('click retention', () => {
  it('archives months past the window to R2 and deletes their clicks; rollups, graph and totals stay', async () => {
    const rows = { old: await clicksOf('demo', OLD), older: await clicksOf('demo', OLDER) };
    expect(rows.old).toHaveLength(6);
    const acmeBefore = await clicksOf('acme', OLD);
    const kept = await clicksOf('demo', KEPT);
    const rollupsBefore = await rollups('demo');
    const graphQuery = `start_date=${monthsAgo(23)}-01&end_date=${now.toISOString().slice(0, 10)}&interval=month&stat_types=clicks`;
    const graphBefore = (await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/graph/?${graphQuery}`)).body;
    const totalsBefore = (await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/`)).body;

    const run = await op(KEYS.demo, 'POST', '/click-retention/run', {});
    expect(run.status).toBe(200);
    expect(run.body.months).toEqual(expect.arrayContaining([`demo/${OLDER}`, `demo/${OLD}`]));
    expect(run.body.deleted).toBe(run.body.archived);

    // The objects hold exactly the rows, every column, in time order; D1 no longer has them.
    expect(await objectClicks('demo', OLD)).toEqual(rows.old);
    expect(await objectClicks('demo', OLDER)).toEqual(rows.older);
    expect(await clicksOf('demo', OLD)).toEqual([]);
    expect(await clicksOf('demo', OLDER)).toEqual([]);
    // The month inside the window and the other company are untouched.
    expect(await clicksOf('demo', KEPT)).toEqual(kept);
    expect(await clicksOf('acme', OLD)).toEqual(acmeBefore);
    expect(await env.FILES.head(archiveKey('acme', OLD))).toBeNull();

    expect(await rollups('demo')).toEqual(rollupsBefore);
    expect((await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/graph/?${graphQuery}`)).body).toEqual(graphBefore);
    expect((await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/`)).body).toEqual(totalsBefore);
  });

  it('lists the archived months and reads one back, as NDJSON or as the stored gzip', async () => {
    const list = await op(KEYS.demo, 'GET', '/click-archives');
    expect(list.status).toBe(200);
    const old = list.body.results.find((a: { month: string }) => a.month === OLD);
    expect(old).toMatchObject({ object_key: `clicks/demo/${OLD}.ndjson.gz`, row_count: 6 });
    expect(old.bytes).toBe((await env.FILES.head(archiveKey('demo', OLD)))!.size);

    const plain = await readBack(KEYS.demo, OLD);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toContain('application/x-ndjson');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainRows = lines(new TextDecoder().decode(await plain.arrayBuffer()));
    expect(plainRows).toEqual(await objectClicks('demo', OLD));
    expect(plainRows.map((c) => c.counted)).toEqual([1, 1, 0, 1, 1, 0]);

    const gz = await readBack(KEYS.demo, OLD, 'gzip, br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(lines(await gunzip(await gz.arrayBuffer()))).toEqual(plainRows);
  });

  it('keeps each company to its own archives', async () => {
    expect((await readBack(KEYS.acme, OLD)).status).toBe(404);
    const acme = await op(KEYS.acme, 'GET', '/click-archives');
    expect(acme.body.results.map((a: { object_key: string }) => a.object_key).filter((k: string) => k.includes('/demo/'))).toEqual([]);
    expect((await readBack(KEYS.demo, '2001-01')).status).toBe(404);
    expect((await readBack(KEYS.demo, '2019-13')).status).toBe(400);
    // Archives are not media: the tenant's /media path never serves them.
    expect((await edge().fetch(`http://localhost/media/clicks/demo/${OLD}.ndjson.gz`)).status).toBe(404);
  });

  it('does nothing on a second run', async () => {
    const before = await env.FILES.head(archiveKey('demo', OLD));
    const run = await op(KEYS.demo, 'POST', '/click-retention/run', {});
    expect(run.body).toEqual({ archived: 0, deleted: 0, months: [] });
    expect((await env.FILES.head(archiveKey('demo', OLD)))!.etag).toBe(before!.etag);
  });

  it('appends a click that reaches an archived month late, once', async () => {
    await insertClick('demo', `${OLD}-20T10:00:00.000Z`, 1);
    const late = await clicksOf('demo', OLD);
    const held = await objectClicks('demo', OLD);
    const run = await runClickRetention(env.DB, env.FILES, 'demo', now);
    expect(run).toMatchObject({ archived: 1, deleted: 1 });
    expect(await objectClicks('demo', OLD)).toEqual([...held!, ...late]);
    expect((await op(KEYS.demo, 'GET', '/click-archives')).body.results.find((a: { month: string }) => a.month === OLD).row_count).toBe(7);
  });

  it('resumes an interrupted run (object written, nothing recorded or purged) without losing or repeating a click', async () => {
    const month = monthsAgo(20);
    for (let i = 0; i < 3; i++) await insertClick('demo', `${month}-0${i + 1}T07:00:00.000Z`, 1);
    const rows = await clicksOf('demo', month);
    const rollupsBefore = await rollups('demo');
    // R2 loses the connection right after the object is stored: the run stops before verifying it.
    let writes = 0;
    const flaky = new Proxy(env.FILES, {
      get(target, name) {
        if (name === 'put') return async (...args: Parameters<R2Bucket['put']>) => ((writes += 1), target.put(...args));
        if (name === 'head') return async (key: string) => { if (writes) throw new Error('network lost'); return target.head(key); };
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(runClickRetention(env.DB, flaky, 'demo', now)).rejects.toThrow('network lost');
    expect(await objectClicks('demo', month)).toEqual(rows);
    expect(await clicksOf('demo', month)).toEqual(rows);

    const resumed = await runClickRetention(env.DB, env.FILES, 'demo', now);
    expect(resumed).toMatchObject({ archived: 0, deleted: 3 });
    expect(await objectClicks('demo', month)).toEqual(rows);
    expect(await clicksOf('demo', month)).toEqual([]);
    expect(await scalar('SELECT row_count FROM click_archives WHERE company_id = ? AND month = ?', 'demo', month)).toBe(3);
    expect(await rollups('demo')).toEqual(rollupsBefore);
  });

  it('archives a month bigger than one run over several runs, page by page, each click once', async () => {
    const month = monthsAgo(21);
    await env.DB.prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 25)
       INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, client_hash, counted, created_at)
       SELECT 'demo', 'sl-ava-demo', 102, 'amb-ava', 'paged-' || i, i % 2, ? || '-' || printf('%02d', 1 + i % 28) || 'T06:00:00.000Z' FROM seq`,
    ).bind(month).run();
    const rows = await clicksOf('demo', month);
    const rollupsBefore = await rollups('demo');
    const limits = { page: 4, maxRowsPerRun: 10 };
    const runs = [];
    for (let i = 0; i < 4; i++) runs.push(await runClickRetention(env.DB, env.FILES, 'demo', now, limits));
    expect(runs.map((r) => r.archived)).toEqual([10, 10, 5, 0]);
    expect(runs.map((r) => r.deleted)).toEqual([10, 10, 5, 0]);
    expect(await objectClicks('demo', month)).toEqual(rows);
    expect(await clicksOf('demo', month)).toEqual([]);
    expect(await rollups('demo')).toEqual(rollupsBefore);
  });

  it('still takes an ordinary delete off the rollups (only a purge leaves them)', async () => {
    await insertClick('demo', `${KEPT}-04T12:00:00.000Z`, 1);
    const day = `${KEPT}-04`;
    const n = () => scalar("SELECT COALESCE(SUM(n), 0) FROM stats_daily WHERE company_id = 'demo' AND kind = 'clicks' AND day = ?", day);
    const before = await n();
    await env.DB.prepare("DELETE FROM clicks WHERE company_id = 'demo' AND substr(created_at, 1, 10) = ?").bind(day).run();
    expect(await n()).toBe(before - 1);
    expect(await scalar('SELECT COUNT(*) FROM click_purges')).toBe(0);
  });

  it('keeps the window per company, 1 to 120 whole months', async () => {
    expect((await op(KEYS.demo, 'GET', '/click-retention')).body).toEqual({ click_retention_months: 13 });
    for (const bad of [0, 121, 12.5, '24', null]) {
      const res = await op(KEYS.demo, 'PATCH', '/click-retention', { click_retention_months: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(Object.keys(res.body)).toContain('click_retention_months');
    }
    expect((await op(KEYS.demo, 'PATCH', '/click-retention', { click_retention_months: 120 })).body).toEqual({ click_retention_months: 120 });
    expect((await op(KEYS.acme, 'GET', '/click-retention')).body).toEqual({ click_retention_months: 13 });
    // A wider window keeps the month inside it: nothing of it is archived.
    await insertClick('demo', `${monthsAgo(30)}-05T12:00:00.000Z`, 1);
    expect(await runClickRetention(env.DB, env.FILES, 'demo', now)).toEqual({ archived: 0, deleted: 0, months: [] });
    await op(KEYS.demo, 'PATCH', '/click-retention', { click_retention_months: 13 });
  });
});
