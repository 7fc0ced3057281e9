import type { BatchClaim } from '../core/batch-claim';
import { row, rows, write, written, type Answers, type Steps } from '../core/named-batch';
import type { CommissionRow, ReferralRow } from './rows';
import {
  bulkApproveStatement, bulkDenyStatement, clawbackActivityStatement, clawbackStatement, clawedAsReadGuard, commissionByIdStatement, commissionByUidStatement,
  commissionOfTransactionStatement, commissionsByUidsStatement, conversionActivityStatement, conversionCommissionStatement,
  conversionPointsActivityStatement, conversionReferralStatement, holdLateOwnClicksStatement, referralOfTransactionStatement,
  refundUnpaidStatement, releasedPointsActivityStatement, transitionStatement, unpaidAsReadGuard, type ConversionRows, COMMISSION_EDGES,
} from './commission-queries';
import { guardedBatch } from './errors';
import { conversionPointsStatement, revokePointsStatements } from './ledger-queries';
import { providerRefundStatement, receiptsInSql, type RefundReceipts } from './provider-refund-queries';

// Commission operations: record a conversion, approve / deny (one or many), refund an unpaid commission,
// claw back a paid one, hold the sales of a late own click. Each is one guarded batch; the caller reads what it
// needs first and decides the figures, the batch only writes while the rows are as they were read.

export type { ConversionRows };
export { COMMISSION_EDGES };

/**
 * What a caller adds to an operation's batch, so that what the operation stands for and the caller's own rows
 * are one write: `claim` opens the batch and every write of the operation holds on it (a store's event id,
 * src/api/attribution/hook-events.ts); `then` are the caller's steps after the operation's writes (the
 * commission's webhook events, written only with the row they announce), named apart from the operation's.
 */
export interface BatchWith<S extends Steps> {
  claim?: BatchClaim | null;
  then?: S;
}

const and = (sql: string, claim: BatchClaim | null | undefined) => (claim ? `${sql} AND ${claim.sql}` : sql);

/**
 * Record a conversion: referral, commission, its activity, and (with `points`) the referral points' lot and
 * activity. However many copies of one conversion arrive at once, one set of rows exists: the commission
 * is skipped when (company, transaction, event) exists, and the rows after it go in only with the
 * commission of THIS request (its fresh uid). Answers the commission of (transaction, event) as stored,
 * and its referral; `then`, the answers of the caller's steps.
 */
export async function recordConversion<S extends Steps = Record<never, never>>(
  db: D1Database, c: ConversionRows, activityData: (string | null | undefined)[], points: { points: number; expireDays: number } | null,
  also: BatchWith<S> = {},
) {
  const when = and('1', also.claim);
  const answers = await guardedBatch(db, {
    ...(also.claim ? { claim: also.claim.step } : {}),
    referralRow: write(conversionReferralStatement(db, c, when)),
    commissionRow: write(conversionCommissionStatement(db, c, when)),
    ...(c.status !== 'zero' ? { activity: write(conversionActivityStatement(db, c, activityData)) } : {}),
    ...(points ? {
      // A lot (migrations/0005: the triggers open it and credit the balance); its uid follows the commission.
      pointsLot: write(conversionPointsStatement(db, {
        companyId: c.companyId, ambassadorUid: c.ambassadorUid, campaignId: c.campaignId, email: c.customerEmail,
        commissionUid: c.commissionUid, now: c.now, points: points.points, expireDays: points.expireDays,
      })),
      pointsActivity: write(conversionPointsActivityStatement(db, c, points.points, points.expireDays)),
    } : {}),
    ...(also.then ?? {}),
    referral: row<ReferralRow>(referralOfTransactionStatement(db, c.companyId, c.transactionUid, c.event)),
    commission: row<CommissionRow>(commissionOfTransactionStatement(db, c.companyId, c.transactionUid, c.event)),
  });
  return { commission: answers.commission, referral: answers.referral, then: answers as unknown as Answers<S> };
}

/** The referral points a held conversion earns when its hold is approved. */
export interface ReleasedPoints {
  ambassadorUid: string;
  campaignId: number;
  email: string;
  points: number;
  expireDays: number;
}

/**
 * Approve or deny one commission along COMMISSION_EDGES. `moved` false: it was not in a status the edge starts
 * from. `points`: the approval of a hold also writes the referral points the conversion was held without
 * (once: the lot's uid follows the commission's).
 */
export async function transitionCommission(
  db: D1Database, companyId: string, uid: string, to: keyof typeof COMMISSION_EDGES, now: string, points: ReleasedPoints | null = null,
) {
  const { update, commission } = await guardedBatch(db, {
    update: written(transitionStatement(db, companyId, uid, to, now)),
    ...(points && to === 'approved' ? {
      pointsLot: write(conversionPointsStatement(db, { companyId, commissionUid: uid, now, ...points })),
      pointsActivity: write(releasedPointsActivityStatement(db, companyId, uid, now, points.expireDays)),
    } : {}),
    commission: row<CommissionRow>(commissionByUidStatement(db, companyId, uid)),
  });
  return { moved: update === 1, commission };
}

