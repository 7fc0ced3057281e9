-- Money errors as stable codes (issue 18). A refused money write aborts its batch with a RAISE whose
-- message is one code without spaces; src/api/money/errors.ts maps each code to the API's answer by an
-- exact table (no pattern over SQLite's wording). Logic is unchanged:
--
-- * The append-only triggers of the ledger and of the lot uses are re-created with coded messages
--   (triggers cannot be altered). seed/generate.ts copies them from here into seed/demo.sql.
-- * The CHECKs and UNIQUE indexes that guard money stay as they are; a BEFORE trigger now refuses the same
--   write first, with a code: a balance below 0, a lot taken below 0 (or above itself), a stock below 0, a
--   ledger uid or a hold's settlement written twice, a redemption key placed twice, a payout of 0 or less.
-- * redemptions.item_name: the name of what was redeemed, as the hold's description says it, so the
--   release of a hold reads the name instead of cutting a prefix off the hold's description.

DROP TRIGGER loyalty_ledger_no_update;
DROP TRIGGER loyalty_ledger_no_delete;
DROP TRIGGER loyalty_lot_uses_no_update;
DROP TRIGGER loyalty_lot_uses_no_delete;
CREATE TRIGGER loyalty_ledger_no_update BEFORE UPDATE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'ledger_append_only'); END;
CREATE TRIGGER loyalty_ledger_no_delete BEFORE DELETE ON loyalty_ledger
  BEGIN SELECT RAISE(ABORT, 'ledger_append_only'); END;
CREATE TRIGGER loyalty_lot_uses_no_update BEFORE UPDATE ON loyalty_lot_uses
  BEGIN SELECT RAISE(ABORT, 'lot_uses_append_only'); END;
CREATE TRIGGER loyalty_lot_uses_no_delete BEFORE DELETE ON loyalty_lot_uses
  BEGIN SELECT RAISE(ABORT, 'lot_uses_append_only'); END;

-- loyalty_balances' CHECKs (every figure >= 0), coded.
CREATE TRIGGER loyalty_balances_not_negative BEFORE UPDATE ON loyalty_balances
WHEN NEW.points_earned < 0 OR NEW.points_available < 0 OR NEW.points_held < 0 OR NEW.points_redeemed < 0 OR NEW.points_expired < 0
  OR NEW.cash_earned < 0 OR NEW.cash_available < 0 OR NEW.cash_held < 0 OR NEW.cash_redeemed < 0 OR NEW.cash_expired < 0
BEGIN SELECT RAISE(ABORT, 'balance_negative'); END;

-- loyalty_lots' CHECK (0 <= remaining <= amount), coded.
CREATE TRIGGER loyalty_lots_not_overdrawn BEFORE UPDATE OF remaining ON loyalty_lots
WHEN NEW.remaining < 0 OR NEW.remaining > NEW.amount
BEGIN SELECT RAISE(ABORT, 'lot_overdrawn'); END;

-- The stock CHECKs of rewards and vault variants (a redemption takes one), coded.
CREATE TRIGGER rewards_stock_not_negative BEFORE UPDATE OF stock ON rewards
WHEN NEW.stock < 0
BEGIN SELECT RAISE(ABORT, 'out_of_stock'); END;
CREATE TRIGGER vault_item_variants_stock_not_negative BEFORE UPDATE OF stock ON vault_item_variants
WHEN NEW.stock < 0
BEGIN SELECT RAISE(ABORT, 'out_of_stock'); END;

-- The UNIQUE indexes loyalty_ledger_uid and loyalty_ledger_one_settlement, coded.
CREATE TRIGGER loyalty_ledger_uid_once BEFORE INSERT ON loyalty_ledger
WHEN NEW.uid IS NOT NULL AND EXISTS (SELECT 1 FROM loyalty_ledger WHERE company_id = NEW.company_id AND uid = NEW.uid)
BEGIN SELECT RAISE(ABORT, 'ledger_uid_taken'); END;
CREATE TRIGGER loyalty_ledger_settle_once BEFORE INSERT ON loyalty_ledger
WHEN NEW.settles_id IS NOT NULL AND EXISTS (SELECT 1 FROM loyalty_ledger WHERE settles_id = NEW.settles_id)
BEGIN SELECT RAISE(ABORT, 'hold_already_settled'); END;

-- The UNIQUE (company_id, idempotency_key) of redemptions, coded: a keyed request places one redemption.
CREATE TRIGGER redemptions_key_once BEFORE INSERT ON redemptions
WHEN EXISTS (SELECT 1 FROM redemptions WHERE company_id = NEW.company_id AND idempotency_key = NEW.idempotency_key)
BEGIN SELECT RAISE(ABORT, 'redemption_key_taken'); END;

-- payouts' CHECK (amount_minor > 0), coded; the payout's guard statement relies on it (src/api/money/payout-queries.ts).
CREATE TRIGGER payouts_amount_positive BEFORE INSERT ON payouts
WHEN NEW.amount_minor <= 0
BEGIN SELECT RAISE(ABORT, 'payout_amount_invalid'); END;

ALTER TABLE redemptions ADD COLUMN item_name TEXT;
-- Existing redemptions: the name their hold was written with (after the 10-character "Redeemed: ").
UPDATE redemptions SET item_name = (SELECT substr(h.description, 11) FROM loyalty_ledger h
  WHERE h.company_id = redemptions.company_id AND h.redemption_id = redemptions.id AND h.entry_type = 'redeem');
