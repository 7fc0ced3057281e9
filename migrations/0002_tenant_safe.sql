-- Tenant-safe schema: the database itself refuses a row that mixes two companies, a boolean that is not
-- 0 or 1, and a status or kind the portal does not know.
--
-- * Every reference from one tenant-owned row to another also goes through the company:
--   FOREIGN KEY (company_id, x_id) REFERENCES parent(company_id, id), or (company_id, uid) where the parent
--   is keyed by uid. The parents get UNIQUE (company_id, id|uid) for that. The single-column references of
--   0001 stay as they were. A NULL reference (optional campaign, payout, ...) is still allowed.
-- * CHECKs: boolean INTEGER columns IN (0, 1); languages.status, email_link_codes.purpose, rewards.brand_kind,
--   activities.type / payment_method and loyalty_ledger.status limited to the values the portal writes
--   and spec §4 lists (the other status and kind columns already had CHECKs in 0001).
--
-- SQLite cannot add constraints to an existing table, so every table that gains one, or refers to one that
-- is rebuilt, is rebuilt (all but rate_limits). D1 cannot switch foreign keys off, and dropping a parent
-- while rows still refer to it counts as a violation even if the table comes back under the same name.
-- So: copy all rows aside, drop the old tables children first, create the new ones parents first, copy the
-- rows back (rowids kept), recreate the indexes and triggers of 0001 verbatim, drop the copies. Any row
-- that already mixes two companies makes this migration fail as a whole (nothing is changed): fix the data
-- first. Foreign keys are deferred for the migration's transaction, as D1 documents for table rebuilds, and
-- deliberately NOT switched off again at the end: `PRAGMA defer_foreign_keys = off` inside the transaction
-- discards the violations counted so far, so a bad row would slip through instead of failing the migration.

PRAGMA defer_foreign_keys = on;

-- 1. Copy every row (with its rowid where the rowid is not the primary key) into plain tables.
CREATE TABLE tmp_0002_companies AS SELECT rowid AS tmp_rowid, * FROM companies;
CREATE TABLE tmp_0002_company_hosts AS SELECT rowid AS tmp_rowid, * FROM company_hosts;
CREATE TABLE tmp_0002_groups AS SELECT * FROM groups;
CREATE TABLE tmp_0002_languages AS SELECT rowid AS tmp_rowid, * FROM languages;
CREATE TABLE tmp_0002_campaigns AS SELECT * FROM campaigns;
CREATE TABLE tmp_0002_customizations AS SELECT rowid AS tmp_rowid, * FROM customizations;
CREATE TABLE tmp_0002_users AS SELECT * FROM users;
CREATE TABLE tmp_0002_ambassadors AS SELECT rowid AS tmp_rowid, * FROM ambassadors;
CREATE TABLE tmp_0002_ambassador_campaigns AS SELECT rowid AS tmp_rowid, * FROM ambassador_campaigns;
CREATE TABLE tmp_0002_api_tokens AS SELECT rowid AS tmp_rowid, * FROM api_tokens;
CREATE TABLE tmp_0002_client_sessions AS SELECT rowid AS tmp_rowid, * FROM client_sessions;
CREATE TABLE tmp_0002_reset_codes AS SELECT * FROM reset_codes;
CREATE TABLE tmp_0002_sso_tokens_used AS SELECT rowid AS tmp_rowid, * FROM sso_tokens_used;
CREATE TABLE tmp_0002_notification_settings AS SELECT rowid AS tmp_rowid, * FROM notification_settings;
CREATE TABLE tmp_0002_email_link_codes AS SELECT rowid AS tmp_rowid, * FROM email_link_codes;
CREATE TABLE tmp_0002_email_outbox AS SELECT * FROM email_outbox;
CREATE TABLE tmp_0002_share_links AS SELECT rowid AS tmp_rowid, * FROM share_links;
CREATE TABLE tmp_0002_clicks AS SELECT * FROM clicks;
CREATE TABLE tmp_0002_shares AS SELECT * FROM shares;
CREATE TABLE tmp_0002_referrals AS SELECT * FROM referrals;
CREATE TABLE tmp_0002_payouts AS SELECT * FROM payouts;
CREATE TABLE tmp_0002_rewards AS SELECT rowid AS tmp_rowid, * FROM rewards;
CREATE TABLE tmp_0002_vault_items AS SELECT rowid AS tmp_rowid, * FROM vault_items;
CREATE TABLE tmp_0002_vault_item_variants AS SELECT rowid AS tmp_rowid, * FROM vault_item_variants;
CREATE TABLE tmp_0002_redemptions AS SELECT * FROM redemptions;
CREATE TABLE tmp_0002_commissions AS SELECT * FROM commissions;
CREATE TABLE tmp_0002_activities AS SELECT * FROM activities;
CREATE TABLE tmp_0002_loyalty_ledger AS SELECT * FROM loyalty_ledger;
CREATE TABLE tmp_0002_loyalty_balances AS SELECT rowid AS tmp_rowid, * FROM loyalty_balances;
CREATE TABLE tmp_0002_tiers AS SELECT * FROM tiers;
CREATE TABLE tmp_0002_badges AS SELECT * FROM badges;
CREATE TABLE tmp_0002_ambassador_badges AS SELECT rowid AS tmp_rowid, * FROM ambassador_badges;
CREATE TABLE tmp_0002_tasks AS SELECT * FROM tasks;
CREATE TABLE tmp_0002_task_completions AS SELECT rowid AS tmp_rowid, * FROM task_completions;
CREATE TABLE tmp_0002_assets AS SELECT rowid AS tmp_rowid, * FROM assets;

