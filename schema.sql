-- schema.sql: GENERATED, do not edit. The schema that migrations/ produce, for reading.
-- Regenerate after adding or changing a migration: npm run db:schema
-- (scripts/schema.mjs applies every migration to a temporary local D1 and writes this file from
-- sqlite_master; tests/worker/schema-file.test.ts fails while this file is stale).
-- Order: tables, indexes, views, triggers; each by name. The migrations stay the source of truth.

CREATE TABLE activities (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER REFERENCES campaigns(id),
  type TEXT NOT NULL,                                   -- referral, commission, payout, redemption, points, ...
  referred_name TEXT, referred_email TEXT,
  amount_minor INTEGER, currency TEXT, points INTEGER,
  status TEXT NOT NULL CHECK (status IN ('approved', 'denied', 'earn', 'expired', 'paid', 'pending', 'processing', 'redeemed')),
  payment_method INTEGER,
  expire_at TEXT,
  event_data1 TEXT, event_data2 TEXT, event_data3 TEXT,
  payout_id INTEGER REFERENCES payouts(id),
  redemption_id INTEGER REFERENCES redemptions(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), commission_uid TEXT, task_id INTEGER,
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, payout_id) REFERENCES payouts(company_id, id),
  FOREIGN KEY (company_id, redemption_id) REFERENCES redemptions(company_id, id),
  CHECK (type IN ('referral', 'commission', 'payout', 'redemption', 'points', 'cash', 'task')),
  CHECK (payment_method IS NULL OR payment_method BETWEEN 0 AND 8)
);

CREATE TABLE admin_idempotency_keys (
  key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 255),
  request_hash TEXT NOT NULL CHECK (length(request_hash) = 64),
  status TEXT NOT NULL DEFAULT 'in_flight' CHECK (status IN ('in_flight', 'done')),
  response_status INTEGER,
  response TEXT,                                        -- JSON body of the stored answer
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (status = 'in_flight' OR (response_status IS NOT NULL AND response IS NOT NULL))
);

CREATE TABLE ambassador_badges (
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  badge_id INTEGER NOT NULL REFERENCES badges(id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  earned_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (ambassador_uid, badge_id),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, badge_id) REFERENCES badges(company_id, id)
);

CREATE TABLE ambassador_campaigns (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  joined_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (ambassador_uid, campaign_id),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id)
);

CREATE TABLE ambassador_clients (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  client_hash TEXT NOT NULL CHECK (length(client_hash) = 64),
  last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), kind TEXT NOT NULL DEFAULT 'client' CHECK (kind IN ('client', 'ip', 'device')),
  PRIMARY KEY (company_id, ambassador_uid, client_hash),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
) WITHOUT ROWID;

CREATE TABLE ambassador_counters (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  campaign_id INTEGER NOT NULL,
  clicks INTEGER NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  shares INTEGER NOT NULL DEFAULT 0 CHECK (shares >= 0),
  referrals INTEGER NOT NULL DEFAULT 0 CHECK (referrals >= 0),
  PRIMARY KEY (company_id, ambassador_uid, campaign_id)
) WITHOUT ROWID;

CREATE TABLE ambassadors (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  user_id INTEGER NOT NULL UNIQUE REFERENCES users(id),
  username TEXT COLLATE NOCASE,
  share_code TEXT NOT NULL,                             -- personal share code
  avatar_key TEXT,                                      -- R2 key
  phone TEXT, company_name TEXT, job_title TEXT,
  street TEXT, city TEXT, state TEXT, zip TEXT, country TEXT,
  date_of_birth TEXT,
  custom_fields TEXT NOT NULL DEFAULT '{}',             -- JSON {custom1..custom10}
  facebook_url TEXT, twitter_url TEXT, linkedin_url TEXT, pinterest_url TEXT,
  payout_preference TEXT,
  paypal_email TEXT, dwolla_email TEXT,
  email_preferences TEXT NOT NULL DEFAULT 'keep_participating'
    CHECK (email_preferences IN ('keep_participating', 'stop_all', 'stop_email')),
  language TEXT,
  group_id INTEGER REFERENCES groups(id),
  referred_by_uid TEXT REFERENCES ambassadors(uid),
  deactivated_by_self INTEGER NOT NULL DEFAULT 0,
  loyalty_clickable_tasks TEXT NOT NULL DEFAULT '[]',   -- JSON: task ids the ambassador has clicked
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), deactivated_at TEXT, payout_rail TEXT CHECK (payout_rail IN ('paypal', 'stripe')), vat_id TEXT CHECK (vat_id IS NULL OR vat_id GLOB '[A-Z][A-Z]*' AND length(vat_id) BETWEEN 4 AND 15),
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id),
  FOREIGN KEY (company_id, group_id) REFERENCES groups(company_id, id),
  FOREIGN KEY (company_id, referred_by_uid) REFERENCES ambassadors(company_id, uid),
  CHECK (deactivated_by_self IN (0, 1))
);

CREATE TABLE api_tokens (
  token_hash TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id)
);

CREATE TABLE assets (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  title TEXT NOT NULL,
  file_key TEXT NOT NULL,                               -- R2 key
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  thumbnail_key TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0009_operator_people: columns
  group_id INTEGER REFERENCES groups(id),
  updated_at TEXT,
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  -- 0009_operator_people: constraints
  FOREIGN KEY (company_id, group_id) REFERENCES groups(company_id, id),
  CHECK (size_bytes >= 0)
);

CREATE TABLE attributed_customers (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify', 'api')),
  external_id TEXT NOT NULL CHECK (length(external_id) BETWEEN 1 AND 255),
  ambassador_uid TEXT NOT NULL,
  share_link_uid TEXT,
  campaign_id INTEGER NOT NULL,
  first_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), email TEXT CHECK (email IS NULL OR length(email) <= 255), name TEXT CHECK (name IS NULL OR length(name) <= 255), click_uid TEXT CHECK (click_uid IS NULL OR length(click_uid) BETWEEN 1 AND 64),
  PRIMARY KEY (company_id, provider, external_id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id)
) WITHOUT ROWID;

CREATE TABLE audit_heads (
  company_id TEXT PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL
);

CREATE TABLE audit_log (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  at TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('key', 'staff')),
  actor_id TEXT NOT NULL,
  actor_label TEXT NOT NULL,
  action TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  input TEXT NOT NULL,
  before_json TEXT NOT NULL,
  after_json TEXT NOT NULL,
  ip TEXT,
  user_agent TEXT,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (company_id, seq)
);

CREATE TABLE badges (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  color TEXT NOT NULL DEFAULT '#3c97d3',
  points INTEGER NOT NULL DEFAULT 0,                    -- threshold that earns the badge
  image TEXT,
  description TEXT NOT NULL DEFAULT '',
  is_active INTEGER NOT NULL DEFAULT 1, translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object'),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  CHECK (is_active IN (0, 1))
);

CREATE TABLE campaigns (
  id INTEGER PRIMARY KEY,                               -- campaign_id
  uid TEXT NOT NULL UNIQUE,                             -- campaign_uid
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  is_active INTEGER NOT NULL DEFAULT 1,
  is_hidden_dashboard INTEGER NOT NULL DEFAULT 0,
  url TEXT NOT NULL,                                    -- landing page a referral link lands on
  allowed_hosts TEXT NOT NULL DEFAULT '[]',             -- JSON: extra hosts a share link may redirect to
  native_message TEXT NOT NULL DEFAULT '',
  portal_logo TEXT,
  commission_rate_bps INTEGER NOT NULL DEFAULT 1000,    -- commission in basis points of revenue
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), commission_type TEXT NOT NULL DEFAULT 'percentage' CHECK (commission_type IN ('percentage', 'fixed')), commission_fixed_minor INTEGER NOT NULL DEFAULT 0 CHECK (commission_fixed_minor >= 0), commission_is_monetary INTEGER NOT NULL DEFAULT 1 CHECK (commission_is_monetary IN (0, 1)), loyalty_points INTEGER NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0), commission_recurring INTEGER NOT NULL DEFAULT 0 CHECK (commission_recurring IN (0, 1)), commission_recurring_months INTEGER
  CHECK (commission_recurring_months IS NULL OR commission_recurring_months BETWEEN 1 AND 120), translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object'),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  CHECK (is_active IN (0, 1)),
  CHECK (is_hidden_dashboard IN (0, 1))
);

CREATE TABLE click_archives (
  company_id TEXT NOT NULL REFERENCES companies(id),
  month TEXT NOT NULL CHECK (length(month) = 7 AND month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  object_key TEXT NOT NULL,
  row_count INTEGER NOT NULL DEFAULT 0 CHECK (row_count >= 0),
  bytes INTEGER NOT NULL DEFAULT 0 CHECK (bytes >= 0),
  last_created_at TEXT,                                 -- the last click the object holds, (created_at, id)
  last_id INTEGER,
  lease_until TEXT,                                     -- a run is appending to this month until then
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, month)
) WITHOUT ROWID;

CREATE TABLE click_purges (company_id TEXT PRIMARY KEY);

CREATE TABLE clicks (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  share_link_uid TEXT NOT NULL REFERENCES share_links(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  referrer_host TEXT,
  country TEXT,
  client_hash TEXT NOT NULL,                            -- salted hash of IP + user agent; no raw IP kept
  counted INTEGER NOT NULL DEFAULT 1,                   -- 0 for bots and repeats within the window
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), click_uid TEXT CHECK (click_uid IS NULL OR length(click_uid) BETWEEN 1 AND 64), ip_hash TEXT CHECK (ip_hash IS NULL OR length(ip_hash) = 64), device_hash TEXT CHECK (device_hash IS NULL OR length(device_hash) = 64),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  CHECK (counted IN (0, 1))
);

