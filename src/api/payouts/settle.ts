import { normalizeLanguage } from '../../lib/i18n';
import { formatMoney } from '../../lib/format';
import { commissionView } from '../commissions/view';
import { loadCustomization } from '../companies/customization';
import { isoNow } from '../core/crypto';
import { batch, rows, written, type Step } from '../core/named-batch';
import type { ServiceContext } from '../core/types';
import { dispatchOutbox } from '../email/delivery';
import { payoutFailedEmail } from '../email/templates';
import { payoutByUidStatement } from '../money/payout-queries';
import type { PayoutRow } from '../money/rows';
import { rowEvents, type RowEvent } from '../webhooks/events';
import { paidCommissionRows } from './queries';
import type { ItemOutcome } from './rails/types';
import { finishStatement } from './run-queries';
import {
  failureEmailStatement, itemEventSource, itemRefStatement, itemSettledFailedStatement, itemSettledPaidStatement, payoutActivityStatusStatement,
  payoutFailedStatement, payoutPaidStatement, releaseStatement, returnsStatement, settleItemByIdStatement, settleItemByRefStatement,
  type ItemState, type SettleItemRow,
} from './settle-queries';
import { payoutView } from './view';
import { FAILURE_CODES, type FailureCode } from '../../lib/schemas/payout-runs';
export { FAILURE_CODES, type FailureCode };

// The one place a run's item is settled (docs/payouts.md), whoever tells: the rail's answer to a send, a
// provider's webhook, reconciliation, the external rail's confirm call. Each settle is one batch whose
// statements are guarded by the item's state before it (./settle-queries.ts), with its webhook events and e-mail
// in the same batch: it takes effect once, whole, however often and however concurrently it is called.

/** What a payout of a run looks like once settled, for its events (the batch writes the same). */
const settledView = (p: PayoutRow, change: Partial<PayoutRow>) => payoutView({ ...p, ...change });

/**
 * Settles one item from what its rail said: `sent` records the provider's id (and `payout.sent`, once); `paid`
 * moves a `sent` item to paid (payout paid, its activity, `payout.paid` and `commission.paid`); `failed` moves
 * a `sent` item, or a `paid` one that came back, to failed with its correcting entry (the commissions given back,
 * payable again at once; `payout.failed`; the ambassador's e-mail in their language). `unknown` changes nothing.
 * An item unknown to the company (another company's, a reference of someone else) is ignored. The run is
 * finished once none of its items is left `included` or `sent`.
 */
export async function settleItem(
  svc: ServiceContext, companyId: string, target: { itemId: number } | { providerRef: string }, outcome: ItemOutcome,
): Promise<void> {
  if (outcome.state === 'unknown') return;
  const { db } = svc;
  const item = await ('itemId' in target
    ? settleItemByIdStatement(db, companyId, target.itemId)
    : settleItemByRefStatement(db, companyId, target.providerRef)).first<SettleItemRow>();
  if (!item || item.payout_id === null || item.payout_uid === null) return;
  const payout = await payoutByUidStatement(db, companyId, item.payout_uid).first<PayoutRow>();
  if (!payout) return;
  const now = isoNow();
  const settled = outcome.state === 'sent' ? await recordSent(svc, companyId, item, payout, outcome.providerRef, now)
    : outcome.state === 'paid' ? await settlePaid(svc, companyId, item, payout, outcome.providerRef, outcome.reference ?? null, now)
      : await settleFailed(svc, companyId, item, payout, outcome.reason, outcome.providerRef ?? null, now);
  if (settled) await finishStatement(db, companyId, item.run_uid, now).run();
}

/** Runs `steps` with the item's events (only while the item is still in `from`) first, and hands the events on. */
async function settleBatch<S extends Record<string, Step<unknown>>>(
  svc: ServiceContext, companyId: string, events: RowEvent[], steps: S,
) {
  const recorded = rowEvents(svc, companyId, events, 'event');
  const answers = await batch(svc.db, { ...recorded.steps, ...steps });
  recorded.enqueue(answers as Record<string, unknown>);
  return answers;
}

async function recordSent(svc: ServiceContext, companyId: string, item: SettleItemRow, payout: PayoutRow, ref: string, now: string) {
  if (item.status !== 'sent' || item.provider_ref !== null) return false;
  const source = { ...itemEventSource(item.id, ['sent']), from: `${itemEventSource(item.id, ['sent']).from} AND i.provider_ref IS NULL` };
  const { recorded } = await settleBatch(svc, companyId, [
    { type: 'payout.sent', data: { payout: settledView(payout, {}), run_uid: item.run_uid, provider_ref: ref }, source },
  ], { recorded: written(itemRefStatement(svc.db, companyId, item.id, ref, now)) });
  return recorded > 0;
}

