-- Operator catalogue (issue 12): a company edits its campaigns, tiers, badges, tasks and rewards through the
-- operator API. The API validates every amount with zod; these guards keep the same rules in SQL, so no
-- other writer (a script, a later route, a hand-run statement) can store a negative price or threshold.
--
-- The tables already exist with rows, and SQLite cannot add a CHECK to an existing table without rebuilding
-- it (and every table that refers to it, 0002's way). Triggers give the same guarantee without touching the
-- rows: a write that breaks a rule RAISEs and its whole batch rolls back. The UPDATE triggers fire only
-- when a guarded column is written, so the stock updates of redemptions never run them.
--
-- Each condition is wrapped in COALESCE(..., 0): a NULL where a number is needed fails the rule instead of
-- slipping past it (NOT NULL is NULL, and a trigger whose WHEN is NULL does not fire).

-- Rewards: prices are points (>= 0), the face value is minor units (>= 0). A fixed reward costs at least
-- one point; a range reward spends between min_amount (>= 1) and max_amount (>= min_amount) points.
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

-- Vault variants: the cost already has CHECK (cost > 0); the face value (minor units) is never negative.
CREATE TRIGGER vault_item_variants_value_insert BEFORE INSERT ON vault_item_variants
WHEN NOT COALESCE(NEW.value_minor >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'variant_value_invalid'); END;

CREATE TRIGGER vault_item_variants_value_update BEFORE UPDATE OF value_minor ON vault_item_variants
WHEN NOT COALESCE(NEW.value_minor >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'variant_value_invalid'); END;

-- Tiers: the threshold is a count or an amount of the company's tier metric, never negative.
CREATE TRIGGER tiers_threshold_insert BEFORE INSERT ON tiers
WHEN NOT COALESCE(NEW.threshold >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'tier_threshold_invalid'); END;

CREATE TRIGGER tiers_threshold_update BEFORE UPDATE OF threshold ON tiers
WHEN NOT COALESCE(NEW.threshold >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'tier_threshold_invalid'); END;

-- Badges: the points that earn a badge, never negative.
CREATE TRIGGER badges_points_insert BEFORE INSERT ON badges
WHEN NOT COALESCE(NEW.points >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'badge_points_invalid'); END;

CREATE TRIGGER badges_points_update BEFORE UPDATE OF points ON badges
WHEN NOT COALESCE(NEW.points >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'badge_points_invalid'); END;

-- Tasks: the points a task earns, never negative (0: a task that earns nothing).
CREATE TRIGGER tasks_points_insert BEFORE INSERT ON tasks
WHEN NOT COALESCE(NEW.points >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'task_points_invalid'); END;

CREATE TRIGGER tasks_points_update BEFORE UPDATE OF points ON tasks
WHEN NOT COALESCE(NEW.points >= 0, 0)
BEGIN SELECT RAISE(ABORT, 'task_points_invalid'); END;

-- Campaigns: a percentage commission is 0-100 % of revenue (0-10000 basis points). The fixed amount and the
-- loyalty points already have CHECKs (0003).
CREATE TRIGGER campaigns_rate_insert BEFORE INSERT ON campaigns
WHEN NOT COALESCE(NEW.commission_rate_bps BETWEEN 0 AND 10000, 0)
BEGIN SELECT RAISE(ABORT, 'commission_rate_invalid'); END;

CREATE TRIGGER campaigns_rate_update BEFORE UPDATE OF commission_rate_bps ON campaigns
WHEN NOT COALESCE(NEW.commission_rate_bps BETWEEN 0 AND 10000, 0)
BEGIN SELECT RAISE(ABORT, 'commission_rate_invalid'); END;
