import type { Referrer } from '../commissions/service';
import { FIRST_CAMPAIGN_ORDER } from '../sharing/queries';
import type { CampaignRuleRow } from '../money/rules';

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

/**
 * The share link a verified click id names (src/api/sharing/click-id.ts): the id proves the visit, so the
 * sale is the link's ambassador's whether or not the click itself has reached D1 yet.
 */
export const referrerOfShareLinkStatement = (db: D1Database, companyId: string, shareLinkUid: string) =>
  db.prepare('SELECT ambassador_uid, uid, campaign_id FROM share_links WHERE company_id = ? AND uid = ?').bind(companyId, shareLinkUid);

/** The share link of a short code, or of one of its retired codes (they keep redirecting: migration 0016). */
export const referrerOfShortCodeStatement = (db: D1Database, companyId: string, code: string) =>
  db.prepare(
    `SELECT s.ambassador_uid, s.uid, s.campaign_id FROM share_links s JOIN ambassadors a ON a.uid = s.ambassador_uid AND a.company_id = s.company_id
      WHERE s.company_id = ?1 AND (s.short_code = ?2 OR s.uid = (
        SELECT r.share_link_uid FROM share_link_retired_codes r WHERE r.company_id = ?1 AND r.short_code = ?2))
      LIMIT 1`,
  ).bind(companyId, code);

/**
 * The ambassador of a personal share code (ambassadors.share_code, any case: the code the dashboard shows),
 * with their own link of the campaign their memorable URL follows (the longest-running active one).
 */
export const referrerOfShareCodeStatement = (db: D1Database, companyId: string, code: string) =>
  db.prepare(
    `SELECT s.ambassador_uid, s.uid, s.campaign_id FROM ambassadors a
       JOIN share_links s ON s.company_id = a.company_id AND s.ambassador_uid = a.uid AND s.is_default = 1
       JOIN ambassador_campaigns m ON m.company_id = s.company_id AND m.ambassador_uid = s.ambassador_uid AND m.campaign_id = s.campaign_id
       JOIN campaigns c ON c.company_id = s.company_id AND c.id = s.campaign_id AND c.is_active = 1
      WHERE a.company_id = ? AND a.share_code = ? COLLATE NOCASE
      ${FIRST_CAMPAIGN_ORDER}`,
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
  /** What the lead said of the customer, and the verified click it came through (null: a sale remembered them). */
  email: string | null;
  name: string | null;
  click_uid: string | null;
}

export const rememberedCustomerStatement = (db: D1Database, companyId: string, provider: SaleSource, externalId: string) =>
  db.prepare(
    `SELECT ambassador_uid, share_link_uid AS uid, campaign_id, first_seen_at, email, name, click_uid FROM attributed_customers
      WHERE company_id = ? AND provider = ? AND external_id = ?`,
  ).bind(companyId, provider, externalId);

/** What a lead knew of the customer it links (all optional). */
export interface CustomerFacts {
  email?: string | null;
  name?: string | null;
  clickUid?: string | null;
}

/**
 * Remembers a customer with the referrer of their first sale or lead; a customer already known keeps theirs.
 * `alsoIf`: SQL that must hold too (a store event's claim, when it goes in the batch of the sale's commission).
 */
export const rememberCustomerStatement = (
  db: D1Database, companyId: string, provider: SaleSource, externalId: string, r: Referrer, facts: CustomerFacts = {}, alsoIf = '1',
) =>
  db.prepare(
    `INSERT INTO attributed_customers (company_id, provider, external_id, ambassador_uid, share_link_uid, campaign_id, email, name, click_uid)
     SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${alsoIf} ON CONFLICT (company_id, provider, external_id) DO NOTHING RETURNING 1`,
  ).bind(companyId, provider, externalId, r.ambassador_uid, r.uid, r.campaign_id, facts.email || null, facts.name || null, facts.clickUid ?? null);

export interface UnattributedSale {
  source: SaleSource;
  transactionUid: string;
  revenueMinor: number;
  currency: string;
  customerExternalId: string | null;
  customerEmail: string | null;
  reason: string;
}

/** A sale nobody could be credited for, once per (company, source, transaction); `alsoIf` as rememberCustomerStatement's. */
export const unattributedStatement = (db: D1Database, companyId: string, u: UnattributedSale, alsoIf = '1') =>
  db.prepare(
    `INSERT INTO unattributed_conversions (company_id, source, transaction_id, revenue_minor, currency, customer_external_id, customer_email, reason)
     SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${alsoIf} ON CONFLICT (company_id, source, transaction_id) DO NOTHING`,
  ).bind(companyId, u.source, u.transactionUid, u.revenueMinor, u.currency, u.customerExternalId, u.customerEmail, u.reason.slice(0, 500));

export interface IntegrationSecretRow {
  provider: Provider;
  secret: string;
  shop_domain: string | null;
  /** Stripe: what is shown of the payout secret key (`sk_live_…abcd`), and whether a Connect signing secret is set. */
  api_key_hint: string | null;
  connect_secret_set: number;
  updated_at: string;
}

const SECRET_COLUMNS = 'provider, secret, shop_domain, api_key_hint, connect_secret IS NOT NULL AS connect_secret_set, updated_at';

