import type { StoreDelivery } from '../../lib/schemas/attribution';
import type { DeliveryFacts, DeliverySource } from './deliveries';

// The store deliveries' log (migration 0031), every statement by company.

export const insertDeliveryStatement = (db: D1Database, companyId: string, source: DeliverySource, f: DeliveryFacts, outcome: StoreDelivery['outcome']) =>
  db.prepare(
    `INSERT INTO store_deliveries (company_id, source, event_id, event_type, outcome, result, reason, commission_uid)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).bind(companyId, source, f.eventId?.slice(0, 255) || null, f.eventType?.slice(0, 100) || null, outcome,
    f.result.slice(0, 40), f.reason?.slice(0, 500) ?? null, f.commissionUid ?? null);

/** Drops the company's rows of `source` past the newest `kept`. */
export const pruneDeliveriesStatement = (db: D1Database, companyId: string, source: DeliverySource, kept: number) =>
  db.prepare(
    `DELETE FROM store_deliveries WHERE company_id = ?1 AND source = ?2 AND id <= (
       SELECT id FROM store_deliveries WHERE company_id = ?1 AND source = ?2 ORDER BY id DESC LIMIT 1 OFFSET ?3)`,
  ).bind(companyId, source, kept);

export interface DeliveryRow {
  id: number; source: DeliverySource; event_id: string | null; event_type: string | null; outcome: StoreDelivery['outcome']; result: string;
  reason: string | null; received_at: string; c_uid: string | null; c_ambassador: string | null; c_amount: number | null;
  c_currency: string | null; c_monetary: number | null; c_status: string | null;
}

/** The newest deliveries of `source`, with the commission each made (of the same company). */
export const recentDeliveriesStatement = (db: D1Database, companyId: string, source: DeliverySource, limit: number) =>
  db.prepare(
    `SELECT d.id, d.source, d.event_id, d.event_type, d.outcome, d.result, d.reason, d.received_at,
            c.uid AS c_uid, c.ambassador_uid AS c_ambassador, c.amount_minor AS c_amount, c.currency AS c_currency,
            c.is_monetary AS c_monetary, c.status AS c_status
       FROM store_deliveries d
       LEFT JOIN commissions c ON c.company_id = d.company_id AND c.uid = d.commission_uid
      WHERE d.company_id = ? AND d.source = ?
      ORDER BY d.id DESC LIMIT ?`,
  ).bind(companyId, source, limit);
