import type { ServiceContext } from '../core/types';
import { COMMISSION_SQL, commissionView, payoutView, type CommissionRow, type PayoutRow } from '../operator/queries';
import { REDEMPTION_SQL, type RedemptionRow } from '../rewards/queries';
import { webhookEvent, webhookEvents } from './events';

// The events whose data takes a read to build, one call at each source (after its write succeeded).
// Like webhookEvent they never throw: the write they follow stands whatever happens here.

const guarded = async (what: string, run: () => Promise<void>) => {
  try {
    await run();
  } catch (err) {
    console.error(`webhooks: ${what} event not recorded`, err);
  }
};

/** `commission.created`, and `commission.approved` too when the conversion came approved. */
export async function commissionCreated(svc: ServiceContext, companyId: string, row: CommissionRow): Promise<void> {
  const data = { commission: commissionView(row) };
  await webhookEvents(svc, companyId, [
    { type: 'commission.created', data },
    ...(row.status === 'approved' ? [{ type: 'commission.approved' as const, data }] : []),
  ]);
}

/** `payout.created`, then `commission.paid` for each commission (and clawback) the payout settled. */
export async function payoutCreated(svc: ServiceContext, companyId: string, payout: PayoutRow): Promise<void> {
  await guarded('payout', async () => {
    const { results } = await svc.db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.payout_id = ? ORDER BY m.id`)
      .bind(companyId, payout.id).all<CommissionRow>();
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
    const r = await svc.db.prepare(`${REDEMPTION_SQL} WHERE d.company_id = ? AND d.idempotency_key = ?`)
      .bind(companyId, idempotencyKey).first<RedemptionRow>();
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
 * same data shape for the ambassadors it creates (src/api/operator/people-accounts.ts, `operator`/`import`).
 */
export async function ambassadorRegistered(
  svc: ServiceContext, companyId: string, ambassadorUid: string, source: 'registration' | 'operator' | 'import',
): Promise<void> {
  await guarded('ambassador', async () => {
    const [people, campaigns] = await svc.db.batch([
      svc.db.prepare(
        `SELECT a.uid AS ambassador_uid, u.email, u.first_name, u.last_name, a.language, g.uid AS group_uid
           FROM ambassadors a JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
           LEFT JOIN groups g ON g.company_id = a.company_id AND g.id = a.group_id
          WHERE a.company_id = ? AND a.uid = ?`,
      ).bind(companyId, ambassadorUid),
      svc.db.prepare(
        `SELECT c.uid FROM ambassador_campaigns ac JOIN campaigns c ON c.company_id = ac.company_id AND c.id = ac.campaign_id
          WHERE ac.company_id = ? AND ac.ambassador_uid = ? ORDER BY c.id`,
      ).bind(companyId, ambassadorUid),
    ]);
    const ambassador = people!.results[0] as Record<string, unknown> | undefined;
    if (!ambassador) return;
    const campaignUids = (campaigns!.results as { uid: string }[]).map((c) => c.uid);
    await webhookEvent(svc, companyId, 'ambassador.registered', { ...ambassador, campaign_uids: campaignUids, source });
  });
}
