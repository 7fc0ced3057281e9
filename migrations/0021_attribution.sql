-- Store attribution (issue 20): sales find their ambassador by themselves, through a click id, a share
-- code or a personal discount code, from Stripe and Shopify webhooks or the lead/sale API
-- (src/api/attribution). Conversions still go in only through the money operation recordConversion.
--
-- * integration_secrets: a company's Stripe webhook signing secret, or its Shopify app's client secret and
--   shop domain. Kept in clear: verifying a signature is an HMAC with it (as webhook_endpoints.secret).
--   The API shows whether one is set and its last 4 characters, never the secret.
-- * hook_events: every provider event applied, once per (company, provider, event id): the first delivery
--   claims its row before it acts, a redelivery finds it taken and changes nothing. The effects are
--   idempotent by their natural key as well (a commission per transaction, a refund up to the total
--   the provider reports), so two deliveries racing cannot count twice either.
-- * attributed_customers: a provider's customer (a Stripe customer, a Shopify customer, a lead's own id)
--   remembered with the ambassador, share link and campaign of the first sale or lead that named them:
--   the first one wins (primary key), later invoices of that customer are credited to it.
-- * personal_codes: an ambassador's discount codes per campaign. Unique per company whatever the case
--   (COLLATE NOCASE), revoked ones included: a code once given never credits someone else.
-- * unattributed_conversions: a paid sale nobody could be credited for, kept with why, not lost. Once
--   per (company, source, transaction).
-- * commissions.held_reason: a conversion held for review (the fraud rules fill it). A held commission is
--   never paid: the trigger refuses it a payout or the status paid (code commission_held).
-- * campaigns.commission_recurring / commission_recurring_months: the rule's `recurring`: off (0), on for
--   N months after the customer's first sale, or on for good (months NULL).

CREATE TABLE integration_secrets (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify')),
  secret TEXT NOT NULL CHECK (length(secret) BETWEEN 8 AND 255),
  shop_domain TEXT CHECK (shop_domain IS NULL OR length(shop_domain) BETWEEN 1 AND 255),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, provider),
  CHECK ((provider = 'shopify') = (shop_domain IS NOT NULL))
) WITHOUT ROWID;

CREATE TABLE hook_events (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify')),
  event_id TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 255),
  event_type TEXT NOT NULL CHECK (length(event_type) BETWEEN 1 AND 100),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, provider, event_id)
) WITHOUT ROWID;

CREATE TABLE attributed_customers (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify', 'api')),
  external_id TEXT NOT NULL CHECK (length(external_id) BETWEEN 1 AND 255),
  ambassador_uid TEXT NOT NULL,
  share_link_uid TEXT,
  campaign_id INTEGER NOT NULL,
  first_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, provider, external_id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id)
) WITHOUT ROWID;

CREATE TABLE personal_codes (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL DEFAULT ('pc-' || lower(hex(randomblob(8)))),
  company_id TEXT NOT NULL REFERENCES companies(id),
  campaign_id INTEGER NOT NULL,
  ambassador_uid TEXT NOT NULL,
  code TEXT NOT NULL COLLATE NOCASE CHECK (length(code) BETWEEN 3 AND 64),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  revoked_at TEXT,
  UNIQUE (company_id, uid),
  UNIQUE (company_id, code),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id)
);
CREATE INDEX personal_codes_ambassador ON personal_codes(company_id, ambassador_uid);

CREATE TABLE unattributed_conversions (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  source TEXT NOT NULL CHECK (source IN ('stripe', 'shopify', 'api')),
  transaction_id TEXT NOT NULL CHECK (length(transaction_id) BETWEEN 1 AND 255),
  revenue_minor INTEGER NOT NULL CHECK (revenue_minor >= 0),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  customer_external_id TEXT,
  customer_email TEXT,
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, source, transaction_id)
);

ALTER TABLE commissions ADD COLUMN held_reason TEXT
  CHECK (held_reason IS NULL OR held_reason IN ('own_email', 'own_click', 'disposable_email', 'velocity'));
ALTER TABLE commissions ADD COLUMN held_at TEXT;
CREATE INDEX commissions_held ON commissions(company_id, held_at) WHERE held_reason IS NOT NULL;

CREATE TRIGGER commissions_held_unpaid BEFORE UPDATE OF status, payout_id ON commissions
WHEN NEW.held_reason IS NOT NULL AND (NEW.status = 'paid' OR NEW.payout_id IS NOT NULL)
BEGIN SELECT RAISE(ABORT, 'commission_held'); END;

ALTER TABLE campaigns ADD COLUMN commission_recurring INTEGER NOT NULL DEFAULT 0 CHECK (commission_recurring IN (0, 1));
ALTER TABLE campaigns ADD COLUMN commission_recurring_months INTEGER
  CHECK (commission_recurring_months IS NULL OR commission_recurring_months BETWEEN 1 AND 120);
