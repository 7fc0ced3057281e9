import type { SqlGuard } from '../core/batch-claim';
import { COMMISSION_SQL, REFERRAL_SQL } from './rows';

/**
 * The commissions' statements: a conversion's rows, the status edges (approve, deny), a refund of an
 * unpaid commission and a clawback of a paid one. Every write is guarded by what was read (a WHERE on the
 * status, the amounts or the sum already clawed back), so of two racing writes one changes nothing.
 */

/** The commission of (transaction, event). */
export const commissionOfTransactionStatement = (db: D1Database, companyId: string, transactionUid: string, event: string) =>
  db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.transaction_id = ? AND m.event = ? AND m.kind = 'commission'`)
    .bind(companyId, transactionUid, event);

export const commissionByUidStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.uid = ?`).bind(companyId, uid);

export const commissionByIdStatement = (db: D1Database, companyId: string, id: number) =>
  db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.id = ?`).bind(companyId, id);

export const commissionsByUidsStatement = (db: D1Database, companyId: string, uids: string[]) =>
  db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.uid IN (${uids.map(() => '?').join(', ')})`).bind(companyId, ...uids);

/** The referral of the commission of (transaction, event), read in the same batch as the commission. */
export const referralOfTransactionStatement = (db: D1Database, companyId: string, transactionUid: string, event: string) =>
  db.prepare(`${REFERRAL_SQL} WHERE r.company_id = ?1 AND r.id = (SELECT referral_id FROM commissions
      WHERE company_id = ?1 AND transaction_id = ?2 AND event = ?3 AND kind = 'commission')`).bind(companyId, transactionUid, event);

/** What a conversion writes (see ./commissions.ts recordConversion). */
export interface ConversionRows {
  companyId: string;
  ambassadorUid: string;
  campaignId: number;
  shareLinkUid: string | null;
  customerName: string;
  customerEmail: string;
  commissionUid: string;
  transactionUid: string;
  event: string;
  revenueMinor: number;
  amountMinor: number;
  currency: string;
  isMonetary: number;
  status: 'pending' | 'approved' | 'zero';
  eventData: [string | null | undefined, string | null | undefined, string | null | undefined];
  now: string;
  /**
   * Fraud holds (src/api/commissions/fraud-rules.ts): `reason`, a rule the caller found broken, or null; then
   * the rate rule, here in SQL: held `velocity` when the ambassador already has `maxPerHour` conversions
   * created after `since` (an hour before `now`). maxPerHour 0: no rate rule. null: no rule at all.
   */
  hold: { reason: string | null; maxPerHour: number; since: string; signals?: string | null } | null;
  /** The click id that came with the sale (verified by the caller), kept so a click stored later is checked too. */
  clickUid?: string | null;
}

const REFERRAL_ID = 'SELECT id FROM referrals WHERE company_id = ?1 AND ambassador_uid = ?2 AND campaign_id = ?3 AND email = ?4 ORDER BY id LIMIT 1';
/** Holds only when the commission of THIS request (its fresh uid, ?5) went in. */
const MINE = 'EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND uid = ?5)';
/** ...and is not held: a held conversion earns its referral points only when the hold is approved. */
const MINE_UNHELD = 'EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND uid = ?5 AND held_reason IS NULL)';
// ?1 company ?2 ambassador ?3 campaign ?4 customer e-mail ?5 new commission uid ?6 now
const base = (c: ConversionRows) => [c.companyId, c.ambassadorUid, c.campaignId, c.customerEmail, c.commissionUid, c.now] as const;

/**
 * The referral, unless the conversion is known or the customer was referred already; `alsoIf`: SQL (bound values
 * inline, e.g. a claim's check) that must hold too.
 */
export const conversionReferralStatement = (db: D1Database, c: ConversionRows, alsoIf = '1') =>
  db.prepare(
    `INSERT INTO referrals (company_id, ambassador_uid, campaign_id, share_link_uid, name, email, created_at)
     SELECT ?1, ?2, ?3, ?7, ?8, ?4, ?6
      WHERE NOT EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND transaction_id = ?9 AND event = ?10 AND kind = 'commission')
        AND NOT EXISTS (${REFERRAL_ID}) AND ${alsoIf}`,
  ).bind(...base(c), c.shareLinkUid, c.customerName, c.transactionUid, c.event);

/**
 * The commission, once per (company, transaction, event) (the unique index commissions_transaction backs it up),
 * held (held_reason, held_at) for the caller's reason or, in the same statement, for the rate rule: the count
 * and the insert are one write, so of conversions racing past the limit every one after it is held. `alsoIf` as
 * the referral's: the rows after the commission hold on it (MINE), so they follow.
 */
