import { minorToDecimal } from '../../lib/format';
import type { z } from 'zod';
import type { BulkApproveAnswer, BulkDenyAnswer, CommissionAnswer, CommissionList } from '../../lib/schemas/commissions';
import type { bulkApproveSchema, bulkDenySchema, commissionListSchema, refundSchema } from '../../lib/schemas/operator';
import { isoNow, newUid } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { webhookEvent, webhookEvents } from '../webhooks/events';
import type { Operator } from '../core/operator-keys';
import { batch, row as one, rows as all } from '../core/named-batch';
import { clawedBackStatement, commissionByUidStatement, commissionOfTransactionStatement } from '../money/commission-queries';
import { approveCommissions, clawBack, denyCommissions, refundUnpaid, transitionCommission, type ReleasedPoints } from '../money/commissions';
import type { RefundReceipts } from '../money/provider-refund-queries';
import type { BatchClaim } from '../core/batch-claim';
import { loadCustomization } from '../companies/customization';
import {
  ambassadorKnownStatement, commissionListStatement, heldPointsStatement, type HeldCommissionRow, type HeldPointsRow,
} from './queries';
import { commissionDeniedEvents } from './events';
import { commissionView } from './view';
import { toMinor } from '../money/rules';
import type { CommissionRow } from '../money/rows';

const illegal = (status: string, uid?: string) =>
  new ApiError('conflict', 'illegalTransition', undefined, undefined, uid ? { status, uid } : { status });
const retry = () => new ApiError('conflict', 'payoutConflict');

/**
 * POST /v1/operator/commissions/{uid}/approve | /deny: the money operation transitionCommission (one
 * guarded UPDATE and the row, in one batch). Unknown uid (or another company's) 404; a status the edge
 * does not start from 409 naming it.
 */
export async function transition(svc: ServiceContext, op: Operator, uid: string, to: 'approved' | 'denied'): Promise<CommissionAnswer> {
  const points = to === 'approved' ? await heldPoints(svc, op.companyId, uid) : null;
  const { moved, commission: row } = await transitionCommission(svc.db, op.companyId, uid, to, isoNow(), points);
  if (!row) throw new ApiError('not_found', 'notFound');
  if (!moved) throw illegal(row.kind === 'clawback' ? 'clawback' : row.status);
  await webhookEvent(svc, op.companyId, `commission.${to}`, { commission: commissionView(row) });
  return { commission: commissionView(row) };
}

/** GET /v1/operator/commissions/{uid}: one commission of the company (what the audit log shows before a decision). */
export async function getCommission(svc: ServiceContext, op: Operator, uid: string): Promise<CommissionAnswer> {
  const row = await commissionByUidStatement(svc.db, op.companyId, uid).first<CommissionRow>();
  if (!row) throw new ApiError('not_found', 'notFound');
  return { commission: commissionView(row) };
}

/** The referral points a held commission earns when its hold is approved (null: not held, or no points). */
async function heldPoints(svc: ServiceContext, companyId: string, uid: string): Promise<ReleasedPoints | null> {
  const held = await heldPointsStatement(svc.db, companyId, uid).first<HeldPointsRow>();
  if (!held || held.loyalty_points <= 0) return null;
  const expireDays = (await loadCustomization(svc.db, companyId)).company.loyalty.points_expire_days;
  return { ambassadorUid: held.ambassador_uid, campaignId: held.campaign_id, email: held.email ?? '', points: held.loyalty_points, expireDays };
}

/** POST /v1/operator/commissions/approve {uids}: all of them or none, in one batch; a held one is approved alone. */
export async function bulkApprove(svc: ServiceContext, op: Operator, input: z.infer<typeof bulkApproveSchema>): Promise<BulkApproveAnswer> {
  const { uids } = input;
  const { approved, commissions: rows } = await approveCommissions(svc.db, op.companyId, uids, isoNow());
  if (rows.length !== uids.length) throw new ApiError('not_found', 'notFound');
  if (approved !== uids.length) {
    const blocker = rows.find((r) => r.status !== 'pending' || r.kind !== 'commission' || r.payout_id !== null || r.held_reason) ?? rows[0]!;
    throw illegal(blocker.kind === 'clawback' ? 'clawback' : blocker.held_reason && blocker.status === 'pending' ? 'held' : blocker.status, blocker.uid);
  }
  const order = new Map(uids.map((u, i) => [u, i]));
  rows.sort((a, b) => order.get(a.uid)! - order.get(b.uid)!);
  await webhookEvents(svc, op.companyId, rows.map((r) => ({ type: 'commission.approved', data: { commission: commissionView(r) } })));
  return { approved: rows.length, commissions: rows.map(commissionView) };
}

