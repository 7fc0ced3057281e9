import type { TaxFormKind } from '../../lib/schemas/tax';

// SQL of the tax forms (migrations/0036_tax_forms.sql) and the yearly payout totals they are measured against.
// Every statement names the company.

export interface TaxFormRow {
  uid: string;
  ambassador_uid: string;
  kind: TaxFormKind;
  legal_name: string;
  country: string;
  address: string;
  tax_id_cipher: string;
  tax_id_last4: string;
  signed_name: string;
  signed_at: string;
  status: 'active' | 'superseded';
  created_at: string;
}

const FORM_COLUMNS = `uid, ambassador_uid, kind, legal_name, country, address, tax_id_cipher, tax_id_last4, signed_name, signed_at, status, created_at`;

export const activeTaxForm = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare(`SELECT ${FORM_COLUMNS} FROM tax_forms WHERE company_id = ? AND ambassador_uid = ? AND status = 'active'`)
    .bind(companyId, ambassadorUid).first<TaxFormRow>();

/** The two statements of a new form, for one batch: the active one superseded, then the new one inserted. */
export const replaceTaxFormStatements = (db: D1Database, companyId: string, form: Omit<TaxFormRow, 'status'>) => [
  db.prepare(`UPDATE tax_forms SET status = 'superseded' WHERE company_id = ? AND ambassador_uid = ? AND status = 'active'`)
    .bind(companyId, form.ambassador_uid),
  db.prepare(
    `INSERT INTO tax_forms (uid, company_id, ambassador_uid, kind, legal_name, country, address, tax_id_cipher, tax_id_last4, signed_name, signed_at, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)`,
  ).bind(form.uid, companyId, form.ambassador_uid, form.kind, form.legal_name, form.country, form.address, form.tax_id_cipher,
    form.tax_id_last4, form.signed_name, form.signed_at, form.created_at),
];

/** What the ambassador was paid in [from, to): payouts that did not fail, by when they were paid (or made). */
export const paidBetween = (db: D1Database, companyId: string, ambassadorUid: string, from: string, to: string) =>
  db.prepare(
    `SELECT COALESCE(SUM(amount_minor), 0) AS total FROM payouts
      WHERE company_id = ? AND ambassador_uid = ? AND status <> 'failed' AND COALESCE(paid_at, created_at) >= ? AND COALESCE(paid_at, created_at) < ?`,
  ).bind(companyId, ambassadorUid, from, to).first<number>('total');

export interface YearRow {
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
  paid_total: number;
  kind: TaxFormKind | null;
  legal_name: string | null;
  country: string | null;
  address: string | null;
  tax_id_cipher: string | null;
  tax_id_last4: string | null;
  signed_name: string | null;
  signed_at: string | null;
}

/**
 * Per ambassador paid in [from, to) or with a form on file: the year's payouts (as `paidBetween`) and the active
 * form. Most paid first, at most 5000.
 */
export const taxYearRows = (db: D1Database, companyId: string, from: string, to: string) =>
  db.prepare(
    `WITH paid AS (
       SELECT ambassador_uid, SUM(amount_minor) AS total FROM payouts
        WHERE company_id = ?1 AND status <> 'failed' AND COALESCE(paid_at, created_at) >= ?2 AND COALESCE(paid_at, created_at) < ?3
        GROUP BY ambassador_uid)
     SELECT a.uid, u.first_name, u.last_name, u.email, COALESCE(p.total, 0) AS paid_total,
            f.kind, f.legal_name, f.country, f.address, f.tax_id_cipher, f.tax_id_last4, f.signed_name, f.signed_at
       FROM ambassadors a
       JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
       LEFT JOIN paid p ON p.ambassador_uid = a.uid
       LEFT JOIN tax_forms f ON f.company_id = a.company_id AND f.ambassador_uid = a.uid AND f.status = 'active'
      WHERE a.company_id = ?1 AND (p.total IS NOT NULL OR f.uid IS NOT NULL)
      ORDER BY paid_total DESC, a.uid LIMIT 5000`,
  ).bind(companyId, from, to).all<YearRow>();
