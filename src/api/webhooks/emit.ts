import type { ServiceContext } from '../core/types';
import { commissionView, payoutView, type CommissionRow, type PayoutRow } from '../commissions/queries';
import { webhookEvent, webhookEvents } from './events';
import { paidCommissionRows, redemptionByKey, registeredAmbassador } from './queries';

// The events whose data takes a read to build, one call at each source (after its write succeeded).
// Like webhookEvent they never throw: the write they follow stands whatever happens here.

const guarded = async (what: string, run: () => Promise<void>) => {
  try {
    await run();
  } catch (err) {
    console.error(`webhooks: ${what} event not recorded`, err);
  }
};

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

/** `payout.created`, then `commission.paid` for each commission (and clawback) the payout settled. */
export async function payoutCreated(svc: ServiceContext, companyId: string, payout: PayoutRow): Promise<void> {
  await guarded('payout', async () => {
    const { results } = await paidCommissionRows(svc.db, companyId, payout.id);
    const view = payoutView(payout);
    await webhookEvents(svc, companyId, [
      { type: 'payout.created', data: { payout: view } },
      ...results.map((row) => ({ type: 'commission.paid' as const, data: { commission: commissionView(row), payout_uid: view.uid } })),
    ]);
  });
}

/**
 * `redemption.completed` or `redemption.failed`, after a settlement. The data leaves out what was issued
 * (card codes, PINs, links): a receiver that needs them reads the redemption with its key.
 */
export async function redemptionSettled(svc: ServiceContext, companyId: string, idempotencyKey: string): Promise<void> {
  await guarded('redemption', async () => {
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

/**
 * `ambassador.registered` of a person who registered (`source: "registration"`); the operator API emits the
 * same data shape for the ambassadors it creates (src/api/people/accounts.ts, `operator`/`import`).
 */
export async function ambassadorRegistered(
  svc: ServiceContext, companyId: string, ambassadorUid: string, source: 'registration' | 'operator' | 'import',
): Promise<void> {
  await guarded('ambassador', async () => {
    const { ambassador, campaigns } = await registeredAmbassador(svc.db, companyId, ambassadorUid);
    if (!ambassador) return;
    const campaignUids = campaigns.map((c) => c.uid);
    await webhookEvent(svc, companyId, 'ambassador.registered', { ...ambassador, campaign_uids: campaignUids, source });
  });
}