CREATE TABLE client_sessions (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE commission_totals (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  campaign_id INTEGER NOT NULL,
  is_monetary INTEGER NOT NULL CHECK (is_monetary IN (0, 1)),
  status TEXT NOT NULL,
  event TEXT NOT NULL,
  n INTEGER NOT NULL CHECK (n >= 0),
  amount_minor INTEGER NOT NULL,
  revenue_minor INTEGER NOT NULL,
  PRIMARY KEY (company_id, ambassador_uid, campaign_id, is_monetary, status, event)
) WITHOUT ROWID;

CREATE TABLE commissions (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  referral_id INTEGER REFERENCES referrals(id),
  transaction_id TEXT NOT NULL,
  revenue_minor INTEGER NOT NULL DEFAULT 0,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  is_monetary INTEGER NOT NULL DEFAULT 1,
  event TEXT NOT NULL DEFAULT 'first' CHECK (event IN ('first', 'second')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'paid', 'zero', 'denied')),
  payout_id INTEGER REFERENCES payouts(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0003_operator: columns
  uid TEXT NOT NULL DEFAULT ('com-' || lower(hex(randomblob(8)))),
  -- 'commission': earned by a conversion (amount >= 0); 'clawback': the negative correction of a refunded
  -- commission that was already paid (amount <= 0, approved, deducted from the next payout).
  kind TEXT NOT NULL DEFAULT 'commission' CHECK (kind IN ('commission', 'clawback')),
  reverses_id INTEGER,                                  -- the commission a clawback corrects
  refunded_revenue_minor INTEGER NOT NULL DEFAULT 0 CHECK (refunded_revenue_minor >= 0),
  event_data1 TEXT, event_data2 TEXT, event_data3 TEXT,
  updated_at TEXT, held_reason TEXT
  CHECK (held_reason IS NULL OR held_reason IN ('own_email', 'own_click', 'disposable_email', 'velocity')), held_at TEXT, click_uid TEXT CHECK (click_uid IS NULL OR length(click_uid) BETWEEN 1 AND 64), held_signals TEXT CHECK (held_signals IS NULL OR held_signals IN ('ip', 'device', 'ip device')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, referral_id) REFERENCES referrals(company_id, id),
  FOREIGN KEY (company_id, payout_id) REFERENCES payouts(company_id, id),
  CHECK (is_monetary IN (0, 1)),
  -- 0003_operator: constraints
  UNIQUE (company_id, id),
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, reverses_id) REFERENCES commissions(company_id, id),
  CHECK ((kind = 'commission' AND amount_minor >= 0 AND reverses_id IS NULL)
      OR (kind = 'clawback' AND amount_minor <= 0 AND revenue_minor <= 0 AND reverses_id IS NOT NULL)),
  CHECK (status <> 'paid' OR is_monetary = 0 OR payout_id IS NOT NULL)
);

CREATE TABLE companies (
  id TEXT PRIMARY KEY,                                  -- company uid
  name TEXT NOT NULL,
  currency TEXT NOT NULL DEFAULT 'USD',
  admin3_access INTEGER NOT NULL DEFAULT 0,
  loyalty_tier_stat_metric TEXT NOT NULL DEFAULT 'rewards_points_fulfilled_amount'
    CHECK (loyalty_tier_stat_metric IN ('rewards_points_fulfilled_amount', 'referrals', 'orders_referral_revenue')),
  localize_project_id TEXT,
  point_name TEXT NOT NULL DEFAULT 'point(s)',
  ambassador_state_type TEXT,
  ambassador_state_choices TEXT NOT NULL DEFAULT '[]',  -- JSON [{name, value}]
  payout_preference_options TEXT NOT NULL DEFAULT '{}', -- JSON {id: name}
  recaptcha_enabled INTEGER NOT NULL DEFAULT 0,
  support_email TEXT,
  sso_secret TEXT,                                      -- HMAC key for single sign-on tokens
  portal_uid TEXT NOT NULL,                             -- rewards portal id used by /rewards/portals/{portal}/
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), click_retention_months INTEGER NOT NULL DEFAULT 13
  CHECK (click_retention_months BETWEEN 1 AND 120), console_require_second_factor INTEGER NOT NULL DEFAULT 1
  CHECK (console_require_second_factor IN (0, 1)),
  -- 0002_tenant_safe
  CHECK (admin3_access IN (0, 1)),
  CHECK (recaptcha_enabled IN (0, 1))
);

CREATE TABLE company_hosts (
  host TEXT PRIMARY KEY,                                -- lower-case host name without port
  company_id TEXT NOT NULL REFERENCES companies(id)
);

CREATE TABLE customization_drafts (
  company_id TEXT PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  author TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE customization_versions (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  version INTEGER NOT NULL CHECK (version >= 1),
  content TEXT NOT NULL,
  author TEXT,
  -- 'publish' (from the draft), 'put' (the document or tab rules written directly), 'rollback', 'baseline'.
  source TEXT NOT NULL CHECK (source IN ('publish', 'put', 'rollback', 'baseline')),
  -- A rollback's version it copied.
  rolled_back_from INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, version)
);

CREATE TABLE customizations (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  campaign_id INTEGER REFERENCES campaigns(id),
  settings TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id)
);

CREATE TABLE email_event_receipts (
  webhook_id TEXT PRIMARY KEY,
  -- Set by the delivery that inserted the row: the rest of its batch applies only under it.
  nonce TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE email_link_codes (
  code_hash TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  purpose TEXT NOT NULL DEFAULT 'optout',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  CHECK (purpose IN ('optout'))
);

CREATE TABLE email_outbox (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  to_email TEXT NOT NULL,
  template TEXT NOT NULL,
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
, status TEXT NOT NULL DEFAULT 'pending'
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'suppressed')), attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0), next_attempt_at TEXT, last_error TEXT, provider_id TEXT);

CREATE TABLE email_suppressions (
  company_id TEXT NOT NULL REFERENCES companies(id),
  email TEXT NOT NULL COLLATE NOCASE,
  reason TEXT NOT NULL CHECK (reason IN ('bounced', 'complained', 'rejected')),
  detail TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, email)
);

CREATE TABLE groups (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  -- 0002_tenant_safe
  UNIQUE (company_id, id)
);

CREATE TABLE "hook_events" (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify', 'paypal')),
  event_id TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 255),
  event_type TEXT NOT NULL CHECK (length(event_type) BETWEEN 1 AND 100),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  claim TEXT CHECK (claim IS NULL OR claim LIKE 'hkc\_%' ESCAPE '\'),
  PRIMARY KEY (company_id, provider, event_id)
) WITHOUT ROWID;

CREATE TABLE idempotency_keys (
  company_id TEXT NOT NULL REFERENCES companies(id),
  key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  request_hash TEXT NOT NULL CHECK (length(request_hash) = 64),
  status TEXT NOT NULL DEFAULT 'in_flight' CHECK (status IN ('in_flight', 'done')),
  response_status INTEGER,
  response TEXT,                                        -- JSON body of the stored answer
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, key),
  CHECK (status = 'in_flight' OR (response_status IS NOT NULL AND response IS NOT NULL))
);

CREATE TABLE integration_secrets (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify')),
  secret TEXT NOT NULL CHECK (length(secret) BETWEEN 8 AND 255),
  shop_domain TEXT CHECK (shop_domain IS NULL OR length(shop_domain) BETWEEN 1 AND 255),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), api_key_sealed TEXT CHECK (api_key_sealed IS NULL OR length(api_key_sealed) BETWEEN 16 AND 1024), api_key_hint TEXT CHECK (api_key_hint IS NULL OR length(api_key_hint) BETWEEN 4 AND 32), connect_secret TEXT CHECK (connect_secret IS NULL OR length(connect_secret) BETWEEN 8 AND 255),
  PRIMARY KEY (company_id, provider),
  CHECK ((provider = 'shopify') = (shop_domain IS NOT NULL))
) WITHOUT ROWID;

CREATE TABLE languages (
  company_id TEXT NOT NULL REFERENCES companies(id),
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active',
  PRIMARY KEY (company_id, code),
  -- 0002_tenant_safe
  CHECK (status IN ('active', 'inactive'))
);

CREATE TABLE loyalty_balances (
  ambassador_uid TEXT PRIMARY KEY REFERENCES ambassadors(uid),
  company_id TEXT NOT NULL REFERENCES companies(id),
  points_earned INTEGER NOT NULL DEFAULT 0,
  points_available INTEGER NOT NULL DEFAULT 0 CHECK (points_available >= 0),
  points_redeemed INTEGER NOT NULL DEFAULT 0,
  points_expired INTEGER NOT NULL DEFAULT 0,
  cash_earned INTEGER NOT NULL DEFAULT 0,
  cash_available INTEGER NOT NULL DEFAULT 0 CHECK (cash_available >= 0),
  cash_redeemed INTEGER NOT NULL DEFAULT 0,
  cash_expired INTEGER NOT NULL DEFAULT 0, points_held INTEGER NOT NULL DEFAULT 0 CHECK (points_held >= 0), cash_held INTEGER NOT NULL DEFAULT 0 CHECK (cash_held >= 0),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);

CREATE TABLE "loyalty_ledger" (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  kind TEXT NOT NULL CHECK (kind IN ('points', 'cash')),
  entry_type TEXT NOT NULL CHECK (entry_type IN ('earn', 'adjust', 'redeem', 'post', 'release', 'expire', 'reverse')),
  amount INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'posted',
  campaign_id INTEGER REFERENCES campaigns(id),
  referral_id INTEGER REFERENCES referrals(id),
  redemption_id INTEGER REFERENCES redemptions(id),
  description TEXT NOT NULL DEFAULT '',
  expire_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  uid TEXT,                                             -- stable id (idempotent writes, batch references)
  lot_id INTEGER REFERENCES "loyalty_ledger"(id),    -- expire / reverse of one lot
  settles_id INTEGER REFERENCES "loyalty_ledger"(id), task_id INTEGER,-- post / release of one hold
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, lot_id) REFERENCES "loyalty_ledger"(company_id, id),
  FOREIGN KEY (company_id, settles_id) REFERENCES "loyalty_ledger"(company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, referral_id) REFERENCES referrals(company_id, id),
  FOREIGN KEY (company_id, redemption_id) REFERENCES redemptions(company_id, id),
  CHECK (status IN ('posted', 'consumed_partial', 'consumed_full', 'expired_partial', 'expired_full', 'consumed_reversed', 'revoked',
                    'pending', 'approved_held', 'approved', 'processing', 'fulfillment_failed', 'fulfilled', 'fraud', 'denied', 'closed', 'expired', 'transferred'))
);