async function settlePaid(
  svc: ServiceContext, companyId: string, item: SettleItemRow, payout: PayoutRow, ref: string | null, reference: string | null, now: string,
) {
  if (item.status !== 'sent') return false;
  const { db } = svc;
  const from: ItemState[] = ['sent'];
  const source = itemEventSource(item.id, from);
  const view = settledView(payout, { status: 'paid', paid_at: now, transaction_id: reference ?? payout.transaction_id });
  const { results: commissions } = await paidCommissionRows(db, companyId, item.payout_id!);
  const { paid } = await settleBatch(svc, companyId, [
    { type: 'payout.paid', data: { payout: view, run_uid: item.run_uid }, source },
    ...commissions.map((row) => ({ type: 'commission.paid' as const, data: { commission: commissionView(row), payout_uid: view.uid }, source })),
  ], {
    payout: written(payoutPaidStatement(db, companyId, item.id, item.payout_id!, reference, now)),
    activity: written(payoutActivityStatusStatement(db, companyId, item.id, item.payout_id!, 'paid', null, from)),
    paid: written(itemSettledPaidStatement(db, companyId, item.id, ref, now)),
  });
  return paid > 0;
}

async function settleFailed(
  svc: ServiceContext, companyId: string, item: SettleItemRow, payout: PayoutRow, reason: string, ref: string | null, now: string,
) {
  // A `paid` item that comes back (returned, refunded, unclaimed after paid, a reversed transfer) fails too.
  const from: ItemState[] = ['sent', 'paid'];
  if (!from.includes(item.status as ItemState)) return false;
  const { db } = svc;
  const why = failureCode(reason);
  const source = itemEventSource(item.id, from);
  const mail = item.email ? await failureEmail(svc, companyId, item, why) : null;
  const answers = await settleBatch(svc, companyId, [{
    type: 'payout.failed',
    data: {
      run_uid: item.run_uid, ambassador_uid: item.ambassador_uid, amount: item.amount_minor, currency: item.currency, failure: why,
      payout_uid: item.payout_uid, payout: settledView(payout, { status: 'failed' }),
    },
    source,
  }], {
    ...(mail ? { mail: rows<{ id: number }>(failureEmailStatement(db, companyId, item.id, mail, from)) } : {}),
    returns: written(returnsStatement(db, companyId, item.id, item.payout_id!, why, now, from)),
    release: written(releaseStatement(db, companyId, item.id, item.payout_id!, now, from)),
    payout: written(payoutFailedStatement(db, companyId, item.id, item.payout_id!, from)),
    activity: written(payoutActivityStatusStatement(db, companyId, item.id, item.payout_id!, 'denied', why, from)),
    failed: written(itemSettledFailedStatement(db, companyId, item.id, why, ref, now, from)),
  });
  const ids = ((answers as { mail?: { id: number }[] }).mail ?? []).map((r) => r.id);
  if (ids.length) svc.waitUntil(dispatchOutbox(svc.env, ids));
  return answers.failed > 0;
}

/** Failure codes the ambassador's e-mail and pages explain; anything else a provider says is `failed`. */

/** A provider's reason as one of FAILURE_CODES (a reason is never shown as the provider wrote it). */
export const failureCode = (reason: string): FailureCode =>
  (FAILURE_CODES as readonly string[]).includes(reason) ? reason as FailureCode : 'failed';

/** "Your payout did not reach you", in the ambassador's language (their own, else the company's default). */
async function failureEmail(svc: ServiceContext, companyId: string, item: SettleItemRow, why: FailureCode) {
  const lang = normalizeLanguage(item.language) ?? normalizeLanguage((await loadCustomization(svc.db, companyId)).company.default_language) ?? 'en';
  const origin = item.host ? `${/^(localhost|[^.]+\.localhost)(:\d+)?$/.test(item.host) ? 'http' : 'https'}://${item.host}` : svc.origin;
  const { subject, text } = payoutFailedEmail(lang, {
    company: item.company_name, firstName: item.first_name, amount: formatMoney(item.amount_minor, item.currency, lang), reason: why,
    link: `${origin}/app/payouts/${item.payout_uid}`,
  });
  return { to: item.email!, subject, text };
}