-- 2. Drop the old tables, children before parents (their indexes and triggers go with them).
DROP TABLE assets;
DROP TABLE task_completions;
DROP TABLE tasks;
DROP TABLE ambassador_badges;
DROP TABLE badges;
DROP TABLE tiers;
DROP TABLE loyalty_balances;
DROP TABLE loyalty_ledger;
DROP TABLE activities;
DROP TABLE commissions;
DROP TABLE redemptions;
DROP TABLE vault_item_variants;
DROP TABLE vault_items;
DROP TABLE rewards;
DROP TABLE payouts;
DROP TABLE referrals;
DROP TABLE shares;
DROP TABLE clicks;
DROP TABLE share_links;
DROP TABLE email_outbox;
DROP TABLE email_link_codes;
DROP TABLE notification_settings;
DROP TABLE sso_tokens_used;
DROP TABLE reset_codes;
DROP TABLE client_sessions;
DROP TABLE api_tokens;
DROP TABLE ambassador_campaigns;
DROP TABLE ambassadors;
DROP TABLE users;
DROP TABLE customizations;
DROP TABLE campaigns;
DROP TABLE languages;
DROP TABLE groups;
DROP TABLE company_hosts;
DROP TABLE companies;

-- 3. The tables again, parents first: the columns, defaults and constraints of 0001_init.sql unchanged,
--    plus the lines under "-- 0002_tenant_safe". Then the rows, the indexes and the triggers of 0001.

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  CHECK (admin3_access IN (0, 1)),
  CHECK (recaptcha_enabled IN (0, 1))
);
INSERT INTO companies (rowid, id, name, currency, admin3_access, loyalty_tier_stat_metric, localize_project_id, point_name, ambassador_state_type, ambassador_state_choices, payout_preference_options, recaptcha_enabled, support_email, sso_secret, portal_uid, created_at)
  SELECT tmp_rowid, id, name, currency, admin3_access, loyalty_tier_stat_metric, localize_project_id, point_name, ambassador_state_type, ambassador_state_choices, payout_preference_options, recaptcha_enabled, support_email, sso_secret, portal_uid, created_at FROM tmp_0002_companies ORDER BY tmp_rowid;

