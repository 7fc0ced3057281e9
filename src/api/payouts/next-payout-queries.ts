// The reads of "When will I get paid": the company's payout settings, the caller's approved
// unpaid monetary commissions and clawbacks, their payouts on the way and their last payout. Built as
// statements so the service sends them as ONE D1 batch (and a page's embedded client coalesces them with
// its other reads).
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
 * What the next payout of src/api/payouts/operator.ts can take: approved, monetary, in no payout.
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

export interface PayoutRow {
  uid: string;
  /** The whole payout, minor units. */
  amount_minor: number;
  /** What commissions of the asked campaign make of it (the whole payout without a campaign). */
  campaign_amount_minor: number;
  currency: string;
  payment_method: number;
  status: 'pending' | 'processing' | 'paid' | 'failed';
  paid_at: string | null;
  created_at: string;
}

// A payout and the part of it that commissions of campaign ?3 make (?3 null: every campaign, the payout itself).
const PAYOUT_COLUMNS = `COALESCE(p.uid, 'po-' || p.id) AS uid, p.amount_minor, p.currency, p.payment_method, p.status, p.paid_at, p.created_at,
  CASE WHEN ?3 IS NULL THEN p.amount_minor ELSE (SELECT COALESCE(SUM(m.amount_minor), 0) FROM commissions m
    WHERE m.company_id = p.company_id AND m.payout_id = p.id AND m.campaign_id = ?3) END AS campaign_amount_minor
  FROM payouts p`;
// With a campaign, only the payouts that carry commissions of it.
const OF_CAMPAIGN = `(?3 IS NULL OR EXISTS (SELECT 1 FROM commissions m WHERE m.company_id = p.company_id AND m.payout_id = p.id AND m.campaign_id = ?3))`;

/** The caller's last paid payout (of one campaign's commissions, when `campaignId` is set). */
export function lastPayoutStatement(db: D1Database, companyId: string, ambassadorUid: string, campaignId: number | null = null) {
  return db
    .prepare(
      `SELECT ${PAYOUT_COLUMNS}
        WHERE p.company_id = ?1 AND p.ambassador_uid = ?2 AND p.status = 'paid' AND ${OF_CAMPAIGN}
        ORDER BY COALESCE(p.paid_at, p.created_at) DESC, p.id DESC LIMIT 1`,
    )
    .bind(companyId, ambassadorUid, campaignId);
}

/** At most this many payouts on their way are listed. */
export const PENDING_PAYOUTS_LIMIT = 10;

/**
 * The caller's payouts not paid yet, newest first: pending or processing, and a failed one while it still
 * holds commissions that are not paid (their money has not reached the ambassador and is in no other payout).
 * Their commissions are no longer "approved, not paid yet" of the next payout: without this list the money
 * would show nowhere on the dashboard.
 */
export function pendingPayoutsStatement(db: D1Database, companyId: string, ambassadorUid: string, campaignId: number | null = null) {
  return db
    .prepare(
      `SELECT ${PAYOUT_COLUMNS}
        WHERE p.company_id = ?1 AND p.ambassador_uid = ?2 AND ${OF_CAMPAIGN}
          AND (p.status IN ('pending', 'processing') OR (p.status = 'failed' AND EXISTS (SELECT 1 FROM commissions m
                WHERE m.company_id = p.company_id AND m.payout_id = p.id AND m.status <> 'paid')))
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${PENDING_PAYOUTS_LIMIT}`,
    )
    .bind(companyId, ambassadorUid, campaignId);
}
