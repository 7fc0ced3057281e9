import type { Referrer } from '../operator/service';
import type { CampaignRuleRow } from '../operator/queries';

/**
 * Store attribution's SQL (migration 0021). Every statement names the company: a click id, a code, a
 * customer or a secret of one company never answers for another.
 */

export type Provider = 'stripe' | 'shopify';
export type SaleSource = Provider | 'api';

/** A campaign's commission rule with its `recurring` part. */
export interface AttributionCampaignRow extends CampaignRuleRow {
  commission_recurring: number;
  commission_recurring_months: number | null;
}

const CAMPAIGN_BY_ID_SQL = `SELECT id, uid, commission_rate_bps, commission_type, commission_fixed_minor, commission_is_monetary,
  loyalty_points, commission_recurring, commission_recurring_months FROM campaigns WHERE company_id = ? AND id = ?`;

export const campaignByIdStatement = (db: D1Database, companyId: string, id: number) =>
  db.prepare(CAMPAIGN_BY_ID_SQL).bind(companyId, id);

/** The click stored under `clickUid` (the `mbsy_cid` of the landing URL). */
export const referrerOfClickStatement = (db: D1Database, companyId: string, clickUid: string) =>
  db.prepare('SELECT ambassador_uid, share_link_uid AS uid, campaign_id FROM clicks WHERE company_id = ? AND click_uid = ?')
    .bind(companyId, clickUid);

/** The share link of a short code, or of one of its retired codes (they keep redirecting: migration 0016). */
export const referrerOfShortCodeStatement = (db: D1Database, companyId: string, code: string) =>
  db.prepare(
    `SELECT s.ambassador_uid, s.uid, s.campaign_id FROM share_links s JOIN ambassadors a ON a.uid = s.ambassador_uid AND a.company_id = s.company_id
      WHERE s.company_id = ?1 AND (s.short_code = ?2 OR s.uid = (
        SELECT r.share_link_uid FROM share_link_retired_codes r WHERE r.company_id = ?1 AND r.short_code = ?2))
      LIMIT 1`,
  ).bind(companyId, code);

/** The ambassador of a live personal code (any case), with their default share link of its campaign. */
export const referrerOfPersonalCodeStatement = (db: D1Database, companyId: string, code: string) =>
  db.prepare(
    `SELECT p.ambassador_uid, s.uid, p.campaign_id FROM personal_codes p
       LEFT JOIN share_links s ON s.company_id = p.company_id AND s.ambassador_uid = p.ambassador_uid AND s.campaign_id = p.campaign_id
         AND s.is_default = 1
      WHERE p.company_id = ? AND p.code = ? AND p.revoked_at IS NULL`,
  ).bind(companyId, code);

export interface RememberedCustomerRow extends Referrer {
  first_seen_at: string;
}

export const rememberedCustomerStatement = (db: D1Database, companyId: string, provider: SaleSource, externalId: string) =>
  db.prepare(
    `SELECT ambassador_uid, share_link_uid AS uid, campaign_id, first_seen_at FROM attributed_customers
      WHERE company_id = ? AND provider = ? AND external_id = ?`,
  ).bind(companyId, provider, externalId);

/** Remembers a customer with the referrer of their first sale or lead; a customer already known keeps theirs. */
export const rememberCustomerStatement = (db: D1Database, companyId: string, provider: SaleSource, externalId: string, r: Referrer) =>
  db.prepare(
    `INSERT INTO attributed_customers (company_id, provider, external_id, ambassador_uid, share_link_uid, campaign_id)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (company_id, provider, external_id) DO NOTHING RETURNING 1`,
  ).bind(companyId, provider, externalId, r.ambassador_uid, r.uid, r.campaign_id);

export interface UnattributedSale {
  source: SaleSource;
  transactionUid: string;
  revenueMinor: number;
  currency: string;
  customerExternalId: string | null;
  customerEmail: string | null;
  reason: string;
}

/** A sale nobody could be credited for, once per (company, source, transaction). */
export const unattributedStatement = (db: D1Database, companyId: string, u: UnattributedSale) =>
  db.prepare(
    `INSERT INTO unattributed_conversions (company_id, source, transaction_id, revenue_minor, currency, customer_external_id, customer_email, reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (company_id, source, transaction_id) DO NOTHING`,
  ).bind(companyId, u.source, u.transactionUid, u.revenueMinor, u.currency, u.customerExternalId, u.customerEmail, u.reason.slice(0, 500));

export interface IntegrationSecretRow {
  provider: Provider;
  secret: string;
  shop_domain: string | null;
  updated_at: string;
}

/** The company (null: no such company) with its secret of `provider` (null columns: none set). */
export const companySecretStatement = (db: D1Database, companyId: string, provider: Provider) =>
  db.prepare(
    `SELECT c.id, s.secret, s.shop_domain FROM companies c
       LEFT JOIN integration_secrets s ON s.company_id = c.id AND s.provider = ?
      WHERE c.id = ?`,
  ).bind(provider, companyId);

export const integrationSecretStatement = (db: D1Database, companyId: string, provider: Provider) =>
  db.prepare('SELECT provider, secret, shop_domain, updated_at FROM integration_secrets WHERE company_id = ? AND provider = ?')
    .bind(companyId, provider);