/** The company (null: no such company) with its secret of `provider` (null columns: none set). */
export const companySecretStatement = (db: D1Database, companyId: string, provider: Provider) =>
  db.prepare(
    `SELECT c.id, s.secret, s.shop_domain, s.connect_secret FROM companies c
       LEFT JOIN integration_secrets s ON s.company_id = c.id AND s.provider = ?
      WHERE c.id = ?`,
  ).bind(provider, companyId);

export const integrationSecretStatement = (db: D1Database, companyId: string, provider: Provider) =>
  db.prepare(`SELECT ${SECRET_COLUMNS} FROM integration_secrets WHERE company_id = ? AND provider = ?`)
    .bind(companyId, provider);

export const putIntegrationSecretStatement = (
  db: D1Database, companyId: string, provider: Provider, secret: string, shopDomain: string | null,
) =>
  db.prepare(
    `INSERT INTO integration_secrets (company_id, provider, secret, shop_domain) VALUES (?, ?, ?, ?)
     ON CONFLICT (company_id, provider) DO UPDATE SET secret = excluded.secret, shop_domain = excluded.shop_domain,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     RETURNING ${SECRET_COLUMNS}`,
  ).bind(companyId, provider, secret, shopDomain);

/**
 * The Stripe integration: the webhook signing secret, and the payout key (sealed, with its hint) and the Connect
 * endpoint's signing secret when given (`undefined`: the stored one stays; null: removed).
 */
export const putStripeIntegrationStatement = (
  db: D1Database, companyId: string, secret: string,
  apiKey: { sealed: string; hint: string } | null | undefined, connectSecret: string | null | undefined,
) =>
  db.prepare(
    `INSERT INTO integration_secrets (company_id, provider, secret, api_key_sealed, api_key_hint, connect_secret)
       VALUES (?1, 'stripe', ?2, ?4, ?5, ?7)
     ON CONFLICT (company_id, provider) DO UPDATE SET secret = excluded.secret,
       api_key_sealed = CASE WHEN ?3 THEN excluded.api_key_sealed ELSE api_key_sealed END,
       api_key_hint = CASE WHEN ?3 THEN excluded.api_key_hint ELSE api_key_hint END,
       connect_secret = CASE WHEN ?6 THEN excluded.connect_secret ELSE connect_secret END,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     RETURNING ${SECRET_COLUMNS}`,
  ).bind(companyId, secret, apiKey !== undefined ? 1 : 0, apiKey?.sealed ?? null, apiKey?.hint ?? null,
    connectSecret !== undefined ? 1 : 0, connectSecret ?? null);

/** Whether a provider event was applied already (a redelivery answers `duplicate` without reading the body). */
export const hookEventStatement = (db: D1Database, companyId: string, provider: Provider, eventId: string) =>
  db.prepare('SELECT 1 AS taken FROM hook_events WHERE company_id = ? AND provider = ? AND event_id = ?').bind(companyId, provider, eventId);

/**
 * Claims a provider event for this delivery, under the delivery's nonce (`claim`, migration 0029): one row the first
 * time, none for a redelivery. The statements after it in its batch check `hookClaimedSql(claim)`.
 */
export const claimHookEventStatement = (db: D1Database, companyId: string, provider: Provider, eventId: string, type: string, claim: string) =>
  db.prepare(
    `INSERT INTO hook_events (company_id, provider, event_id, event_type, claim) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (company_id, provider, event_id) DO NOTHING RETURNING 1`,
  ).bind(companyId, provider, eventId, type.slice(0, 100), claim);

/** SQL true while the claim of `claim` (a nonce of hkc_ and hex digits, never outside text) went in. */
export const hookClaimedSql = (claim: string) => `EXISTS (SELECT 1 FROM hook_events WHERE claim = '${claim.replace(/'/g, "''")}')`;

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
        -- Another ambassador's share code is theirs at checkout too (a typed code is tried as both).
        AND NOT EXISTS (SELECT 1 FROM ambassadors o WHERE o.company_id = ?1 AND o.share_code = ?4 COLLATE NOCASE AND o.uid <> ?2)
     ON CONFLICT (company_id, code) DO NOTHING
     RETURNING uid`,
  ).bind(companyId, ambassadorUid, campaignUid, code);

export const personalCodeByUidStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${PERSONAL_CODE_SQL} WHERE p.company_id = ? AND p.uid = ?`).bind(companyId, uid);

/** A live or revoked personal code with this code, or another ambassador's share code (any case). */
export const personalCodeTakenStatement = (db: D1Database, companyId: string, code: string, ambassadorUid = '') =>
  db.prepare(
    `SELECT uid FROM personal_codes WHERE company_id = ?1 AND code = ?2
     UNION ALL SELECT uid FROM ambassadors WHERE company_id = ?1 AND share_code = ?2 COLLATE NOCASE AND uid <> ?3 LIMIT 1`,
  ).bind(companyId, code, ambassadorUid);

export const personalCodesStatement = (db: D1Database, companyId: string, ambassadorUid: string | null) =>
  db.prepare(`${PERSONAL_CODE_SQL} WHERE p.company_id = ?1 AND (?2 IS NULL OR p.ambassador_uid = ?2) ORDER BY p.id DESC LIMIT 1000`)
    .bind(companyId, ambassadorUid);

export const revokePersonalCodeStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(
    `UPDATE personal_codes SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE company_id = ? AND uid = ? AND revoked_at IS NULL RETURNING 1`,
  ).bind(companyId, uid);
