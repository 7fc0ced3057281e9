import { ApiError } from '../core/errors';

/**
 * Writes to the loyalty ledger. Every write is an INSERT of an entry; the triggers of
 * migrations/0005_loyalty_ledger.sql open and spend the lots and keep the balances in the same statement,
 * and fail it (with the whole batch) when a spend cannot be covered. These builders only shape entries.
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
  entryType?: 'earn' | 'adjust';
}

/** An earning (or a positive adjustment): a new lot. */
export function earnStatement(db: D1Database, e: EarnEntry) {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, description, expire_at, uid, campaign_id, referral_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(e.companyId, e.ambassadorUid, e.kind, e.entryType ?? 'earn', e.amount, e.description, e.expireAt, e.uid ?? null,
      e.campaignId ?? null, e.referralId ?? null);
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

/** The hold of a redemption (a redeem entry), found by the redemption's key in the same batch. */
export function holdStatement(
  db: D1Database,
  h: { companyId: string; ambassadorUid: string; kind: LedgerKind; amount: number; description: string; redemptionKey: string },
) {
  return db
    .prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, description, uid, redemption_id)
       VALUES (?1, ?2, ?3, 'redeem', ?4, ?5, 'hold:' || ?6, (SELECT id FROM redemptions WHERE company_id = ?1 AND idempotency_key = ?6))`,
    )
    .bind(h.companyId, h.ambassadorUid, h.kind, -h.amount, h.description, h.redemptionKey);
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
              CASE ?3 WHEN 'post' THEN h.description ELSE 'Returned: ' || substr(h.description, 11) END,
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

/** What a failed guard means for the person: the triggers' and CHECKs' messages, mapped to spec §5 texts. */
export function ledgerFailure(err: unknown): ApiError | null {
  const message = err instanceof Error ? err.message : String(err);
  if (/insufficient_funds|points_available >= 0|cash_available >= 0/.test(message)) return new ApiError('validation', 'notEnoughFunds');
  if (/stock IS NULL OR stock >= 0/.test(message)) return new ApiError('conflict', 'outOfStock');
  if (/loyalty_ledger\.settles_id|illegal_redemption_transition|hold_not_settled/.test(message)) return new ApiError('conflict', 'redemptionAlreadySettled');
  if (/remaining >= 0/.test(message)) return new ApiError('conflict', 'notEnoughFunds');
  if (/loyalty_ledger\.company_id, loyalty_ledger\.uid|UNIQUE constraint failed: loyalty_ledger/.test(message)) return new ApiError('conflict', 'duplicateEntry');
  return null;
}

/** Runs a batch whose guards may refuse it; a refusal becomes the ApiError the person should see. */
export async function guardedBatch(db: D1Database, statements: D1PreparedStatement[]) {
  try {
    return await db.batch(statements);
  } catch (err) {
    const refusal = ledgerFailure(err);
    if (refusal) throw refusal;
    throw err;
  }
}
