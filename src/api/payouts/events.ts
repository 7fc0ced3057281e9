import { commissionView } from '../commissions/view';
import type { ServiceContext } from '../core/types';
import type { PayoutRow } from '../money/rows';
import { guardedEvent, webhookEvents } from '../webhooks/events';
import { paidCommissionRows } from './queries';
import { payoutView } from './view';

/**
 * `payout.created`, then `commission.paid` for each commission (and clawback) the payout settled; a payout
 * of a run (`runUid`) adds `payout.paid` `{ payout, run_uid }` (on the manual rail a payout is paid when
 * it is recorded).
 */
export async function payoutCreated(svc: ServiceContext, companyId: string, payout: PayoutRow, runUid?: string): Promise<void> {
  await guardedEvent('payout', async () => {
    const { results } = await paidCommissionRows(svc.db, companyId, payout.id);
    const view = payoutView(payout);
    await webhookEvents(svc, companyId, [
      { type: 'payout.created', data: { payout: view } },
      ...results.map((row) => ({ type: 'commission.paid' as const, data: { commission: commissionView(row), payout_uid: view.uid } })),
      ...(runUid ? [{ type: 'payout.paid' as const, data: { payout: view, run_uid: runUid } }] : []),
    ]);
  });
}

/** `payout.failed`: a run's item was not paid (`failure`: why, e.g. `payable_changed`). */
export async function runItemFailed(
  svc: ServiceContext, companyId: string, item: { run_uid: string; ambassador_uid: string; amount: number; currency: string; failure: string },
): Promise<void> {
  await guardedEvent('payout', () => webhookEvents(svc, companyId, [{ type: 'payout.failed', data: item }]));
}

/**
 * `payout.created` of a payout handed to a rail that pays by itself (`processing`): its `payout.sent`,
 * `payout.paid` (with `commission.paid`) or `payout.failed` follow when the rail settles it (./settle.ts).
 */
export async function payoutRecorded(svc: ServiceContext, companyId: string, payout: PayoutRow, runUid: string): Promise<void> {
  await guardedEvent('payout', () => webhookEvents(svc, companyId, [{ type: 'payout.created', data: { payout: payoutView(payout), run_uid: runUid } }]));
}
