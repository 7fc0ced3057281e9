-- The ambassador's side of payouts and the company's schedule (docs/payouts.md).
--
-- * payout_rules: a group's or an ambassador's own minimum and holding period, over the company's
--   customization `payouts.minimum_minor` / `payouts.holding_days`. A NULL column keeps what the level above
--   says (ambassador over group over company). Rows go with their group or ambassador.
-- * payout_run_items.cutoff: the holding period's cutoff the item was read with, when the ambassador's holding
--   period differs from the company's (NULL: the run's cutoff). Sending re-reads the item with it.
-- * payout_schedule_claims: one row per company and scheduled day: the hourly tick that inserts it drafts the
--   run, a second tick of the same day finds it and does nothing. run_uid: the draft made (NULL: nobody was ready).

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
CREATE UNIQUE INDEX payout_rules_group ON payout_rules(company_id, group_id) WHERE group_id IS NOT NULL;
CREATE UNIQUE INDEX payout_rules_ambassador ON payout_rules(company_id, ambassador_uid) WHERE ambassador_uid IS NOT NULL;

ALTER TABLE payout_run_items ADD COLUMN cutoff TEXT;

CREATE TABLE payout_schedule_claims (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  scheduled_on TEXT NOT NULL,
  run_uid TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (company_id, scheduled_on)
);
