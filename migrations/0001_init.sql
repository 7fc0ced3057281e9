-- The whole data model of the ambassador portal. Every tenant-owned row carries company_id and every
-- query filters by it. Money is integer minor units (cents) beside a currency code; points are integers.
-- Times are ISO-8601 UTC strings (what SQLite's strftime and JavaScript's toISOString both write).

PRAGMA foreign_keys = ON;

-- Companies (tenants) -------------------------------------------------------------------------------

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE company_hosts (
  host TEXT PRIMARY KEY,                                -- lower-case host name without port
  company_id TEXT NOT NULL REFERENCES companies(id)
);
CREATE INDEX company_hosts_company ON company_hosts(company_id);

-- Customization: one row for the company (campaign_id NULL) and optional campaign-level overrides.
-- settings is JSON validated by src/lib/schemas/customization.ts, which also holds the defaults.
CREATE TABLE customizations (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  campaign_id INTEGER REFERENCES campaigns(id),
  settings TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX customizations_scope ON customizations(company_id, IFNULL(campaign_id, 0));

CREATE TABLE groups (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL
);
CREATE INDEX groups_company ON groups(company_id);

CREATE TABLE languages (
  company_id TEXT NOT NULL REFERENCES companies(id),
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active',
  PRIMARY KEY (company_id, code)
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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX campaigns_company ON campaigns(company_id);

-- People ---------------------------------------------------------------------------------------------

CREATE TABLE users (
  id INTEGER PRIMARY KEY,                               -- userid
  company_id TEXT NOT NULL REFERENCES companies(id),
  email TEXT NOT NULL COLLATE NOCASE,
  password_hash TEXT,                                   -- NULL until the person sets a password
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  loyalty_access INTEGER NOT NULL DEFAULT 0,
  access INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, email)
);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX ambassadors_username ON ambassadors(company_id, username) WHERE username IS NOT NULL;
CREATE UNIQUE INDEX ambassadors_share_code ON ambassadors(company_id, share_code);
CREATE INDEX ambassadors_company ON ambassadors(company_id);

CREATE TABLE ambassador_campaigns (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  joined_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (ambassador_uid, campaign_id)
);
CREATE INDEX ambassador_campaigns_company ON ambassador_campaigns(company_id, campaign_id);

-- API tokens (the session): only the SHA-256 of the random token is stored.
CREATE TABLE api_tokens (
  token_hash TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX api_tokens_user ON api_tokens(user_id);

-- Registration sessions (POST /auth/session/ -> client_session_uid).
CREATE TABLE client_sessions (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  used_at TEXT
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
  used_at TEXT
);
CREATE INDEX reset_codes_user ON reset_codes(user_id, created_at);

-- Single-use markers for single sign-on tokens (their jti).
CREATE TABLE sso_tokens_used (
  company_id TEXT NOT NULL REFERENCES companies(id),
  jti TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (company_id, jti)
);

-- Fixed-window counters for login / forgot-password throttling.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);

CREATE TABLE notification_settings (
  ambassador_uid TEXT PRIMARY KEY REFERENCES ambassadors(uid),
  company_id TEXT NOT NULL REFERENCES companies(id),
  earn_pending_commission INTEGER NOT NULL DEFAULT 1,
  commission_approved INTEGER NOT NULL DEFAULT 1,
  commission_denied INTEGER NOT NULL DEFAULT 1,
  payout_fulfilled INTEGER NOT NULL DEFAULT 1,
  unsubscribe_all INTEGER NOT NULL DEFAULT 0
);

-- Codes in e-mailed links (unsubscribe); only their hash is kept.
CREATE TABLE email_link_codes (
  code_hash TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  purpose TEXT NOT NULL DEFAULT 'optout',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
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
);
CREATE INDEX email_outbox_to ON email_outbox(company_id, to_email, id);

-- Sharing and counting -------------------------------------------------------------------------------

-- Every link an ambassador shares. The campaign referral link is the row with is_default = 1.
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
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX share_links_code ON share_links(company_id, short_code);
CREATE INDEX share_links_ambassador ON share_links(company_id, ambassador_uid, created_at);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX clicks_ambassador ON clicks(company_id, ambassador_uid, campaign_id, created_at);
CREATE INDEX clicks_link ON clicks(share_link_uid, created_at);
CREATE INDEX clicks_client ON clicks(share_link_uid, client_hash, created_at);

CREATE TABLE shares (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  share_link_uid TEXT REFERENCES share_links(uid),
  social_name TEXT NOT NULL,
  recipient_email TEXT,
  recipient_username TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX shares_ambassador ON shares(company_id, ambassador_uid, campaign_id, created_at);

CREATE TABLE referrals (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  share_link_uid TEXT REFERENCES share_links(uid),
  name TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX referrals_ambassador ON referrals(company_id, ambassador_uid, campaign_id, created_at);

-- Money ----------------------------------------------------------------------------------------------

CREATE TABLE commissions (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  referral_id INTEGER REFERENCES referrals(id),
  transaction_id TEXT NOT NULL,
  revenue_minor INTEGER NOT NULL DEFAULT 0,
  amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
  currency TEXT NOT NULL,
  is_monetary INTEGER NOT NULL DEFAULT 1,
  event TEXT NOT NULL DEFAULT 'first' CHECK (event IN ('first', 'second')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'paid', 'zero', 'denied')),
  payout_id INTEGER REFERENCES payouts(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX commissions_ambassador ON commissions(company_id, ambassador_uid, created_at);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payouts_ambassador ON payouts(company_id, ambassador_uid, created_at);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX activities_ambassador ON activities(company_id, ambassador_uid, created_at);

-- Loyalty --------------------------------------------------------------------------------------------

-- Append-only ledger of points and cash (cash in minor units). Positive entries earn, negative spend
-- or expire. Reward entries carry the reward status of spec §4 in their own row at creation.
CREATE TABLE loyalty_ledger (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  kind TEXT NOT NULL CHECK (kind IN ('points', 'cash')),
  entry_type TEXT NOT NULL CHECK (entry_type IN ('earn', 'redeem', 'expire', 'reverse', 'adjust')),
  amount INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'posted',
  campaign_id INTEGER REFERENCES campaigns(id),
  referral_id INTEGER REFERENCES referrals(id),
  redemption_id INTEGER REFERENCES redemptions(id),
  description TEXT NOT NULL DEFAULT '',
  expire_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX loyalty_ledger_ambassador ON loyalty_ledger(company_id, ambassador_uid, kind, created_at);
CREATE TRIGGER loyalty_ledger_no_update BEFORE UPDATE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'loyalty_ledger is append-only'); END;
CREATE TRIGGER loyalty_ledger_no_delete BEFORE DELETE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'loyalty_ledger is append-only'); END;

-- Balances kept beside the ledger, written in the same batch; the CHECKs are the spend guards.
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
  cash_expired INTEGER NOT NULL DEFAULT 0
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
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX tiers_company ON tiers(company_id, threshold);

CREATE TABLE badges (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  color TEXT NOT NULL DEFAULT '#3c97d3',
  points INTEGER NOT NULL DEFAULT 0,                    -- threshold that earns the badge
  image TEXT,
  description TEXT NOT NULL DEFAULT '',
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX badges_company ON badges(company_id);

CREATE TABLE ambassador_badges (
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  badge_id INTEGER NOT NULL REFERENCES badges(id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  earned_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (ambassador_uid, badge_id)
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
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX tasks_company ON tasks(company_id, position);

CREATE TABLE task_completions (
  ambassador_uid TEXT NOT NULL REFERENCES ambassadors(uid),
  task_id INTEGER NOT NULL REFERENCES tasks(id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  completed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (ambassador_uid, task_id)
);

-- Rewards --------------------------------------------------------------------------------------------

-- Gift cards and other rewards bought with points (POST /loyalty/gift_card/redeem/).
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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX rewards_company ON rewards(company_id);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX vault_items_company ON vault_items(company_id);

CREATE TABLE vault_item_variants (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  vault_item_uid TEXT NOT NULL REFERENCES vault_items(uid),
  name TEXT NOT NULL,
  cost INTEGER NOT NULL CHECK (cost > 0),               -- in the vault's spend unit (cash minor units)
  value_minor INTEGER NOT NULL,
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX vault_item_variants_item ON vault_item_variants(vault_item_uid);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, idempotency_key)
);
CREATE INDEX redemptions_ambassador ON redemptions(company_id, ambassador_uid, created_at);

-- Assets ---------------------------------------------------------------------------------------------

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX assets_campaign ON assets(company_id, campaign_id);
