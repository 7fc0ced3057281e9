import { batch, row, write } from '../core/named-batch';

// SQL of self-billing (migrations/0042_self_billing.sql): the ambassador's VAT id, the company's invoice counter
// and the invoices issued per paid payout. Every statement names the company.

export interface InvoicePayoutRow {
  id: number;
  uid: string;
  ambassador_uid: string;
  amount_minor: number;
  currency: string;
  status: string;
  paid_at: string | null;
  created_at: string;
}

/** A payout of the company by its uid (`po-<number>` for the oldest, which have none), optionally only the ambassador's. */
export const invoicePayout = (db: D1Database, companyId: string, uid: string, ambassadorUid: string | null) =>
  db.prepare(
    `SELECT id, COALESCE(uid, 'po-' || id) AS uid, ambassador_uid, amount_minor, currency, status, paid_at, created_at
       FROM payouts
      WHERE company_id = ?1 AND (uid = ?2 OR (uid IS NULL AND 'po-' || id = ?2)) AND (?3 IS NULL OR ambassador_uid = ?3)`,
  ).bind(companyId, uid, ambassadorUid).first<InvoicePayoutRow>();

export interface InvoiceRow {
  payout_id: number;
  number: number;
  invoice_number: string;
  language: string;
  issuer_name: string;
  issuer_address: string;
  issuer_vat_id: string;
  supplier_name: string;
  supplier_address: string;
  supplier_vat_id: string | null;
  amount_minor: number;
  currency: string;
  reverse_charge: number;
  issued_at: string;
}

const INVOICE_SQL = `SELECT payout_id, number, invoice_number, language, issuer_name, issuer_address, issuer_vat_id, supplier_name,
  supplier_address, supplier_vat_id, amount_minor, currency, reverse_charge, issued_at FROM self_billing_invoices`;

export const invoiceOfPayout = (db: D1Database, companyId: string, payoutId: number) =>
  db.prepare(`${INVOICE_SQL} WHERE company_id = ? AND payout_id = ?`).bind(companyId, payoutId).first<InvoiceRow>();

/** What an invoice says when it is issued; the number and the amount come from the database in the batch. */
export interface InvoiceDraft {
  prefix: string;
  language: string;
  issuerName: string;
  issuerAddress: string;
  issuerVatId: string;
  supplierName: string;
  supplierAddress: string;
  supplierVatId: string | null;
  reverseCharge: boolean;
  issuedAt: string;
}

/**
 * Issues the payout's invoice unless it has one, in one batch: the company's counter goes up by one and the
 * invoice takes the new number, both only while the payout is paid and has no invoice (the same guard in
 * both statements, so both happen or neither). Two first requests at once: the second finds the first's
 * invoice and changes nothing. Answers the payout's invoice, new or not (null: the payout is not paid).
 */
export async function issueInvoice(db: D1Database, companyId: string, payoutId: number, d: InvoiceDraft) {
  const guard = `EXISTS (SELECT 1 FROM payouts p WHERE p.company_id = ?1 AND p.id = ?2 AND p.status = 'paid')
    AND NOT EXISTS (SELECT 1 FROM self_billing_invoices i WHERE i.company_id = ?1 AND i.payout_id = ?2)`;
  const { invoice } = await batch(db, {
    counter: write(db.prepare('INSERT INTO self_billing_counters (company_id, last_number) VALUES (?, 0) ON CONFLICT (company_id) DO NOTHING').bind(companyId)),
    next: write(db.prepare(`UPDATE self_billing_counters SET last_number = last_number + 1 WHERE company_id = ?1 AND ${guard}`).bind(companyId, payoutId)),
    issued: write(db.prepare(
      `INSERT INTO self_billing_invoices (company_id, payout_id, number, invoice_number, language, issuer_name, issuer_address, issuer_vat_id,
              supplier_name, supplier_address, supplier_vat_id, amount_minor, currency, reverse_charge, issued_at)
       SELECT ?1, ?2, c.last_number, ?3 || printf('%06d', c.last_number), ?4, ?5, ?6, ?7, ?8, ?9, ?10, p.amount_minor, p.currency, ?11, ?12
         FROM self_billing_counters c JOIN payouts p ON p.company_id = c.company_id AND p.id = ?2
        WHERE c.company_id = ?1 AND ${guard}`,
    ).bind(companyId, payoutId, d.prefix, d.language, d.issuerName, d.issuerAddress, d.issuerVatId, d.supplierName, d.supplierAddress,
      d.supplierVatId, d.reverseCharge ? 1 : 0, d.issuedAt)),
    invoice: row<InvoiceRow>(db.prepare(`${INVOICE_SQL} WHERE company_id = ? AND payout_id = ?`).bind(companyId, payoutId)),
  });
  return invoice;
}

export const lastInvoiceNumber = (db: D1Database, companyId: string) =>
  db.prepare('SELECT last_number FROM self_billing_counters WHERE company_id = ?').bind(companyId).first<number>('last_number');

export interface SupplierRow {
  first_name: string;
  last_name: string;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  vat_id: string | null;
  form_legal_name: string | null;
  form_address: string | null;
  form_country: string | null;
}

/** The ambassador as their invoice names them: the profile, the VAT id and the active tax form's name and address. */
export const supplierOf = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare(
    `SELECT u.first_name, u.last_name, a.street, a.city, a.state, a.zip, a.country, a.vat_id,
            f.legal_name AS form_legal_name, f.address AS form_address, f.country AS form_country
       FROM ambassadors a
       JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
       LEFT JOIN tax_forms f ON f.company_id = a.company_id AND f.ambassador_uid = a.uid AND f.status = 'active'
      WHERE a.company_id = ? AND a.uid = ?`,
  ).bind(companyId, ambassadorUid).first<SupplierRow>();

export interface InvoiceLineRow {
  uid: string;
  kind: 'commission' | 'clawback';
  created_at: string;
  transaction_id: string;
  campaign_name: string | null;
  amount_minor: number;
}

/** The commissions (and clawbacks) the payout settled, oldest first. */
export const invoiceLines = (db: D1Database, companyId: string, payoutId: number) =>
  db.prepare(
    `SELECT c.uid, c.kind, c.created_at, c.transaction_id, cp.name AS campaign_name, c.amount_minor
       FROM commissions c LEFT JOIN campaigns cp ON cp.company_id = c.company_id AND cp.id = c.campaign_id
      WHERE c.company_id = ? AND c.payout_id = ? ORDER BY c.created_at, c.id LIMIT 1000`,
  ).bind(companyId, payoutId).all<InvoiceLineRow>().then((r) => r.results);

export const vatIdOf = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare('SELECT vat_id FROM ambassadors WHERE company_id = ? AND uid = ?').bind(companyId, ambassadorUid).first<string | null>('vat_id');

export const setVatId = (db: D1Database, companyId: string, ambassadorUid: string, vatId: string | null) =>
  db.prepare('UPDATE ambassadors SET vat_id = ? WHERE company_id = ? AND uid = ?').bind(vatId, companyId, ambassadorUid).run();
