// PayPal Payouts' SQL (migration 0039): the company's PayPal app and its webhook events. Every statement names
// the company.

export interface PayPalIntegrationRow {
  client_id: string;
  client_secret_sealed: string;
  mode: 'sandbox' | 'live';
  webhook_id: string;
  updated_at: string;
}

export const paypalIntegrationStatement = (db: D1Database, companyId: string) =>
  db.prepare('SELECT client_id, client_secret_sealed, mode, webhook_id, updated_at FROM paypal_integrations WHERE company_id = ?').bind(companyId);

export const putPayPalIntegrationStatement = (
  db: D1Database, companyId: string, row: Omit<PayPalIntegrationRow, 'updated_at'>, now: string,
) =>
  db.prepare(
    `INSERT INTO paypal_integrations (company_id, client_id, client_secret_sealed, mode, webhook_id, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT (company_id) DO UPDATE SET client_id = ?2, client_secret_sealed = ?3, mode = ?4, webhook_id = ?5, updated_at = ?6
     RETURNING client_id, client_secret_sealed, mode, webhook_id, updated_at`,
  ).bind(companyId, row.client_id, row.client_secret_sealed, row.mode, row.webhook_id, now);

export const deletePayPalIntegrationStatement = (db: D1Database, companyId: string) =>
  db.prepare('DELETE FROM paypal_integrations WHERE company_id = ? RETURNING 1').bind(companyId);

/** The company (404 when unknown) and its webhook id (null: PayPal is not connected). */
export const companyPayPalHookStatement = (db: D1Database, companyId: string) =>
  db.prepare(
    `SELECT c.id, p.webhook_id FROM companies c LEFT JOIN paypal_integrations p ON p.company_id = c.id WHERE c.id = ?`,
  ).bind(companyId);

/** Whether a PayPal event was applied already. */
export const paypalEventSeenStatement = (db: D1Database, companyId: string, eventId: string) =>
  db.prepare("SELECT 1 AS seen FROM hook_events WHERE company_id = ? AND provider = 'paypal' AND event_id = ?").bind(companyId, eventId);

/** Records a PayPal event as applied (after its effect, which is idempotent by itself): one row per event id. */
export const recordPayPalEventStatement = (db: D1Database, companyId: string, eventId: string, type: string) =>
  db.prepare(
    `INSERT INTO hook_events (company_id, provider, event_id, event_type) VALUES (?, 'paypal', ?, ?)
     ON CONFLICT (company_id, provider, event_id) DO NOTHING`,
  ).bind(companyId, eventId, type.slice(0, 100));

/**
 * A run item of a PayPal run: by id (and run, when read back from the sender_item_id the rail sent with
 * rails/index.ts itemOfKey), or by PayPal's payout_item_id once recorded.
 */
export const paypalItemStatement = (db: D1Database, companyId: string, by: { itemId: number; runUid?: string } | { providerRef: string }) =>
  'itemId' in by
    ? db.prepare(`${PAYPAL_ITEM} AND i.id = ?2 AND (?3 IS NULL OR i.run_uid = ?3)`).bind(companyId, by.itemId, by.runUid ?? null)
    : db.prepare(`${PAYPAL_ITEM} AND i.provider_ref = ?2`).bind(companyId, by.providerRef);

const PAYPAL_ITEM = `SELECT i.id, i.status, i.provider_ref FROM payout_run_items i
    JOIN payout_runs r ON r.company_id = i.company_id AND r.uid = i.run_uid
   WHERE i.company_id = ?1 AND r.rail = 'paypal'`;

/** The PayPal run of a batch: by PayPal's payout_batch_id, or by its sender_batch_id (the run's uid). */
export const paypalRunStatement = (db: D1Database, companyId: string, batchId: string, senderBatchId: string | null) =>
  db.prepare(
    `SELECT uid, currency, provider_batch_id FROM payout_runs
      WHERE company_id = ?1 AND rail = 'paypal' AND (provider_batch_id = ?2 OR uid = ?3)
      ORDER BY provider_batch_id = ?2 DESC LIMIT 1`,
  ).bind(companyId, batchId, senderBatchId);

/** How many of a run's items are handed over and not settled yet. */
export const paypalRunSentStatement = (db: D1Database, companyId: string, runUid: string) =>
  db.prepare("SELECT COUNT(*) AS n FROM payout_run_items WHERE company_id = ? AND run_uid = ? AND status = 'sent'").bind(companyId, runUid);
