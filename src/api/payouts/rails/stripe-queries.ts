/**
 * Stripe Connect's SQL (migrations 0037 and 0040): the company's sealed secret key, its ambassadors' connected
 * accounts (payout_destinations, rail `stripe`) and the rail they chose. Every statement names the company.
 */

/** The company's sealed Stripe secret key (null: none set). */
export const stripeKeyStatement = (db: D1Database, companyId: string) =>
  db.prepare("SELECT api_key_sealed FROM integration_secrets WHERE company_id = ? AND provider = 'stripe'").bind(companyId);

export interface StripeDestinationRow {
  stripe_account_id: string;
  status: 'pending' | 'ready';
  payout_rail: 'paypal' | 'stripe' | null;
}

/** An ambassador's connected account, with the rail they chose (no row: none connected). */
export const stripeDestinationStatement = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare(
    `SELECT d.stripe_account_id, d.status, a.payout_rail FROM payout_destinations d
       JOIN ambassadors a ON a.company_id = d.company_id AND a.uid = d.ambassador_uid
      WHERE d.company_id = ? AND d.ambassador_uid = ? AND d.rail = 'stripe'`,
  ).bind(companyId, ambassadorUid);

/** The connected account made for an ambassador, `pending`; an account kept already stays (first one wins). */
export const insertStripeDestinationStatement = (db: D1Database, companyId: string, ambassadorUid: string, accountId: string) =>
  db.prepare(
    `INSERT INTO payout_destinations (company_id, ambassador_uid, rail, stripe_account_id, status, created_at, updated_at)
       VALUES (?, ?, 'stripe', ?, 'pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     ON CONFLICT (company_id, ambassador_uid, rail) DO NOTHING`,
  ).bind(companyId, ambassadorUid, accountId);

/** A connected account's status as Stripe last said it (by the account id: an event names only that). */
export const setStripeDestinationStatusStatement = (db: D1Database, companyId: string, accountId: string, status: 'pending' | 'ready') =>
  db.prepare(
    `UPDATE payout_destinations SET status = ?3, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE company_id = ?1 AND rail = 'stripe' AND stripe_account_id = ?2 AND status <> ?3
     RETURNING ambassador_uid`,
  ).bind(companyId, accountId, status);

/** The ambassador is paid through Stripe from now on, while their connected account is ready. */
export const chooseStripeStatement = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare(
    `UPDATE ambassadors SET payout_rail = 'stripe' WHERE company_id = ?1 AND uid = ?2 AND EXISTS (
       SELECT 1 FROM payout_destinations d WHERE d.company_id = ?1 AND d.ambassador_uid = ?2 AND d.rail = 'stripe' AND d.status = 'ready')`,
  ).bind(companyId, ambassadorUid);

/** When a run started sending (null: not yet), to tell a transfer still on its way from one never made. */
export const runSentAtStatement = (db: D1Database, companyId: string, runUid: string) =>
  db.prepare('SELECT sent_at FROM payout_runs WHERE company_id = ? AND uid = ?').bind(companyId, runUid);
