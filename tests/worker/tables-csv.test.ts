// Data tables: options, CSV export (header, escaping, formula prefix, exactly the filtered
// rows, 5000 rows streamed by keyset pages), tenant and ambassador isolation, and the client's
// tableOptions/tableContent agreeing embedded and remote.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { verifyToken } from '../../src/api/core/token-auth';
import { CSV_PAGE, tableCsv } from '../../src/api/tables/csv';
import { embeddedClient } from '../../src/edge/client';
import { remoteDeps } from '../../src/edge/client/core';
import { remoteContract } from '../../src/edge/client/contract';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { statusLabel } from '../../src/lib/statuses';
import { edge } from './helpers';
import { call, token, type Who } from './profile-fixtures';
import { get, ids, seedNewbie } from './tables-fixtures';

let nick: Who;
let ava: Who;
let alex: Who;

async function csv(who: Who, table: string, params: Record<string, string> = {}, language?: string) {
  const qs = new URLSearchParams({ format: 'csv', ...params }).toString();
  const headers: Record<string, string> = { authorization: `Token ${who.token}`, ...(language ? { 'accept-language': language } : {}) };
  const res = await edge().fetch(`http://${who.host}/v1/tables/content/${table}/?${qs}`, { headers });
  return { res, text: await res.text() };
}

