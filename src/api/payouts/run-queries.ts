import type { Actor } from '../core/operator-keys';
import type { RailName } from './rails/types';

// Payout runs' SQL (migrations 0035, 0037). Every statement names the company; every state change is an UPDATE
// guarded by the status it leaves and ends in RETURNING 1 (read with `written`).

export interface RunRow {
  uid: string;
  status: string;
  rail: RailName;
  currency: string;
  cutoff: string;
  provider_batch_id: string | null;
  created_by_kind: Actor['kind'];
  created_by_id: string;
  created_by_label: string;
  approved_by_kind: Actor['kind'] | null;
  approved_by_id: string | null;
  approved_by_label: string | null;
  created_at: string;
  approved_at: string | null;
  sent_at: string | null;
  finished_at: string | null;
  total: number;
  included: number;
  excluded: number;
}

export interface RunItemRow {
  id: number;
  ambassador_uid: string;
  name: string;
  email: string;
  paypal_email: string | null;
  amount_minor: number;
  commissions: number;
  status: string;
  reason: string | null;
  payout_uid: string | null;
  provider_ref: string | null;
  attempts: number;
  failure: string | null;
  /** The item's own holding-period cutoff (migration 0041), when it differs from the run's. */
  cutoff: string | null;
}

export interface NewRunItem {
  ambassadorUid: string;
  amount: number;
  commissions: number;
  reason: string | null;
  /** The ambassador's own cutoff when their holding period is not the company's (./rules.ts). */
  cutoff?: string | null;
}

const RUN_SQL = `SELECT r.uid, r.status, r.rail, r.currency, r.cutoff, r.provider_batch_id, r.created_by_kind, r.created_by_id, r.created_by_label,
    r.approved_by_kind, r.approved_by_id, r.approved_by_label, r.created_at, r.approved_at, r.sent_at, r.finished_at,
    COALESCE((SELECT SUM(i.amount_minor) FROM payout_run_items i WHERE i.company_id = r.company_id AND i.run_uid = r.uid AND i.status <> 'excluded'), 0) AS total,
    (SELECT COUNT(*) FROM payout_run_items i WHERE i.company_id = r.company_id AND i.run_uid = r.uid AND i.status <> 'excluded') AS included,
    (SELECT COUNT(*) FROM payout_run_items i WHERE i.company_id = r.company_id AND i.run_uid = r.uid AND i.status = 'excluded') AS excluded
  FROM payout_runs r`;

export const runStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${RUN_SQL} WHERE r.company_id = ? AND r.uid = ?`).bind(companyId, uid);

export const runListStatement = (db: D1Database, companyId: string) =>
  db.prepare(`${RUN_SQL} WHERE r.company_id = ? ORDER BY r.created_at DESC, r.uid DESC LIMIT 100`).bind(companyId);

/** A run's items: included first (most first), then the excluded. */
export const runItemsStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(
    `SELECT i.id, i.ambassador_uid, COALESCE(TRIM(u.first_name || ' ' || u.last_name), '') AS name, COALESCE(u.email, '') AS email,
            a.paypal_email, i.amount_minor, i.commissions, i.status, i.reason, i.payout_uid, i.provider_ref, i.attempts, i.failure, i.cutoff
       FROM payout_run_items i
       LEFT JOIN ambassadors a ON a.company_id = i.company_id AND a.uid = i.ambassador_uid
       LEFT JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
      WHERE i.company_id = ? AND i.run_uid = ?
      ORDER BY i.status = 'excluded', i.amount_minor DESC, i.ambassador_uid`,
  ).bind(companyId, uid);

export const insertRunStatement = (
  db: D1Database, companyId: string, uid: string, rail: RailName, currency: string, cutoff: string, by: Actor, now: string,
) =>
  db.prepare(
    `INSERT INTO payout_runs (company_id, uid, rail, currency, cutoff, created_by_kind, created_by_id, created_by_label, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).bind(companyId, uid, rail, currency, cutoff, by.kind, by.id, by.label, now);

export interface DestinationRow { ambassador_uid: string; paypal_email: string | null; stripe_account_id: string | null; status: string }

/** Where each ambassador is paid on a rail that pays by itself (paypal, stripe), and whether it is proven (`ready`). */
export const destinationsStatement = (db: D1Database, companyId: string, rail: RailName) =>
  db.prepare(
    // An ambassador who chose another rail is paid there, not on every rail they have a destination for.
    `SELECT d.ambassador_uid, d.paypal_email, d.stripe_account_id, d.status FROM payout_destinations d
       JOIN ambassadors a ON a.company_id = d.company_id AND a.uid = d.ambassador_uid
      WHERE d.company_id = ?1 AND d.rail = ?2 AND (a.payout_rail IS NULL OR a.payout_rail = d.rail)`,
  ).bind(companyId, rail);