CREATE TABLE loyalty_lot_uses (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  lot_id INTEGER NOT NULL REFERENCES loyalty_lots(entry_id),
  entry_id INTEGER NOT NULL REFERENCES loyalty_ledger(id),
  use TEXT NOT NULL CHECK (use IN ('redeem', 'adjust', 'reverse', 'expire', 'release')),
  amount INTEGER NOT NULL CHECK (amount <> 0 AND (amount > 0) = (use <> 'release')),
  FOREIGN KEY (company_id, lot_id) REFERENCES loyalty_lots(company_id, entry_id),
  FOREIGN KEY (company_id, entry_id) REFERENCES loyalty_ledger(company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);

CREATE TABLE loyalty_lots (
  entry_id INTEGER PRIMARY KEY REFERENCES loyalty_ledger(id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('points', 'cash')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  remaining INTEGER NOT NULL CHECK (remaining >= 0 AND remaining <= amount),
  expire_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (company_id, entry_id),
  FOREIGN KEY (company_id, entry_id) REFERENCES loyalty_ledger(company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);

CREATE TABLE loyalty_notices (
  lot_id INTEGER PRIMARY KEY REFERENCES loyalty_lots(entry_id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  sent_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  FOREIGN KEY (company_id, lot_id) REFERENCES loyalty_lots(company_id, entry_id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);

CREATE TABLE loyalty_revocations (
  lot_id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  FOREIGN KEY (company_id, lot_id) REFERENCES loyalty_lots(company_id, entry_id)
);

CREATE TABLE notification_settings (
  ambassador_uid TEXT PRIMARY KEY REFERENCES ambassadors(uid),
  company_id TEXT NOT NULL REFERENCES companies(id),
  earn_pending_commission INTEGER NOT NULL DEFAULT 1,
  commission_approved INTEGER NOT NULL DEFAULT 1,
  commission_denied INTEGER NOT NULL DEFAULT 1,
  payout_fulfilled INTEGER NOT NULL DEFAULT 1,
  unsubscribe_all INTEGER NOT NULL DEFAULT 0,
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  CHECK (earn_pending_commission IN (0, 1)),
  CHECK (commission_approved IN (0, 1)),
  CHECK (commission_denied IN (0, 1)),
  CHECK (payout_fulfilled IN (0, 1)),
  CHECK (unsubscribe_all IN (0, 1))
);

CREATE TABLE operator_api_keys (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  prefix TEXT NOT NULL CHECK (prefix LIKE 'opk\_%' ESCAPE '\' AND length(prefix) BETWEEN 5 AND 24),
  key_hash TEXT NOT NULL UNIQUE CHECK (length(key_hash) = 64),   -- hex SHA-256 of the whole key
  label TEXT NOT NULL DEFAULT '' CHECK (length(label) <= 120),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  revoked_at TEXT,
  UNIQUE (company_id, id)
);

CREATE TABLE payout_destinations (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  rail TEXT NOT NULL CHECK (rail IN ('paypal', 'stripe')),
  paypal_email TEXT,
  stripe_account_id TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready')),
  code_hash TEXT,
  code_expires_at TEXT,
  code_attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (company_id, ambassador_uid, rail),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  CHECK ((rail = 'paypal') = (paypal_email IS NOT NULL)),
  CHECK ((rail = 'stripe') = (stripe_account_id IS NOT NULL))
);

CREATE TABLE payout_returns (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  payout_id INTEGER NOT NULL,
  commission_id INTEGER NOT NULL,
  amount_minor INTEGER NOT NULL,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  FOREIGN KEY (company_id, payout_id) REFERENCES payouts(company_id, id),
  UNIQUE (company_id, payout_id, commission_id)
);

CREATE TABLE payout_rules (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  group_id INTEGER,
  ambassador_uid TEXT,
  minimum_minor INTEGER CHECK (minimum_minor IS NULL OR minimum_minor BETWEEN 0 AND 100000000),
  holding_days INTEGER CHECK (holding_days IS NULL OR holding_days BETWEEN 0 AND 90),
  updated_at TEXT NOT NULL,
  FOREIGN KEY (company_id, group_id) REFERENCES groups(company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid) ON DELETE CASCADE,
  CHECK ((group_id IS NULL) <> (ambassador_uid IS NULL))
);

CREATE TABLE payout_run_items (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL,
  run_uid TEXT NOT NULL,
  ambassador_uid TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  commissions INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('included', 'excluded', 'sent', 'paid', 'failed')),
  reason TEXT CHECK (reason IN ('below_minimum', 'no_payout_method', 'on_hold', 'nothing_payable', 'tax_form_missing')),
  payout_uid TEXT,
  provider_ref TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  failure TEXT,
  updated_at TEXT NOT NULL, cutoff TEXT,
  FOREIGN KEY (company_id, run_uid) REFERENCES payout_runs(company_id, uid) ON DELETE CASCADE,
  CHECK ((status = 'excluded') = (reason IS NOT NULL)),
  CHECK (status NOT IN ('sent', 'paid') OR payout_uid IS NOT NULL)
);

CREATE TABLE payout_runs (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'approved', 'sending', 'paid', 'partially_failed', 'failed')),
  rail TEXT NOT NULL DEFAULT 'manual' CHECK (rail IN ('manual', 'paypal', 'stripe', 'external')),
  currency TEXT NOT NULL,
  cutoff TEXT NOT NULL,
  provider_batch_id TEXT,
  created_by_kind TEXT NOT NULL CHECK (created_by_kind IN ('key', 'staff', 'schedule')),
  created_by_id TEXT NOT NULL,
  created_by_label TEXT NOT NULL,
  approved_by_kind TEXT CHECK (approved_by_kind IN ('key', 'staff')),
  approved_by_id TEXT,
  approved_by_label TEXT,
  created_at TEXT NOT NULL,
  approved_at TEXT,
  sent_at TEXT,
  finished_at TEXT,
  PRIMARY KEY (company_id, uid),
  CHECK (approved_by_id IS NULL OR approved_by_kind <> created_by_kind OR approved_by_id <> created_by_id)
);

CREATE TABLE payout_schedule_claims (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  scheduled_on TEXT NOT NULL,
  run_uid TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (company_id, scheduled_on)
);

CREATE TABLE payouts (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL,
  payment_method INTEGER NOT NULL CHECK (payment_method BETWEEN 0 AND 8),
  status TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'paid', 'failed')),
  transaction_id TEXT,
  paid_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), uid TEXT,
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);

CREATE TABLE paypal_integrations (
  company_id TEXT NOT NULL PRIMARY KEY REFERENCES companies(id),
  client_id TEXT NOT NULL CHECK (length(client_id) BETWEEN 8 AND 255),
  client_secret_sealed TEXT NOT NULL CHECK (client_secret_sealed LIKE 'v1.%' AND length(client_secret_sealed) <= 1024),
  mode TEXT NOT NULL CHECK (mode IN ('sandbox', 'live')),
  webhook_id TEXT NOT NULL CHECK (length(webhook_id) BETWEEN 1 AND 50),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
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

CREATE TABLE provider_refunds (
  company_id TEXT NOT NULL REFERENCES companies(id),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'shopify')),
  refund_key TEXT NOT NULL CHECK (length(refund_key) BETWEEN 1 AND 300),
  kind TEXT NOT NULL CHECK (kind IN ('refund', 'total')),
  payment_id TEXT NOT NULL CHECK (length(payment_id) BETWEEN 1 AND 255),
  charge_id TEXT CHECK (charge_id IS NULL OR length(charge_id) BETWEEN 1 AND 255),
  invoice_id TEXT CHECK (invoice_id IS NULL OR length(invoice_id) BETWEEN 1 AND 255),
  amount_minor INTEGER NOT NULL CHECK (amount_minor BETWEEN 0 AND 999999999999),
  uid TEXT NOT NULL CHECK (length(uid) BETWEEN 1 AND 64),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, provider, refund_key)
) WITHOUT ROWID;

CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);

CREATE TABLE redemptions (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  kind TEXT NOT NULL CHECK (kind IN ('gift_card', 'vault')),
  reward_uid TEXT REFERENCES rewards(uid),
  vault_item_uid TEXT REFERENCES vault_items(uid),
  variant_uid TEXT REFERENCES vault_item_variants(uid),
  requested_amount INTEGER NOT NULL CHECK (requested_amount > 0),
  spend_kind TEXT NOT NULL CHECK (spend_kind IN ('points', 'cash')),
  status TEXT NOT NULL DEFAULT 'processing'
    CHECK (status IN ('processing', 'canceled', 'failed', 'completed', 'reversed_to_ledger', 'reversed_to_company')),
  idempotency_key TEXT NOT NULL,
  details TEXT NOT NULL DEFAULT '{}',                   -- JSON gift card details (card_code, pin, ...)
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), failure_reason TEXT, provider TEXT, external_ref TEXT, value_minor INTEGER, currency TEXT, updated_at TEXT, item_name TEXT,
  UNIQUE (company_id, idempotency_key),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, reward_uid) REFERENCES rewards(company_id, uid),
  FOREIGN KEY (company_id, vault_item_uid) REFERENCES vault_items(company_id, uid),
  FOREIGN KEY (company_id, variant_uid) REFERENCES vault_item_variants(company_id, uid)
);

CREATE TABLE referrals (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  share_link_uid TEXT REFERENCES share_links(uid),
  name TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid)
);

CREATE TABLE reset_codes (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  code_hash TEXT NOT NULL,
  purpose TEXT NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'set_password')),
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id)
);

CREATE TABLE reward_codes (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  reward_uid TEXT,
  variant_uid TEXT,
  card_number TEXT,
  card_code TEXT NOT NULL,
  card_pin TEXT,
  redemption_url TEXT,
  security_url TEXT,
  security_code TEXT,
  redemption_id INTEGER UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  FOREIGN KEY (company_id, reward_uid) REFERENCES rewards(company_id, uid),
  FOREIGN KEY (company_id, variant_uid) REFERENCES vault_item_variants(company_id, uid),
  FOREIGN KEY (company_id, redemption_id) REFERENCES redemptions(company_id, id),
  CHECK ((reward_uid IS NULL) <> (variant_uid IS NULL))
);

CREATE TABLE rewards (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  type INTEGER NOT NULL CHECK (type BETWEEN 1 AND 5),  -- custom=1, tango=2, voucher=3, cash=4, prepaid=5
  brand_kind TEXT NOT NULL DEFAULT 'default',           -- amazon, bass_pro, default, promo, tango, target
  image TEXT,
  brand_description TEXT NOT NULL DEFAULT '',
  disclaimer TEXT NOT NULL DEFAULT '',
  value_kind TEXT NOT NULL DEFAULT 'fixed' CHECK (value_kind IN ('fixed', 'range')),
  points INTEGER NOT NULL DEFAULT 0,                    -- cost of a fixed reward
  min_amount INTEGER, max_amount INTEGER,               -- points, for range rewards
  value_minor INTEGER,                                  -- face value of a fixed reward
  currency TEXT NOT NULL DEFAULT 'USD',
  config TEXT NOT NULL DEFAULT '{}',
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),    -- NULL = unlimited
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object'),
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  CHECK (brand_kind IN ('amazon', 'bass_pro', 'default', 'promo', 'tango', 'target')),
  CHECK (is_active IN (0, 1))
);