CREATE TABLE company_hosts (
  host TEXT PRIMARY KEY,                                -- lower-case host name without port
  company_id TEXT NOT NULL REFERENCES companies(id)
);
INSERT INTO company_hosts (rowid, host, company_id)
  SELECT tmp_rowid, host, company_id FROM tmp_0002_company_hosts ORDER BY tmp_rowid;
CREATE INDEX company_hosts_company ON company_hosts(company_id);

CREATE TABLE groups (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  -- 0002_tenant_safe
  UNIQUE (company_id, id)
);
INSERT INTO groups (id, uid, company_id, name)
  SELECT id, uid, company_id, name FROM tmp_0002_groups ORDER BY id;
CREATE INDEX groups_company ON groups(company_id);

CREATE TABLE languages (
  company_id TEXT NOT NULL REFERENCES companies(id),
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active',
  PRIMARY KEY (company_id, code),
  -- 0002_tenant_safe
  CHECK (status IN ('active', 'inactive'))
);
INSERT INTO languages (rowid, company_id, code, name, status)
  SELECT tmp_rowid, company_id, code, name, status FROM tmp_0002_languages ORDER BY tmp_rowid;

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  CHECK (is_active IN (0, 1)),
  CHECK (is_hidden_dashboard IN (0, 1))
);
INSERT INTO campaigns (id, uid, company_id, name, description, is_active, is_hidden_dashboard, url, allowed_hosts, native_message, portal_logo, commission_rate_bps, created_at)
  SELECT id, uid, company_id, name, description, is_active, is_hidden_dashboard, url, allowed_hosts, native_message, portal_logo, commission_rate_bps, created_at FROM tmp_0002_campaigns ORDER BY id;
CREATE INDEX campaigns_company ON campaigns(company_id);

CREATE TABLE customizations (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  campaign_id INTEGER REFERENCES campaigns(id),
  settings TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id)
);
INSERT INTO customizations (rowid, id, company_id, campaign_id, settings, updated_at)
  SELECT tmp_rowid, id, company_id, campaign_id, settings, updated_at FROM tmp_0002_customizations ORDER BY tmp_rowid;
CREATE UNIQUE INDEX customizations_scope ON customizations(company_id, IFNULL(campaign_id, 0));

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
  UNIQUE (company_id, email),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  CHECK (loyalty_access IN (0, 1))
);
INSERT INTO users (id, company_id, email, password_hash, first_name, last_name, loyalty_access, access, created_at)
  SELECT id, company_id, email, password_hash, first_name, last_name, loyalty_access, access, created_at FROM tmp_0002_users ORDER BY id;

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id),
  FOREIGN KEY (company_id, group_id) REFERENCES groups(company_id, id),
  FOREIGN KEY (company_id, referred_by_uid) REFERENCES ambassadors(company_id, uid),
  CHECK (deactivated_by_self IN (0, 1))
);
INSERT INTO ambassadors (rowid, uid, company_id, user_id, username, share_code, avatar_key, phone, company_name, job_title, street, city, state, zip, country, date_of_birth, custom_fields, facebook_url, twitter_url, linkedin_url, pinterest_url, payout_preference, paypal_email, dwolla_email, email_preferences, language, group_id, referred_by_uid, deactivated_by_self, loyalty_clickable_tasks, created_at)
  SELECT tmp_rowid, uid, company_id, user_id, username, share_code, avatar_key, phone, company_name, job_title, street, city, state, zip, country, date_of_birth, custom_fields, facebook_url, twitter_url, linkedin_url, pinterest_url, payout_preference, paypal_email, dwolla_email, email_preferences, language, group_id, referred_by_uid, deactivated_by_self, loyalty_clickable_tasks, created_at FROM tmp_0002_ambassadors ORDER BY tmp_rowid;