export const conversionCommissionStatement = (db: D1Database, c: ConversionRows, alsoIf = '1') =>
  db.prepare(
    `INSERT INTO commissions (uid, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor,
       currency, is_monetary, event, status, event_data1, event_data2, event_data3, created_at, held_reason, held_at, click_uid, held_signals)
     SELECT ?5, ?1, ?2, ?3, (${REFERRAL_ID}), ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?6, h.reason,
            CASE WHEN h.reason IS NOT NULL THEN ?6 END, ?21, CASE WHEN h.reason = 'own_click' THEN ?22 END
       FROM (SELECT CASE WHEN ?17 = 0 THEN NULL ELSE COALESCE(?18, CASE WHEN ?19 > 0 AND (
               SELECT COUNT(*) FROM commissions WHERE company_id = ?1 AND ambassador_uid = ?2 AND kind = 'commission' AND created_at > ?20
             ) >= ?19 THEN 'velocity' END) END AS reason) h
      WHERE NOT EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND transaction_id = ?7 AND event = ?12 AND kind = 'commission')
        AND ${alsoIf}
     ON CONFLICT DO NOTHING`,
  ).bind(...base(c), c.transactionUid, c.revenueMinor, c.amountMinor, c.currency, c.isMonetary, c.event, c.status,
    c.eventData[0] ?? null, c.eventData[1] ?? null, c.eventData[2] ?? null,
    c.hold ? 1 : 0, c.hold?.reason ?? null, c.hold?.maxPerHour ?? 0, c.hold?.since ?? c.now, c.clickUid ?? null, c.hold?.signals ?? null);

/** SQL true once the commission of `uid` is written: what the rows a caller adds to a conversion's batch hold on. */
export const commissionWrittenGuard = (companyId: string, uid: string): SqlGuard => ({
  sql: 'EXISTS (SELECT 1 FROM commissions WHERE company_id = ? AND uid = ?)', binds: [companyId, uid],
});

/** The commission's activity row (only with this request's commission). */
export const conversionActivityStatement = (db: D1Database, c: ConversionRows, data: (string | null | undefined)[]) =>
  db.prepare(
    `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, amount_minor, currency,
       status, event_data1, event_data2, event_data3, created_at, commission_uid)
     SELECT ?1, ?2, ?3, 'commission', ?7, ?4, ?8, ?9, ?10, ?11, ?12, ?13, ?6, ?5 WHERE ${MINE}`,
  ).bind(...base(c), c.customerName, c.amountMinor, c.currency, c.status, data[0] ?? null, data[1] ?? null, data[2] ?? null);

/** The referral points' activity row (only with this request's commission). */
export const conversionPointsActivityStatement = (db: D1Database, c: ConversionRows, points: number, expireDays: number) =>
  db.prepare(
    `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, points, status, event_data1, created_at, expire_at)
     SELECT ?1, ?2, ?3, 'points', ?7, ?4, ?8, 'earn', 'rewards.entry.referralReward', ?6,
            CASE WHEN ?9 > 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', ?6, '+' || ?9 || ' days') END WHERE ${MINE_UNHELD}`,
  ).bind(...base(c), c.customerName, points, expireDays);

/** The status edges an operator can move a commission along (a commission in a payout never moves). */
export const COMMISSION_EDGES = { approved: ['pending'], denied: ['pending', 'approved'] } as const;

/**
 * One commission along an edge: changes 1 row only from an allowed status, in no payout (RETURNING: the rows it
 * changed). A held commission (fraud holds) is decided by either edge, once: approve clears held_reason (it
 * becomes payable; a held `zero` one stays zero), deny keeps it beside the status `denied` as the record of why.
 * A decided hold (held_at set) is never decided again: approved (held_reason cleared) it is not denied, denied it
 * is not approved, and neither twice; of two decisions racing, the first changes the row and the other 0 rows.
 */
export function transitionStatement(db: D1Database, companyId: string, uid: string, to: keyof typeof COMMISSION_EDGES, now: string) {
  const from = COMMISSION_EDGES[to].map((s) => `'${s}'`).join(', ');
  return db.prepare(
    `UPDATE commissions SET status = CASE WHEN ?1 = 'approved' AND status = 'zero' THEN 'zero' ELSE ?1 END,
       held_reason = CASE WHEN ?1 = 'approved' THEN NULL ELSE held_reason END, updated_at = ?2
     WHERE company_id = ?3 AND uid = ?4 AND kind = 'commission' AND payout_id IS NULL
       AND (status IN (${from}) OR (status = 'zero' AND held_reason IS NOT NULL))
       AND NOT (held_at IS NOT NULL AND held_reason IS NULL) RETURNING 1`,
  ).bind(to, now, companyId, uid);
}

