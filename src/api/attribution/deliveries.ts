import type { StoreDelivery, StoreDeliveryList, StoreHookReceipt } from '../../lib/schemas/attribution';
import { batch, write } from '../core/named-batch';

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
      logged: write(db.prepare(
        `INSERT INTO store_deliveries (company_id, source, event_id, event_type, outcome, result, reason, commission_uid)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(companyId, source, f.eventId?.slice(0, 255) || null, f.eventType?.slice(0, 100) || null, outcomeOf(f.result),
        f.result.slice(0, 40), f.reason?.slice(0, 500) ?? null, f.commissionUid ?? null)),
      pruned: write(db.prepare(
        `DELETE FROM store_deliveries WHERE company_id = ?1 AND source = ?2 AND id <= (
           SELECT id FROM store_deliveries WHERE company_id = ?1 AND source = ?2 ORDER BY id DESC LIMIT 1 OFFSET ?3)`,
      ).bind(companyId, source, KEPT)),
    });
  } catch (err) {
    console.error('store delivery log', err);
  }
}

/** A delivery's receipt as the log keeps it. */
export const receiptFacts = (eventId: string, eventType: string, r: StoreHookReceipt): DeliveryFacts =>
  ({ eventId, eventType, result: r.result, reason: r.reason ?? null, commissionUid: r.commission_uid ?? null });

interface DeliveryRow {
  id: number; source: DeliverySource; event_id: string | null; event_type: string | null; outcome: Outcome; result: string;
  reason: string | null; received_at: string; c_uid: string | null; c_ambassador: string | null; c_amount: number | null;
  c_currency: string | null; c_monetary: number | null; c_status: string | null;
}

/** GET /v1/operator/integrations/deliveries?source= - the company's last deliveries of one source, newest first, with the commission each made. */
export async function listDeliveries(db: D1Database, companyId: string, source: DeliverySource, limit: number): Promise<StoreDeliveryList> {
  const { results } = await db.prepare(
    `SELECT d.id, d.source, d.event_id, d.event_type, d.outcome, d.result, d.reason, d.received_at,
            c.uid AS c_uid, c.ambassador_uid AS c_ambassador, c.amount_minor AS c_amount, c.currency AS c_currency,
            c.is_monetary AS c_monetary, c.status AS c_status
       FROM store_deliveries d
       LEFT JOIN commissions c ON c.company_id = d.company_id AND c.uid = d.commission_uid
      WHERE d.company_id = ? AND d.source = ?
      ORDER BY d.id DESC LIMIT ?`,
  ).bind(companyId, source, limit).all<DeliveryRow>();
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
