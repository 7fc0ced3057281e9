/**
 * The loyalty ledger's statements. Every write is an INSERT of an entry; the triggers of
 * migrations/0005_loyalty_ledger.sql open and spend the lots and keep the balances in the same statement,
 * and fail it (with the whole batch) when a spend cannot be covered. These builders only shape entries;
 * the operations that send them are in ./ledger.ts, ./commissions.ts and ./redemptions.ts.
 */

export type LedgerKind = 'points' | 'cash';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export interface EarnEntry {
  companyId: string;
  ambassadorUid: string;
  kind: LedgerKind;
  amount: number;
  description: string;
  /** ISO time the lot lapses (null: never). */
  expireAt: string | null;
  /** A stable id: a second write with the same uid fails (UNIQUE), so a retried earning counts once. */
  uid?: string | null;
  campaignId?: number | null;
  referralId?: number | null;
  /** The task whose points these are (migration 0025): readers show the task's name in their language. */
  taskId?: number | null;
  entryType?: 'earn' | 'adjust';
}

/** An earning (or a positive adjustment): a new lot. */
export function earnStatement(db: D1Database, e: EarnEntry) {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, description, expire_at, uid, campaign_id, referral_id, task_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(e.companyId, e.ambassadorUid, e.kind, e.entryType ?? 'earn', e.amount, e.description, e.expireAt, e.uid ?? null,
      e.campaignId ?? null, e.referralId ?? null, e.taskId ?? null);
}

export interface DebitEntry {
  companyId: string;
  ambassadorUid: string;
  kind: LedgerKind;
  /** Positive: how much leaves the balance. */
  amount: number;
  description: string;
  entryType: 'adjust' | 'reverse';
  uid?: string | null;
  /** reverse only: take from this lot instead of the soonest-expiring ones. */
  lotId?: number | null;
}

/** A negative adjustment or a clawback: spent from the lots like a redemption (or from one lot). */
export function debitStatement(db: D1Database, e: DebitEntry) {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, description, uid, lot_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(e.companyId, e.ambassadorUid, e.kind, e.entryType, -e.amount, e.description, e.uid ?? null, e.lotId ?? null);
}

/**
 * Expires what is left of every lot whose expire_at has passed: one expire entry per lot, for its
 * remaining amount (the lot's CHECK makes a second expiry of the same amount fail), oldest first, at most
 * `limit` lots; RETURNING the new entries' ids. Scope: one ambassador, one company, or everyone (null).
 */
export function expireDueStatement(db: D1Database, scope: { companyId: string; ambassadorUid?: string } | null, limit = 500) {
  const where = scope ? `AND company_id = ?1${scope.ambassadorUid ? ' AND ambassador_uid = ?2' : ''}` : '';
  const args = scope ? [scope.companyId, ...(scope.ambassadorUid ? [scope.ambassadorUid] : [])] : [];
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, lot_id, description)
       SELECT company_id, ambassador_uid, kind, 'expire', -remaining, entry_id, 'Expired: not redeemed in time'
         FROM loyalty_lots
        WHERE remaining > 0 AND expire_at IS NOT NULL AND expire_at <= ${NOW} ${where}
        ORDER BY expire_at, entry_id LIMIT ${Math.max(1, Math.floor(limit))}
       RETURNING id`,
    )
    .bind(...args);
}

/**
 * The hold of a redemption (a redeem entry), found by the redemption's key in the same batch; its
 * description names what was redeemed (the redemption's item_name).
 */
export function holdStatement(
  db: D1Database,
  h: { companyId: string; ambassadorUid: string; kind: LedgerKind; amount: number; redemptionKey: string },
) {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, description, uid, redemption_id)
       SELECT ?1, ?2, ?3, 'redeem', ?4, 'Redeemed: ' || COALESCE(item_name, ''), 'hold:' || ?5, id
         FROM redemptions WHERE company_id = ?1 AND idempotency_key = ?5`,
    )
    .bind(h.companyId, h.ambassadorUid, h.kind, -h.amount, h.redemptionKey);
}

/**
 * Settles the hold of a redemption (found by the redemption's key, whatever uid the hold has): `post`
 * (fulfilled: held becomes redeemed) or `release` (voided: the lots get their amounts back). The UNIQUE
 * index on settles_id lets one settlement exist per hold; the redemption's status can only leave
 * `processing` once this entry exists (migration 0006), so write it first in the batch.
 */
export function settleStatement(db: D1Database, companyId: string, redemptionKey: string, how: 'post' | 'release') {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, description, uid, redemption_id, settles_id)
       SELECT h.company_id, h.ambassador_uid, h.kind, ?3, CASE ?3 WHEN 'post' THEN 0 ELSE -h.amount END,
              CASE ?3 WHEN 'post' THEN h.description ELSE 'Returned: ' || COALESCE(d.item_name, '') END,
              ?3 || ':' || ?2, h.redemption_id, h.id
         FROM loyalty_ledger h JOIN redemptions d ON d.company_id = h.company_id AND d.id = h.redemption_id
        WHERE h.company_id = ?1 AND d.idempotency_key = ?2 AND h.entry_type = 'redeem'`,
    )
    .bind(companyId, redemptionKey, how);
}

/**
 * After a release: what went back to a lot that was revoked meanwhile (a refunded order's points, held by
 * this redemption when the refund came) is reversed again, so a refund never comes back through a failed
 * redemption. One reverse entry per such lot.
 */
export function reclaimRevokedStatement(db: D1Database, companyId: string, redemptionKey: string) {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, lot_id, description)
       SELECT u.company_id, u.ambassador_uid, l.kind, 'reverse', u.amount, u.lot_id, 'Reversed: order refunded'
         FROM loyalty_lot_uses u JOIN loyalty_lots l ON l.entry_id = u.lot_id
        WHERE u.company_id = ?1 AND u.use = 'release'
          AND u.entry_id = (SELECT id FROM loyalty_ledger WHERE company_id = ?1 AND uid = 'release:' || ?2)
          AND u.lot_id IN (SELECT lot_id FROM loyalty_revocations WHERE company_id = ?1)`,
    )
    .bind(companyId, redemptionKey);
}