CREATE TABLE self_billing_counters (
  company_id TEXT PRIMARY KEY REFERENCES companies(id),
  last_number INTEGER NOT NULL DEFAULT 0 CHECK (last_number >= 0)
);

CREATE TABLE self_billing_invoices (
  company_id TEXT NOT NULL REFERENCES companies(id),
  payout_id INTEGER NOT NULL,
  number INTEGER NOT NULL CHECK (number >= 1),
  invoice_number TEXT NOT NULL,
  language TEXT NOT NULL,
  issuer_name TEXT NOT NULL,
  issuer_address TEXT NOT NULL,
  issuer_vat_id TEXT NOT NULL,
  supplier_name TEXT NOT NULL,
  supplier_address TEXT NOT NULL,
  supplier_vat_id TEXT,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL,
  reverse_charge INTEGER NOT NULL CHECK (reverse_charge IN (0, 1)),
  issued_at TEXT NOT NULL,
  PRIMARY KEY (company_id, payout_id),
  UNIQUE (company_id, number),
  FOREIGN KEY (company_id, payout_id) REFERENCES payouts(company_id, id)
);

CREATE TABLE share_link_counters (
  company_id TEXT NOT NULL REFERENCES companies(id),
  share_link_uid TEXT NOT NULL,
  clicks INTEGER NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  referrals INTEGER NOT NULL DEFAULT 0 CHECK (referrals >= 0),
  earned_minor INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, share_link_uid)
) WITHOUT ROWID;

CREATE TABLE share_link_retired_codes (
  company_id TEXT NOT NULL REFERENCES companies(id),
  short_code TEXT NOT NULL COLLATE NOCASE,
  share_link_uid TEXT NOT NULL,
  retired_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, short_code),
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid) ON DELETE CASCADE
);

CREATE TABLE share_links (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  short_code TEXT NOT NULL COLLATE NOCASE CHECK (length(short_code) BETWEEN 1 AND 32),
  is_default INTEGER NOT NULL DEFAULT 0,
  description TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '',
  medium TEXT NOT NULL DEFAULT '',
  redirect_url TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  CHECK (is_default IN (0, 1))
);

CREATE TABLE shares (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  share_link_uid TEXT REFERENCES share_links(uid),
  social_name TEXT NOT NULL,
  recipient_email TEXT,
  recipient_username TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid)
);

CREATE TABLE sso_tokens_used (
  company_id TEXT NOT NULL REFERENCES companies(id),
  jti TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (company_id, jti)
);

CREATE TABLE staff_accounts (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  name TEXT NOT NULL DEFAULT '',
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'reviewer', 'finance', 'viewer')),
  password_hash TEXT,
  totp_secret TEXT,
  totp_enabled INTEGER NOT NULL DEFAULT 0 CHECK (totp_enabled IN (0, 1)),
  totp_last_step INTEGER,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL,
  PRIMARY KEY (company_id, uid),
  CHECK (totp_enabled = 0 OR totp_secret IS NOT NULL)
);

CREATE TABLE staff_invitations (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'reviewer', 'finance', 'viewer')),
  token_hash TEXT NOT NULL,
  invited_by TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  staff_uid TEXT,
  revoked_at TEXT,
  PRIMARY KEY (company_id, uid),
  CHECK (accepted_at IS NULL OR revoked_at IS NULL),
  CHECK ((accepted_at IS NULL) = (staff_uid IS NULL))
);

CREATE TABLE staff_recovery_codes (
  company_id TEXT NOT NULL,
  staff_uid TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (company_id, staff_uid, code_hash),
  FOREIGN KEY (company_id, staff_uid) REFERENCES staff_accounts(company_id, uid) ON DELETE CASCADE
);

CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  uid TEXT NOT NULL,
  company_id TEXT NOT NULL,
  staff_uid TEXT NOT NULL,
  second_factor_at TEXT,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  user_agent TEXT,
  ip_hash TEXT,
  FOREIGN KEY (company_id, staff_uid) REFERENCES staff_accounts(company_id, uid) ON DELETE CASCADE
);

CREATE TABLE stats_daily (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  campaign_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('clicks', 'shares', 'referrals')),
  day TEXT NOT NULL CHECK (length(day) = 10 AND day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  n INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (company_id, ambassador_uid, campaign_id, kind, day),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id)
) WITHOUT ROWID;

CREATE TABLE store_deliveries (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  source TEXT NOT NULL CHECK (source IN ('stripe', 'shopify', 'script')),
  event_id TEXT CHECK (event_id IS NULL OR length(event_id) BETWEEN 1 AND 255),
  event_type TEXT CHECK (event_type IS NULL OR length(event_type) BETWEEN 1 AND 100),
  outcome TEXT NOT NULL CHECK (outcome IN ('credited', 'unattributed', 'duplicate', 'refused', 'refund', 'ignored')),
  result TEXT NOT NULL CHECK (length(result) BETWEEN 1 AND 40),
  reason TEXT CHECK (reason IS NULL OR length(reason) <= 500),
  commission_uid TEXT,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE stripe_invoice_payments (
  company_id TEXT NOT NULL REFERENCES companies(id),
  payment_ref TEXT NOT NULL CHECK (length(payment_ref) BETWEEN 1 AND 255),
  invoice_id TEXT NOT NULL CHECK (length(invoice_id) BETWEEN 1 AND 255),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, payment_ref)
) WITHOUT ROWID;

CREATE TABLE task_completions (
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  task_id INTEGER NOT NULL REFERENCES tasks(id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  completed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (ambassador_uid, task_id),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, task_id) REFERENCES tasks(company_id, id)
);

CREATE TABLE tasks (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  campaign_id INTEGER REFERENCES campaigns(id),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  points INTEGER NOT NULL DEFAULT 0,
  url TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1, translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object'),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  CHECK (is_active IN (0, 1))
);

CREATE TABLE tax_forms (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('w9', 'w8ben')),
  legal_name TEXT NOT NULL CHECK (length(legal_name) BETWEEN 1 AND 200),
  country TEXT NOT NULL CHECK (length(country) = 2),
  address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 500),
  tax_id_cipher TEXT NOT NULL,
  tax_id_last4 TEXT NOT NULL CHECK (length(tax_id_last4) BETWEEN 1 AND 4),
  signed_name TEXT NOT NULL CHECK (length(signed_name) BETWEEN 1 AND 200),
  signed_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'superseded')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);

CREATE TABLE tiers (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  color TEXT NOT NULL DEFAULT '#3c97d3',
  threshold INTEGER NOT NULL,
  image TEXT,
  description TEXT NOT NULL DEFAULT '',
  is_active INTEGER NOT NULL DEFAULT 1, translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object'),
  -- 0002_tenant_safe
  CHECK (is_active IN (0, 1))
);

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

CREATE TABLE users (
  id INTEGER PRIMARY KEY,                               -- userid
  company_id TEXT NOT NULL REFERENCES companies(id),
  email TEXT NOT NULL COLLATE NOCASE,
  password_hash TEXT,                                   -- NULL until the person sets a password
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  loyalty_access INTEGER NOT NULL DEFAULT 0,
  access INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), email_unconfirmed INTEGER NOT NULL DEFAULT 0 CHECK (email_unconfirmed IN (0, 1)),
  UNIQUE (company_id, email),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  CHECK (loyalty_access IN (0, 1))
);

CREATE TABLE vault_item_variants (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  vault_item_uid TEXT NOT NULL REFERENCES vault_items(uid),
  name TEXT NOT NULL,
  cost INTEGER NOT NULL CHECK (cost > 0),               -- in the vault's spend unit (cash minor units)
  value_minor INTEGER NOT NULL,
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  is_active INTEGER NOT NULL DEFAULT 1, translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object'),
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, vault_item_uid) REFERENCES vault_items(company_id, uid),
  CHECK (is_active IN (0, 1))
);

CREATE TABLE vault_items (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  campaign_id INTEGER REFERENCES campaigns(id),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image TEXT,
  payment_type TEXT NOT NULL DEFAULT 'gift-card' CHECK (payment_type IN ('cash', 'prepaid', 'gift-card')),
  currency TEXT NOT NULL DEFAULT 'USD',
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), translations TEXT NOT NULL DEFAULT '{}'
  CHECK (json_valid(translations) AND json_type(translations) = 'object'),
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  CHECK (is_active IN (0, 1))
);

