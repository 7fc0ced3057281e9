// Tax forms (issue 39, docs/tax-forms.md): the ambassador's W-9 / W-8BEN with the taxpayer id encrypted at rest and
// masked in every answer, the yearly threshold that holds payouts until a form is on file, and the operator's
// summary and filing export (the export only for owners, admins and finance).
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { KEYS, conversion, op, setPayoutSettings } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';
import { fullSession } from './staff-helpers';

const W9 = { kind: 'w9', legal_name: 'Ava Artist', country: 'US', address: '1 Main St, Oakland, CA 94607', tax_id: '123-45-6789', signed_name: 'Ava Artist' };
const PLAIN = '123456789';

let ava: Who;
let alex: Who;

beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});
beforeEach(() => forgetTenants());

const formPath = (who: Who) => `/ambassadors/${who.uid}/tax_form/`;
const asStaff = (staffToken: string, method: string, path: string) =>
  op(null, method, path, undefined, { authorization: `Staff ${staffToken}` }, { host: 'localhost' });
const demoCustomization = () =>
  env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id');

async function approvedSale(revenue: string, daysAgo: number) {
  const sale = await op(KEYS.demo, 'POST', '/events', conversion({ revenue }));
  const uid = sale.body.commission.uid as string;
  expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
  await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE uid = ?`).bind(`-${daysAgo} days`, uid).run();
}

describe('the ambassador\'s tax form', () => {
  it('is stored with the taxpayer id encrypted, and every answer shows it masked', async () => {
    const sent = await call(ava, 'POST', formPath(ava), W9);
    expect(sent.status).toBe(201);
    expect(sent.body.tax_form).toMatchObject({ kind: 'w9', country: 'US', tax_id_masked: '***-**-6789', status: 'active' });
    expect(JSON.stringify(sent.body)).not.toContain(PLAIN);
    const row = await env.DB.prepare("SELECT * FROM tax_forms WHERE company_id = 'demo' AND ambassador_uid = ? AND status = 'active'")
      .bind(ava.uid).first<Record<string, unknown>>();
    expect(row).not.toBeNull();
    for (const value of Object.values(row!)) {
      expect(String(value)).not.toContain(PLAIN);
      expect(String(value)).not.toContain('123-45-6789');
    }
    expect(String(row!.tax_id_cipher)).toMatch(/^v1\./);
    const read = await call(ava, 'GET', formPath(ava));
    expect(read.body.tax_form.tax_id_masked).toBe('***-**-6789');
    expect(JSON.stringify(read.body)).not.toContain(PLAIN);
  });

  it('refuses a malformed id, a missing country and a W-8BEN for the US, field by field', async () => {
    const short = await call(ava, 'POST', formPath(ava), { ...W9, tax_id: '12345678' });
    expect(short.status).toBe(400);
    expect(short.body.error_codes.tax_id[0].code).toBe('taxIdUsFormat');
    const noCountry = await call(ava, 'POST', formPath(ava), { ...W9, country: '' });
    expect(noCountry.body.error_codes.country[0].code).toBe('taxCountryRequired');
    const w8ForUs = await call(ava, 'POST', formPath(ava), { ...W9, kind: 'w8ben', tax_id: 'DE-12345' });
    expect(w8ForUs.body.error_codes.country[0].code).toBe('taxW8benCountryNotUs');
    const w9Abroad = await call(ava, 'POST', formPath(ava), { ...W9, country: 'DE' });
    expect(w9Abroad.body.error_codes.country[0].code).toBe('taxW9CountryUs');
  });

  it('is replaced by a new one, the old one superseded', async () => {
    const w8 = await call(ava, 'POST', formPath(ava), { ...W9, kind: 'w8ben', country: 'de', tax_id: '12 345 678 901' });
    expect(w8.status).toBe(201);
    expect(w8.body.tax_form).toMatchObject({ kind: 'w8ben', country: 'DE', tax_id_masked: '****8901' });
    const rows = await env.DB.prepare("SELECT kind, status FROM tax_forms WHERE company_id = 'demo' AND ambassador_uid = ? ORDER BY id").bind(ava.uid).all<{ kind: string; status: string }>();
    expect(rows.results.filter((r) => r.status === 'active')).toEqual([{ kind: 'w8ben', status: 'active' }]);
    expect(rows.results.some((r) => r.status === 'superseded')).toBe(true);
    expect((await call(ava, 'GET', formPath(ava))).body.tax_form.kind).toBe('w8ben');
  });

  it('is the caller\'s own: another ambassador\'s path is not found, another company sees none', async () => {
    const other = await env.DB.prepare("SELECT uid FROM ambassadors WHERE company_id = 'demo' AND uid <> ? LIMIT 1").bind(ava.uid).first<string>('uid');
    expect((await call(ava, 'GET', `/ambassadors/${other}/tax_form/`)).status).toBe(404);
    expect((await call(alex, 'GET', formPath(alex))).body.tax_form).toBeNull();
  });
});

describe('the yearly threshold', () => {
  it('holds a payout until a form is on file (payable and createPayout alike)', async () => {
    await env.DB.prepare("DELETE FROM tax_forms WHERE company_id = 'demo' AND ambassador_uid = ?").bind(ava.uid).run();
    await setPayoutSettings((await demoCustomization())!, { holding_days: 30, minimum_minor: 0, tax_form_threshold_minor: 1 });
    await approvedSale('150.00', 45);
    const payable = (await op(KEYS.demo, 'GET', '/payouts/payable')).body;
    expect(payable.results.find((r: { ambassador_uid: string }) => r.ambassador_uid === ava.uid).blocked_by).toContain('tax_form_missing');
    const refused = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: ava.uid, method: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('taxFormMissing');

    expect((await call(ava, 'POST', formPath(ava), W9)).status).toBe(201);
    const after = (await op(KEYS.demo, 'GET', '/payouts/payable')).body;
    expect(after.results.find((r: { ambassador_uid: string }) => r.ambassador_uid === ava.uid).blocked_by).not.toContain('tax_form_missing');
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: ava.uid, method: 1 })).status).toBe(201);
  });

  it('asks for nothing while it is 0', async () => {
    await env.DB.prepare("DELETE FROM tax_forms WHERE company_id = 'demo' AND ambassador_uid = ?").bind(ava.uid).run();
    await setPayoutSettings((await demoCustomization())!, { tax_form_threshold_minor: 0 });
    await approvedSale('90.00', 45);
    const payable = (await op(KEYS.demo, 'GET', '/payouts/payable')).body;
    expect(payable.results.find((r: { ambassador_uid: string }) => r.ambassador_uid === ava.uid).blocked_by).not.toContain('tax_form_missing');
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: ava.uid, method: 1 })).status).toBe(201);
  });
});

describe('the operator\'s summary and filing export', () => {
  it('sums the year\'s payouts and shows forms masked; every staff role reads it', async () => {
    expect((await call(ava, 'POST', formPath(ava), { ...W9, legal_name: '=HYPERLINK("x")' })).status).toBe(201);
    await setPayoutSettings((await demoCustomization())!, { tax_form_threshold_minor: 60000 });
    const summary = await op(KEYS.demo, 'GET', '/tax/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.threshold).toBe(60000);
    const row = summary.body.results.find((r: { ambassador_uid: string }) => r.ambassador_uid === ava.uid);
    expect(row).toMatchObject({ form_kind: 'w9', tax_id_masked: '***-**-6789', form_required: false });
    expect(row.paid_total).toBeGreaterThan(0);
    expect(JSON.stringify(summary.body)).not.toContain(PLAIN);
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    expect((await asStaff(viewer, 'GET', '/tax/summary')).status).toBe(200);
    expect((await op(KEYS.demo, 'GET', '/tax/summary?year=1999')).status).toBe(400);
  });

  it('exports the decrypted id as formula-safe CSV to a key and finance, and records who took it', async () => {
    const csv = await op(KEYS.demo, 'GET', '/tax/export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const line = (csv.body as string).split('\r\n').find((l) => l.startsWith(`${ava.uid},`))!;
    expect(line).toContain(`,${PLAIN},`);
    expect(line).toContain('"\'=HYPERLINK(""x"")"');
    const finance = await fullSession('localhost', 'finance@demo.test');
    expect((await asStaff(finance, 'GET', '/tax/export')).status).toBe(200);
    const audit = await env.DB.prepare("SELECT input, after_json FROM audit_log WHERE company_id = 'demo' AND action = 'exportTaxForms'").all<{ input: string; after_json: string }>();
    expect(audit.results.length).toBeGreaterThanOrEqual(2);
    for (const r of audit.results) expect(`${r.input}${r.after_json}`).not.toContain(PLAIN);
  });

  it('refuses the export to a viewer and to a reviewer', async () => {
    for (const email of ['viewer@demo.test', 'reviewer@demo.test']) {
      const refused = await asStaff(await fullSession('localhost', email), 'GET', '/tax/export');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('roleRequired');
    }
  });

  it('is the company\'s own: Acme sees none of Demo\'s forms or ids', async () => {
    const summary = await op(KEYS.acme, 'GET', '/tax/summary');
    expect(summary.body.results.every((r: { ambassador_uid: string }) => r.ambassador_uid !== ava.uid)).toBe(true);
    const csv = await op(KEYS.acme, 'GET', '/tax/export');
    expect(csv.status).toBe(200);
    expect(csv.body).not.toContain(PLAIN);
    expect(csv.body).not.toContain(ava.uid);
  });
});