CREATE UNIQUE INDEX ambassadors_username ON ambassadors(company_id, username) WHERE username IS NOT NULL;
CREATE UNIQUE INDEX ambassadors_share_code ON ambassadors(company_id, share_code);
CREATE INDEX ambassadors_company ON ambassadors(company_id);

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
INSERT INTO ambassador_campaigns (rowid, company_id, ambassador_uid, campaign_id, joined_at)
  SELECT tmp_rowid, company_id, ambassador_uid, campaign_id, joined_at FROM tmp_0002_ambassador_campaigns ORDER BY tmp_rowid;
CREATE INDEX ambassador_campaigns_company ON ambassador_campaigns(company_id, campaign_id);

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
INSERT INTO api_tokens (rowid, token_hash, company_id, user_id, created_at, expires_at, revoked_at)
  SELECT tmp_rowid, token_hash, company_id, user_id, created_at, expires_at, revoked_at FROM tmp_0002_api_tokens ORDER BY tmp_rowid;
CREATE INDEX api_tokens_user ON api_tokens(user_id);

CREATE TABLE client_sessions (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  used_at TEXT
);
INSERT INTO client_sessions (rowid, uid, company_id, created_at, expires_at, used_at)
  SELECT tmp_rowid, uid, company_id, created_at, expires_at, used_at FROM tmp_0002_client_sessions ORDER BY tmp_rowid;

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
INSERT INTO reset_codes (id, company_id, user_id, code_hash, purpose, attempts, created_at, expires_at, used_at)
  SELECT id, company_id, user_id, code_hash, purpose, attempts, created_at, expires_at, used_at FROM tmp_0002_reset_codes ORDER BY id;
CREATE INDEX reset_codes_user ON reset_codes(user_id, created_at);

CREATE TABLE sso_tokens_used (
  company_id TEXT NOT NULL REFERENCES companies(id),
  jti TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (company_id, jti)
);
INSERT INTO sso_tokens_used (rowid, company_id, jti, expires_at)
  SELECT tmp_rowid, company_id, jti, expires_at FROM tmp_0002_sso_tokens_used ORDER BY tmp_rowid;

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
INSERT INTO notification_settings (rowid, ambassador_uid, company_id, earn_pending_commission, commission_approved, commission_denied, payout_fulfilled, unsubscribe_all)
  SELECT tmp_rowid, ambassador_uid, company_id, earn_pending_commission, commission_approved, commission_denied, payout_fulfilled, unsubscribe_all FROM tmp_0002_notification_settings ORDER BY tmp_rowid;

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
INSERT INTO email_link_codes (rowid, code_hash, company_id, ambassador_uid, purpose, created_at)
  SELECT tmp_rowid, code_hash, company_id, ambassador_uid, purpose, created_at FROM tmp_0002_email_link_codes ORDER BY tmp_rowid;

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
INSERT INTO email_outbox (id, company_id, to_email, template, subject, body_text, created_at, sent_at)
  SELECT id, company_id, to_email, template, subject, body_text, created_at, sent_at FROM tmp_0002_email_outbox ORDER BY id;
CREATE INDEX email_outbox_to ON email_outbox(company_id, to_email, id);

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
INSERT INTO share_links (rowid, uid, company_id, ambassador_uid, campaign_id, short_code, is_default, description, source, medium, redirect_url, created_at, updated_at)
  SELECT tmp_rowid, uid, company_id, ambassador_uid, campaign_id, short_code, is_default, description, source, medium, redirect_url, created_at, updated_at FROM tmp_0002_share_links ORDER BY tmp_rowid;
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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  CHECK (counted IN (0, 1))
);
INSERT INTO clicks (id, company_id, share_link_uid, campaign_id, ambassador_uid, referrer_host, country, client_hash, counted, created_at)
  SELECT id, company_id, share_link_uid, campaign_id, ambassador_uid, referrer_host, country, client_hash, counted, created_at FROM tmp_0002_clicks ORDER BY id;
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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid)
);
INSERT INTO shares (id, company_id, ambassador_uid, campaign_id, share_link_uid, social_name, recipient_email, recipient_username, created_at)
  SELECT id, company_id, ambassador_uid, campaign_id, share_link_uid, social_name, recipient_email, recipient_username, created_at FROM tmp_0002_shares ORDER BY id;