CREATE TABLE webhook_deliveries (
  id TEXT NOT NULL PRIMARY KEY CHECK (id LIKE 'dlv\_%' ESCAPE '\'),
  company_id TEXT NOT NULL REFERENCES companies(id),
  endpoint_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TEXT,
  lease_until TEXT,
  last_attempt_at TEXT,
  last_status INTEGER,
  last_response TEXT,
  last_error TEXT,
  replay_of TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT,
  UNIQUE (company_id, id),
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
  FOREIGN KEY (company_id, endpoint_id) REFERENCES webhook_endpoints(company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, event_id) REFERENCES webhook_events(company_id, id)
);

CREATE TABLE webhook_endpoints (
  id TEXT NOT NULL PRIMARY KEY CHECK (id LIKE 'ep\_%' ESCAPE '\'),
  company_id TEXT NOT NULL REFERENCES companies(id),
  url TEXT NOT NULL CHECK (length(url) BETWEEN 9 AND 2048),
  description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  event_types TEXT NOT NULL CHECK (json_valid(event_types) AND json_type(event_types) = 'array' AND json_array_length(event_types) > 0),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  secret TEXT NOT NULL CHECK (secret LIKE 'whsec\_%' ESCAPE '\'),
  previous_secret TEXT CHECK (previous_secret LIKE 'whsec\_%' ESCAPE '\'),
  previous_secret_expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT,
  UNIQUE (company_id, id)
);

CREATE TABLE webhook_events (
  id TEXT NOT NULL PRIMARY KEY CHECK (id LIKE 'msg\_%' ESCAPE '\'),
  company_id TEXT NOT NULL REFERENCES companies(id),
  type TEXT NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, id)
);

CREATE INDEX activities_ambassador ON activities(company_id, ambassador_uid, created_at);

CREATE INDEX ambassador_campaigns_company ON ambassador_campaigns(company_id, campaign_id);

CREATE INDEX ambassadors_company ON ambassadors(company_id);

CREATE UNIQUE INDEX ambassadors_share_code ON ambassadors(company_id, share_code COLLATE NOCASE);

CREATE UNIQUE INDEX ambassadors_username ON ambassadors(company_id, username) WHERE username IS NOT NULL;

CREATE INDEX api_tokens_user ON api_tokens(user_id);

CREATE INDEX assets_campaign ON assets(company_id, campaign_id);

CREATE INDEX audit_log_action ON audit_log(company_id, action, seq);

CREATE INDEX audit_log_actor ON audit_log(company_id, actor_kind, actor_id, seq);

CREATE INDEX audit_log_at ON audit_log(company_id, at);

CREATE INDEX badges_company ON badges(company_id);

CREATE INDEX campaigns_company ON campaigns(company_id);

CREATE INDEX clicks_ambassador ON clicks(company_id, ambassador_uid, campaign_id, created_at);

CREATE INDEX clicks_client ON clicks(share_link_uid, client_hash, created_at);

CREATE INDEX clicks_company_created ON clicks(company_id, created_at);

CREATE INDEX clicks_link ON clicks(share_link_uid, created_at);

CREATE UNIQUE INDEX clicks_uid ON clicks(click_uid);

CREATE INDEX commissions_ambassador ON commissions(company_id, ambassador_uid, created_at);

CREATE INDEX commissions_click ON commissions(company_id, click_uid) WHERE click_uid IS NOT NULL;

CREATE INDEX commissions_held ON commissions(company_id, held_at) WHERE held_reason IS NOT NULL;

CREATE INDEX commissions_payable ON commissions(company_id, ambassador_uid, status, payout_id);

CREATE INDEX commissions_reverses ON commissions(company_id, reverses_id) WHERE reverses_id IS NOT NULL;

CREATE UNIQUE INDEX commissions_transaction ON commissions(company_id, transaction_id, event) WHERE kind = 'commission';

CREATE INDEX commissions_transaction_any ON commissions(company_id, transaction_id);

CREATE INDEX company_hosts_company ON company_hosts(company_id);

CREATE INDEX customization_versions_company ON customization_versions(company_id, version DESC);

CREATE UNIQUE INDEX customizations_scope ON customizations(company_id, IFNULL(campaign_id, 0));

CREATE INDEX email_event_receipts_received ON email_event_receipts(received_at);

CREATE INDEX email_outbox_due ON email_outbox(status, next_attempt_at) WHERE status IN ('pending', 'sending');

CREATE INDEX email_outbox_provider ON email_outbox(provider_id) WHERE provider_id IS NOT NULL;

CREATE INDEX email_outbox_to ON email_outbox(company_id, to_email, id);

CREATE INDEX groups_company ON groups(company_id);

CREATE UNIQUE INDEX hook_events_claim ON hook_events(claim) WHERE claim IS NOT NULL;

CREATE INDEX loyalty_ledger_ambassador ON loyalty_ledger(company_id, ambassador_uid, kind, created_at);

CREATE UNIQUE INDEX loyalty_ledger_one_settlement ON loyalty_ledger(settles_id) WHERE settles_id IS NOT NULL;

CREATE INDEX loyalty_ledger_redemption ON loyalty_ledger(company_id, redemption_id) WHERE redemption_id IS NOT NULL;

CREATE UNIQUE INDEX loyalty_ledger_uid ON loyalty_ledger(company_id, uid) WHERE uid IS NOT NULL;

CREATE INDEX loyalty_lot_uses_entry ON loyalty_lot_uses(entry_id);

CREATE INDEX loyalty_lot_uses_lot ON loyalty_lot_uses(lot_id);

CREATE INDEX loyalty_lots_ambassador ON loyalty_lots(company_id, ambassador_uid, created_at);

CREATE INDEX loyalty_lots_due ON loyalty_lots(expire_at) WHERE remaining > 0 AND expire_at IS NOT NULL;

CREATE INDEX loyalty_lots_open ON loyalty_lots(company_id, ambassador_uid, kind, expire_at) WHERE remaining > 0;

CREATE INDEX operator_api_keys_company ON operator_api_keys(company_id);

CREATE UNIQUE INDEX payout_destinations_stripe ON payout_destinations(company_id, stripe_account_id) WHERE stripe_account_id IS NOT NULL;

CREATE UNIQUE INDEX payout_rules_ambassador ON payout_rules(company_id, ambassador_uid) WHERE ambassador_uid IS NOT NULL;

CREATE UNIQUE INDEX payout_rules_group ON payout_rules(company_id, group_id) WHERE group_id IS NOT NULL;

CREATE UNIQUE INDEX payout_run_items_ambassador ON payout_run_items(company_id, run_uid, ambassador_uid);

CREATE UNIQUE INDEX payout_run_items_payout ON payout_run_items(company_id, payout_uid) WHERE payout_uid IS NOT NULL;

CREATE INDEX payout_run_items_provider ON payout_run_items(company_id, provider_ref) WHERE provider_ref IS NOT NULL;

CREATE INDEX payout_runs_created ON payout_runs(company_id, created_at);

CREATE INDEX payout_runs_sending ON payout_runs(status) WHERE status = 'sending';

CREATE INDEX payouts_ambassador ON payouts(company_id, ambassador_uid, created_at);

CREATE UNIQUE INDEX payouts_uid ON payouts(company_id, uid);

CREATE INDEX personal_codes_ambassador ON personal_codes(company_id, ambassador_uid);

CREATE INDEX provider_refunds_charge ON provider_refunds(company_id, provider, charge_id) WHERE charge_id IS NOT NULL;

CREATE INDEX provider_refunds_invoice ON provider_refunds(company_id, provider, invoice_id) WHERE invoice_id IS NOT NULL;

CREATE INDEX provider_refunds_payment ON provider_refunds(company_id, provider, payment_id);

CREATE INDEX provider_refunds_uid ON provider_refunds(uid);

CREATE INDEX redemptions_ambassador ON redemptions(company_id, ambassador_uid, created_at);

CREATE INDEX redemptions_processing ON redemptions(status, created_at) WHERE status = 'processing';

CREATE INDEX referrals_ambassador ON referrals(company_id, ambassador_uid, campaign_id, created_at);

CREATE INDEX reset_codes_user ON reset_codes(user_id, created_at);

CREATE INDEX reward_codes_free ON reward_codes(company_id, reward_uid, variant_uid) WHERE redemption_id IS NULL;

CREATE INDEX rewards_company ON rewards(company_id);

CREATE INDEX share_link_retired_codes_link ON share_link_retired_codes(company_id, share_link_uid);

CREATE INDEX share_links_ambassador ON share_links(company_id, ambassador_uid, created_at);

CREATE UNIQUE INDEX share_links_code ON share_links(company_id, short_code);

CREATE INDEX shares_ambassador ON shares(company_id, ambassador_uid, campaign_id, created_at);

CREATE UNIQUE INDEX staff_accounts_email ON staff_accounts(company_id, email);

CREATE UNIQUE INDEX staff_invitations_open_email ON staff_invitations(company_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;

CREATE UNIQUE INDEX staff_invitations_token ON staff_invitations(token_hash);

CREATE INDEX staff_sessions_staff ON staff_sessions(company_id, staff_uid, revoked_at);

CREATE UNIQUE INDEX staff_sessions_uid ON staff_sessions(company_id, uid);

CREATE INDEX store_deliveries_recent ON store_deliveries(company_id, source, id);

CREATE INDEX stripe_invoice_payments_invoice ON stripe_invoice_payments(company_id, invoice_id);

CREATE INDEX tasks_company ON tasks(company_id, position);

CREATE INDEX tax_forms_by_ambassador ON tax_forms(company_id, ambassador_uid, id);

CREATE UNIQUE INDEX tax_forms_one_active ON tax_forms(company_id, ambassador_uid) WHERE status = 'active';

CREATE INDEX tiers_company ON tiers(company_id, threshold);

CREATE INDEX vault_item_variants_item ON vault_item_variants(vault_item_uid);

CREATE INDEX vault_items_company ON vault_items(company_id);

CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';

CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(company_id, endpoint_id, created_at DESC, id DESC);

CREATE INDEX webhook_deliveries_event ON webhook_deliveries(company_id, event_id);

CREATE INDEX webhook_endpoints_company ON webhook_endpoints(company_id, created_at);

CREATE TRIGGER ambassadors_share_code_change_not_short_code BEFORE UPDATE OF share_code ON ambassadors
  WHEN NEW.share_code <> OLD.share_code AND (
    EXISTS (SELECT 1 FROM share_links s WHERE s.company_id = NEW.company_id AND s.short_code = NEW.share_code)
    OR EXISTS (SELECT 1 FROM share_link_retired_codes r WHERE r.company_id = NEW.company_id AND r.short_code = NEW.share_code))
  BEGIN SELECT RAISE(ABORT, 'share_code_taken'); END;

CREATE TRIGGER ambassadors_share_code_not_short_code BEFORE INSERT ON ambassadors
  WHEN EXISTS (SELECT 1 FROM share_links s WHERE s.company_id = NEW.company_id AND s.short_code = NEW.share_code)
    OR EXISTS (SELECT 1 FROM share_link_retired_codes r WHERE r.company_id = NEW.company_id AND r.short_code = NEW.share_code)
  BEGIN SELECT RAISE(ABORT, 'share_code_taken'); END;

CREATE TRIGGER badges_points_insert BEFORE INSERT ON badges
WHEN NOT COALESCE(NEW.points >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'badge_points_invalid'); END;

CREATE TRIGGER badges_points_update BEFORE UPDATE OF points ON badges
WHEN NOT COALESCE(NEW.points >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'badge_points_invalid'); END;

CREATE TRIGGER campaigns_rate_insert BEFORE INSERT ON campaigns
WHEN NOT COALESCE(NEW.commission_rate_bps BETWEEN 0 AND 10000, 0)
BEGIN SELECT RAISE(ABORT, 'commission_rate_invalid'); END;

CREATE TRIGGER campaigns_rate_update BEFORE UPDATE OF commission_rate_bps ON campaigns
WHEN NOT COALESCE(NEW.commission_rate_bps BETWEEN 0 AND 10000, 0)
BEGIN SELECT RAISE(ABORT, 'commission_rate_invalid'); END;

CREATE TRIGGER commissions_amount_bound BEFORE INSERT ON commissions
WHEN abs(NEW.revenue_minor) > 999999999999 OR abs(NEW.amount_minor) > 999999999999
BEGIN SELECT RAISE(ABORT, 'amount_out_of_range'); END;

CREATE TRIGGER commissions_amount_bound_update BEFORE UPDATE OF revenue_minor, amount_minor ON commissions
WHEN abs(NEW.revenue_minor) > 999999999999 OR abs(NEW.amount_minor) > 999999999999
BEGIN SELECT RAISE(ABORT, 'amount_out_of_range'); END;

CREATE TRIGGER commissions_held_unpaid BEFORE UPDATE OF status, payout_id ON commissions
WHEN NEW.held_reason IS NOT NULL AND (NEW.status = 'paid' OR NEW.payout_id IS NOT NULL)
BEGIN SELECT RAISE(ABORT, 'commission_held'); END;

CREATE TRIGGER counters_ambassadors_delete AFTER DELETE ON ambassadors
BEGIN
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.uid;
  DELETE FROM commission_totals WHERE company_id = OLD.company_id AND ambassador_uid = OLD.uid;
END;

CREATE TRIGGER counters_clicks_delete AFTER DELETE ON clicks
  WHEN OLD.counted = 1 AND NOT EXISTS (SELECT 1 FROM click_purges WHERE company_id = OLD.company_id)
BEGIN
  UPDATE share_link_counters SET clicks = clicks - 1 WHERE company_id = OLD.company_id AND share_link_uid = OLD.share_link_uid;
  DELETE FROM share_link_counters WHERE company_id = OLD.company_id AND share_link_uid = OLD.share_link_uid
    AND clicks = 0 AND referrals = 0 AND earned_minor = 0;
  UPDATE ambassador_counters SET clicks = clicks - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id;
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
    AND clicks = 0 AND shares = 0 AND referrals = 0;
END;

CREATE TRIGGER counters_clicks_insert AFTER INSERT ON clicks WHEN NEW.counted = 1
BEGIN
  INSERT INTO share_link_counters (company_id, share_link_uid, clicks) VALUES (NEW.company_id, NEW.share_link_uid, 1)
    ON CONFLICT (company_id, share_link_uid) DO UPDATE SET clicks = clicks + 1;
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, clicks) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET clicks = clicks + 1;
END;

CREATE TRIGGER counters_clicks_update_new AFTER UPDATE OF counted, company_id, share_link_uid, ambassador_uid, campaign_id ON clicks
  WHEN NEW.counted = 1
BEGIN
  INSERT INTO share_link_counters (company_id, share_link_uid, clicks) VALUES (NEW.company_id, NEW.share_link_uid, 1)
    ON CONFLICT (company_id, share_link_uid) DO UPDATE SET clicks = clicks + 1;
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, clicks) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET clicks = clicks + 1;
END;

CREATE TRIGGER counters_clicks_update_old AFTER UPDATE OF counted, company_id, share_link_uid, ambassador_uid, campaign_id ON clicks
  WHEN OLD.counted = 1
BEGIN
  UPDATE share_link_counters SET clicks = clicks - 1 WHERE company_id = OLD.company_id AND share_link_uid = OLD.share_link_uid;
  DELETE FROM share_link_counters WHERE company_id = OLD.company_id AND share_link_uid = OLD.share_link_uid
    AND clicks = 0 AND referrals = 0 AND earned_minor = 0;
  UPDATE ambassador_counters SET clicks = clicks - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id;
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
    AND clicks = 0 AND shares = 0 AND referrals = 0;
END;

CREATE TRIGGER counters_commissions_delete AFTER DELETE ON commissions
BEGIN
  UPDATE commission_totals SET n = n - 1, amount_minor = amount_minor - OLD.amount_minor, revenue_minor = revenue_minor - OLD.revenue_minor
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND is_monetary = OLD.is_monetary AND status = OLD.status AND event = OLD.event;
  DELETE FROM commission_totals
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND is_monetary = OLD.is_monetary AND status = OLD.status AND event = OLD.event AND n = 0;
  UPDATE share_link_counters SET earned_minor = earned_minor - OLD.amount_minor
   WHERE OLD.is_monetary = 1 AND OLD.status IN ('pending', 'approved', 'paid') AND company_id = OLD.company_id
     AND share_link_uid = (SELECT share_link_uid FROM referrals WHERE id = OLD.referral_id AND company_id = OLD.company_id);
  DELETE FROM share_link_counters WHERE company_id = OLD.company_id
    AND share_link_uid = (SELECT share_link_uid FROM referrals WHERE id = OLD.referral_id AND company_id = OLD.company_id)
    AND clicks = 0 AND referrals = 0 AND earned_minor = 0;
END;

CREATE TRIGGER counters_commissions_insert AFTER INSERT ON commissions
BEGIN
  INSERT INTO commission_totals (company_id, ambassador_uid, campaign_id, is_monetary, status, event, n, amount_minor, revenue_minor)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, NEW.is_monetary, NEW.status, NEW.event, 1, NEW.amount_minor, NEW.revenue_minor)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, is_monetary, status, event)
    DO UPDATE SET n = n + 1, amount_minor = amount_minor + excluded.amount_minor, revenue_minor = revenue_minor + excluded.revenue_minor;
  UPDATE share_link_counters SET earned_minor = earned_minor + NEW.amount_minor
   WHERE NEW.is_monetary = 1 AND NEW.status IN ('pending', 'approved', 'paid') AND company_id = NEW.company_id
     AND share_link_uid = (SELECT share_link_uid FROM referrals WHERE id = NEW.referral_id AND company_id = NEW.company_id);
END;

CREATE TRIGGER counters_commissions_update AFTER UPDATE OF company_id, ambassador_uid, campaign_id, referral_id, amount_minor, revenue_minor,
  is_monetary, status, event ON commissions
BEGIN
  UPDATE commission_totals SET n = n - 1, amount_minor = amount_minor - OLD.amount_minor, revenue_minor = revenue_minor - OLD.revenue_minor
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND is_monetary = OLD.is_monetary AND status = OLD.status AND event = OLD.event;
  DELETE FROM commission_totals
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND is_monetary = OLD.is_monetary AND status = OLD.status AND event = OLD.event AND n = 0;
  INSERT INTO commission_totals (company_id, ambassador_uid, campaign_id, is_monetary, status, event, n, amount_minor, revenue_minor)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, NEW.is_monetary, NEW.status, NEW.event, 1, NEW.amount_minor, NEW.revenue_minor)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, is_monetary, status, event)
    DO UPDATE SET n = n + 1, amount_minor = amount_minor + excluded.amount_minor, revenue_minor = revenue_minor + excluded.revenue_minor;
  UPDATE share_link_counters SET earned_minor = earned_minor - OLD.amount_minor
   WHERE OLD.is_monetary = 1 AND OLD.status IN ('pending', 'approved', 'paid') AND company_id = OLD.company_id
     AND share_link_uid = (SELECT share_link_uid FROM referrals WHERE id = OLD.referral_id AND company_id = OLD.company_id);
  UPDATE share_link_counters SET earned_minor = earned_minor + NEW.amount_minor
   WHERE NEW.is_monetary = 1 AND NEW.status IN ('pending', 'approved', 'paid') AND company_id = NEW.company_id
     AND share_link_uid = (SELECT share_link_uid FROM referrals WHERE id = NEW.referral_id AND company_id = NEW.company_id);
