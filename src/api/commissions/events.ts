import type { ServiceContext } from '../core/types';
import type { CommissionRow } from '../money/rows';
import { webhookEvents } from '../webhooks/events';
import { commissionView } from './view';

/**
 * `commission.created`, then `commission.held` when a fraud rule held it (data: the commission, whose
 * `held_reason` says which), or `commission.approved` when the conversion came approved.
 */
export async function commissionCreated(svc: ServiceContext, companyId: string, row: CommissionRow): Promise<void> {
  const data = { commission: commissionView(row) };
  await webhookEvents(svc, companyId, [
    { type: 'commission.created', data },
    ...(row.held_reason ? [{ type: 'commission.held' as const, data }]
      : row.status === 'approved' ? [{ type: 'commission.approved' as const, data }] : []),
  ]);
}