/** RFC 4180 reader, enough for the checks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; }
    else if (ch === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += ch;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

function svc(db: D1Database): ServiceContext {
  return {
    env: { ...env, DB: db }, db, origin: 'http://localhost', host: 'localhost', tenantCompanyId: 'demo',
    clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
  };
}

beforeAll(async () => {
  nick = await token('localhost', 'newbie@demo.test');
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
  await seedNewbie();
  // Cells a spreadsheet would misread: separators, quotes, line breaks, formulas.
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO referrals (id, company_id, ambassador_uid, campaign_id, name, email) VALUES
      (9011, 'demo', 'amb-newbie', 102, 'Smith, "Jr"
second line', '=cmd|'' /C calc''!A0@example.com'),
      (9012, 'demo', 'amb-newbie', 102, '+SUM(A1)', '@evil.example'),
      (9013, 'demo', 'amb-newbie', 102, '-2+3', 'ok@example.com')`),
    env.DB.prepare(`INSERT INTO commissions (id, uid, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor, currency, is_monetary, event, status, created_at) VALUES
      (9011, 'e1', 'demo', 'amb-newbie', 102, 9011, 'ESC-1', 123456, 12345, 'USD', 1, 'first', 'pending', '2024-05-01T00:00:00.000Z'),
      (9012, 'e2', 'demo', 'amb-newbie', 102, 9012, '=1+1', 5, 1, 'USD', 1, 'first', 'pending', '2024-05-02T00:00:00.000Z'),
      (9013, 'e3', 'demo', 'amb-newbie', 102, 9013, 'ESC-3', 700, 70, 'USD', 1, 'first', 'pending', '2024-05-03T00:00:00.000Z')`),
  ]);
});

describe('options', () => {
  it('lists columns with types, operators (negated too), choices and label keys of both catalogues', async () => {
    for (const table of ['commissions', 'payouts', 'activity']) {
      const res = await call(nick, 'GET', `/tables/options/${table}/`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ table, page_sizes: [15, 25, 50, 100], default_page_size: table === 'activity' ? 15 : 25 });
      for (const col of res.body.columns) {
        expect(en).toHaveProperty([col.label_key]);
        expect(es).toHaveProperty([col.label_key]);
        for (const choice of col.choices ?? []) if (choice.label_key) expect(es).toHaveProperty([choice.label_key]);
      }
      expect((await call(nick, 'POST', `/tables/options/${table}/`)).body).toEqual(res.body);
    }
    const { body } = await call(nick, 'GET', '/tables/options/commissions/');
    expect(body.default_ordering).toBe('-created_at');
    expect(body.columns.map((c: { key: string }) => c.key)).toEqual(
      ['created_at', 'customer_name', 'customer_email', 'transaction_id', 'campaign', 'revenue', 'amount', 'status', 'is_monetary', 'event_type']);
    const byKey = Object.fromEntries(body.columns.map((c: { key: string }) => [c.key, c]));
    expect(byKey.created_at).toMatchObject({ type: 'DATE', sortable: true });
    expect(byKey.created_at.operators).toContain('not_past_exact');
    expect(byKey.revenue.operators).toEqual(['gt', 'not_gt', 'lt', 'not_lt', 'gte', 'not_gte', 'lte', 'not_lte', 'exact', 'not_exact']);
    expect(byKey.is_monetary.operators).toEqual(['is', 'not_is']);
    // the caller's campaigns: Nick is in Refer a Friend only
    expect(byKey.campaign.choices).toEqual([{ value: 'cmp-demo-main', label: 'Refer a Friend' }]);
    expect(byKey.status.choices).toContainEqual({ value: 'approved', label_key: 'status.activity.approved' });
    expect((await call(nick, 'GET', '/tables/options/payouts/')).body.default_ordering).toBe('-paid_at');
    expect((await call(nick, 'GET', '/tables/options/nope/')).status).toBe(404);
  });
});

describe('CSV export', () => {
  it('streams exactly the filtered rows in order, with English headers, money as decimals, escaping and the formula prefix', async () => {
    const { res, text } = await csv(nick, 'commissions', { ordering: 'created_at', created_at__lt: '2024-12-31' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="commissions-${new Date().toISOString().slice(0, 10)}.csv"`);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Date', 'Customer referral name', 'Customer referral e-mail', 'Transaction ID', 'Campaign', 'Revenue', 'Commission', 'Status', 'Monetary', 'Event']);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual(['2024-05-01T00:00:00.000Z', 'Smith, "Jr"\nsecond line', "'=cmd|' /C calc'!A0@example.com", 'ESC-1', 'Refer a Friend', '1234.56', '123.45', 'Pending', 'true', 'First event']);
    expect(rows[2]).toEqual(['2024-05-02T00:00:00.000Z', "'+SUM(A1)", "'@evil.example", "'=1+1", 'Refer a Friend', '0.05', '0.01', 'Pending', 'true', 'First event']);
    expect(rows[3]![1]).toBe("'-2+3");
    // the raw text: quotes doubled, the cell with a comma, quote and line break quoted
    expect(text).toContain('"Smith, ""Jr""\nsecond line"');

    const filtered = parseCsv((await csv(nick, 'commissions', { status__in: 'paid,zero', ordering: '-revenue' })).text);
    expect(filtered.slice(1).map((r) => r[3])).toEqual(['TX-500', 'tx-300']);
    const api = await ids(nick, 'commissions', { status__in: 'paid,zero' });
    expect(api).toEqual(['c3', 'c5']);
  });

  it('heads the activity\'s event data as the company names them, else "Details", in the language asked for (never "Event data N")', async () => {
    const settings = JSON.stringify({ activity: { event_data_2_label: 'Order number' } });
    const layer = await env.DB.prepare('SELECT id FROM customizations WHERE company_id = ? AND campaign_id IS NULL').bind('acme').first<{ id: string }>();
    if (layer) await env.DB.prepare('UPDATE customizations SET settings = json_patch(settings, ?) WHERE id = ?').bind(settings, layer.id).run();
    else await env.DB.prepare("INSERT INTO customizations (id, company_id, campaign_id, settings) VALUES ('cust-acme-csv', 'acme', NULL, ?)").bind(settings).run();
    const heads = async (language: string) => parseCsv((await csv(alex, 'activity', {}, language)).text)[0]!;
    const spanish = await heads('es');
    expect(spanish).toContain('Fecha');
    expect(spanish.filter((h) => /event data|datos del evento/i.test(h))).toEqual([]);
    expect(spanish.filter((h) => /^Detalles|^Order number$/.test(h))).toEqual(['Detalles', 'Order number', 'Detalles (2)']);
    const french = await heads('fr');
    expect(french.filter((h) => /^Détails|^Order number$/.test(h))).toEqual(['Détails', 'Order number', 'Détails (2)']);
    // The other tables' headings and choice words follow the language too.
    const commissions = parseCsv((await csv(nick, 'commissions', { ordering: 'created_at', created_at__lt: '2024-12-31' }, 'es')).text);
    expect(commissions[0]![0]).toBe('Fecha');
    expect(commissions[1]![7]).toBe(statusLabel('commission', 'pending', 'es'));
    expect(commissions[1]![7]).not.toBe(statusLabel('commission', 'pending', 'en'));
  });

  it('answers 400 JSON for a bad filter before streaming anything', async () => {
    const { res, text } = await csv(nick, 'commissions', { revenue__gt: 'x' });
    expect(res.status).toBe(400);
    expect(JSON.parse(text).error_codes.revenue__gt[0].code).toBe('tables.valueNumber');
  });

  it('streams 5000 rows in keyset pages of 1000, in the same order as the API, ties by id', async () => {
    // 5000 commissions, seven per timestamp so page boundaries fall inside ties.
    await env.DB.prepare(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
      INSERT INTO commissions (id, uid, company_id, ambassador_uid, campaign_id, transaction_id, revenue_minor, amount_minor, currency, is_monetary, event, status, created_at)
      SELECT 100000 + i, 'bulk-' || i, 'demo', 'amb-newbie', 102, 'BULK-' || i, i * 10, i, 'USD', 1, 'first', 'approved',
             strftime('%Y-%m-%dT%H:%M:%fZ', '2023-01-01', '+' || (i / 7) || ' minutes') FROM n`).run();

    let queries = 0;
    const counting = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare') return (sql: string) => { queries++; return target.prepare(sql); };
        const v = Reflect.get(target, prop);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const caller = (await verifyToken(env.DB, nick.token, 'demo'))!;
    const stream = tableCsv(svc(counting), caller, 'commissions', { transaction_id__istartswith: 'bulk-', ordering: '-created_at' });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const header = await reader.read();
    text += decoder.decode(header.value, { stream: true });
    // The headings need the company's settings only (their names for columns, its language).
    expect(queries).toBe(1);
    const first = await reader.read();
    text += decoder.decode(first.value, { stream: true });
    // one page read so far, not the whole table
    expect(queries).toBe(2);
    expect(parseCsv(text)).toHaveLength(1 + CSV_PAGE);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(queries).toBe(7); // the settings, five full pages and the empty one that ends the stream
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(5000);
    const expected = (await env.DB.prepare(`SELECT transaction_id FROM commissions WHERE ambassador_uid = 'amb-newbie' AND transaction_id LIKE 'BULK-%' ORDER BY created_at DESC, id DESC`).all<{ transaction_id: string }>()).results.map((r) => r.transaction_id);
    expect(rows.map((r) => r[3])).toEqual(expected);
    expect(new Set(rows.map((r) => r[3])).size).toBe(5000);

    // over HTTP too, as a stream
    const { res, text: http } = await csv(nick, 'commissions', { transaction_id__istartswith: 'BULK-', ordering: 'revenue' });
    expect(res.status).toBe(200);
    const httpRows = parseCsv(http).slice(1);
    expect(httpRows).toHaveLength(5000);
    expect(httpRows[0]![5]).toBe('0.10');
    expect(httpRows[4999]![5]).toBe('500.00');
  });
});

describe('isolation', () => {
  it('shows only the caller\'s own rows: another ambassador\'s never, another company\'s never', async () => {
    for (const [who, company, uid] of [[ava, 'demo', 'amb-ava'], [nick, 'demo', 'amb-newbie'], [alex, 'acme', 'amb-alex']] as const) {
      const own = (await env.DB.prepare('SELECT uid FROM commissions WHERE company_id = ? AND ambassador_uid = ?').bind(company, uid).all<{ uid: string }>()).results.map((r) => r.uid);
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const res = await get(who, 'commissions', { page, page_size: 100 });
        expect(res.status).toBe(200);
        seen.push(...res.body.results.map((r: { id: string }) => r.id));
        if (!res.body.next) break;
      }
      expect(seen.sort()).toEqual(own.sort());
      const payouts = (await env.DB.prepare('SELECT uid FROM payouts WHERE company_id = ? AND ambassador_uid = ?').bind(company, uid).all<{ uid: string }>()).results.map((r) => r.uid);
      expect(await ids(who, 'payouts', {})).toEqual(payouts.sort());
      const acts = (await env.DB.prepare('SELECT COUNT(*) AS n FROM activities WHERE company_id = ? AND ambassador_uid = ?').bind(company, uid).first<{ n: number }>())!.n;
      expect((await get(who, 'activity', {})).body.count).toBe(acts);
    }
    // Ava filtering on Nick's values finds nothing; Alex's acme token is refused on demo.
    expect(await ids(ava, 'commissions', { transaction_id__exact: 'TX-100' })).toEqual([]);
    // Alex's acme token where the edge names demo as the tenant: refused.
    const crossTenant = await edge().fetch('http://localhost/v1/tables/content/commissions/', {
      headers: { authorization: `Token ${alex.token}`, 'x-portal-company': 'demo' },
    });
    expect(crossTenant.status).toBe(401);
    const avaCsv = (await csv(ava, 'commissions')).text;
    expect(avaCsv).not.toContain('TX-100');
    expect(avaCsv).not.toContain('BULK-');
    const alexCsv = (await csv(alex, 'commissions')).text;
    const demoTx = (await env.DB.prepare("SELECT transaction_id FROM commissions WHERE company_id = 'demo' LIMIT 20").all<{ transaction_id: string }>()).results;
    for (const { transaction_id } of demoTx) expect(alexCsv).not.toContain(`,${transaction_id},`);
  });
});

describe('client', () => {
  it('tableOptions and tableContent agree embedded and remote, errors alike', async () => {
    const svcOf: ServiceContext = { ...svc(env.DB), tenantCompanyId: 'demo' };
    const embeddedC = embeddedClient({ svc: svcOf, session: { userId: nick.userId, ambassadorUid: nick.uid, token: nick.token } });
    const api = edge();
    const remoteC = remoteContract(remoteDeps({
      baseUrl: 'http://localhost/v1', token: nick.token,
      headers: { 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'http', 'x-portal-company': 'demo' },
      fetch: async (request) => {
        const ctx = createExecutionContext();
        const res = await api.app.fetch(request, env, ctx);
        await waitOnExecutionContext(ctx);
        return res;
      },
    }), null);
    expect(await remoteC.tableOptions({ params: { table: 'activity' } })).toEqual(await embeddedC.tableOptions({ params: { table: 'activity' } }));
    const query = { status__in: 'paid,zero', ordering: '-revenue', page_size: 1, page: 2 };
    const [e, r] = await Promise.all([embeddedC.tableContent({ params: { table: 'commissions' }, query }), remoteC.tableContent({ params: { table: 'commissions' }, query })]);
    expect(r).toEqual(e);
    expect(e).toMatchObject({ count: 2, page: 2, next: false, previous: true });
    expect(e.results[0]!.id).toBe('c3');
    const errors = await Promise.all([
      embeddedC.tableContent({ params: { table: 'commissions' }, query: { status__exact: 'nope' } }).catch((err: unknown) => err),
      remoteC.tableContent({ params: { table: 'commissions' }, query: { status__exact: 'nope' } }).catch((err: unknown) => err),
    ]);
    for (const err of errors) expect(err).toMatchObject({ status: 400, body: { error_codes: { status__exact: [{ code: 'tables.valueChoice' }] } } });
  });
});