END;

CREATE TRIGGER counters_referrals_delete AFTER DELETE ON referrals
BEGIN
  UPDATE share_link_counters SET referrals = referrals - 1 WHERE company_id = OLD.company_id AND share_link_uid = OLD.share_link_uid;
  DELETE FROM share_link_counters WHERE company_id = OLD.company_id AND share_link_uid = OLD.share_link_uid
    AND clicks = 0 AND referrals = 0 AND earned_minor = 0;
  UPDATE ambassador_counters SET referrals = referrals - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id;
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
    AND clicks = 0 AND shares = 0 AND referrals = 0;
END;

CREATE TRIGGER counters_referrals_insert AFTER INSERT ON referrals
BEGIN
  INSERT INTO share_link_counters (company_id, share_link_uid, referrals)
    SELECT NEW.company_id, NEW.share_link_uid, 1 WHERE NEW.share_link_uid IS NOT NULL
    ON CONFLICT (company_id, share_link_uid) DO UPDATE SET referrals = referrals + 1;
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, referrals) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET referrals = referrals + 1;
END;

CREATE TRIGGER counters_referrals_update AFTER UPDATE OF company_id, share_link_uid, ambassador_uid, campaign_id ON referrals
BEGIN
  UPDATE share_link_counters SET referrals = referrals - 1,
         earned_minor = earned_minor - (SELECT COALESCE(SUM(amount_minor), 0) FROM commissions
           WHERE company_id = OLD.company_id AND referral_id = OLD.id AND is_monetary = 1 AND status IN ('pending', 'approved', 'paid'))
   WHERE company_id = OLD.company_id AND share_link_uid = OLD.share_link_uid;
  DELETE FROM share_link_counters WHERE company_id = OLD.company_id AND share_link_uid = OLD.share_link_uid
    AND clicks = 0 AND referrals = 0 AND earned_minor = 0;
  INSERT INTO share_link_counters (company_id, share_link_uid, referrals, earned_minor)
    SELECT NEW.company_id, NEW.share_link_uid, 1, (SELECT COALESCE(SUM(amount_minor), 0) FROM commissions
           WHERE company_id = NEW.company_id AND referral_id = NEW.id AND is_monetary = 1 AND status IN ('pending', 'approved', 'paid'))
     WHERE NEW.share_link_uid IS NOT NULL
    ON CONFLICT (company_id, share_link_uid) DO UPDATE SET referrals = referrals + 1, earned_minor = earned_minor + excluded.earned_minor;
  UPDATE ambassador_counters SET referrals = referrals - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id;
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
    AND clicks = 0 AND shares = 0 AND referrals = 0;
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, referrals) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET referrals = referrals + 1;
END;

CREATE TRIGGER counters_share_links_delete AFTER DELETE ON share_links
BEGIN
  DELETE FROM share_link_counters WHERE company_id = OLD.company_id AND share_link_uid = OLD.uid;
END;