/** A row a single deny would move (the deny edge of money's transitionStatement). */
const deniable = (r: CommissionRow) => r.kind === 'commission' && r.payout_id === null
  && (r.status === 'pending' || r.status === 'approved' || (r.status === 'zero' && r.held_reason !== null))
  && !(r.held_at !== null && r.held_reason === null);

/**
 * POST /v1/operator/commissions/deny {uids}: all of them or none, in one batch (money denyCommissions). A fraud
 * hold may be denied with the others: it keeps `held_reason` as the record of why, as a single deny does.
 */
export async function bulkDeny(svc: ServiceContext, op: Operator, input: z.infer<typeof bulkDenySchema>): Promise<BulkDenyAnswer> {
  const { uids } = input;
  const { denied, commissions: rows } = await denyCommissions(svc.db, op.companyId, uids, isoNow());
  if (rows.length !== uids.length) throw new ApiError('not_found', 'notFound');
  if (denied !== uids.length) {
    const blocker = rows.find((r) => !deniable(r)) ?? rows[0]!;
    throw illegal(blocker.kind === 'clawback' ? 'clawback' : blocker.status, blocker.uid);
  }
  const order = new Map(uids.map((u, i) => [u, i]));
  rows.sort((a, b) => order.get(a.uid)! - order.get(b.uid)!);
  await webhookEvents(svc, op.companyId, rows.map((r) => ({ type: 'commission.denied', data: { commission: commissionView(r) } })));
  return { denied: rows.length, commissions: rows.map(commissionView) };
}

/** What a store's refund worked its amount out from, and the receipts and claim it writes with it (see refund). */
export interface StoreRefundBasis {
  expect: Pick<CommissionRow, 'id' | 'status' | 'revenue_minor' | 'amount_minor' | 'payout_id'>;
  clawedRevenue: number;
  receipts: RefundReceipts | null;
  /** The store event's claim (core/batch-claim.ts), when this refund is the event's last write. */
  claim: BatchClaim | null;
}

/**
 * POST /v1/operator/events/{transaction_uid}/refund {revenue?, event_type?}: refunds revenue of a
 * conversion (all that is left when `revenue` is absent). The commission shrinks in proportion.
 * - Not paid yet (pending, approved or zero, in no payout): the row itself changes: a partial refund
 *   lowers revenue and amount and counts `refunded_revenue`; a full one denies it (status `denied`).
 * - Paid (or in a payout): history stays as it is. A clawback row is added: kind `clawback`, negative
 *   revenue and amount, status `approved`, not in a payout, so the next payout deducts it.
 * Both writes (money operations refundUnpaid, clawBack) are guarded by what was read, so two refunds
 * racing cannot both count (the loser: 409). A full refund's `commission.denied` is written in the same batch.
 * `store`: a store's refund (src/api/attribution/refunds.ts): the commission as the store's refund found it
 * (anything else now is a 409: the amount was worked out from it), and the store's refund receipts and event
 * claim, written in the same batch and only with the change.
 */
