// Self-billing invoices (docs/tax-forms.md): a company that uses self-billing issues, on the ambassador's behalf, an
// invoice PDF per paid payout, numbered per company without gaps on the first request, with "reverse charge"
// wording exactly when the ambassador's VAT id is of another EU country than the company's.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { KEYS, conversion, op, setPayoutSettings } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';
import { edge } from './helpers';
import { pdfText } from './pdf-text';
import { fullSession } from './staff-helpers';

const DEMO_ISSUER = { enabled: true, legal_name: 'Demo Co GmbH', address: 'Hauptstraße 1, 10115 Berlin, Germany', vat_id: 'DE 123 456 789', invoice_prefix: 'DC-' };
const ACME_ISSUER = { enabled: true, legal_name: 'Acme Outdoor S.L.', address: 'Calle Mayor 1, 28013 Madrid', vat_id: 'ESB12345678', invoice_prefix: 'AO-' };

let ava: Who;
let ben: Who;
let alex: Who;

beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
  expect((await op(KEYS.demo, 'PUT', '/tax/self-billing', DEMO_ISSUER)).status).toBe(200);
  expect((await op(KEYS.acme, 'PUT', '/tax/self-billing', ACME_ISSUER)).status).toBe(200);
});
beforeEach(() => forgetTenants());

