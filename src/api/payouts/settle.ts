import type { ServiceContext } from '../core/types';
import type { ItemOutcome } from './rails/types';

// TEMPORARY (the Stripe Connect branch): a minimal settle so the Stripe rail and hook can be tested before the
// run core's own settleItem (same file, same signature) is merged; the core's version replaces this file whole.
// It settles an item handed to a rail: `sent` → `paid` (its payout paid), `sent` or `paid` → `failed` (its payout
// failed, each of its commissions given back to the payable balance with a payout_returns row), each one guarded
// batch that changes nothing when the item is in another state. Every statement names the company.

export type ItemSelector = { itemId: number } | { providerRef: string };

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export async function settleItem(svc: ServiceContext, companyId: string, which: ItemSelector, outcome: ItemOutcome): Promise<void> {
  if (outcome.state === 'unknown') return;
  const item = await svc.db.prepare(
    `SELECT id, payout_uid, status FROM payout_run_items WHERE company_id = ? AND ${'itemId' in which ? 'id = ?' : 'provider_ref = ?'}`,
  ).bind(companyId, 'itemId' in which ? which.itemId : which.providerRef).first<{ id: number; payout_uid: string; status: string }>();
  if (!item) return;
  const ref = 'providerRef' in outcome ? outcome.providerRef ?? null : null;
  if (outcome.state === 'sent') {
    await svc.db.prepare(`UPDATE payout_run_items SET provider_ref = COALESCE(?3, provider_ref), updated_at = ${NOW} WHERE company_id = ?1 AND id = ?2 AND status = 'sent'`)
      .bind(companyId, item.id, ref).run();
    return;
  }
  if (outcome.state === 'paid') {
    await svc.db.batch([
      svc.db.prepare(`UPDATE payouts SET status = 'paid', paid_at = ${NOW} WHERE company_id = ?1 AND uid = ?2 AND status = 'processing'
        AND EXISTS (SELECT 1 FROM payout_run_items WHERE company_id = ?1 AND id = ?3 AND status = 'sent')`).bind(companyId, item.payout_uid, item.id),
      svc.db.prepare(`UPDATE payout_run_items SET status = 'paid', provider_ref = COALESCE(?3, provider_ref), updated_at = ${NOW}
        WHERE company_id = ?1 AND id = ?2 AND status = 'sent'`).bind(companyId, item.id, ref),
    ]);
    return;
  }
  const payoutId = `(SELECT id FROM payouts WHERE company_id = ?1 AND uid = ?2)`;
  const live = `EXISTS (SELECT 1 FROM payout_run_items WHERE company_id = ?1 AND id = ?3 AND status IN ('sent', 'paid'))`;
  await svc.db.batch([
    svc.db.prepare(`INSERT OR IGNORE INTO payout_returns (company_id, payout_id, commission_id, amount_minor, reason, created_at)
      SELECT company_id, payout_id, id, amount_minor, ?4, ${NOW} FROM commissions WHERE company_id = ?1 AND payout_id = ${payoutId} AND ${live}`)
      .bind(companyId, item.payout_uid, item.id, outcome.reason),
    svc.db.prepare(`UPDATE commissions SET status = 'approved', payout_id = NULL, updated_at = ${NOW}
      WHERE company_id = ?1 AND payout_id = ${payoutId} AND ${live}`).bind(companyId, item.payout_uid, item.id),
    svc.db.prepare(`UPDATE payouts SET status = 'failed' WHERE company_id = ?1 AND uid = ?2 AND ${live}`).bind(companyId, item.payout_uid, item.id),
    svc.db.prepare(`UPDATE payout_run_items SET status = 'failed', failure = ?3, provider_ref = COALESCE(?4, provider_ref), updated_at = ${NOW}
      WHERE company_id = ?1 AND id = ?2 AND status IN ('sent', 'paid')`).bind(companyId, item.id, outcome.reason, ref),
  ]);
}