/** included -> sent, in payOut's batch (the payout `processing`): only when the payout went in. */
export const itemSentStatement = (db: D1Database, companyId: string, itemId: number, payoutUid: string, now: string) =>
  db.prepare(
    `UPDATE payout_run_items SET status = 'sent', payout_uid = ?3, updated_at = ?4
      WHERE company_id = ?1 AND id = ?2 AND status = 'included'
        AND EXISTS (SELECT 1 FROM payouts WHERE company_id = ?1 AND uid = ?3 AND status = 'processing')`,
  ).bind(companyId, itemId, payoutUid, now);

/** One more hand-over of the run's `sent` items to their rail (the same item keys each time). */
export const handOverStatement = (db: D1Database, companyId: string, runUid: string, now: string) =>
  db.prepare(
    `UPDATE payout_run_items SET attempts = attempts + 1, updated_at = ?3
      WHERE company_id = ?1 AND run_uid = ?2 AND status = 'sent'`,
  ).bind(companyId, runUid, now);

/** The provider's id of the run, kept once known. */
export const providerBatchStatement = (db: D1Database, companyId: string, runUid: string, batchId: string) =>
  db.prepare(
    'UPDATE payout_runs SET provider_batch_id = COALESCE(provider_batch_id, ?3) WHERE company_id = ?1 AND uid = ?2',
  ).bind(companyId, runUid, batchId);

/** Runs `sending` since before `before`, oldest first, of every company: the cron reconciles them. */
export const stuckRunsStatement = (db: D1Database, before: string, limit: number) =>
  db.prepare(
    `SELECT company_id, uid FROM payout_runs WHERE status = 'sending' AND rail <> 'manual' AND sent_at < ?
      ORDER BY sent_at LIMIT ?`,
  ).bind(before, limit);

export const insertItemStatement = (db: D1Database, companyId: string, runUid: string, item: NewRunItem, now: string) =>
  db.prepare(
    `INSERT INTO payout_run_items (company_id, run_uid, ambassador_uid, amount_minor, commissions, status, reason, cutoff, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).bind(companyId, runUid, item.ambassadorUid, item.amount, item.commissions, item.reason ? 'excluded' : 'included', item.reason, item.cutoff ?? null, now);

/** draft -> approved, by an actor who is not the creator. */
export const approveStatement = (db: D1Database, companyId: string, uid: string, by: Actor, now: string) =>
  db.prepare(
    `UPDATE payout_runs SET status = 'approved', approved_by_kind = ?3, approved_by_id = ?4, approved_by_label = ?5, approved_at = ?6
      WHERE company_id = ?1 AND uid = ?2 AND status = 'draft' AND NOT (created_by_kind = ?3 AND created_by_id = ?4)
      RETURNING 1`,
  ).bind(companyId, uid, by.kind, by.id, by.label, now);

/** approved -> sending; a run left `sending` (a send cut short) may be sent again: only what is left is done. */
export const startSendingStatement = (db: D1Database, companyId: string, uid: string, now: string) =>
  db.prepare(
    `UPDATE payout_runs SET status = 'sending', sent_at = COALESCE(sent_at, ?3)
      WHERE company_id = ?1 AND uid = ?2 AND status IN ('approved', 'sending') RETURNING 1`,
  ).bind(companyId, uid, now);

/** included -> paid, in payOut's batch: only when the payout went in. */
export const itemPaidStatement = (db: D1Database, companyId: string, itemId: number, payoutUid: string, now: string) =>
  db.prepare(
    `UPDATE payout_run_items SET status = 'paid', payout_uid = ?3, updated_at = ?4
      WHERE company_id = ?1 AND id = ?2 AND status = 'included'
        AND EXISTS (SELECT 1 FROM payouts WHERE company_id = ?1 AND uid = ?3)`,
  ).bind(companyId, itemId, payoutUid, now);

/** included -> failed, with why. */
export const itemFailedStatement = (db: D1Database, companyId: string, itemId: number, failure: string, now: string) =>
  db.prepare(
    `UPDATE payout_run_items SET status = 'failed', failure = ?3, updated_at = ?4
      WHERE company_id = ?1 AND id = ?2 AND status = 'included' RETURNING 1`,
  ).bind(companyId, itemId, failure, now);

/**
 * sending -> paid | partially_failed | failed, once no item is left `included` or `sent`; a finished run whose
 * paid item came back later (a return) is told again.
 */
export const finishStatement = (db: D1Database, companyId: string, uid: string, now: string) =>
  db.prepare(
    `UPDATE payout_runs SET finished_at = COALESCE(finished_at, ?3), status = CASE
        WHEN NOT EXISTS (SELECT 1 FROM payout_run_items WHERE company_id = ?1 AND run_uid = ?2 AND status = 'failed') THEN 'paid'
        WHEN EXISTS (SELECT 1 FROM payout_run_items WHERE company_id = ?1 AND run_uid = ?2 AND status = 'paid') THEN 'partially_failed'
        ELSE 'failed' END
      WHERE company_id = ?1 AND uid = ?2 AND status IN ('sending', 'paid', 'partially_failed', 'failed')
        AND NOT EXISTS (SELECT 1 FROM payout_run_items WHERE company_id = ?1 AND run_uid = ?2 AND status IN ('included', 'sent'))
      RETURNING 1`,
  ).bind(companyId, uid, now);