CREATE TRIGGER counters_shares_delete AFTER DELETE ON shares
BEGIN
  UPDATE ambassador_counters SET shares = shares - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id;
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
    AND clicks = 0 AND shares = 0 AND referrals = 0;
END;

CREATE TRIGGER counters_shares_insert AFTER INSERT ON shares
BEGIN
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, shares) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET shares = shares + 1;
END;

CREATE TRIGGER counters_shares_update AFTER UPDATE OF company_id, ambassador_uid, campaign_id ON shares
BEGIN
  UPDATE ambassador_counters SET shares = shares - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id;
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
    AND clicks = 0 AND shares = 0 AND referrals = 0;
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, shares) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET shares = shares + 1;
END;

CREATE TRIGGER loyalty_balances_not_negative BEFORE UPDATE ON loyalty_balances
WHEN NEW.points_earned < 0 OR NEW.points_available < 0 OR NEW.points_held < 0 OR NEW.points_redeemed < 0 OR NEW.points_expired < 0
  OR NEW.cash_earned < 0 OR NEW.cash_available < 0 OR NEW.cash_held < 0 OR NEW.cash_redeemed < 0 OR NEW.cash_expired < 0
BEGIN SELECT RAISE(ABORT, 'balance_negative'); END;

CREATE TRIGGER loyalty_ledger_balance AFTER INSERT ON loyalty_ledger
BEGIN
  INSERT OR IGNORE INTO loyalty_balances (ambassador_uid, company_id) VALUES (NEW.ambassador_uid, NEW.company_id);
  UPDATE loyalty_balances SET
    points_earned = points_earned + CASE WHEN NEW.entry_type IN ('earn', 'adjust', 'reverse') THEN NEW.amount ELSE 0 END,
    points_available = points_available + CASE WHEN NEW.entry_type = 'post' THEN 0 ELSE NEW.amount END,
    points_held = points_held + CASE NEW.entry_type WHEN 'redeem' THEN -NEW.amount WHEN 'release' THEN -NEW.amount
      WHEN 'post' THEN (SELECT h.amount FROM loyalty_ledger h WHERE h.id = NEW.settles_id) ELSE 0 END,
    points_redeemed = points_redeemed + CASE WHEN NEW.entry_type = 'post' THEN -(SELECT h.amount FROM loyalty_ledger h WHERE h.id = NEW.settles_id) ELSE 0 END,
    points_expired = points_expired + CASE WHEN NEW.entry_type = 'expire' THEN -NEW.amount ELSE 0 END
   WHERE NEW.kind = 'points' AND ambassador_uid = NEW.ambassador_uid AND company_id = NEW.company_id;
  UPDATE loyalty_balances SET
    cash_earned = cash_earned + CASE WHEN NEW.entry_type IN ('earn', 'adjust', 'reverse') THEN NEW.amount ELSE 0 END,
    cash_available = cash_available + CASE WHEN NEW.entry_type = 'post' THEN 0 ELSE NEW.amount END,
    cash_held = cash_held + CASE NEW.entry_type WHEN 'redeem' THEN -NEW.amount WHEN 'release' THEN -NEW.amount
      WHEN 'post' THEN (SELECT h.amount FROM loyalty_ledger h WHERE h.id = NEW.settles_id) ELSE 0 END,
    cash_redeemed = cash_redeemed + CASE WHEN NEW.entry_type = 'post' THEN -(SELECT h.amount FROM loyalty_ledger h WHERE h.id = NEW.settles_id) ELSE 0 END,
    cash_expired = cash_expired + CASE WHEN NEW.entry_type = 'expire' THEN -NEW.amount ELSE 0 END
   WHERE NEW.kind = 'cash' AND ambassador_uid = NEW.ambassador_uid AND company_id = NEW.company_id;
END;

CREATE TRIGGER loyalty_ledger_lot AFTER INSERT ON loyalty_ledger
WHEN NEW.amount > 0 AND NEW.entry_type IN ('earn', 'adjust')
BEGIN
  INSERT INTO loyalty_lots (entry_id, company_id, ambassador_uid, kind, amount, remaining, expire_at, created_at)
  VALUES (NEW.id, NEW.company_id, NEW.ambassador_uid, NEW.kind, NEW.amount, NEW.amount, NEW.expire_at, NEW.created_at);
END;

CREATE TRIGGER loyalty_ledger_lot_debit AFTER INSERT ON loyalty_ledger
WHEN NEW.amount < 0 AND NEW.lot_id IS NOT NULL
BEGIN
  INSERT INTO loyalty_lot_uses (company_id, ambassador_uid, lot_id, entry_id, use, amount)
  VALUES (NEW.company_id, NEW.ambassador_uid, NEW.lot_id, NEW.id, NEW.entry_type, -NEW.amount);
END;

CREATE TRIGGER loyalty_ledger_no_delete BEFORE DELETE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'ledger_append_only'); END;

CREATE TRIGGER loyalty_ledger_no_update BEFORE UPDATE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'ledger_append_only'); END;

CREATE TRIGGER loyalty_ledger_release AFTER INSERT ON loyalty_ledger
WHEN NEW.entry_type = 'release'
BEGIN
  INSERT INTO loyalty_lot_uses (company_id, ambassador_uid, lot_id, entry_id, use, amount)
  SELECT company_id, ambassador_uid, lot_id, NEW.id, 'release', -amount FROM loyalty_lot_uses WHERE entry_id = NEW.settles_id;
END;

CREATE TRIGGER loyalty_ledger_settle_once BEFORE INSERT ON loyalty_ledger
WHEN NEW.settles_id IS NOT NULL AND EXISTS (SELECT 1 FROM loyalty_ledger WHERE settles_id = NEW.settles_id)
BEGIN SELECT RAISE(ABORT, 'hold_already_settled'); END;

CREATE TRIGGER loyalty_ledger_shape BEFORE INSERT ON loyalty_ledger
BEGIN
  SELECT RAISE(ABORT, 'ledger_entry_invalid') WHERE NOT (
       (NEW.entry_type = 'earn' AND NEW.amount > 0 AND NEW.lot_id IS NULL AND NEW.settles_id IS NULL)
    OR (NEW.entry_type = 'adjust' AND NEW.amount <> 0 AND NEW.lot_id IS NULL AND NEW.settles_id IS NULL)
    OR (NEW.entry_type = 'redeem' AND NEW.amount < 0 AND NEW.lot_id IS NULL AND NEW.settles_id IS NULL)
    OR (NEW.entry_type = 'expire' AND NEW.amount < 0 AND NEW.lot_id IS NOT NULL AND NEW.settles_id IS NULL)
    OR (NEW.entry_type = 'reverse' AND NEW.amount < 0 AND NEW.settles_id IS NULL)
    OR (NEW.entry_type IN ('post', 'release') AND NEW.settles_id IS NOT NULL AND NEW.lot_id IS NULL
        AND NEW.amount = CASE NEW.entry_type WHEN 'post' THEN 0 ELSE NEW.amount END));
  -- post and release settle a hold (a redeem entry) of the same ambassador, kind and amount.
  SELECT RAISE(ABORT, 'settlement_mismatch') WHERE NEW.settles_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM loyalty_ledger h WHERE h.id = NEW.settles_id AND h.entry_type = 'redeem'
       AND h.company_id = NEW.company_id AND h.ambassador_uid = NEW.ambassador_uid AND h.kind = NEW.kind
       AND (NEW.entry_type = 'post' OR h.amount = -NEW.amount));
  -- expire and a lot's reverse name a lot of the same ambassador and kind.
  SELECT RAISE(ABORT, 'lot_mismatch') WHERE NEW.lot_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM loyalty_lots l WHERE l.entry_id = NEW.lot_id
       AND l.company_id = NEW.company_id AND l.ambassador_uid = NEW.ambassador_uid AND l.kind = NEW.kind);
END;

CREATE TRIGGER loyalty_ledger_spend AFTER INSERT ON loyalty_ledger
WHEN NEW.amount < 0 AND NEW.lot_id IS NULL
BEGIN
  INSERT INTO loyalty_lot_uses (company_id, ambassador_uid, lot_id, entry_id, use, amount)
  SELECT NEW.company_id, NEW.ambassador_uid, entry_id, NEW.id, NEW.entry_type, MIN(remaining, -NEW.amount - (running - remaining))
    FROM (SELECT entry_id, remaining,
                 SUM(remaining) OVER (ORDER BY expire_at IS NULL, expire_at, entry_id ROWS UNBOUNDED PRECEDING) AS running
            FROM loyalty_lots
           WHERE company_id = NEW.company_id AND ambassador_uid = NEW.ambassador_uid AND kind = NEW.kind
             AND remaining > 0 AND (expire_at IS NULL OR expire_at > NEW.created_at))
   WHERE running - remaining < -NEW.amount;
  SELECT RAISE(ABORT, 'insufficient_funds')
   WHERE (SELECT COALESCE(SUM(amount), 0) FROM loyalty_lot_uses WHERE entry_id = NEW.id) <> -NEW.amount;
END;

CREATE TRIGGER loyalty_ledger_uid_once BEFORE INSERT ON loyalty_ledger
WHEN NEW.uid IS NOT NULL AND EXISTS (SELECT 1 FROM loyalty_ledger WHERE company_id = NEW.company_id AND uid = NEW.uid)
BEGIN SELECT RAISE(ABORT, 'ledger_uid_taken'); END;

CREATE TRIGGER loyalty_lot_uses_apply AFTER INSERT ON loyalty_lot_uses
BEGIN
  UPDATE loyalty_lots SET remaining = remaining - NEW.amount WHERE entry_id = NEW.lot_id;
END;

CREATE TRIGGER loyalty_lot_uses_lot BEFORE INSERT ON loyalty_lot_uses
BEGIN
  SELECT RAISE(ABORT, 'lot_mismatch') WHERE NOT EXISTS (SELECT 1 FROM loyalty_lots
    WHERE entry_id = NEW.lot_id AND company_id = NEW.company_id AND ambassador_uid = NEW.ambassador_uid);
END;

CREATE TRIGGER loyalty_lot_uses_no_delete BEFORE DELETE ON loyalty_lot_uses
  BEGIN SELECT RAISE(ABORT, 'lot_uses_append_only'); END;

CREATE TRIGGER loyalty_lot_uses_no_update BEFORE UPDATE ON loyalty_lot_uses
  BEGIN SELECT RAISE(ABORT, 'lot_uses_append_only'); END;

