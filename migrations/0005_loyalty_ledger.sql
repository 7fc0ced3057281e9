-- Loyalty ledger as lots, holds and the guards that make a double spend impossible (issue 10).
--
-- D1 has no interactive transactions: a batch() is the transaction, and any statement that fails rolls
-- the whole batch back. So every money rule lives here, in SQL that fails:
--
-- * loyalty_ledger stays append-only (0001's triggers). Every change of a balance is a NEW entry:
--     earn     (+)  a lot: points or cash with its own expire_at
--     adjust   (+/-) an operator correction: + is a lot, - is spent like a redemption
--     redeem   (-)  a HOLD for a redemption: the amount leaves `available` for `held`
--     post     (0)  settles a hold: the redemption was fulfilled, `held` becomes `redeemed`
--     release  (+)  settles a hold the other way: fulfilment failed, the lots get their amount back
--     expire   (-)  what was left of ONE lot (lot_id) when its expire_at passed
--     reverse  (-)  a clawback: of one lot (lot_id, e.g. the points of a refunded referral) or oldest first
-- * The triggers below keep loyalty_lots (what is left of each lot), loyalty_lot_uses (which entry took
--   how much of which lot: append-only) and loyalty_balances in the same statement as the entry, so there
--   is no second write path to forget and the operator events, the redemptions, the cron and the seed all
--   go through the same rules.
-- * Spending takes the soonest-expiring open lots first (never an expired one), through one INSERT .. SELECT
--   with a running total; a spend that the lots cannot cover, a lot taken below 0 or a balance below 0
--   RAISEs, and the batch is gone. A hold is settled exactly once: a UNIQUE index on settles_id lets one
--   post OR one release exist per redeem entry.
-- * Reward-ledger statuses of spec §4 (posted, consumed_partial, consumed_full, expired_partial,
--   expired_full, consumed_reversed, revoked) and redeemed_amount are DERIVED from a lot's uses
--   (src/lib/ledger-status.ts); the status column of new entries stays 'posted'.

PRAGMA defer_foreign_keys = on;

-- The ledger, rebuilt for two more entry types (post, release) and three columns; same rows, same ids.
CREATE TABLE loyalty_ledger_0005 (
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
  lot_id INTEGER REFERENCES loyalty_ledger_0005(id),    -- expire / reverse of one lot
  settles_id INTEGER REFERENCES loyalty_ledger_0005(id),-- post / release of one hold
  UNIQUE (company_id, id),
  FOREIGN KEY (company_id, lot_id) REFERENCES loyalty_ledger_0005(company_id, id),
  FOREIGN KEY (company_id, settles_id) REFERENCES loyalty_ledger_0005(company_id, id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid),
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  FOREIGN KEY (company_id, referral_id) REFERENCES referrals(company_id, id),
  FOREIGN KEY (company_id, redemption_id) REFERENCES redemptions(company_id, id),
  CHECK (status IN ('posted', 'consumed_partial', 'consumed_full', 'expired_partial', 'expired_full', 'consumed_reversed', 'revoked',
                    'pending', 'approved_held', 'approved', 'processing', 'fulfillment_failed', 'fulfilled', 'fraud', 'denied', 'closed', 'expired', 'transferred'))
);
INSERT INTO loyalty_ledger_0005 (id, company_id, ambassador_uid, kind, entry_type, amount, status, campaign_id, referral_id, redemption_id, description, expire_at, created_at)
  SELECT id, company_id, ambassador_uid, kind, entry_type, amount, status, campaign_id, referral_id, redemption_id, description, expire_at, created_at
    FROM loyalty_ledger;
DROP TABLE loyalty_ledger;
ALTER TABLE loyalty_ledger_0005 RENAME TO loyalty_ledger;
CREATE INDEX loyalty_ledger_ambassador ON loyalty_ledger(company_id, ambassador_uid, kind, created_at);
CREATE TRIGGER loyalty_ledger_no_update BEFORE UPDATE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'loyalty_ledger is append-only'); END;
CREATE TRIGGER loyalty_ledger_no_delete BEFORE DELETE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'loyalty_ledger is append-only'); END;
CREATE UNIQUE INDEX loyalty_ledger_uid ON loyalty_ledger(company_id, uid) WHERE uid IS NOT NULL;
CREATE UNIQUE INDEX loyalty_ledger_one_settlement ON loyalty_ledger(settles_id) WHERE settles_id IS NOT NULL;
CREATE INDEX loyalty_ledger_redemption ON loyalty_ledger(company_id, redemption_id) WHERE redemption_id IS NOT NULL;

