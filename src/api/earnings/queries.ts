// The reads of "When will I get paid" (issue 9): the company's payout settings, the caller's approved
// unpaid monetary commissions and clawbacks, and the caller's last payout. Built as statements so the
// service sends them as ONE D1 batch (and a page's embedded client coalesces them with its other reads).
import type { Language } from '../../lib/languages';
import { textInSql } from '../core/row-language-sql';

/** The company layer of the customization (holding period and minimum live in `payouts`). */
export function companyCustomizationStatement(db: D1Database, companyId: string) {
  return db.prepare('SELECT settings FROM customizations WHERE company_id = ? AND campaign_id IS NULL LIMIT 1').bind(companyId);
}

export interface UnpaidRow {
  uid: string;
  kind: 'commission' | 'clawback';
  amount_minor: number;
  currency: string;
  transaction_id: string;
  campaign_uid: string;
  campaign_name: string;
  created_at: string;
}

/**
 * What the next payout of src/api/operator/payouts.ts can take: approved, monetary, in no payout.
 * Clawbacks first (a payout deducts them whatever their age), then commissions oldest first.
 */
export function unpaidStatement(db: D1Database, companyId: string, ambassadorUid: string, lang: Language | null) {
  return db
    .prepare(
      `SELECT m.uid, m.kind, m.amount_minor, m.currency, m.transaction_id, cp.uid AS campaign_uid, ${textInSql('cp', 'name', lang)} AS campaign_name, m.created_at
         FROM commissions m JOIN campaigns cp ON cp.id = m.campaign_id
        WHERE m.company_id = ? AND m.ambassador_uid = ? AND m.status = 'approved' AND m.payout_id IS NULL AND m.is_monetary = 1
        ORDER BY m.kind = 'clawback' DESC, m.created_at, m.id`,
    )
    .bind(companyId, ambassadorUid);
}

export interface LastPayoutRow {
  uid: string;
  amount_minor: number;
  currency: string;
  payment_method: number;
  paid_at: string | null;
  created_at: string;
}

export function lastPayoutStatement(db: D1Database, companyId: string, ambassadorUid: string) {
  return db
    .prepare(
      `SELECT COALESCE(uid, 'po-' || id) AS uid, amount_minor, currency, payment_method, paid_at, created_at FROM payouts
        WHERE company_id = ? AND ambassador_uid = ? AND status = 'paid' ORDER BY COALESCE(paid_at, created_at) DESC, id DESC LIMIT 1`,
    )
    .bind(companyId, ambassadorUid);
}
