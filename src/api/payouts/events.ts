import { commissionView } from '../commissions/view';
import type { ServiceContext } from '../core/types';
import type { PayoutRow } from '../money/rows';
import { guardedEvent, webhookEvents } from '../webhooks/events';
import { paidCommissionRows } from './queries';
import { payoutView } from './view';

/** `payout.created`, then `commission.paid` for each commission (and clawback) the payout settled. */
export async function payoutCreated(svc: ServiceContext, companyId: string, payout: PayoutRow): Promise<void> {
  await guardedEvent('payout', async () => {
    const { results } = await paidCommissionRows(svc.db, companyId, payout.id);
    const view = payoutView(payout);
    await webhookEvents(svc, companyId, [
      { type: 'payout.created', data: { payout: view } },
      ...results.map((row) => ({ type: 'commission.paid' as const, data: { commission: commissionView(row), payout_uid: view.uid } })),
    ]);
  });
}
