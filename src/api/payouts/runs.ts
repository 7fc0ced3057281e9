import type { PayableBlockingReason } from '../../lib/schemas/payouts';
import type { PayoutRun, PayoutRunAnswer, PayoutRunItem, PayoutRunList, RunItemStatus, RunStatus } from '../../lib/schemas/payout-runs';
import { isoNow, newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import { batch, row, rows, written } from '../core/named-batch';
import type { Actor, Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import { payable, payOut } from '../money/payouts';
import { payoutCreated, runItemFailed } from './events';
import { readPayable } from './operator';
import {
  approveStatement, finishStatement, insertItemStatement, insertRunStatement, itemFailedStatement, itemPaidStatement, runItemsStatement,
  runListStatement, runStatement, startSendingStatement, type RunItemRow, type RunRow,
} from './run-queries';

// Payout runs (docs/payouts.md): a draft made from exactly what GET /v1/operator/payouts/payable reads, approved
// by another actor, then sent on the manual rail: each included item becomes a payout through the money core's
// payOut, in the batch that marks the item paid, so an item is paid once however often a send is retried.

/** Payment method code of spec §3 a manual run's payouts are recorded with (0: manual). */
const MANUAL_METHOD = 0;

const actorOf = (kind: Actor['kind'] | null, id: string | null, label: string | null): Actor | null =>
  kind && id !== null ? { kind, id, label: label ?? '' } : null;

function runView(r: RunRow): PayoutRun {
  return {
    uid: r.uid, status: r.status as RunStatus, rail: r.rail, currency: r.currency, total: r.total, included: r.included, excluded: r.excluded,
    created_by: actorOf(r.created_by_kind, r.created_by_id, r.created_by_label)!,
    approved_by: actorOf(r.approved_by_kind, r.approved_by_id, r.approved_by_label),
    created_at: r.created_at, approved_at: r.approved_at, sent_at: r.sent_at, finished_at: r.finished_at,
  };
}

const itemView = (i: RunItemRow): PayoutRunItem => ({
  ambassador_uid: i.ambassador_uid, name: i.name, email: i.email, amount: i.amount_minor, commissions: i.commissions,
  status: i.status as RunItemStatus, reason: i.reason as PayableBlockingReason | null, payout_uid: i.payout_uid, failure: i.failure,
});

/** A run and its items, or 404. */
export async function loadRun(db: D1Database, companyId: string, uid: string) {
  const { run, items } = await batch(db, {
    run: row<RunRow>(runStatement(db, companyId, uid)),
    items: rows<RunItemRow>(runItemsStatement(db, companyId, uid)),
  });
  if (!run) throw new ApiError('not_found', 'notFound');
  return { run, items };
}

const answerOf = ({ run, items }: { run: RunRow; items: RunItemRow[] }): PayoutRunAnswer => ({ run: runView(run), items: items.map(itemView) });

/**
 * POST /v1/operator/payout-runs - a draft: everyone GET /payouts/payable lists, ready ones included with what
 * they would be paid, the others excluded with the first reason. One batch; 409 when nobody is ready.
 */
export async function createRun(svc: ServiceContext, op: Operator): Promise<PayoutRunAnswer> {
  const { db } = svc;
  const { list, cutoff, cutoffs } = await readPayable(svc, op);
  if (!list.results.some((r) => r.blocked_by.length === 0)) throw new ApiError('conflict', 'payoutRunNobodyReady');
  const uid = newUid('run');
  const now = isoNow();
  await db.batch([
    insertRunStatement(db, op.companyId, uid, op.currency, cutoff, op.actor, now),
    ...list.results.map((r) => insertItemStatement(db, op.companyId, uid, {
      ambassadorUid: r.ambassador_uid, amount: r.payable, commissions: r.commissions, reason: r.blocked_by[0] ?? null, cutoff: cutoffs.get(r.ambassador_uid),
    }, now)),
  ]);
  return answerOf(await loadRun(db, op.companyId, uid));
}

/** GET /v1/operator/payout-runs - the company's runs, newest first (at most 100). */
export async function listRuns(svc: ServiceContext, op: Operator): Promise<PayoutRunList> {
  const { results } = await runListStatement(svc.db, op.companyId).all<RunRow>();
  return { count: results.length, results: results.map(runView) };
}

/** GET /v1/operator/payout-runs/{uid} - a run and its items. */
export const getRun = async (svc: ServiceContext, op: Operator, uid: string): Promise<PayoutRunAnswer> =>
  answerOf(await loadRun(svc.db, op.companyId, uid));

/** POST /v1/operator/payout-runs/{uid}/approve - draft -> approved, by an actor who did not make the draft. */
export async function approveRun(svc: ServiceContext, op: Operator, uid: string): Promise<PayoutRunAnswer> {
  const { db } = svc;
  const { approved } = await batch(db, { approved: written(approveStatement(db, op.companyId, uid, op.actor, isoNow())) });
  const current = await loadRun(db, op.companyId, uid);
  if (approved === 0) {
    if (current.run.status !== 'draft') throw new ApiError('conflict', 'payoutRunNotDraft', undefined, undefined, { status: current.run.status });
    throw new ApiError('conflict', 'payoutRunSameApprover');
  }
  return answerOf(current);
}

/**
 * POST /v1/operator/payout-runs/{uid}/send - the manual rail: each item still `included` is paid through
 * payOut while its commissions still number and sum what the draft read (same cutoff), else it fails with
 * `payable_changed` and nothing is paid for it. A send cut short is sent again: only what is left is done.
 */
export async function sendRun(svc: ServiceContext, op: Operator, uid: string): Promise<PayoutRunAnswer> {
  const { db } = svc;
  const company = op.companyId;
  const { started } = await batch(db, { started: written(startSendingStatement(db, company, uid, isoNow())) });
  const { run, items } = await loadRun(db, company, uid);
  if (started === 0) throw new ApiError('conflict', 'payoutRunNotApproved', undefined, undefined, { status: run.status });
  for (const item of items.filter((i) => i.status === 'included')) {
    const failed = async (why: string) => {
      const { changed } = await batch(db, { changed: written(itemFailedStatement(db, company, item.id, why, isoNow())) });
      if (changed) await runItemFailed(svc, company, { run_uid: uid, ambassador_uid: item.ambassador_uid, amount: item.amount_minor, currency: run.currency, failure: why });
    };
    // The ambassador's own holding period, when it is not the company's, was kept on the item.
    const cutoff = item.cutoff ?? run.cutoff;
    const now = await payable(db, company, item.ambassador_uid, cutoff);
    if (now.n !== item.commissions || now.total !== item.amount_minor) {
      await failed('payable_changed');
      continue;
    }
    const payoutUid = newUid('po');
    const at = isoNow();
    let payout;
    try {
      ({ payout } = await payOut(db, {
        companyId: company, ambassadorUid: item.ambassador_uid, cutoff, uid: payoutUid, count: item.commissions,
        total: item.amount_minor, now: at, currency: run.currency, method: MANUAL_METHOD, transactionId: `run:${uid}`,
      }, itemPaidStatement(db, company, item.id, payoutUid, at)));
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 409) throw err;
      await failed(err.messageKey === 'payoutConflict' ? 'payable_changed' : err.messageKey);
      continue;
    }
    if (!payout) await failed('payable_changed');
    else await payoutCreated(svc, company, payout, uid);
  }
  await finishStatement(db, company, uid, isoNow()).run();
  return answerOf(await loadRun(db, company, uid));
}
