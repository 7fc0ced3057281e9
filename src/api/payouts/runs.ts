import type { PayableBlockingReason } from '../../lib/schemas/payouts';
import type { PayoutRun, PayoutRunAnswer, PayoutRunItem, PayoutRunList, RunItemStatus, RunStatus } from '../../lib/schemas/payout-runs';
import { isoNow, newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import { batch, row, rows, written } from '../core/named-batch';
import type { Actor, Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import { payable, payOut } from '../money/payouts';
import type { z } from 'zod';
import type { payoutItemConfirmSchema } from '../../lib/schemas/payout-runs';
import { payoutCreated, payoutRecorded, runItemFailed } from './events';
import { itemKeyOf, railConfigured, railOf } from './rails';
import type { Destination, ItemOutcome, RailAnswer, RailItem, RailName } from './rails/types';
import { settleItem } from './settle';
import { readPayable } from './operator';
import {
  approveStatement, finishStatement, handOverStatement, insertItemStatement, insertRunStatement, itemFailedStatement, itemPaidStatement,
  itemSentStatement, providerBatchStatement, destinationsStatement, runItemsStatement, runListStatement, runStatement,
  startSendingStatement, stuckRunsStatement, type DestinationRow, type RunItemRow, type RunRow,
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
    uid: r.uid, status: r.status as RunStatus, rail: r.rail, provider_batch_id: r.provider_batch_id, currency: r.currency, total: r.total, included: r.included, excluded: r.excluded,
    created_by: actorOf(r.created_by_kind, r.created_by_id, r.created_by_label)!,
    approved_by: actorOf(r.approved_by_kind, r.approved_by_id, r.approved_by_label),
    created_at: r.created_at, approved_at: r.approved_at, sent_at: r.sent_at, finished_at: r.finished_at,
  };
}

const itemView = (i: RunItemRow): PayoutRunItem => ({
  ambassador_uid: i.ambassador_uid, name: i.name, email: i.email, amount: i.amount_minor, commissions: i.commissions,
  status: i.status as RunItemStatus, reason: i.reason as PayableBlockingReason | null, payout_uid: i.payout_uid, provider_ref: i.provider_ref,
  attempts: i.attempts, failure: i.failure,
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

/** Who can be paid on a rail that pays by itself: a `ready` destination of that rail, else `no_payout_method`. */
async function railBlockers(svc: ServiceContext, companyId: string, rail: RailName) {
  if (rail !== 'paypal' && rail !== 'stripe') return null;
  const { results } = await destinationsStatement(svc.db, companyId, rail).all<DestinationRow>();
  const ready = new Set(results.filter((r) => r.status === 'ready').map((r) => r.ambassador_uid));
  // The portal's own payout details (the manual rail's method) do not count there: only that rail's destination.
  return (uid: string, blocked: PayableBlockingReason[]) => {
    const others: PayableBlockingReason[] = blocked.filter((b) => b !== 'no_payout_method');
    if (!ready.has(uid)) others.push('no_payout_method');
    return others;
  };
}

/**
 * POST /v1/operator/payout-runs - a draft on `rail` (default `manual`): everyone GET /payouts/payable lists
 * (or only `only`, a retry), ready ones included with what they would be paid, the others excluded with the
 * first reason. On a rail that pays by itself, an ambassador without a `ready` destination of that rail is
 * excluded (`no_payout_method`). 409 when the company cannot pay on that rail, or when nobody is ready. One batch.
 */
export async function createRun(svc: ServiceContext, op: Operator, rail: RailName = 'manual', only?: Set<string>): Promise<PayoutRunAnswer> {
  const { db } = svc;
  if (!(await railConfigured(svc, op.companyId, rail))) throw new ApiError('conflict', 'payoutRailNotConfigured', undefined, undefined, { rail });
  const [{ list, cutoff }, blockersOn] = await Promise.all([readPayable(svc, op), railBlockers(svc, op.companyId, rail)]);
  const candidates = list.results.filter((r) => !only || only.has(r.ambassador_uid))
    .map((r) => ({ ...r, blocked_by: blockersOn ? blockersOn(r.ambassador_uid, r.blocked_by) : r.blocked_by }));
  if (!candidates.some((r) => r.blocked_by.length === 0)) throw new ApiError('conflict', 'payoutRunNobodyReady');
  const uid = newUid('run');
  const now = isoNow();
  await db.batch([
    insertRunStatement(db, op.companyId, uid, rail, op.currency, cutoff, op.actor, now),
    ...candidates.map((r) => insertItemStatement(db, op.companyId, uid, {
      ambassadorUid: r.ambassador_uid, amount: r.payable, commissions: r.commissions, reason: r.blocked_by[0] ?? null,
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

/** Payment method codes (spec §3) of a rail's payouts: PayPal 1, Stripe (to the bank) 6, by hand or the company's own system 0. */
const RAIL_METHOD: Record<RailName, number> = { manual: MANUAL_METHOD, external: MANUAL_METHOD, paypal: 1, stripe: 6 };

/**
 * One item's payout through payOut (the same guarded batch as createPayout), in the batch that writes
 * `alongside` (the item's own record); null when it could not be, the item failed with why. An item whose
 * commissions no longer number and sum what the draft read fails with `payable_changed` and pays nothing.
 */
async function recordItem(
  svc: ServiceContext, run: RunRow & { companyId: string }, item: RunItemRow, status: 'paid' | 'processing',
  alongside: (payoutUid: string, at: string) => D1PreparedStatement,
) {
  const { db } = svc;
  const company = run.companyId;
  const now = await payable(db, company, item.ambassador_uid, run.cutoff);
  if (now.n !== item.commissions || now.total !== item.amount_minor) return failItem(svc, run, item, 'payable_changed');
  const payoutUid = newUid('po');
  const at = isoNow();
  try {
    const { payout } = await payOut(db, {
      companyId: company, ambassadorUid: item.ambassador_uid, cutoff: run.cutoff, uid: payoutUid, count: item.commissions,
      total: item.amount_minor, now: at, currency: run.currency, method: RAIL_METHOD[run.rail], transactionId: `run:${run.uid}`, status,
    }, alongside(payoutUid, at));
    return payout ?? failItem(svc, run, item, 'payable_changed');
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    return failItem(svc, run, item, err.messageKey === 'payoutConflict' ? 'payable_changed' : err.messageKey);
  }
}

/** included -> failed with why (`payout.failed`): nothing was paid for it. */
async function failItem(svc: ServiceContext, run: RunRow & { companyId: string }, item: RunItemRow, why: string): Promise<null> {
  const company = run.companyId;
  const { changed } = await batch(svc.db, { changed: written(itemFailedStatement(svc.db, company, item.id, why, isoNow())) });
  if (changed) await runItemFailed(svc, company, { run_uid: run.uid, ambassador_uid: item.ambassador_uid, amount: item.amount_minor, currency: run.currency, failure: why });
  return null;
}

/** Where each ambassador is paid on the run's rail, and whether it is proven (`ready`). */
async function destinationsOf(db: D1Database, companyId: string, rail: RailName) {
  const map = new Map<string, { destination: Destination; ready: boolean }>();
  if (rail !== 'paypal' && rail !== 'stripe') return map;
  const { results } = await destinationsStatement(db, companyId, rail).all<DestinationRow>();
  for (const d of results) {
    const destination: Destination | null = rail === 'paypal' && d.paypal_email ? { rail, email: d.paypal_email }
      : rail === 'stripe' && d.stripe_account_id ? { rail, account: d.stripe_account_id } : null;
    if (destination) map.set(d.ambassador_uid, { destination, ready: d.status === 'ready' });
  }
  return map;
}

/**
 * The run's `sent` items as its rail sees them. An item handed over keeps going where its destination says now,
 * whatever its status (the provider's idempotency key holds it to one payment); one whose destination is gone
 * is left `sent` for the operator to see.
 */
async function railItems(db: D1Database, run: RunRow & { companyId: string }, items: RunItemRow[]): Promise<RailItem[]> {
  const destinations = await destinationsOf(db, run.companyId, run.rail);
  return items.filter((i) => i.status === 'sent' && i.payout_uid).flatMap((i) => {
    const destination = run.rail === 'external' || run.rail === 'manual' ? { rail: run.rail } : destinations.get(i.ambassador_uid)?.destination;
    if (!destination) return [];
    return [{
      itemId: i.id, itemKey: itemKeyOf(run.uid, i.id), payoutUid: i.payout_uid!, ambassadorUid: i.ambassador_uid, amountMinor: i.amount_minor,
      currency: run.currency, destination, providerRef: i.provider_ref,
    }];
  });
}

/** Settles what the rail answered, item by item (an item it did not answer for stays `sent`). */
async function settleAnswer(svc: ServiceContext, run: RunRow & { companyId: string }, items: RailItem[], answer: RailAnswer | null) {
  if (answer?.providerBatchId) await providerBatchStatement(svc.db, run.companyId, run.uid, answer.providerBatchId).run();
  for (const item of items) {
    const outcome = answer?.outcomes.get(item.itemKey) ?? { state: 'unknown' as const };
    await settleItem(svc, run.companyId, { itemId: item.itemId }, outcome);
  }
}

/**
 * A rail that pays by itself: each item still `included` gets its payout (`processing`, its commissions
 * committed to it) in the batch that marks it `sent`; then every `sent` item, those of a send cut short too, is
 * handed to the rail with its same item key (the provider's idempotency key), and what the rail answers is
 * settled. A rail that cannot be reached (a timeout, a 5xx) leaves the items `sent`: never read as "not paid".
 */
async function sendOnRail(svc: ServiceContext, run: RunRow & { companyId: string }, items: RunItemRow[]) {
  const { db } = svc;
  const company = run.companyId;
  const rail = railOf(run.rail);
  const destinations = await destinationsOf(db, company, run.rail);
  for (const item of items.filter((i) => i.status === 'included')) {
    const where = destinations.get(item.ambassador_uid);
    if ((run.rail === 'paypal' || run.rail === 'stripe') && !where?.ready) {
      await failItem(svc, run, item, 'no_payout_method');
      continue;
    }
    const payout = await recordItem(svc, run, item, 'processing', (payoutUid, at) => itemSentStatement(db, company, item.id, payoutUid, at));
    if (payout) await payoutRecorded(svc, company, payout, run.uid);
  }
  await handOverStatement(db, company, run.uid, isoNow()).run();
  const current = await loadRun(db, company, run.uid);
  const handed = await railItems(db, { ...current.run, companyId: company }, current.items);
  if (handed.length === 0) return;
  let answer: RailAnswer | null = null;
  try {
    answer = await rail.send(svc, { companyId: company, runUid: run.uid, providerBatchId: current.run.provider_batch_id }, handed);
  } catch (err) {
    console.error('payout run: the rail did not answer; its items stay sent and are reconciled', run.rail, run.uid, err);
  }
  await settleAnswer(svc, run, handed, answer);
}

/** The manual rail: each item still `included` is recorded paid at once, in the batch that marks it paid. */
async function sendManual(svc: ServiceContext, run: RunRow & { companyId: string }, items: RunItemRow[]) {
  const company = run.companyId;
  for (const item of items.filter((i) => i.status === 'included')) {
    const payout = await recordItem(svc, run, item, 'paid', (payoutUid, at) => itemPaidStatement(svc.db, company, item.id, payoutUid, at));
    if (payout) await payoutCreated(svc, company, payout, run.uid);
  }
}

/**
 * POST /v1/operator/payout-runs/{uid}/send - approved (or `sending`, a send cut short) -> sending, then each item
 * paid once on the run's rail (sendManual, sendOnRail). The run ends `paid`, `partially_failed` or `failed` once
 * no item is left `included` or `sent`. Sent again, only what is left is done.
 */
export async function sendRun(svc: ServiceContext, op: Operator, uid: string): Promise<PayoutRunAnswer> {
  const { db } = svc;
  const company = op.companyId;
  const { started } = await batch(db, { started: written(startSendingStatement(db, company, uid, isoNow())) });
  const { run, items } = await loadRun(db, company, uid);
  if (started === 0) throw new ApiError('conflict', 'payoutRunNotApproved', undefined, undefined, { status: run.status });
  if (run.rail === 'manual') await sendManual(svc, { ...run, companyId: company }, items);
  else await sendOnRail(svc, { ...run, companyId: company }, items);
  await finishStatement(db, company, uid, isoNow()).run();
  return answerOf(await loadRun(db, company, uid));
}

/**
 * Asks the rail what became of the run's `sent` items and settles what it says (`unknown` leaves them sent).
 * The run is finished once none is left `included` or `sent`.
 */
export async function reconcile(svc: ServiceContext, companyId: string, uid: string) {
  const { db } = svc;
  const { run, items } = await loadRun(db, companyId, uid);
  if (run.rail === 'manual') throw new ApiError('conflict', 'payoutRunWrongRail', undefined, undefined, { rail: run.rail });
  const asked = await railItems(db, { ...run, companyId }, items);
  if (asked.length) {
    let answer: RailAnswer | null = null;
    try {
      answer = await railOf(run.rail).status(svc, { companyId, runUid: uid, providerBatchId: run.provider_batch_id }, asked);
    } catch (err) {
      console.error('payout run: the rail could not be asked; its items stay sent', run.rail, uid, err);
    }
    await settleAnswer(svc, { ...run, companyId }, asked, answer);
  }
  await finishStatement(db, companyId, uid, isoNow()).run();
  return loadRun(db, companyId, uid);
}

/** POST /v1/operator/payout-runs/{uid}/reconcile - reconcile() of the operator's run, answered. */
export const reconcileRun = async (svc: ServiceContext, op: Operator, uid: string): Promise<PayoutRunAnswer> =>
  answerOf(await reconcile(svc, op.companyId, uid));

/** Runs reconciled per cron tick, at most: bounded work, the next tick takes the rest. */
const RECONCILE_PER_TICK = 5;
const STUCK_MS = 15 * 60_000;

/** The hourly cron: runs `sending` for more than 15 minutes, of every company, reconciled (a few per tick). */
export async function reconcileStuckRuns(svc: ServiceContext, now: Date): Promise<{ reconciled: number }> {
  const before = new Date(now.getTime() - STUCK_MS).toISOString();
  const { results } = await stuckRunsStatement(svc.db, before, RECONCILE_PER_TICK).all<{ company_id: string; uid: string }>();
  let reconciled = 0;
  for (const r of results) {
    try {
      await reconcile(svc, r.company_id, r.uid);
      reconciled++;
    } catch (err) {
      console.error('payout run: reconciliation failed', r.company_id, r.uid, err);
    }
  }
  return { reconciled };
}

/**
 * POST /v1/operator/payout-runs/{uid}/retry - a retry pays only what failed: a new draft on the same rail of the
 * failed items' ambassadors only, with what is payable to them now (what came back included). 409 unless the
 * run is finished with a failed item, or when none of them can be paid now.
 */
export async function retryRun(svc: ServiceContext, op: Operator, uid: string): Promise<PayoutRunAnswer> {
  const { run, items } = await loadRun(svc.db, op.companyId, uid);
  const failed = new Set(items.filter((i) => i.status === 'failed').map((i) => i.ambassador_uid));
  if (!['paid', 'partially_failed', 'failed'].includes(run.status) || failed.size === 0) {
    throw new ApiError('conflict', 'payoutRunNotRetryable', undefined, undefined, { status: run.status });
  }
  return createRun(svc, op, run.rail, failed);
}

/**
 * POST /v1/operator/payout-runs/{uid}/items/{ambassador_uid}/confirm - the external rail's answer for an item:
 * settled through settleItem. The same answer again finds the item settled and answers it as it is; an answer
 * that contradicts how the item was settled is 409 `payoutItemSettled`.
 */
export async function confirmItem(
  svc: ServiceContext, op: Operator, uid: string, ambassadorUid: string, input: z.output<typeof payoutItemConfirmSchema>,
): Promise<PayoutRunAnswer> {
  const company = op.companyId;
  const { run, items } = await loadRun(svc.db, company, uid);
  if (run.rail !== 'external') throw new ApiError('conflict', 'payoutRunWrongRail', undefined, undefined, { rail: run.rail });
  const item = items.find((i) => i.ambassador_uid === ambassadorUid);
  if (!item) throw new ApiError('not_found', 'notFound');
  if (item.status === 'sent') {
    const outcome: ItemOutcome = input.status === 'paid'
      ? { state: 'paid', providerRef: item.provider_ref ?? itemKeyOf(uid, item.id), reference: input.reference }
      : { state: 'failed', reason: input.reason ?? 'failed' };
    await settleItem(svc, company, { itemId: item.id }, outcome);
  } else if (item.status !== 'paid' && item.status !== 'failed') {
    throw new ApiError('conflict', 'payoutItemNotSent', undefined, undefined, { status: item.status });
  }
  const now = await loadRun(svc.db, company, uid);
  const settled = now.items.find((i) => i.id === item.id)!;
  if (settled.status !== input.status) throw new ApiError('conflict', 'payoutItemSettled', undefined, undefined, { status: settled.status });
  return answerOf(now);
}