CREATE INDEX shares_ambassador ON shares(company_id, ambassador_uid, campaign_id, created_at);

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
INSERT INTO referrals (id, company_id, ambassador_uid, campaign_id, share_link_uid, name, email, created_at)
  SELECT id, company_id, ambassador_uid, campaign_id, share_link_uid, name, email, created_at FROM tmp_0002_referrals ORDER BY id;
CREATE INDEX referrals_ambassador ON referrals(company_id, ambassador_uid, campaign_id, created_at);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);
INSERT INTO payouts (id, company_id, ambassador_uid, amount_minor, currency, payment_method, status, transaction_id, paid_at, created_at)
  SELECT id, company_id, ambassador_uid, amount_minor, currency, payment_method, status, transaction_id, paid_at, created_at FROM tmp_0002_payouts ORDER BY id;
CREATE INDEX payouts_ambassador ON payouts(company_id, ambassador_uid, created_at);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  CHECK (brand_kind IN ('amazon', 'bass_pro', 'default', 'promo', 'tango', 'target')),
  CHECK (is_active IN (0, 1))
);
INSERT INTO rewards (rowid, uid, company_id, name, type, brand_kind, image, brand_description, disclaimer, value_kind, points, min_amount, max_amount, value_minor, currency, config, stock, is_active, created_at)
  SELECT tmp_rowid, uid, company_id, name, type, brand_kind, image, brand_description, disclaimer, value_kind, points, min_amount, max_amount, value_minor, currency, config, stock, is_active, created_at FROM tmp_0002_rewards ORDER BY tmp_rowid;
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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  CHECK (is_active IN (0, 1))
);
INSERT INTO vault_items (rowid, uid, company_id, campaign_id, name, description, image, payment_type, currency, is_active, created_at)
  SELECT tmp_rowid, uid, company_id, campaign_id, name, description, image, payment_type, currency, is_active, created_at FROM tmp_0002_vault_items ORDER BY tmp_rowid;
CREATE INDEX vault_items_company ON vault_items(company_id);

CREATE TABLE vault_item_variants (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  vault_item_uid TEXT NOT NULL REFERENCES vault_items(uid),
  name TEXT NOT NULL,
  cost INTEGER NOT NULL CHECK (cost > 0),               -- in the vault's spend unit (cash minor units)
  value_minor INTEGER NOT NULL,
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  is_active INTEGER NOT NULL DEFAULT 1,
  -- 0002_tenant_safe
  UNIQUE (company_id, uid),
  FOREIGN KEY (company_id, vault_item_uid) REFERENCES vault_items(company_id, uid),
  CHECK (is_active IN (0, 1))
);
INSERT INTO vault_item_variants (rowid, uid, company_id, vault_item_uid, name, cost, value_minor, stock, is_active)
  SELECT tmp_rowid, uid, company_id, vault_item_uid, name, cost, value_minor, stock, is_active FROM tmp_0002_vault_item_variants ORDER BY tmp_rowid;
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
  UNIQUE (company_id, idempotency_key),
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, reward_uid) REFERENCES rewards(company_id, uid),
  FOREIGN KEY (company_id, vault_item_uid) REFERENCES vault_items(company_id, uid),
  FOREIGN KEY (company_id, variant_uid) REFERENCES vault_item_variants(company_id, uid)
);
INSERT INTO redemptions (id, company_id, ambassador_uid, kind, reward_uid, vault_item_uid, variant_uid, requested_amount, spend_kind, status, idempotency_key, details, created_at)
  SELECT id, company_id, ambassador_uid, kind, reward_uid, vault_item_uid, variant_uid, requested_amount, spend_kind, status, idempotency_key, details, created_at FROM tmp_0002_redemptions ORDER BY id;