ALTER TABLE loyalty_balances ADD COLUMN points_held INTEGER NOT NULL DEFAULT 0 CHECK (points_held >= 0);
ALTER TABLE loyalty_balances ADD COLUMN cash_held INTEGER NOT NULL DEFAULT 0 CHECK (cash_held >= 0);

-- What is left of every lot (an earn or a positive adjust entry). A cache of amount - SUM(uses), kept by
-- the triggers and CHECKed: never below 0, never above the lot.
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
CREATE INDEX loyalty_lots_open ON loyalty_lots(company_id, ambassador_uid, kind, expire_at) WHERE remaining > 0;
CREATE INDEX loyalty_lots_due ON loyalty_lots(expire_at) WHERE remaining > 0 AND expire_at IS NOT NULL;

-- Which entry took (amount > 0) or gave back (amount < 0, a release) how much of which lot. Append-only.
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
CREATE INDEX loyalty_lot_uses_lot ON loyalty_lot_uses(lot_id);
CREATE INDEX loyalty_lot_uses_entry ON loyalty_lot_uses(entry_id);
CREATE TRIGGER loyalty_lot_uses_no_update BEFORE UPDATE ON loyalty_lot_uses
  BEGIN SELECT RAISE(ABORT, 'loyalty_lot_uses is append-only'); END;
CREATE TRIGGER loyalty_lot_uses_no_delete BEFORE DELETE ON loyalty_lot_uses
  BEGIN SELECT RAISE(ABORT, 'loyalty_lot_uses is append-only'); END;

-- A use moves the lot's remaining amount; the lot's CHECK refuses more than is left (or more than the lot).
CREATE TRIGGER loyalty_lot_uses_lot BEFORE INSERT ON loyalty_lot_uses
BEGIN
  SELECT RAISE(ABORT, 'lot_mismatch') WHERE NOT EXISTS (SELECT 1 FROM loyalty_lots
    WHERE entry_id = NEW.lot_id AND company_id = NEW.company_id AND ambassador_uid = NEW.ambassador_uid);
END;
CREATE TRIGGER loyalty_lot_uses_apply AFTER INSERT ON loyalty_lot_uses
BEGIN
  UPDATE loyalty_lots SET remaining = remaining - NEW.amount WHERE entry_id = NEW.lot_id;
END;

-- The shape of an entry, before it is written.
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

-- Earnings (earn, positive adjust) open a lot.
CREATE TRIGGER loyalty_ledger_lot AFTER INSERT ON loyalty_ledger
WHEN NEW.amount > 0 AND NEW.entry_type IN ('earn', 'adjust')
BEGIN
  INSERT INTO loyalty_lots (entry_id, company_id, ambassador_uid, kind, amount, remaining, expire_at, created_at)
  VALUES (NEW.id, NEW.company_id, NEW.ambassador_uid, NEW.kind, NEW.amount, NEW.amount, NEW.expire_at, NEW.created_at);
END;

-- Spends (redeem, negative adjust, reverse without a lot) take the soonest-expiring open lots first; lots
-- without expiry last; equal expiry by age. Only lots not yet expired at the entry's time. Every unit must
-- be covered, or the entry (and its batch) fails.
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

-- Expiry and a lot's reverse take from that one lot (its CHECK refuses more than is left).
CREATE TRIGGER loyalty_ledger_lot_debit AFTER INSERT ON loyalty_ledger
WHEN NEW.amount < 0 AND NEW.lot_id IS NOT NULL
BEGIN
  INSERT INTO loyalty_lot_uses (company_id, ambassador_uid, lot_id, entry_id, use, amount)
  VALUES (NEW.company_id, NEW.ambassador_uid, NEW.lot_id, NEW.id, NEW.entry_type, -NEW.amount);