CREATE TRIGGER loyalty_lots_not_overdrawn BEFORE UPDATE OF remaining ON loyalty_lots
WHEN NEW.remaining < 0 OR NEW.remaining > NEW.amount
BEGIN SELECT RAISE(ABORT, 'lot_overdrawn'); END;

CREATE TRIGGER payouts_amount_positive BEFORE INSERT ON payouts
WHEN NEW.amount_minor <= 0
BEGIN SELECT RAISE(ABORT, 'payout_amount_invalid'); END;

CREATE TRIGGER redemptions_key_once BEFORE INSERT ON redemptions
WHEN EXISTS (SELECT 1 FROM redemptions WHERE company_id = NEW.company_id AND idempotency_key = NEW.idempotency_key)
BEGIN SELECT RAISE(ABORT, 'redemption_key_taken'); END;

CREATE TRIGGER redemptions_settled BEFORE UPDATE OF status ON redemptions
WHEN OLD.status = 'processing' AND NEW.status IN ('completed', 'failed', 'canceled')
  AND NOT EXISTS (SELECT 1 FROM loyalty_ledger l WHERE l.company_id = NEW.company_id AND l.redemption_id = NEW.id
                     AND l.entry_type = CASE NEW.status WHEN 'completed' THEN 'post' ELSE 'release' END)
BEGIN SELECT RAISE(ABORT, 'hold_not_settled'); END;

CREATE TRIGGER redemptions_transition BEFORE UPDATE OF status ON redemptions
WHEN OLD.status <> NEW.status AND NOT (
     (OLD.status = 'processing' AND NEW.status IN ('completed', 'failed', 'canceled'))
  OR (OLD.status = 'completed' AND NEW.status IN ('reversed_to_ledger', 'reversed_to_company')))
BEGIN SELECT RAISE(ABORT, 'illegal_redemption_transition'); END;

CREATE TRIGGER rewards_amounts_insert BEFORE INSERT ON rewards
WHEN NOT COALESCE(NEW.points >= 0 AND (NEW.value_minor IS NULL OR NEW.value_minor >= 0)
  AND ((NEW.value_kind = 'fixed' AND NEW.points > 0)
    OR (NEW.value_kind = 'range' AND NEW.min_amount >= 1 AND NEW.max_amount >= NEW.min_amount)), 0)
BEGIN SELECT RAISE(ABORT, 'reward_amounts_invalid'); END;

CREATE TRIGGER rewards_amounts_update BEFORE UPDATE OF points, value_minor, value_kind, min_amount, max_amount ON rewards
WHEN NOT COALESCE(NEW.points >= 0 AND (NEW.value_minor IS NULL OR NEW.value_minor >= 0)
  AND ((NEW.value_kind = 'fixed' AND NEW.points > 0)
    OR (NEW.value_kind = 'range' AND NEW.min_amount >= 1 AND NEW.max_amount >= NEW.min_amount)), 0)
BEGIN SELECT RAISE(ABORT, 'reward_amounts_invalid'); END;

CREATE TRIGGER rewards_stock_not_negative BEFORE UPDATE OF stock ON rewards
WHEN NEW.stock < 0
BEGIN SELECT RAISE(ABORT, 'out_of_stock'); END;

CREATE TRIGGER self_billing_counter_step BEFORE UPDATE OF last_number ON self_billing_counters
WHEN NEW.last_number <> OLD.last_number + 1
BEGIN SELECT RAISE(ABORT, 'invoice_counter_step'); END;

CREATE TRIGGER self_billing_invoice_number BEFORE INSERT ON self_billing_invoices
WHEN NEW.number IS NOT (SELECT last_number FROM self_billing_counters WHERE company_id = NEW.company_id)
BEGIN SELECT RAISE(ABORT, 'invoice_number_gap'); END;

CREATE TRIGGER self_billing_invoices_no_delete BEFORE DELETE ON self_billing_invoices
BEGIN SELECT RAISE(ABORT, 'invoice_issued'); END;

CREATE TRIGGER self_billing_invoices_no_update BEFORE UPDATE ON self_billing_invoices
BEGIN SELECT RAISE(ABORT, 'invoice_issued'); END;

CREATE TRIGGER share_links_code_not_retired BEFORE UPDATE OF short_code ON share_links
  WHEN NEW.short_code <> OLD.short_code AND EXISTS (SELECT 1 FROM share_link_retired_codes r
    WHERE r.company_id = NEW.company_id AND r.short_code = NEW.short_code AND r.share_link_uid <> NEW.uid)
  BEGIN SELECT RAISE(ABORT, 'short_code_taken'); END;

CREATE TRIGGER share_links_code_not_share_code BEFORE UPDATE OF short_code ON share_links
  WHEN NEW.short_code <> OLD.short_code
   AND EXISTS (SELECT 1 FROM ambassadors a WHERE a.company_id = NEW.company_id AND a.share_code = NEW.short_code COLLATE NOCASE)
  BEGIN SELECT RAISE(ABORT, 'short_code_taken'); END;

CREATE TRIGGER share_links_code_retired AFTER UPDATE OF short_code ON share_links
  WHEN NEW.short_code <> OLD.short_code
  BEGIN
    INSERT INTO share_link_retired_codes (company_id, short_code, share_link_uid) VALUES (OLD.company_id, OLD.short_code, OLD.uid)
      ON CONFLICT (company_id, short_code) DO UPDATE SET share_link_uid = excluded.share_link_uid, retired_at = excluded.retired_at;
    DELETE FROM share_link_retired_codes WHERE company_id = NEW.company_id AND short_code = NEW.short_code;
  END;

CREATE TRIGGER share_links_new_code_not_retired BEFORE INSERT ON share_links
  WHEN EXISTS (SELECT 1 FROM share_link_retired_codes r WHERE r.company_id = NEW.company_id AND r.short_code = NEW.short_code)
  BEGIN SELECT RAISE(IGNORE); END;

CREATE TRIGGER share_links_new_code_not_share_code BEFORE INSERT ON share_links
  WHEN EXISTS (SELECT 1 FROM ambassadors a WHERE a.company_id = NEW.company_id AND a.share_code = NEW.short_code COLLATE NOCASE)
  BEGIN SELECT RAISE(IGNORE); END;

CREATE TRIGGER stats_daily_clicks_delete AFTER DELETE ON clicks
  WHEN OLD.counted = 1 AND NOT EXISTS (SELECT 1 FROM click_purges WHERE company_id = OLD.company_id)
BEGIN
  UPDATE stats_daily SET n = n - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'clicks' AND day = substr(OLD.created_at, 1, 10);
  DELETE FROM stats_daily
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'clicks' AND day = substr(OLD.created_at, 1, 10) AND n = 0;
END;

CREATE TRIGGER stats_daily_clicks_insert AFTER INSERT ON clicks WHEN NEW.counted = 1
BEGIN
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'clicks', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER stats_daily_clicks_update_new AFTER UPDATE OF counted, created_at, company_id, ambassador_uid, campaign_id ON clicks
  WHEN NEW.counted = 1
BEGIN
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'clicks', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER stats_daily_clicks_update_old AFTER UPDATE OF counted, created_at, company_id, ambassador_uid, campaign_id ON clicks
  WHEN OLD.counted = 1
BEGIN
  UPDATE stats_daily SET n = n - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'clicks' AND day = substr(OLD.created_at, 1, 10);
  DELETE FROM stats_daily
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'clicks' AND day = substr(OLD.created_at, 1, 10) AND n = 0;
END;

CREATE TRIGGER stats_daily_referrals_delete AFTER DELETE ON referrals
BEGIN
  UPDATE stats_daily SET n = n - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'referrals' AND day = substr(OLD.created_at, 1, 10);
  DELETE FROM stats_daily
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'referrals' AND day = substr(OLD.created_at, 1, 10) AND n = 0;
END;

CREATE TRIGGER stats_daily_referrals_insert AFTER INSERT ON referrals
BEGIN
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'referrals', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER stats_daily_referrals_update AFTER UPDATE OF created_at, company_id, ambassador_uid, campaign_id ON referrals
BEGIN
  UPDATE stats_daily SET n = n - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'referrals' AND day = substr(OLD.created_at, 1, 10);
  DELETE FROM stats_daily
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'referrals' AND day = substr(OLD.created_at, 1, 10) AND n = 0;
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'referrals', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER stats_daily_shares_delete AFTER DELETE ON shares
BEGIN
  UPDATE stats_daily SET n = n - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'shares' AND day = substr(OLD.created_at, 1, 10);
  DELETE FROM stats_daily
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'shares' AND day = substr(OLD.created_at, 1, 10) AND n = 0;
END;

CREATE TRIGGER stats_daily_shares_insert AFTER INSERT ON shares
BEGIN
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'shares', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER stats_daily_shares_update AFTER UPDATE OF created_at, company_id, ambassador_uid, campaign_id ON shares
BEGIN
  UPDATE stats_daily SET n = n - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'shares' AND day = substr(OLD.created_at, 1, 10);
  DELETE FROM stats_daily
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'shares' AND day = substr(OLD.created_at, 1, 10) AND n = 0;
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'shares', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER tasks_points_insert BEFORE INSERT ON tasks
WHEN NOT COALESCE(NEW.points >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'task_points_invalid'); END;

CREATE TRIGGER tasks_points_update BEFORE UPDATE OF points ON tasks
WHEN NOT COALESCE(NEW.points >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'task_points_invalid'); END;

CREATE TRIGGER tiers_threshold_insert BEFORE INSERT ON tiers
WHEN NOT COALESCE(NEW.threshold >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'tier_threshold_invalid'); END;

CREATE TRIGGER tiers_threshold_update BEFORE UPDATE OF threshold ON tiers
WHEN NOT COALESCE(NEW.threshold >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'tier_threshold_invalid'); END;

CREATE TRIGGER vault_item_variants_stock_not_negative BEFORE UPDATE OF stock ON vault_item_variants
WHEN NEW.stock < 0
BEGIN SELECT RAISE(ABORT, 'out_of_stock'); END;

CREATE TRIGGER vault_item_variants_value_insert BEFORE INSERT ON vault_item_variants
WHEN NOT COALESCE(NEW.value_minor >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'variant_value_invalid'); END;

CREATE TRIGGER vault_item_variants_value_update BEFORE UPDATE OF value_minor ON vault_item_variants
WHEN NOT COALESCE(NEW.value_minor >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'variant_value_invalid'); END;