CREATE INDEX redemptions_ambassador ON redemptions(company_id, ambassador_uid, created_at);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, referral_id) REFERENCES referrals(company_id, id),
  FOREIGN KEY (company_id, payout_id) REFERENCES payouts(company_id, id),
  CHECK (is_monetary IN (0, 1))
);
INSERT INTO commissions (id, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor, currency, is_monetary, event, status, payout_id, created_at)
  SELECT id, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor, currency, is_monetary, event, status, payout_id, created_at FROM tmp_0002_commissions ORDER BY id;
CREATE INDEX commissions_ambassador ON commissions(company_id, ambassador_uid, created_at);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, payout_id) REFERENCES payouts(company_id, id),
  FOREIGN KEY (company_id, redemption_id) REFERENCES redemptions(company_id, id),
  CHECK (type IN ('referral', 'commission', 'payout', 'redemption', 'points', 'cash', 'task')),
  CHECK (payment_method IS NULL OR payment_method BETWEEN 0 AND 8)
);
INSERT INTO activities (id, company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, amount_minor, currency, points, status, payment_method, expire_at, event_data1, event_data2, event_data3, payout_id, redemption_id, created_at)
  SELECT id, company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, amount_minor, currency, points, status, payment_method, expire_at, event_data1, event_data2, event_data3, payout_id, redemption_id, created_at FROM tmp_0002_activities ORDER BY id;
CREATE INDEX activities_ambassador ON activities(company_id, ambassador_uid, created_at);

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
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, referral_id) REFERENCES referrals(company_id, id),
  FOREIGN KEY (company_id, redemption_id) REFERENCES redemptions(company_id, id),
  CHECK (status IN ('posted', 'consumed_partial', 'consumed_full', 'expired_partial', 'expired_full', 'consumed_reversed', 'revoked',
                    'pending', 'approved_held', 'approved', 'processing', 'fulfillment_failed', 'fulfilled', 'fraud', 'denied', 'closed', 'expired', 'transferred'))
);
INSERT INTO loyalty_ledger (id, company_id, ambassador_uid, kind, entry_type, amount, status, campaign_id, referral_id, redemption_id, description, expire_at, created_at)
  SELECT id, company_id, ambassador_uid, kind, entry_type, amount, status, campaign_id, referral_id, redemption_id, description, expire_at, created_at FROM tmp_0002_loyalty_ledger ORDER BY id;
CREATE INDEX loyalty_ledger_ambassador ON loyalty_ledger(company_id, ambassador_uid, kind, created_at);
CREATE TRIGGER loyalty_ledger_no_update BEFORE UPDATE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'loyalty_ledger is append-only'); END;
CREATE TRIGGER loyalty_ledger_no_delete BEFORE DELETE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'loyalty_ledger is append-only'); END;

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
  cash_expired INTEGER NOT NULL DEFAULT 0,
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);
INSERT INTO loyalty_balances (rowid, ambassador_uid, company_id, points_earned, points_available, points_redeemed, points_expired, cash_earned, cash_available, cash_redeemed, cash_expired)
  SELECT tmp_rowid, ambassador_uid, company_id, points_earned, points_available, points_redeemed, points_expired, cash_earned, cash_available, cash_redeemed, cash_expired FROM tmp_0002_loyalty_balances ORDER BY tmp_rowid;

