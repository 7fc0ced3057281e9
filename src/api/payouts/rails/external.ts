import type { ServiceContext } from '../../core/types';
import { rowEvents } from '../../webhooks/events';
import { batch } from '../../core/named-batch';
import { subscribedEndpointStatement } from '../../webhooks/queries';
import type { ItemOutcome, Rail, RailAnswer, RailItem, RailRun } from './types';

// The external rail (docs/payouts.md): the company's own system pays. Each item handed over becomes one signed
// `payout.requested` webhook (the webhooks domain signs and retries it); the company answers with
// POST /v1/operator/payout-runs/{uid}/items/{ambassador_uid}/confirm, which settles the item. Nothing here can ask
// how it went: status() answers `unknown` and the item waits for the confirm call.

/** The company can pay on it when an enabled webhook endpoint listens to `payout.requested`. */
export async function externalConfigured(svc: ServiceContext, companyId: string): Promise<boolean> {
  return (await subscribedEndpointStatement(svc.db, companyId, 'payout.requested').first()) !== null;
}

/** The confirm call's path for an item, as the request tells it. */
export const confirmPath = (runUid: string, ambassadorUid: string) =>
  `/v1/operator/payout-runs/${encodeURIComponent(runUid)}/items/${encodeURIComponent(ambassadorUid)}/confirm`;

/**
 * One `payout.requested` per item, recorded in one batch and only for an item still `sent` that has none yet
 * (`item_key` is the company's idempotency key): a send retried after a stop requests what is missing, never twice.
 */
async function send(svc: ServiceContext, run: RailRun, items: RailItem[]): Promise<RailAnswer> {
  const outcomes = new Map<string, ItemOutcome>();
  if (items.length === 0) return { outcomes };
  const events = rowEvents(svc, run.companyId, items.map((i) => ({
    type: 'payout.requested' as const,
    data: {
      run_uid: run.runUid, item_key: i.itemKey, payout_uid: i.payoutUid, ambassador_uid: i.ambassadorUid,
      amount: i.amountMinor, currency: i.currency, confirm: confirmPath(run.runUid, i.ambassadorUid),
    },
    source: {
      from: `FROM payout_run_items i WHERE i.company_id = ?2 AND i.id = ?6 AND i.status = 'sent'
        AND NOT EXISTS (SELECT 1 FROM webhook_events w WHERE w.company_id = ?2 AND w.type = 'payout.requested'
          AND json_extract(w.payload, '$.data.item_key') = ?7)`,
      payload: '?4',
      binds: [i.itemId, i.itemKey],
    },
  })), 'requested');
  const answers = await batch(svc.db, events.steps);
  events.enqueue(answers);
  for (const i of items) outcomes.set(i.itemKey, { state: 'sent', providerRef: i.itemKey });
  return { outcomes };
}

export const externalRail: Rail = {
  name: 'external',
  send,
  status: async () => ({ outcomes: new Map() }),
};