export async function refund(
  svc: ServiceContext, op: Pick<Operator, 'companyId'>, transactionUid: string, input: z.infer<typeof refundSchema>, store: StoreRefundBasis | null = null,
) {
  const { db } = svc;
  const company = op.companyId;
  const { row, back } = await batch(db, {
    row: one<CommissionRow>(commissionOfTransactionStatement(db, company, transactionUid, input.event_type)),
    back: one<{ revenue: number; amount: number }>(clawedBackStatement(db, company, transactionUid, input.event_type)),
  });
  if (!row) throw new ApiError('not_found', 'notFound');
  const clawed = back ?? { revenue: 0, amount: 0 };
  const { expect } = store ?? {};
  if (expect && (expect.id !== row.id || expect.status !== row.status || expect.revenue_minor !== row.revenue_minor
    || expect.amount_minor !== row.amount_minor || expect.payout_id !== row.payout_id || store!.clawedRevenue !== clawed.revenue)) throw retry();
  const receipts = store?.receipts ?? null;
  const claim = store?.claim ?? null;
  const paid = row.status === 'paid' || row.payout_id !== null;
  if (!paid && row.status === 'denied') throw illegal(row.status);
  const remaining = paid ? row.revenue_minor - clawed.revenue : row.revenue_minor;
  if (remaining <= 0) throw new ApiError('conflict', 'nothingToRefund');
  const refunded = input.revenue === null ? remaining : toMinor(input.revenue, row.currency);
  if (refunded <= 0) throw fieldError('revenue', 'revenueInvalid', { digits: 2 });
  if (refunded > remaining) throw fieldError('revenue', 'revenueTooLarge', { remaining: minorToDecimal(remaining, row.currency) });
  const now = isoNow();

  if (!paid) {
    const full = refunded === remaining;
    const amount = full ? row.amount_minor : row.amount_minor - Math.round((row.amount_minor * refunded) / remaining);
    const status = full ? 'denied' : row.status;
    const revenue = full ? row.revenue_minor : remaining - refunded;
    // A full refund denies the commission: receivers hear of it as of a denial by hand, or their copy would
    // stay pending/approved for good (it never shows up in a payout either).
    const denied = full
      ? commissionDeniedEvents(svc, company, { ...row, status: 'denied', refunded_revenue_minor: row.refunded_revenue_minor + refunded, updated_at: now }, now)
      : null;
    const { changed, commission: updated, then } = await refundUnpaid(db, {
      companyId: company, id: row.id, uid: row.uid, full, now, refunded, amount,
      was: { status: row.status, revenue: row.revenue_minor, amount: row.amount_minor }, status, revenue,
    }, receipts, { claim, then: denied?.steps ?? {} });
    if (!changed) throw retry();
    denied?.enqueue(then);
    return { commission: commissionView(updated), clawback: null };
  }

  // Paid: the clawback takes the commission's share of the refunded revenue; the last one takes the rest.
  const amountLeft = row.amount_minor - clawed.amount;
  const take = refunded === remaining ? amountLeft : Math.min(amountLeft, Math.round((row.amount_minor * refunded) / row.revenue_minor));
  const { clawback, original } = await clawBack(db, {
    companyId: company, uid: newUid('com'), reversesId: row.id, revenue: -refunded, amount: -take, now, clawedRevenue: clawed.revenue,
    originalUid: row.uid, full: refunded === remaining,
  }, receipts, { claim });
  if (!clawback) throw retry();
  return { commission: commissionView(original), clawback: commissionView(clawback) };
}

/**
 * GET /v1/operator/commissions?held=true&ambassador_uid= - the company's commissions, newest first (at most
 * 500); `held=true`: the fraud holds waiting for review, each with its reason, ambassador, customer and amount.
 * An unknown ambassador (or another company's) 404.
 */
export async function listCommissions(svc: ServiceContext, op: Operator, input: z.infer<typeof commissionListSchema>): Promise<CommissionList> {
  const { db } = svc;
  const amb = input.ambassador_uid;
  const { known, commissions } = await batch(db, {
    known: one<{ n: number }>(ambassadorKnownStatement(db, op.companyId, amb ?? '')),
    commissions: all<HeldCommissionRow>(commissionListStatement(db, op.companyId, input.held, amb, input.status, input.order)),
  });
  if (amb && known!.n === 0) throw new ApiError('not_found', 'notFound');
  const results = commissions.map((r) => ({
    ...commissionView(r), ambassador: { uid: r.ambassador_uid, email: r.ambassador_email, name: r.ambassador_name }, customer_email: r.customer_email,
  }));
  return { count: results.length, results };
}