END;

-- A release gives every lot of the hold back what the hold took from it.
CREATE TRIGGER loyalty_ledger_release AFTER INSERT ON loyalty_ledger
WHEN NEW.entry_type = 'release'
BEGIN
  INSERT INTO loyalty_lot_uses (company_id, ambassador_uid, lot_id, entry_id, use, amount)
  SELECT company_id, ambassador_uid, lot_id, NEW.id, 'release', -amount FROM loyalty_lot_uses WHERE entry_id = NEW.settles_id;
END;

-- The balances beside the ledger (CHECKs: available and held never below 0).
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

-- Redemptions: the hold's state machine. processing -> completed | failed | canceled, completed ->
-- reversed_to_ledger | reversed_to_company; nothing else, so a redemption is fulfilled or voided once.
ALTER TABLE redemptions ADD COLUMN failure_reason TEXT;
ALTER TABLE redemptions ADD COLUMN provider TEXT;
ALTER TABLE redemptions ADD COLUMN external_ref TEXT;
ALTER TABLE redemptions ADD COLUMN value_minor INTEGER;
ALTER TABLE redemptions ADD COLUMN currency TEXT;
ALTER TABLE redemptions ADD COLUMN updated_at TEXT;
CREATE INDEX redemptions_processing ON redemptions(status, created_at) WHERE status = 'processing';
CREATE TRIGGER redemptions_transition BEFORE UPDATE OF status ON redemptions
WHEN OLD.status <> NEW.status AND NOT (
     (OLD.status = 'processing' AND NEW.status IN ('completed', 'failed', 'canceled'))
  OR (OLD.status = 'completed' AND NEW.status IN ('reversed_to_ledger', 'reversed_to_company')))
BEGIN SELECT RAISE(ABORT, 'illegal_redemption_transition'); END;

-- Codes the local fulfilment provider hands out (a seeded pool per reward or vault variant). A code
-- goes to one redemption, ever (UNIQUE).
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
CREATE INDEX reward_codes_free ON reward_codes(company_id, reward_uid, variant_uid) WHERE redemption_id IS NULL;

-- Expiry warnings already sent (one per lot), so the scheduled run never e-mails twice.
CREATE TABLE loyalty_notices (
  lot_id INTEGER PRIMARY KEY REFERENCES loyalty_lots(entry_id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  sent_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  FOREIGN KEY (company_id, lot_id) REFERENCES loyalty_lots(company_id, entry_id),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
);

-- Lots for the entries that already exist (a database migrated with data). Old rows did not record which
-- earning a spend took, so what is left is rebuilt the way the triggers would have spent it: per ambassador
-- and kind, everything earned minus what is available now was spent, soonest-expiring lots first.
INSERT INTO loyalty_lots (entry_id, company_id, ambassador_uid, kind, amount, remaining, expire_at, created_at)
  SELECT id, company_id, ambassador_uid, kind, amount,
         MAX(0, MIN(amount, running - spent)), expire_at, created_at
    FROM (SELECT l.id, l.company_id, l.ambassador_uid, l.kind, l.amount, l.expire_at, l.created_at,
                 SUM(l.amount) OVER (PARTITION BY l.company_id, l.ambassador_uid, l.kind
                                     ORDER BY l.expire_at IS NULL, l.expire_at, l.id ROWS UNBOUNDED PRECEDING) AS running,
                 (SELECT SUM(x.amount) FROM loyalty_ledger x WHERE x.company_id = l.company_id AND x.ambassador_uid = l.ambassador_uid
                     AND x.kind = l.kind AND x.amount > 0 AND x.entry_type IN ('earn', 'adjust'))
                 - COALESCE((SELECT CASE l.kind WHEN 'points' THEN b.points_available ELSE b.cash_available END
                               FROM loyalty_balances b WHERE b.ambassador_uid = l.ambassador_uid AND b.company_id = l.company_id), 0) AS spent
            FROM loyalty_ledger l WHERE l.amount > 0 AND l.entry_type IN ('earn', 'adjust'));