/** After a release: the lots of the redemption's ambassador that lapsed while held are expired too. */
export function expireLapsedOfRedemptionStatement(db: D1Database, companyId: string, redemptionKey: string) {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, lot_id, description)
       SELECT company_id, ambassador_uid, kind, 'expire', -remaining, entry_id, 'Expired: not redeemed in time' FROM loyalty_lots
        WHERE company_id = ?1 AND ambassador_uid = (SELECT ambassador_uid FROM redemptions WHERE company_id = ?1 AND idempotency_key = ?2)
          AND remaining > 0 AND expire_at IS NOT NULL AND expire_at <= ${NOW}`,
    )
    .bind(companyId, redemptionKey);
}

/**
 * The referral points of a conversion: a lot whose uid follows the commission's (`points:<uid>`), written
 * only when the commission of THIS request (`commissionUid`) is there and not held (fraud holds: a held
 * conversion earns them when the hold is approved, in the approval's batch), once. ?1 company ?2 ambassador ?3 campaign
 * ?4 customer e-mail ?5 commission uid ?6 now ?7 points ?8 expiry days (0: never).
 */
export function conversionPointsStatement(
  db: D1Database,
  c: { companyId: string; ambassadorUid: string; campaignId: number; email: string; commissionUid: string; now: string; points: number; expireDays: number },
) {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, status, campaign_id, referral_id, description, created_at, expire_at, uid)
       SELECT ?1, ?2, 'points', 'earn', ?7, 'posted', ?3,
              (SELECT id FROM referrals WHERE company_id = ?1 AND ambassador_uid = ?2 AND campaign_id = ?3 AND email = ?4 ORDER BY id LIMIT 1),
              'Referral reward', ?6, CASE WHEN ?8 > 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', ?6, '+' || ?8 || ' days') END, 'points:' || ?5
        WHERE EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND uid = ?5 AND held_reason IS NULL)
          AND NOT EXISTS (SELECT 1 FROM loyalty_ledger WHERE company_id = ?1 AND uid = 'points:' || ?5)`,
    )
    .bind(c.companyId, c.ambassadorUid, c.campaignId, c.email, c.commissionUid, c.now, c.points, c.expireDays);
}

/**
 * A fully refunded conversion takes back the referral points it earned: the lot is marked revoked
 * (loyalty_revocations: points a pending redemption holds come back on a release and are reversed then),
 * and what is left of it now is reversed (points already redeemed stay redeemed; the balance never goes
 * below zero). `guard` is SQL that holds only when the refund's own write went in; a lot with nothing left
 * gives nothing, so a second refund reverses nothing.
 */
export function revokePointsStatements(db: D1Database, companyId: string, commissionUid: string, guard: string) {
  return {
    revoked: db.prepare(
      `INSERT OR IGNORE INTO loyalty_revocations (lot_id, company_id, reason)
       SELECT l.entry_id, l.company_id, 'refund' FROM loyalty_ledger e JOIN loyalty_lots l ON l.entry_id = e.id
        WHERE e.company_id = ?1 AND e.uid = 'points:' || ?2 AND ${guard}`,
    ).bind(companyId, commissionUid),
    reversed: db.prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, lot_id, description, referral_id, campaign_id)
       SELECT e.company_id, e.ambassador_uid, 'points', 'reverse', -l.remaining, l.entry_id, 'Reversed: order refunded', e.referral_id, e.campaign_id
         FROM loyalty_ledger e JOIN loyalty_lots l ON l.entry_id = e.id
        WHERE e.company_id = ?1 AND e.uid = 'points:' || ?2 AND l.remaining > 0 AND ${guard}`,
    ).bind(companyId, commissionUid),
  };
}

export const ENTRY_COLUMNS = 'id, uid, kind, entry_type, amount, description, expire_at, created_at';
export const BALANCE_COLUMNS = `points_earned, points_available, points_held, points_redeemed, points_expired,
  cash_earned, cash_available, cash_held, cash_redeemed, cash_expired`;

export interface EntryRow {
  id: number; uid: string | null; kind: string; entry_type: string; amount: number; description: string; expire_at: string | null; created_at: string;
}

export const balanceStatement = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare(`SELECT ${BALANCE_COLUMNS} FROM loyalty_balances WHERE company_id = ? AND ambassador_uid = ?`).bind(companyId, ambassadorUid);

export const entryByUidStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`SELECT ${ENTRY_COLUMNS} FROM loyalty_ledger WHERE company_id = ? AND uid = ?`).bind(companyId, uid);

/** The entry the statement before it in the same batch wrote. */
export const lastEntryStatement = (db: D1Database, companyId: string) =>
  db.prepare(`SELECT ${ENTRY_COLUMNS} FROM loyalty_ledger WHERE company_id = ? AND id = last_insert_rowid()`).bind(companyId);