CREATE TABLE tiers (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  color TEXT NOT NULL DEFAULT '#3c97d3',
  threshold INTEGER NOT NULL,
  image TEXT,
  description TEXT NOT NULL DEFAULT '',
  is_active INTEGER NOT NULL DEFAULT 1,
  -- 0002_tenant_safe
  CHECK (is_active IN (0, 1))
);
INSERT INTO tiers (id, uid, company_id, name, color, threshold, image, description, is_active)
  SELECT id, uid, company_id, name, color, threshold, image, description, is_active FROM tmp_0002_tiers ORDER BY id;
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
  is_active INTEGER NOT NULL DEFAULT 1,
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  CHECK (is_active IN (0, 1))
);
INSERT INTO badges (id, uid, company_id, name, color, points, image, description, is_active)
  SELECT id, uid, company_id, name, color, points, image, description, is_active FROM tmp_0002_badges ORDER BY id;
CREATE INDEX badges_company ON badges(company_id);

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
INSERT INTO ambassador_badges (rowid, ambassador_uid, badge_id, company_id, earned_at)
  SELECT tmp_rowid, ambassador_uid, badge_id, company_id, earned_at FROM tmp_0002_ambassador_badges ORDER BY tmp_rowid;

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
  is_active INTEGER NOT NULL DEFAULT 1,
  -- 0002_tenant_safe
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  CHECK (is_active IN (0, 1))
);
INSERT INTO tasks (id, uid, company_id, campaign_id, name, description, points, url, position, is_active)
  SELECT id, uid, company_id, campaign_id, name, description, points, url, position, is_active FROM tmp_0002_tasks ORDER BY id;
CREATE INDEX tasks_company ON tasks(company_id, position);

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
INSERT INTO task_completions (rowid, ambassador_uid, task_id, company_id, completed_at)
  SELECT tmp_rowid, ambassador_uid, task_id, company_id, completed_at FROM tmp_0002_task_completions ORDER BY tmp_rowid;

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
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id)
);
INSERT INTO assets (rowid, uid, company_id, campaign_id, title, file_key, file_name, content_type, size_bytes, thumbnail_key, created_at)
  SELECT tmp_rowid, uid, company_id, campaign_id, title, file_key, file_name, content_type, size_bytes, thumbnail_key, created_at FROM tmp_0002_assets ORDER BY tmp_rowid;
CREATE INDEX assets_campaign ON assets(company_id, campaign_id);

-- 4. Drop the copies.
DROP TABLE tmp_0002_assets;
DROP TABLE tmp_0002_task_completions;
DROP TABLE tmp_0002_tasks;
DROP TABLE tmp_0002_ambassador_badges;
DROP TABLE tmp_0002_badges;
DROP TABLE tmp_0002_tiers;
DROP TABLE tmp_0002_loyalty_balances;
DROP TABLE tmp_0002_loyalty_ledger;
DROP TABLE tmp_0002_activities;
DROP TABLE tmp_0002_commissions;
DROP TABLE tmp_0002_redemptions;
DROP TABLE tmp_0002_vault_item_variants;
DROP TABLE tmp_0002_vault_items;
DROP TABLE tmp_0002_rewards;
DROP TABLE tmp_0002_payouts;
DROP TABLE tmp_0002_referrals;
DROP TABLE tmp_0002_shares;
DROP TABLE tmp_0002_clicks;
DROP TABLE tmp_0002_share_links;
DROP TABLE tmp_0002_email_outbox;
DROP TABLE tmp_0002_email_link_codes;
DROP TABLE tmp_0002_notification_settings;
DROP TABLE tmp_0002_sso_tokens_used;
DROP TABLE tmp_0002_reset_codes;
DROP TABLE tmp_0002_client_sessions;
DROP TABLE tmp_0002_api_tokens;
DROP TABLE tmp_0002_ambassador_campaigns;
DROP TABLE tmp_0002_ambassadors;
DROP TABLE tmp_0002_users;
DROP TABLE tmp_0002_customizations;
DROP TABLE tmp_0002_campaigns;
DROP TABLE tmp_0002_languages;
DROP TABLE tmp_0002_groups;
DROP TABLE tmp_0002_company_hosts;
DROP TABLE tmp_0002_companies;
