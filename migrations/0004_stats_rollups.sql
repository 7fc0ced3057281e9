-- Stats from daily rollups (issue 9, "Scale"): one row per company, ambassador, campaign, kind and UTC day
-- with the number of events of that day, so the stats totals and the graph read at most one row per day
-- instead of every click (the graph query stays flat as history grows).
--
-- * kind: 'clicks' (counted clicks only: bots and repeats have counted = 0), 'shares', 'referrals'.
-- * day: the first 10 characters of the event's created_at (ISO UTC, 'YYYY-MM-DD').
-- * Kept up to date AS EVENTS ARRIVE by the triggers below, in the same statement (and transaction) as
--   the event's INSERT, UPDATE or DELETE: there is no second write path to forget. An insert adds 1 to
--   its day (UPSERT), a delete takes 1 away (a row that reaches 0 is deleted, so deleting an ambassador's
--   events leaves nothing that would keep the ambassador or campaign from being deleted), an update of a
--   column the rollup depends on (counted, created_at, company_id, ambassador_uid, campaign_id) takes
--   the old row's 1 away and adds the new row's 1.
-- * Filled here from the rows that already exist (backfill), before the triggers exist.
--
-- Same style as 0002_tenant_safe.sql: the references go through the company (composite foreign keys),
-- kinds, days and counts are CHECKed.

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

-- Backfill: the events already stored, counted the way the stats count them.
INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
  SELECT company_id, ambassador_uid, campaign_id, 'clicks', substr(created_at, 1, 10), COUNT(*)
    FROM clicks WHERE counted = 1 GROUP BY company_id, ambassador_uid, campaign_id, substr(created_at, 1, 10);
INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
  SELECT company_id, ambassador_uid, campaign_id, 'shares', substr(created_at, 1, 10), COUNT(*)
    FROM shares GROUP BY company_id, ambassador_uid, campaign_id, substr(created_at, 1, 10);
INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
  SELECT company_id, ambassador_uid, campaign_id, 'referrals', substr(created_at, 1, 10), COUNT(*)
    FROM referrals GROUP BY company_id, ambassador_uid, campaign_id, substr(created_at, 1, 10);

-- clicks: only counted ones.
CREATE TRIGGER stats_daily_clicks_insert AFTER INSERT ON clicks WHEN NEW.counted = 1
BEGIN
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'clicks', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER stats_daily_clicks_delete AFTER DELETE ON clicks WHEN OLD.counted = 1
BEGIN
  UPDATE stats_daily SET n = n - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'clicks' AND day = substr(OLD.created_at, 1, 10);
  DELETE FROM stats_daily
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
     AND kind = 'clicks' AND day = substr(OLD.created_at, 1, 10) AND n = 0;
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
CREATE TRIGGER stats_daily_clicks_update_new AFTER UPDATE OF counted, created_at, company_id, ambassador_uid, campaign_id ON clicks
  WHEN NEW.counted = 1
BEGIN
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'clicks', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
END;

-- shares
CREATE TRIGGER stats_daily_shares_insert AFTER INSERT ON shares
BEGIN
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'shares', substr(NEW.created_at, 1, 10), 1)
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

-- referrals
CREATE TRIGGER stats_daily_referrals_insert AFTER INSERT ON referrals
BEGIN
  INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 'referrals', substr(NEW.created_at, 1, 10), 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id, kind, day) DO UPDATE SET n = n + 1;
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