let made = 0;
/** A payout recorded paid, as any rail records one (a run's item, a manual payout, a provider's confirmation). */
async function paidPayout(company: 'demo' | 'acme', ambassadorUid: string, amountMinor = 4321) {
  const uid = `po-sb-${Date.now().toString(36)}-${++made}`;
  await env.DB.prepare(
    `INSERT INTO payouts (uid, company_id, ambassador_uid, amount_minor, currency, payment_method, status, transaction_id, paid_at)
     VALUES (?, ?, ?, ?, ?, 1, 'paid', ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  ).bind(uid, company, ambassadorUid, amountMinor, company === 'demo' ? 'USD' : 'EUR', `TX-${made}`).run();
  return uid;
}

interface Download { status: number; type: string | null; disposition: string | null; text: string; body: any }

async function download(url: string, authorization: string): Promise<Download> {
  const res = await edge().fetch(url, { headers: { authorization } });
  const type = res.headers.get('content-type');
  if (type !== 'application/pdf') {
    const raw = await res.text();
    let body: any = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      /* not JSON */
    }
    return { status: res.status, type, disposition: null, text: '', body };
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(String.fromCharCode(...bytes.subarray(0, 5))).toBe('%PDF-');
  return { status: res.status, type, disposition: res.headers.get('content-disposition'), text: await pdfText(bytes), body: null };
}

const asAmbassador = (who: Who, payoutUid: string, pathOwner = who.uid) =>
  download(`http://${who.host}/v1/ambassadors/${pathOwner}/payouts/${payoutUid}/invoice.pdf`, `Token ${who.token}`);
const asOperator = (company: 'demo' | 'acme', payoutUid: string) =>
  download(`http://${company === 'demo' ? 'localhost' : 'acme.localhost'}/v1/operator/payouts/${payoutUid}/invoice.pdf`, `Bearer ${KEYS[company]}`);

/** The invoice number a PDF shows ("Invoice number: DC-000007"). */
const numberIn = (text: string, label: string, prefix: string) => {
  const m = new RegExp(`${label}: ${prefix}(\\d{6})`).exec(text);
  expect(m, text).not.toBeNull();
  return Number(m![1]);
};

const lastNumber = async (company: string) =>
  (await env.DB.prepare('SELECT last_number FROM self_billing_counters WHERE company_id = ?').bind(company).first<number>('last_number')) ?? 0;

describe('invoice numbers', () => {
  it('are sequential and gap-free when first requests for several payouts come at once', async () => {
    const before = await lastNumber('demo');
    const payouts = [await paidPayout('demo', ava.uid), await paidPayout('demo', ava.uid), await paidPayout('demo', ava.uid), await paidPayout('demo', ava.uid)];
    // Three requests per payout at the same time, the ambassador's and the operator's mixed.
    const asked = payouts.flatMap((uid) => [asAmbassador(ava, uid), asOperator('demo', uid), asAmbassador(ava, uid)]);
    const answers = await Promise.all(asked);
    for (const a of answers) expect(a.status).toBe(200);
    const numbers = payouts.map((_, i) => {
      const three = answers.slice(i * 3, i * 3 + 3).map((a) => numberIn(a.text, 'Invoice number', 'DC-'));
      expect(new Set(three).size).toBe(1);
      return three[0]!;
    });
    expect([...numbers].sort((a, b) => a - b)).toEqual([before + 1, before + 2, before + 3, before + 4]);
    expect(await lastNumber('demo')).toBe(before + 4);
    // Asked again later: the same number, nothing new issued.
    expect(numberIn((await asOperator('demo', payouts[2]!)).text, 'Invoice number', 'DC-')).toBe(numbers[2]);
    expect(await lastNumber('demo')).toBe(before + 4);
  });

  it('are counted per company: another company\'s invoices start from their own counter', async () => {
    const acmeBefore = await lastNumber('acme');
    const demoBefore = await lastNumber('demo');
    const got = await asAmbassador(alex, await paidPayout('acme', alex.uid));
    expect(got.status).toBe(200);
    expect(numberIn(got.text, 'Número de factura', 'AO-')).toBe(acmeBefore + 1);
    expect(await lastNumber('demo')).toBe(demoBefore);
  });

  it('are never given to a payout that is not paid, nor while the company does not use self-billing', async () => {
    const before = await lastNumber('demo');
    const pending = await asAmbassador(ava, 'po-503');
    expect(pending.status).toBe(409);
    expect(pending.body.code).toBe('payoutNotPaid');

    expect((await op(KEYS.demo, 'PUT', '/tax/self-billing', { ...DEMO_ISSUER, enabled: false })).status).toBe(200);
    const off = await asOperator('demo', await paidPayout('demo', ava.uid));
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('selfBillingOff');
    expect(await lastNumber('demo')).toBe(before);
    expect((await op(KEYS.demo, 'PUT', '/tax/self-billing', DEMO_ISSUER)).status).toBe(200);
  });
});

describe('the sequence in the database', () => {
  const refused = async (sql: string, ...binds: unknown[]) => {
    const error = await env.DB.prepare(sql).bind(...binds).run().then(() => null, (err: unknown) => String(err));
    expect(error, sql).not.toBeNull();
    return error!;
  };

  it('refuses a counter that skips or goes back, an invoice off the counter, and any change to an issued invoice', async () => {
    expect((await asOperator('demo', await paidPayout('demo', ava.uid))).status).toBe(200);
    const last = await lastNumber('demo');
    expect(await refused("UPDATE self_billing_counters SET last_number = last_number + 2 WHERE company_id = 'demo'")).toContain('invoice_counter_step');
    expect(await refused("UPDATE self_billing_counters SET last_number = last_number - 1 WHERE company_id = 'demo'")).toContain('invoice_counter_step');
    const other = await paidPayout('demo', ava.uid);
    expect(await refused(
      `INSERT INTO self_billing_invoices (company_id, payout_id, number, invoice_number, language, issuer_name, issuer_address, issuer_vat_id,
         supplier_name, supplier_address, amount_minor, currency, reverse_charge, issued_at)
       SELECT 'demo', id, ?, 'X', 'en', 'a', 'b', 'DE1', 'c', 'd', 1, 'USD', 0, 'now' FROM payouts WHERE uid = ?`, last + 5, other,
    )).toContain('invoice_number_gap');
    expect(await refused("UPDATE self_billing_invoices SET supplier_vat_id = 'FR1' WHERE company_id = 'demo' AND number = ?", last)).toContain('invoice_issued');
    expect(await refused("DELETE FROM self_billing_invoices WHERE company_id = 'demo' AND number = ?", last)).toContain('invoice_issued');
    expect(await lastNumber('demo')).toBe(last);
  });
});

describe('who gets an invoice', () => {
  it('never another company: its key and its ambassadors find no payout of ours', async () => {
    const ours = await paidPayout('demo', ava.uid);
    const acmeBefore = await lastNumber('acme');
    const byKey = await asOperator('acme', ours);
    expect(byKey.status).toBe(404);
    const byAmbassador = await asAmbassador(alex, ours);
    expect(byAmbassador.status).toBe(404);
    expect(await lastNumber('acme')).toBe(acmeBefore);
    const issued = await env.DB.prepare("SELECT COUNT(*) AS n FROM self_billing_invoices WHERE company_id = 'acme' AND payout_id = (SELECT id FROM payouts WHERE uid = ?)")
      .bind(ours).first<number>('n');
    expect(issued).toBe(0);
  });

  it('the ambassador only for their own payouts', async () => {
    const avas = await paidPayout('demo', ava.uid);
    // Ben asks for Ava's payout under his own id, and under hers.
    expect((await asAmbassador(ben, avas)).status).toBe(404);
    expect((await asAmbassador(ben, avas, ava.uid)).status).toBe(404);
    const own = await asAmbassador(ava, avas);
    expect(own.status).toBe(200);
    expect(own.disposition).toMatch(/^attachment; filename="invoice-DC-\d{6}\.pdf"$/);
  });

  it('the console for owners, admins and finance, not a viewer', async () => {
    const uid = await paidPayout('demo', ava.uid);
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    expect((await download(`http://localhost/v1/operator/payouts/${uid}/invoice.pdf`, `Staff ${viewer}`)).status).toBe(403);
    const finance = await fullSession('localhost', 'finance@demo.test');
    expect((await download(`http://localhost/v1/operator/payouts/${uid}/invoice.pdf`, `Staff ${finance}`)).status).toBe(200);
  });
});

describe('what the invoice says', () => {
  const setVat = async (who: Who, vat: string) => {
    const res = await call(who, 'PUT', `/ambassadors/${who.uid}/vat_id/`, { vat_id: vat });
    expect(res.status).toBe(200);
    return res.body.vat_id as string | null;
  };

  it('names both parties, the amount and the commissions, and says self-billing', async () => {
    await setVat(ava, 'FR 123 456 789 01');
    const got = await asAmbassador(ava, 'po-501');
    expect(got.status).toBe(200);
    expect(got.text).toContain('Self-billing invoice');
    expect(got.text).toContain('Self-billing: this invoice is issued by the customer in the name and on behalf of the supplier.');
    expect(got.text).toContain('Demo Co GmbH');
    expect(got.text).toContain('Hauptstraße 1, 10115 Berlin, Germany');
    expect(got.text).toContain('VAT id: DE123456789');
    expect(got.text).toContain('VAT id: FR12345678901');
    const payout = await env.DB.prepare("SELECT id, amount_minor FROM payouts WHERE uid = 'po-501'").first<{ id: number; amount_minor: number }>();
    const settled = await env.DB.prepare("SELECT transaction_id FROM commissions WHERE company_id = 'demo' AND payout_id = ?").bind(payout!.id).all<{ transaction_id: string }>();
    expect(settled.results.length).toBeGreaterThan(0);
    for (const c of settled.results) expect(got.text).toContain(c.transaction_id);
    const total = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(payout!.amount_minor / 100);
    expect(got.text).toMatch(new RegExp(`^${total.replace(/[$.]/g, '\\$&')}$`, 'm'));
  });

  it('says reverse charge exactly when the ambassador\'s VAT id is of another EU country', async () => {
    const cases: [string, boolean][] = [['FR12345678901', true], ['DE987654321', false], ['', false], ['CHE123456789', false], ['EL123456789', true]];
    for (const [vat, reverse] of cases) {
      await setVat(ava, vat);
      const got = await asAmbassador(ava, await paidPayout('demo', ava.uid));
      expect(got.status).toBe(200);
      expect(got.text, vat).toContain('Self-billing:');
      if (reverse) expect(got.text, vat).toContain('Reverse charge: the VAT is to be accounted for by the customer');
      else expect(got.text, vat).not.toMatch(/reverse charge/i);
    }
  });

  it('is written in the company\'s language, and says what it said when issued', async () => {
    await setVat(alex, 'PT123456789');
    const uid = await paidPayout('acme', alex.uid);
    const first = await asOperator('acme', uid);
    expect(first.text).toContain('Factura emitida por el destinatario (autofacturación)');
    expect(first.text).toContain('Inversión del sujeto pasivo: el IVA lo declara el cliente');
    // A later VAT id (or none) changes invoices issued from then on, not this one.
    await setVat(alex, '');
    const again = await asAmbassador(alex, uid);
    expect(again.text).toContain('Inversión del sujeto pasivo');
    expect(again.text).toContain('NIF-IVA: PT123456789');
  });
});

describe('the VAT id and the settings', () => {
  it('takes a VAT id with its country prefix, normalised, and refuses anything else', async () => {
    const saved = await call(ava, 'PUT', `/ambassadors/${ava.uid}/vat_id/`, { vat_id: ' nl 1234.5678.9B01 ' });
    expect(saved.body.vat_id).toBe('NL123456789B01');
    expect((await call(ava, 'GET', `/ambassadors/${ava.uid}/vat_id/`)).body.vat_id).toBe('NL123456789B01');
    const bad = await call(ava, 'PUT', `/ambassadors/${ava.uid}/vat_id/`, { vat_id: '123456789' });
    expect(bad.status).toBe(400);
    expect(bad.body.error_codes.vat_id[0].code).toBe('vatIdFormat');
    expect((await call(ben, 'PUT', `/ambassadors/${ava.uid}/vat_id/`, { vat_id: 'DE123456789' })).status).toBe(404);
    expect((await call(ava, 'GET', `/ambassadors/${ava.uid}/vat_id/`)).body.vat_id).toBe('NL123456789B01');
  });

  it('needs the company\'s legal name, address and VAT id to switch self-billing on, and keeps the rest of the customization', async () => {
    const refused = await op(KEYS.demo, 'PUT', '/tax/self-billing', { ...DEMO_ISSUER, legal_name: '', vat_id: '' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error_codes ?? refused.body).sort()).toEqual(expect.arrayContaining(['legal_name', 'vat_id']));
    await setPayoutSettings((await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id'))!, { holding_days: 21 });
    expect((await op(KEYS.demo, 'PUT', '/tax/self-billing', DEMO_ISSUER)).status).toBe(200);
    const read = await op(KEYS.demo, 'GET', '/tax/self-billing');
    expect(read.body.self_billing).toMatchObject({ enabled: true, vat_id: 'DE123456789', invoice_prefix: 'DC-' });
    expect((await op(KEYS.demo, 'GET', '/customization')).body.effective.payouts.holding_days).toBe(21);
  });
});

describe('a payout made through the operator API', () => {
  it('gets its invoice once paid', async () => {
    await setPayoutSettings((await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id'))!,
      { holding_days: 30, minimum_minor: 0, tax_form_threshold_minor: 0 });
    const sale = await op(KEYS.demo, 'POST', '/events', conversion({ revenue: '250.00' }));
    const commission = sale.body.commission.uid as string;
    expect((await op(KEYS.demo, 'POST', `/commissions/${commission}/approve`)).status).toBe(200);
    await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-45 days') WHERE uid = ?`).bind(commission).run();
    const paid = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: ava.uid, method: 1 });
    expect(paid.status).toBe(201);
    const got = await asAmbassador(ava, paid.body.payout.uid);
    expect(got.status).toBe(200);
    const tx = await env.DB.prepare('SELECT transaction_id FROM commissions WHERE uid = ?').bind(commission).first<string>('transaction_id');
    expect(got.text).toContain(tx!);
  });
});