export const putIntegrationSecretStatement = (
  db: D1Database, companyId: string, provider: Provider, secret: string, shopDomain: string | null,
) =>
  db.prepare(
    `INSERT INTO integration_secrets (company_id, provider, secret, shop_domain) VALUES (?, ?, ?, ?)
     ON CONFLICT (company_id, provider) DO UPDATE SET secret = excluded.secret, shop_domain = excluded.shop_domain,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     RETURNING provider, secret, shop_domain, updated_at`,
  ).bind(companyId, provider, secret, shopDomain);

/** Claims a provider event for this delivery: 1 change the first time, 0 for a redelivery. */
export const claimHookEventStatement = (db: D1Database, companyId: string, provider: Provider, eventId: string, type: string) =>
  db.prepare(
    `INSERT INTO hook_events (company_id, provider, event_id, event_type) VALUES (?, ?, ?, ?)
     ON CONFLICT (company_id, provider, event_id) DO NOTHING`,
  ).bind(companyId, provider, eventId, type.slice(0, 100));

/** Gives a claim back when applying the event failed, so that the provider's retry applies it. */
export const releaseHookEventStatement = (db: D1Database, companyId: string, provider: Provider, eventId: string) =>
  db.prepare('DELETE FROM hook_events WHERE company_id = ? AND provider = ? AND event_id = ?').bind(companyId, provider, eventId);

export const companyCurrencyStatement = (db: D1Database, companyId: string) =>
  db.prepare('SELECT currency FROM companies WHERE id = ?').bind(companyId);

export interface PersonalCodeRow {
  uid: string;
  code: string;
  ambassador_uid: string;
  campaign_uid: string;
  created_at: string;
  revoked_at: string | null;
}

const PERSONAL_CODE_SQL = `SELECT p.uid, p.code, p.ambassador_uid, c.uid AS campaign_uid, p.created_at, p.revoked_at
  FROM personal_codes p JOIN campaigns c ON c.company_id = p.company_id AND c.id = p.campaign_id`;

/** A new code of a member of the campaign; nothing when the ambassador is not in it (or not the company's). */
export const insertPersonalCodeStatement = (db: D1Database, companyId: string, ambassadorUid: string, campaignUid: string, code: string) =>
  db.prepare(
    `INSERT INTO personal_codes (company_id, campaign_id, ambassador_uid, code)
     SELECT ?1, c.id, m.ambassador_uid, ?4 FROM campaigns c
       JOIN ambassador_campaigns m ON m.company_id = c.company_id AND m.campaign_id = c.id AND m.ambassador_uid = ?2
      WHERE c.company_id = ?1 AND c.uid = ?3
     ON CONFLICT (company_id, code) DO NOTHING
     RETURNING uid`,
  ).bind(companyId, ambassadorUid, campaignUid, code);

export const personalCodeByUidStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${PERSONAL_CODE_SQL} WHERE p.company_id = ? AND p.uid = ?`).bind(companyId, uid);

export const personalCodeTakenStatement = (db: D1Database, companyId: string, code: string) =>
  db.prepare('SELECT uid FROM personal_codes WHERE company_id = ? AND code = ?').bind(companyId, code);

export const personalCodesStatement = (db: D1Database, companyId: string, ambassadorUid: string | null) =>
  db.prepare(`${PERSONAL_CODE_SQL} WHERE p.company_id = ?1 AND (?2 IS NULL OR p.ambassador_uid = ?2) ORDER BY p.id DESC LIMIT 1000`)
    .bind(companyId, ambassadorUid);

export const revokePersonalCodeStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(
    `UPDATE personal_codes SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE company_id = ? AND uid = ? AND revoked_at IS NULL RETURNING 1`,
  ).bind(companyId, uid);

// Fraud holds (migration 0022) ----------------------------------------------------------------------

/** The ambassador's own e-mail addresses: their account's, and those their payouts go to. */
export const ambassadorEmailStatement = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare(
    `SELECT u.email, a.paypal_email, a.dwolla_email FROM ambassadors a JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
      WHERE a.company_id = ? AND a.uid = ?`,
  ).bind(companyId, ambassadorUid);

/**
 * 1 when the click stored under `clickUid` is the ambassador's and came from a client they logged in from
 * (the same salted hash of IP address and user agent) seen since `since`.
 */
export const ownClickStatement = (db: D1Database, companyId: string, ambassadorUid: string, clickUid: string, since: string) =>
  db.prepare(
    `SELECT EXISTS (SELECT 1 FROM clicks k JOIN ambassador_clients a
        ON a.company_id = k.company_id AND a.ambassador_uid = k.ambassador_uid AND a.client_hash = k.client_hash
      WHERE k.company_id = ?1 AND k.click_uid = ?2 AND k.ambassador_uid = ?3 AND a.last_seen_at >= ?4) AS own`,
  ).bind(companyId, clickUid, ambassadorUid, since);

/** Remembers (or refreshes) a client an ambassador logged in from. */
export const rememberAmbassadorClientStatement = (db: D1Database, companyId: string, ambassadorUid: string, clientHash: string, now: string) =>
  db.prepare(
    `INSERT INTO ambassador_clients (company_id, ambassador_uid, client_hash, last_seen_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (company_id, ambassador_uid, client_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
  ).bind(companyId, ambassadorUid, clientHash, now);

/** Forgets an ambassador's clients not seen since `before`. */
export const forgetAmbassadorClientsStatement = (db: D1Database, companyId: string, ambassadorUid: string, before: string) =>
  db.prepare('DELETE FROM ambassador_clients WHERE company_id = ? AND ambassador_uid = ? AND last_seen_at < ?').bind(companyId, ambassadorUid, before);
