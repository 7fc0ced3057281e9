import type { ServiceContext } from '../core/types';
import { redemptionByKey } from '../money/redemptions';
import { guardedEvent, webhookEvent } from '../webhooks/events';

/**
 * `redemption.completed` or `redemption.failed`, after a settlement. The data leaves out what was issued
 * (card codes, PINs, links): a receiver that needs them reads the redemption with its key.
 */
export async function redemptionSettled(svc: ServiceContext, companyId: string, idempotencyKey: string): Promise<void> {
  await guardedEvent('redemption', async () => {
    const r = await redemptionByKey(svc.db, companyId, idempotencyKey);
    if (!r || (r.status !== 'completed' && r.status !== 'failed')) return;
    const redemption = {
      id: r.id, ambassador_uid: r.ambassador_uid, status: r.status, kind: r.kind, reward_uid: r.reward_uid, reward_name: r.reward_name,
      vault_item_uid: r.vault_item_uid, variant_uid: r.variant_uid, variant_name: r.variant_name, requested_amount: r.requested_amount,
      spend_kind: r.spend_kind, value_minor: r.value_minor, currency: r.currency, provider: r.provider, order_id: r.external_ref,
      failure_reason: r.failure_reason, created_at: r.created_at, updated_at: r.updated_at,
    };
    await webhookEvent(svc, companyId, r.status === 'completed' ? 'redemption.completed' : 'redemption.failed', { redemption });
  });
}
