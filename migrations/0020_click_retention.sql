-- Click retention (issue 19, "a database that stays under D1's 10 GB"): raw clicks older than a company's
-- retention window are archived to R2 (gzip NDJSON, one object per company and month) and deleted from D1;
-- the rollups (stats_daily) and every counter stay as they were, so the graph and the totals do not move.
--
-- * companies.click_retention_months: the window, whole months (default 13: a year and the month before it,
--   so a year-on-year comparison still has its raw rows). Edited through PATCH /v1/operator/click-retention.
-- * click_archives: one row per archived company and month, what the R2 object holds (its rows, bytes and the
--   last click it holds, as (created_at, id): the archive job's keyset). `lease_until` keeps two runs (the
--   cron and an operator's call) from appending to the same month at once.
-- * click_purges: the purge convention shared with the per-link counters (migration 0019 creates the same
--   table): the archive job inserts the company's row, deletes a month's clicks and deletes the row in ONE
--   batch; triggers that keep counts from raw clicks skip the delete while the row exists, so a purge leaves
--   the counts unchanged and an ordinary delete (an ambassador removed, a correction) still decrements.

ALTER TABLE companies ADD COLUMN click_retention_months INTEGER NOT NULL DEFAULT 13
  CHECK (click_retention_months BETWEEN 1 AND 120);

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

CREATE TABLE IF NOT EXISTS click_purges (company_id TEXT PRIMARY KEY);

-- The archive job reads a company's clicks month by month in (created_at, id) order.
CREATE INDEX clicks_company_created ON clicks(company_id, created_at);

-- 0004's delete trigger again, skipping a purge. The update triggers are untouched: a purge never updates.
DROP TRIGGER stats_daily_clicks_delete;
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
