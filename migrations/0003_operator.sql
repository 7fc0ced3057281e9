-- Operator API (issue 9): company API keys, Idempotency-Key records, commission rules per campaign,
-- and commissions that can be addressed by uid, are unique per (company, transaction, event) and can be
-- corrected by a negative clawback row.
--
-- Same style as 0002_tenant_safe.sql: references from one tenant-owned row to another go through the
-- company (composite foreign keys), booleans and kinds are CHECKed. `commissions` gains CHECKs, so it is
-- rebuilt the 0002 way (rows copied aside, table dropped and created again, rows copied back with their
-- ids, indexes recreated). Nothing refers to `commissions`, so only it is rebuilt.

PRAGMA defer_foreign_keys = on;

-- Company API keys: `Authorization: Bearer opk_...`. Only the SHA-256 of a key is kept; `prefix` is the
-- first characters of the key, to tell keys apart in a list.
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
CREATE INDEX operator_api_keys_company ON operator_api_keys(company_id);

-- Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field"): one row per company and key.
-- request_hash = SHA-256 of method, path and body; the stored answer is replayed for the same request.
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

-- Commission rules of a campaign (0001 only had commission_rate_bps, a percentage of revenue):
-- percentage: amount = revenue * commission_rate_bps / 10000; fixed: amount = commission_fixed_minor.
-- commission_is_monetary 0: the amount is store credit (never paid out). loyalty_points: points earned
-- per conversion (0: none).
ALTER TABLE campaigns ADD COLUMN commission_type TEXT NOT NULL DEFAULT 'percentage' CHECK (commission_type IN ('percentage', 'fixed'));
ALTER TABLE campaigns ADD COLUMN commission_fixed_minor INTEGER NOT NULL DEFAULT 0 CHECK (commission_fixed_minor >= 0);
ALTER TABLE campaigns ADD COLUMN commission_is_monetary INTEGER NOT NULL DEFAULT 1 CHECK (commission_is_monetary IN (0, 1));
ALTER TABLE campaigns ADD COLUMN loyalty_points INTEGER NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0);

-- Payouts get a uid the operator API answers with (the integer id stays the key commissions refer to).
ALTER TABLE payouts ADD COLUMN uid TEXT;
UPDATE payouts SET uid = 'po-' || id;
CREATE UNIQUE INDEX payouts_uid ON payouts(company_id, uid);

-- Commissions, rebuilt.
CREATE TABLE tmp_0003_commissions AS SELECT * FROM commissions;
DROP TABLE commissions;
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
  updated_at TEXT,
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
INSERT INTO commissions (id, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor, currency, is_monetary, event, status, payout_id, created_at, uid)
  SELECT id, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor, currency, is_monetary, event, status, payout_id, created_at, 'com-' || id
  FROM tmp_0003_commissions ORDER BY id;
DROP TABLE tmp_0003_commissions;
CREATE INDEX commissions_ambassador ON commissions(company_id, ambassador_uid, created_at);
-- One commission per (company, transaction, event), however often or concurrently a conversion is sent.
CREATE UNIQUE INDEX commissions_transaction ON commissions(company_id, transaction_id, event) WHERE kind = 'commission';
CREATE INDEX commissions_reverses ON commissions(company_id, reverses_id) WHERE reverses_id IS NOT NULL;
CREATE INDEX commissions_payable ON commissions(company_id, ambassador_uid, status, payout_id);