/** The referral points' activity row of a hold approved now (only when its lot went in with this approval, at `now`). */
export const releasedPointsActivityStatement = (db: D1Database, companyId: string, uid: string, now: string, expireDays: number) =>
  db.prepare(
    `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, points, status, event_data1, created_at, expire_at)
     SELECT m.company_id, m.ambassador_uid, m.campaign_id, 'points', r.name, r.email, l.amount, 'earn', 'rewards.entry.referralReward', ?3,
            CASE WHEN ?4 > 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', ?3, '+' || ?4 || ' days') END
       FROM commissions m JOIN loyalty_ledger l ON l.company_id = m.company_id AND l.uid = 'points:' || m.uid AND l.created_at = ?3
       LEFT JOIN referrals r ON r.company_id = m.company_id AND r.id = m.referral_id
      WHERE m.company_id = ?1 AND m.uid = ?2`,
  ).bind(companyId, uid, now, expireDays);

/**
 * Approves all of `uids` or none: the UPDATE runs only while every one of them is pending, not held and in no
 * payout (a held commission is released one by one, after its review: transitionStatement).
 */
export function bulkApproveStatement(db: D1Database, companyId: string, uids: string[], now: string) {
  const list = uids.map(() => '?').join(', ');
  const pending = `SELECT COUNT(*) FROM commissions WHERE company_id = ? AND uid IN (${list}) AND kind = 'commission'
    AND payout_id IS NULL AND status = 'pending' AND held_reason IS NULL`;
  return db.prepare(
    `UPDATE commissions SET status = 'approved', updated_at = ? WHERE company_id = ? AND uid IN (${list}) AND kind = 'commission'
       AND payout_id IS NULL AND status = 'pending' AND (${pending}) = ? RETURNING 1`,
  ).bind(now, companyId, ...uids, companyId, ...uids, uids.length);
}

/**
 * Denies all of `uids` or none, along the deny edge of transitionStatement: the UPDATE runs only while every one
 * of them is a commission in no payout that one deny would move (pending or approved; a held one, `zero` too,
 * keeping `held_reason` as the record of why; never a hold already approved).
 */
export function bulkDenyStatement(db: D1Database, companyId: string, uids: string[], now: string) {
  const list = uids.map(() => '?').join(', ');
  const deniable = `kind = 'commission' AND payout_id IS NULL
    AND (status IN ('pending', 'approved') OR (status = 'zero' AND held_reason IS NOT NULL))
    AND NOT (held_at IS NOT NULL AND held_reason IS NULL)`;
  const count = `SELECT COUNT(*) FROM commissions WHERE company_id = ? AND uid IN (${list}) AND ${deniable}`;
  return db.prepare(
    `UPDATE commissions SET status = 'denied', updated_at = ? WHERE company_id = ? AND uid IN (${list}) AND ${deniable}
       AND (${count}) = ? RETURNING 1`,
  ).bind(now, companyId, ...uids, companyId, ...uids, uids.length);
}

/** Revenue and amount already clawed back from the commission of (transaction, event). */
export const clawedBackStatement = (db: D1Database, companyId: string, transactionUid: string, event: string) =>
  db.prepare(
    `SELECT COALESCE(SUM(-c.revenue_minor), 0) AS revenue, COALESCE(SUM(-c.amount_minor), 0) AS amount FROM commissions c
      JOIN commissions o ON o.company_id = c.company_id AND o.id = c.reverses_id
      WHERE c.company_id = ? AND o.transaction_id = ? AND o.event = ? AND o.kind = 'commission'`,
  ).bind(companyId, transactionUid, event);

type UnpaidRefund = {
  companyId: string; id: number; was: { status: string; revenue: number; amount: number }; status: string; revenue: number; amount: number;
  refunded: number; now: string;
};

/** SQL (and its binds) true while an unpaid commission is as it was read: what its refund is guarded by. */
export const unpaidAsReadGuard = (r: UnpaidRefund) => ({
  sql: `EXISTS (SELECT 1 FROM commissions WHERE company_id = ? AND id = ? AND status = ? AND payout_id IS NULL AND revenue_minor = ?
          AND amount_minor = ?)`,
  binds: [r.companyId, r.id, r.was.status, r.was.revenue, r.was.amount],
});

/**
 * A refund of an unpaid commission: the row changes only while it is as it was read, and (`alsoIf`, e.g. the
 * store's refund receipts went in just before it) while that SQL is true.
 */
