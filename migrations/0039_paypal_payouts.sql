-- PayPal Payouts (docs/payouts.md, "PayPal Payouts"): a company's own PayPal REST app pays its ambassadors.
--
-- * paypal_integrations: the company's PayPal app. client_secret_sealed: the client secret sealed with
--   INTEGRATION_KEY (src/api/core/sealed-secret.ts, bound to the company and 'paypal'), never shown again;
--   mode: which PayPal host is called (sandbox or live, unless PAYPAL_API_URL points at a stand-in);
--   webhook_id: the id PayPal gave the webhook that posts to /v1/hooks/paypal/{company_id}, which every
--   delivery is verified against (PayPal's verify-webhook-signature).
-- * hook_events.provider may be 'paypal': a PayPal webhook event is applied once per (company, event id),
--   as the stores' events are (migrations 0021, 0029). The table is rebuilt to widen its CHECK.

CREATE TABLE paypal_integrations (
  company_id TEXT NOT NULL PRIMARY KEY REFERENCES companies(id),
  client_id TEXT NOT NULL CHECK (length(client_id) BETWEEN 8 AND 255),
  client_secret_sealed TEXT NOT NULL CHECK (client_secret_sealed LIKE 'v1.%' AND length(client_secret_sealed) <= 1024),
  mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
  webhook_id TEXT NOT NULL CHECK (length(webhook_id) BETWEEN 1 AND 50),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

CREATE TABLE hook_events_0039 (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify', 'paypal')),
  event_id TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 255),
  event_type TEXT NOT NULL CHECK (length(event_type) BETWEEN 1 AND 100),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  claim TEXT CHECK (claim IS NULL OR claim LIKE 'hkc\_%' ESCAPE '\'),
  PRIMARY KEY (company_id, provider, event_id)
) WITHOUT ROWID;
INSERT INTO hook_events_0039 (company_id, provider, event_id, event_type, created_at, claim)
  SELECT company_id, provider, event_id, event_type, created_at, claim FROM hook_events;
DROP TABLE hook_events;
ALTER TABLE hook_events_0039 RENAME TO hook_events;
CREATE UNIQUE INDEX hook_events_claim ON hook_events(claim) WHERE claim IS NOT NULL;