/** Approve many: all of `uids` (pending, in no payout) or none. */
export async function approveCommissions(db: D1Database, companyId: string, uids: string[], now: string) {
  const { update, commissions } = await guardedBatch(db, {
    update: written(bulkApproveStatement(db, companyId, uids, now)),
    commissions: rows<CommissionRow>(commissionsByUidsStatement(db, companyId, uids)),
  });
  return { approved: update, commissions };
}

/** Deny many: all of `uids` (each one a single deny would move) or none. */
export async function denyCommissions(db: D1Database, companyId: string, uids: string[], now: string) {
  const { update, commissions } = await guardedBatch(db, {
    update: written(bulkDenyStatement(db, companyId, uids, now)),
    commissions: rows<CommissionRow>(commissionsByUidsStatement(db, companyId, uids)),
  });
  return { denied: update, commissions };
}

/**
 * Refund an unpaid commission: it shrinks (or, `full`, is denied and its referral points are revoked).
 * `changed` false: the row moved since it was read (a racing refund), nothing was written. `receipts`: the
 * store's refunds this one applies, written first and only while the row is as read; the row changes only with
 * them, so a refund the store reports again (under any delivery) finds its receipt and moves nothing. `also`:
 * the store event's claim and the caller's steps (BatchWith).
 */
export async function refundUnpaid<S extends Steps = Record<never, never>>(
  db: D1Database, r: Parameters<typeof refundUnpaidStatement>[1] & { uid: string; full: boolean }, receipts: RefundReceipts | null = null,
  also: BatchWith<S> = {},
) {
  const denied = `EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND id = ${Number(r.id)} AND status = 'denied')`;
  const answers = await guardedBatch(db, {
    ...(also.claim ? { claim: also.claim.step } : {}),
    ...receiptSteps(db, r.companyId, receipts, unpaidAsReadGuard(r), also.claim),
    update: written(refundUnpaidStatement(db, r, and(receipts ? receiptsInSql(receipts.uid) : '1', also.claim))),
    commission: row<CommissionRow>(commissionByIdStatement(db, r.companyId, r.id)),
    ...(r.full ? revokeSteps(db, r.companyId, r.uid, and(denied, also.claim)) : {}),
    ...(also.then ?? {}),
  });
  return { changed: answers.update === 1, commission: answers.commission!, then: answers as unknown as Answers<S> };
}

/**
 * Claw back (part of) a paid commission: a clawback row (negative, approved, in no payout: the next payout
 * deducts it) and its activity; `full` also revokes the referral points. `clawback` null: another refund
 * changed the sum clawed back since it was read, nothing was written. `receipts`, `also`: as refundUnpaid's.
 */
export async function clawBack(
  db: D1Database, c: Parameters<typeof clawbackStatement>[1] & { originalUid: string; full: boolean }, receipts: RefundReceipts | null = null,
  also: BatchWith<Record<never, never>> = {},
) {
  const mine = `EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND uid = '${c.uid.replace(/'/g, "''")}')`;
  const { clawback, original } = await guardedBatch(db, {
    ...(also.claim ? { claim: also.claim.step } : {}),
    ...receiptSteps(db, c.companyId, receipts, clawedAsReadGuard(c), also.claim),
    insert: write(clawbackStatement(db, c, and(receipts ? receiptsInSql(receipts.uid) : '1', also.claim))),
    activity: write(clawbackActivityStatement(db, c.companyId, c.uid, c.now)),
    clawback: row<CommissionRow>(commissionByUidStatement(db, c.companyId, c.uid)),
    original: row<CommissionRow>(commissionByIdStatement(db, c.companyId, c.reversesId)),
    ...(c.full ? revokeSteps(db, c.companyId, c.originalUid, mine) : {}),
  });
  return { clawback, original: original! };
}

/**
 * Hold `own_click` the sales credited with clicks that landed after them (holdLateOwnClicksStatement): not a batch
 * of its own but the last statement of the click batch that stores those clicks (src/api/sharing/click-queries.ts),
 * so a click and the hold it causes are one write.
 */
export const holdLateOwnClicks = holdLateOwnClicksStatement;

/** The store's refund receipts, each only while `guard` holds (the commission as read, and the claim), ahead of the change they cause. */
function receiptSteps(
  db: D1Database, companyId: string, receipts: RefundReceipts | null, guard: { sql: string; binds: unknown[] }, claim: BatchClaim | null | undefined,
) {
  const held = { sql: and(guard.sql, claim), binds: guard.binds };
  return Object.fromEntries((receipts?.rows ?? []).map((r, i) => [`receipt${i}`, write(providerRefundStatement(db, companyId, receipts!.uid, r, held))]));
}

function revokeSteps(db: D1Database, companyId: string, commissionUid: string, guard: string) {
  const { revoked, reversed } = revokePointsStatements(db, companyId, commissionUid, guard);
  return { revoked: write(revoked), reversed: write(reversed) };
}
