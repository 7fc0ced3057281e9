import { minorToDecimal } from '../../lib/format';
import type { z } from 'zod';
import type { bulkApproveSchema, refundSchema } from '../../lib/schemas/operator';
import { isoNow, newUid } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { webhookEvent, webhookEvents } from '../webhooks/events';
import type { Operator } from './keys';
import { COMMISSION_SQL, commissionView, toMinor, type CommissionRow } from './queries';

const illegal = (status: string, uid?: string) =>
  new ApiError('conflict', 'illegalTransition', undefined, undefined, uid ? { status, uid } : { status });
const retry = () => new ApiError('conflict', 'payoutConflict');

/** Allowed `from` statuses of each operator transition (a commission in a payout never moves). */
const FROM = { approved: ['pending'], denied: ['pending', 'approved'] } as const;

/**
 * POST /v1/operator/commissions/{uid}/approve | /deny: one guarded UPDATE and the row, in one batch.
 * Unknown uid (or another company's) 404; a status the transition does not start from 409 naming it.
 */
export async function transition(svc: ServiceContext, op: Operator, uid: string, to: 'approved' | 'denied') {
  const { db } = svc;
  const from = FROM[to].map((s) => `'${s}'`).join(', ');
  const [update, read] = await db.batch([
    db.prepare(
      `UPDATE commissions SET status = ?, updated_at = ? WHERE company_id = ? AND uid = ? AND kind = 'commission'
         AND payout_id IS NULL AND status IN (${from})`,
    ).bind(to, isoNow(), op.companyId, uid),
    db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.uid = ?`).bind(op.companyId, uid),
  ]);
  const row = read!.results[0] as CommissionRow | undefined;
  if (!row) throw new ApiError('not_found', 'notFound');
  if (update!.meta.changes !== 1) throw illegal(row.kind === 'clawback' ? 'clawback' : row.status);
  await webhookEvent(svc, op.companyId, `commission.${to}`, { commission: commissionView(row) });
  return { commission: commissionView(row) };
}

/** POST /v1/operator/commissions/approve {uids}: all of them or none, in one batch. */
export async function bulkApprove(svc: ServiceContext, op: Operator, input: z.infer<typeof bulkApproveSchema>) {
  const { db } = svc;
  const { uids } = input;
  const list = uids.map(() => '?').join(', ');
  const pending = `SELECT COUNT(*) FROM commissions WHERE company_id = ? AND uid IN (${list}) AND kind = 'commission'
    AND payout_id IS NULL AND status = 'pending'`;
  const [update, read] = await db.batch([
    db.prepare(
      `UPDATE commissions SET status = 'approved', updated_at = ? WHERE company_id = ? AND uid IN (${list}) AND kind = 'commission'
         AND payout_id IS NULL AND status = 'pending' AND (${pending}) = ?`,
    ).bind(isoNow(), op.companyId, ...uids, op.companyId, ...uids, uids.length),
    db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.uid IN (${list})`).bind(op.companyId, ...uids),
  ]);
  const rows = read!.results as unknown as CommissionRow[];
  if (rows.length !== uids.length) throw new ApiError('not_found', 'notFound');
  if (update!.meta.changes !== uids.length) {
    const blocker = rows.find((r) => r.status !== 'pending' || r.kind !== 'commission' || r.payout_id !== null) ?? rows[0]!;
    throw illegal(blocker.kind === 'clawback' ? 'clawback' : blocker.status, blocker.uid);
  }
  const order = new Map(uids.map((u, i) => [u, i]));
  rows.sort((a, b) => order.get(a.uid)! - order.get(b.uid)!);
  await webhookEvents(svc, op.companyId, rows.map((r) => ({ type: 'commission.approved', data: { commission: commissionView(r) } })));
  return { approved: rows.length, commissions: rows.map(commissionView) };
}

/**
 * POST /v1/operator/events/{transaction_uid}/refund {revenue?, event_type?}: refunds revenue of a
 * conversion (all that is left when `revenue` is absent). The commission shrinks in proportion.
 * - Not paid yet (pending, approved or zero, in no payout): the row itself changes: a partial refund
 *   lowers revenue and amount and counts `refunded_revenue`; a full one denies it (status `denied`).
 * - Paid (or in a payout): history stays as it is. A clawback row is added: kind `clawback`, negative
 *   revenue and amount, status `approved`, not in a payout, so the next payout deducts it.
 * Both writes are guarded by what was read, so two refunds racing cannot both count (the loser: 409).
 */
