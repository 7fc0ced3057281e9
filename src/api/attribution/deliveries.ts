import type { StoreDelivery, StoreDeliveryList, StoreHookReceipt } from '../../lib/schemas/attribution';
import { batch, write } from '../core/named-batch';
import { insertDeliveryStatement, pruneDeliveriesStatement, recentDeliveriesStatement, type DeliveryRow } from './delivery-queries';

// The log of store deliveries (migration 0031): what each Stripe event, Shopify webhook and reported sale became,
// for the console's integrations screen. Written after the delivery's own effect; a log that cannot be written
// never fails the delivery (the store would retry an event that is applied already).

export type DeliverySource = StoreDelivery['source'];
type Outcome = StoreDelivery['outcome'];

/** The rows kept per company and source. */
const KEPT = 200;

/** What a receipt's `result` word means for the screen. */
export function outcomeOf(result: string): Outcome {
  switch (result) {
    case 'created': return 'credited';
    case 'unattributed': return 'unattributed';
    case 'duplicate': case 'existing': return 'duplicate';
    case 'refused': return 'refused';
    case 'refunded': case 'clawed_back': case 'already_refunded': case 'unknown_transaction': return 'refund';
    default: return 'ignored';
  }
}

export interface DeliveryFacts {
  eventId: string | null;
  eventType: string | null;
  result: string;
  reason?: string | null;
  commissionUid?: string | null;
}

/** Logs one delivery and drops the company's rows of that source past the last KEPT. */
export async function recordDelivery(db: D1Database, companyId: string, source: DeliverySource, f: DeliveryFacts): Promise<void> {
  try {
    await batch(db, {
      logged: write(insertDeliveryStatement(db, companyId, source, f, outcomeOf(f.result))),
      pruned: write(pruneDeliveriesStatement(db, companyId, source, KEPT)),
    });
  } catch (err) {
    console.error('store delivery log', err);
  }
}

/** A delivery's receipt as the log keeps it. */
export const receiptFacts = (eventId: string, eventType: string, r: StoreHookReceipt): DeliveryFacts =>
  ({ eventId, eventType, result: r.result, reason: r.reason ?? null, commissionUid: r.commission_uid ?? null });

/** GET /v1/operator/integrations/deliveries?source= - the company's last deliveries of one source, newest first, with the commission each made. */
export async function listDeliveries(db: D1Database, companyId: string, source: DeliverySource, limit: number): Promise<StoreDeliveryList> {
  const { results } = await recentDeliveriesStatement(db, companyId, source, limit).all<DeliveryRow>();
  return {
    results: results.map((r) => ({
      id: r.id, source: r.source, event_id: r.event_id, event_type: r.event_type, outcome: r.outcome, result: r.result, reason: r.reason,
      commission: r.c_uid ? {
        uid: r.c_uid, ambassador_uid: r.c_ambassador!, amount_minor: r.c_amount!, currency: r.c_currency!, is_monetary: r.c_monetary === 1, status: r.c_status!,
      } : null,
      received_at: r.received_at,
    })),
  };
}