export function refundUnpaidStatement(db: D1Database, r: UnpaidRefund, alsoIf = '1') {
  return db.prepare(
    `UPDATE commissions SET status = ?, revenue_minor = ?, amount_minor = ?, refunded_revenue_minor = refunded_revenue_minor + ?,
       updated_at = ? WHERE company_id = ? AND id = ? AND status = ? AND payout_id IS NULL AND revenue_minor = ? AND amount_minor = ?
       AND ${alsoIf} RETURNING 1`,
  ).bind(r.status, r.revenue, r.amount, r.refunded, r.now, r.companyId, r.id, r.was.status, r.was.revenue, r.was.amount);
}

type Clawback = { companyId: string; uid: string; reversesId: number; revenue: number; amount: number; now: string; clawedRevenue: number };

/** SQL (and its binds) true while the sum clawed back from a paid commission is as it was read. */
export const clawedAsReadGuard = (c: Clawback) => ({
  sql: '(SELECT COALESCE(SUM(-revenue_minor), 0) FROM commissions WHERE company_id = ? AND reverses_id = ?) = ?',
  binds: [c.companyId, c.reversesId, c.clawedRevenue],
});

/** A clawback of a paid commission, only while the sum clawed back is still what was read (?7), and `alsoIf`. */
export function clawbackStatement(db: D1Database, c: Clawback, alsoIf = '1') {
  const sumBack = 'SELECT COALESCE(SUM(-revenue_minor), 0) FROM commissions WHERE company_id = ?1 AND reverses_id = ?3';
  return db.prepare(
    `INSERT INTO commissions (uid, kind, reverses_id, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor,
       amount_minor, currency, is_monetary, event, status, event_data1, event_data2, created_at)
     SELECT ?2, 'clawback', ?3, ?1, ambassador_uid, campaign_id, referral_id, transaction_id, ?4, ?5, currency, is_monetary, event,
       'approved', transaction_id, 'records.refund', ?6
       FROM commissions WHERE company_id = ?1 AND id = ?3 AND (${sumBack}) = ?7 AND ${alsoIf}`,
  ).bind(c.companyId, c.uid, c.reversesId, c.revenue, c.amount, c.now, c.clawedRevenue);
}

/** The clawback's activity row (its note a message key, read in the reader's language: src/lib/system-text.ts). */
export const clawbackActivityStatement = (db: D1Database, companyId: string, uid: string, now: string) =>
  db.prepare(
    `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, amount_minor, currency, status, event_data1, event_data2, created_at)
     SELECT company_id, ambassador_uid, campaign_id, 'commission', amount_minor, currency, 'approved', transaction_id, 'records.refundClawback', ?3
       FROM commissions WHERE company_id = ?1 AND uid = ?2`,
  ).bind(companyId, uid, now);

/**
 * A click that reaches D1 after its sale (the queue): the commissions credited with those click ids, not
 * reviewed (never held before) or paid yet, are held `own_click` when the click shares the ambassador's own
 * address or device, as seen since `since` (the own-click rule's window). One statement for a whole batch of
 * clicks, run in the click batch (src/api/sharing/click-queries.ts).
 */
export const holdLateOwnClicksStatement = (db: D1Database, clickUids: readonly string[], since: string, now: string) => {
  const own = (kind: string, column: string) =>
    `EXISTS (SELECT 1 FROM ambassador_clients a WHERE a.company_id = k.company_id AND a.ambassador_uid = k.ambassador_uid
        AND a.kind = '${kind}' AND a.client_hash = k.${column} AND a.last_seen_at >= ?2)`;
  return db.prepare(
    `UPDATE commissions AS m SET held_reason = 'own_click', held_at = ?3, held_signals = s.signals
       FROM (SELECT k.company_id, k.click_uid, k.ambassador_uid,
                    CASE WHEN ${own('client', 'client_hash')} THEN 'ip device'
                         ELSE trim((CASE WHEN ${own('ip', 'ip_hash')} THEN 'ip' ELSE '' END) || ' ' ||
                                   (CASE WHEN ${own('device', 'device_hash')} THEN 'device' ELSE '' END)) END AS signals
               FROM clicks k WHERE k.click_uid IN (SELECT value FROM json_each(?1))) s
      WHERE m.company_id = s.company_id AND m.click_uid = s.click_uid AND m.ambassador_uid = s.ambassador_uid AND s.signals <> ''
        AND m.kind = 'commission' AND m.held_reason IS NULL AND m.held_at IS NULL AND m.status IN ('pending', 'zero') AND m.payout_id IS NULL`,
  ).bind(JSON.stringify(clickUids), since, now);
};