export async function refund(svc: ServiceContext, op: Operator, transactionUid: string, input: z.infer<typeof refundSchema>) {
  const { db } = svc;
  const company = op.companyId;
  const [rows, clawed] = await db.batch([
    db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.transaction_id = ? AND m.event = ? AND m.kind = 'commission'`)
      .bind(company, transactionUid, input.event_type),
    db.prepare(
      `SELECT COALESCE(SUM(-c.revenue_minor), 0) AS revenue, COALESCE(SUM(-c.amount_minor), 0) AS amount FROM commissions c
        JOIN commissions o ON o.company_id = c.company_id AND o.id = c.reverses_id
        WHERE c.company_id = ? AND o.transaction_id = ? AND o.event = ? AND o.kind = 'commission'`,
    ).bind(company, transactionUid, input.event_type),
  ]);
  const row = rows!.results[0] as CommissionRow | undefined;
  if (!row) throw new ApiError('not_found', 'notFound');
  const back = clawed!.results[0] as { revenue: number; amount: number };
  const paid = row.status === 'paid' || row.payout_id !== null;
  if (!paid && row.status === 'denied') throw illegal(row.status);
  const remaining = paid ? row.revenue_minor - back.revenue : row.revenue_minor;
  if (remaining <= 0) throw new ApiError('conflict', 'nothingToRefund');
  const refunded = input.revenue === null ? remaining : toMinor(input.revenue, row.currency);
  if (refunded <= 0) throw fieldError('revenue', 'revenueInvalid', { digits: 2 });
  if (refunded > remaining) throw fieldError('revenue', 'revenueTooLarge', { remaining: minorToDecimal(remaining, row.currency) });
  const now = isoNow();

  if (!paid) {
    const full = refunded === remaining;
    const amount = full ? row.amount_minor : row.amount_minor - Math.round((row.amount_minor * refunded) / remaining);
    const [update, read] = await db.batch([
      db.prepare(
        `UPDATE commissions SET status = ?, revenue_minor = ?, amount_minor = ?, refunded_revenue_minor = refunded_revenue_minor + ?,
           updated_at = ? WHERE company_id = ? AND id = ? AND status = ? AND payout_id IS NULL AND revenue_minor = ? AND amount_minor = ?`,
      ).bind(full ? 'denied' : row.status, full ? row.revenue_minor : remaining - refunded, amount, refunded, now, company, row.id,
        row.status, row.revenue_minor, row.amount_minor),
      db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.id = ?`).bind(company, row.id),
      ...(full ? reversePoints(db, company, row.uid, `EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND id = ${Number(row.id)} AND status = 'denied')`) : []),
    ]);
    if (update!.meta.changes !== 1) throw retry();
    const commission = commissionView(read!.results[0] as CommissionRow);
    // A full refund denies the commission: receivers hear of it as of a denial by hand, or their copy would
    // stay pending/approved for good (it never shows up in a payout either).
    if (full) await webhookEvent(svc, company, 'commission.denied', { commission });
    return { commission, clawback: null };
  }

  // Paid: the clawback takes the commission's share of the refunded revenue; the last one takes the rest.
  const amountLeft = row.amount_minor - back.amount;
  const take = refunded === remaining ? amountLeft : Math.min(amountLeft, Math.round((row.amount_minor * refunded) / row.revenue_minor));
  const uid = newUid('com');
  const sumBack = `SELECT COALESCE(SUM(-revenue_minor), 0) FROM commissions WHERE company_id = ?1 AND reverses_id = ?3`;
  const [, , read, original] = await db.batch([
    db.prepare(
      `INSERT INTO commissions (uid, kind, reverses_id, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor,
         amount_minor, currency, is_monetary, event, status, event_data1, event_data2, created_at)
       SELECT ?2, 'clawback', ?3, ?1, ambassador_uid, campaign_id, referral_id, transaction_id, ?4, ?5, currency, is_monetary, event,
         'approved', transaction_id, 'Refund', ?6
         FROM commissions WHERE company_id = ?1 AND id = ?3 AND (${sumBack}) = ?7`,
    ).bind(company, uid, row.id, -refunded, -take, now, back.revenue),
    db.prepare(
      `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, amount_minor, currency, status, event_data1, event_data2, created_at)
       SELECT company_id, ambassador_uid, campaign_id, 'commission', amount_minor, currency, 'approved', transaction_id, 'Refund (clawback)', ?3
         FROM commissions WHERE company_id = ?1 AND uid = ?2`,
    ).bind(company, uid, now),
    db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.uid = ?`).bind(company, uid),
    db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.id = ?`).bind(company, row.id),
    ...(refunded === remaining ? reversePoints(db, company, row.uid, `EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND uid = '${uid}')`) : []),
  ]);
  const clawback = read!.results[0] as CommissionRow | undefined;
  if (!clawback) throw retry();
  return { commission: commissionView(original!.results[0] as CommissionRow), clawback: commissionView(clawback) };
}

/**
 * A fully refunded conversion takes back the referral points it earned: the lot is marked revoked
 * (loyalty_revocations: points a pending redemption holds come back on a release and are reversed then),
 * and what is left of it now is reversed (points already redeemed stay redeemed; the balance never goes
 * below zero). `guard` is SQL that holds only when the refund's own write went in; a lot with nothing left
 * gives nothing, so a second refund reverses nothing.
 */
function reversePoints(db: D1Database, company: string, commissionUid: string, guard: string) {
  return [
    db.prepare(
      `INSERT OR IGNORE INTO loyalty_revocations (lot_id, company_id, reason)
       SELECT l.entry_id, l.company_id, 'refund' FROM loyalty_ledger e JOIN loyalty_lots l ON l.entry_id = e.id
        WHERE e.company_id = ?1 AND e.uid = 'points:' || ?2 AND ${guard}`,
    ).bind(company, commissionUid),
    db.prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, lot_id, description, referral_id, campaign_id)
       SELECT e.company_id, e.ambassador_uid, 'points', 'reverse', -l.remaining, l.entry_id, 'Reversed: order refunded', e.referral_id, e.campaign_id
         FROM loyalty_ledger e JOIN loyalty_lots l ON l.entry_id = e.id
        WHERE e.company_id = ?1 AND e.uid = 'points:' || ?2 AND l.remaining > 0 AND ${guard}`,
    ).bind(company, commissionUid),
  ];
}
