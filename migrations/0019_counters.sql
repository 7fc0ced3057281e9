-- Counters (issue 19, "Flat with history"): the all-time numbers an ambassador sees, kept by triggers in
-- the same statement (and transaction) as the event, like the daily rollups of 0004_stats_rollups.sql, so
-- the share-link list and the stats totals read one row per link or per campaign instead of counting
-- every click, referral and commission again on each request.
--
-- * share_link_counters: per share link, its counted clicks, its referrals and the money earned through
--   them (monetary commissions of those referrals, pending, approved or paid: what the share-link table
--   shows as earned).
-- * ambassador_counters: per ambassador and campaign, counted clicks, shares and referrals.
-- * commission_totals: per ambassador, campaign, money kind, status and event, the number of commissions
--   and the sums of their amounts and revenues (the stats call's commission parts, the tier metrics).
-- * An insert adds, a delete takes away, an update of a column a counter depends on takes the old row's
--   part away and adds the new row's. A row whose counts all reach 0 is deleted.
-- * Filled here from the rows that already exist (backfill), before the triggers exist.
--
-- Retention: raw clicks older than a company's retention window are archived and deleted
-- (migration 0020). That purge must leave every count as it was. The purge writes the company's row to
-- click_purges, deletes the clicks and deletes that row, in one batch; every AFTER DELETE ON clicks
-- trigger that decrements a count only fires when the company has no click_purges row. An ordinary
-- delete (an ambassador removed) still takes its clicks away.
--
-- No foreign keys from the counters to share_links or ambassadors: after a purge a counter outlives the
-- clicks it counts, and must not keep the link or the ambassador from being deleted. Deleting either
-- deletes its counters (triggers at the end).

CREATE TABLE IF NOT EXISTS click_purges (company_id TEXT PRIMARY KEY);

CREATE TABLE share_link_counters (
  company_id TEXT NOT NULL REFERENCES companies(id),
  share_link_uid TEXT NOT NULL,
  clicks INTEGER NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  referrals INTEGER NOT NULL DEFAULT 0 CHECK (referrals >= 0),
  earned_minor INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, share_link_uid)
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

-- Backfill ------------------------------------------------------------------------------------------

INSERT INTO share_link_counters (company_id, share_link_uid, clicks, referrals, earned_minor)
  SELECT company_id, share_link_uid, SUM(clicks), SUM(referrals), SUM(earned_minor) FROM (
    SELECT company_id, share_link_uid, COUNT(*) AS clicks, 0 AS referrals, 0 AS earned_minor
      FROM clicks WHERE counted = 1 GROUP BY company_id, share_link_uid
    UNION ALL
    SELECT company_id, share_link_uid, 0, COUNT(*), 0
      FROM referrals WHERE share_link_uid IS NOT NULL GROUP BY company_id, share_link_uid
    UNION ALL
    SELECT m.company_id, r.share_link_uid, 0, 0, SUM(m.amount_minor)
      FROM commissions m JOIN referrals r ON r.id = m.referral_id AND r.company_id = m.company_id
     WHERE r.share_link_uid IS NOT NULL AND m.is_monetary = 1 AND m.status IN ('pending', 'approved', 'paid')
     GROUP BY m.company_id, r.share_link_uid
  ) GROUP BY company_id, share_link_uid;

INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, clicks, shares, referrals)
  SELECT company_id, ambassador_uid, campaign_id, SUM(clicks), SUM(shares), SUM(referrals) FROM (
    SELECT company_id, ambassador_uid, campaign_id, COUNT(*) AS clicks, 0 AS shares, 0 AS referrals
      FROM clicks WHERE counted = 1 GROUP BY company_id, ambassador_uid, campaign_id
    UNION ALL
    SELECT company_id, ambassador_uid, campaign_id, 0, COUNT(*), 0 FROM shares GROUP BY company_id, ambassador_uid, campaign_id
    UNION ALL
    SELECT company_id, ambassador_uid, campaign_id, 0, 0, COUNT(*) FROM referrals GROUP BY company_id, ambassador_uid, campaign_id
  ) GROUP BY company_id, ambassador_uid, campaign_id;

INSERT INTO commission_totals (company_id, ambassador_uid, campaign_id, is_monetary, status, event, n, amount_minor, revenue_minor)
  SELECT company_id, ambassador_uid, campaign_id, is_monetary, status, event, COUNT(*), SUM(amount_minor), SUM(revenue_minor)
    FROM commissions GROUP BY company_id, ambassador_uid, campaign_id, is_monetary, status, event;

-- clicks: counted ones only ---------------------------------------------------------------------------

CREATE TRIGGER counters_clicks_insert AFTER INSERT ON clicks WHEN NEW.counted = 1
BEGIN
  INSERT INTO share_link_counters (company_id, share_link_uid, clicks) VALUES (NEW.company_id, NEW.share_link_uid, 1)
    ON CONFLICT (company_id, share_link_uid) DO UPDATE SET clicks = clicks + 1;
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, clicks) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET clicks = clicks + 1;
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
CREATE TRIGGER counters_clicks_update_new AFTER UPDATE OF counted, company_id, share_link_uid, ambassador_uid, campaign_id ON clicks
  WHEN NEW.counted = 1
BEGIN
  INSERT INTO share_link_counters (company_id, share_link_uid, clicks) VALUES (NEW.company_id, NEW.share_link_uid, 1)
    ON CONFLICT (company_id, share_link_uid) DO UPDATE SET clicks = clicks + 1;
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, clicks) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET clicks = clicks + 1;
END;

-- shares ----------------------------------------------------------------------------------------------

CREATE TRIGGER counters_shares_insert AFTER INSERT ON shares
BEGIN
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, shares) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET shares = shares + 1;
END;
CREATE TRIGGER counters_shares_delete AFTER DELETE ON shares
BEGIN
  UPDATE ambassador_counters SET shares = shares - 1
   WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id;
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.ambassador_uid AND campaign_id = OLD.campaign_id
    AND clicks = 0 AND shares = 0 AND referrals = 0;
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

-- referrals: the link's referrals (when it came through one) and the ambassador's; an update that moves a
-- referral to another link moves the money earned through it too ------------------------------------------

CREATE TRIGGER counters_referrals_insert AFTER INSERT ON referrals
BEGIN
  INSERT INTO share_link_counters (company_id, share_link_uid, referrals)
    SELECT NEW.company_id, NEW.share_link_uid, 1 WHERE NEW.share_link_uid IS NOT NULL
    ON CONFLICT (company_id, share_link_uid) DO UPDATE SET referrals = referrals + 1;
  INSERT INTO ambassador_counters (company_id, ambassador_uid, campaign_id, referrals) VALUES (NEW.company_id, NEW.ambassador_uid, NEW.campaign_id, 1)
    ON CONFLICT (company_id, ambassador_uid, campaign_id) DO UPDATE SET referrals = referrals + 1;
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

-- commissions: the totals by kind, status and event; a monetary one that counts as earned (pending,
-- approved, paid) also adds to the link its referral came through --------------------------------------

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

-- A deleted link or ambassador takes its counters along (after a purge they may outlive the clicks).

CREATE TRIGGER counters_share_links_delete AFTER DELETE ON share_links
BEGIN
  DELETE FROM share_link_counters WHERE company_id = OLD.company_id AND share_link_uid = OLD.uid;
END;
CREATE TRIGGER counters_ambassadors_delete AFTER DELETE ON ambassadors
BEGIN
  DELETE FROM ambassador_counters WHERE company_id = OLD.company_id AND ambassador_uid = OLD.uid;
  DELETE FROM commission_totals WHERE company_id = OLD.company_id AND ambassador_uid = OLD.uid;
END;

-- Pages of history: the rewards ledger pages the ambassador's lots newest first (ORDER BY created_at DESC,
-- entry_id DESC, LIMIT/OFFSET with a page number in the API). With this index the order is the index's
-- (entry_id is the rowid), so a page reads its rows and the ones it skips from the index instead of
-- sorting every lot of the ambassador, and the lot count reads the index alone.
CREATE INDEX loyalty_lots_ambassador ON loyalty_lots(company_id, ambassador_uid, created_at);

-- The activity list shows a commission's status now, found by commission_uid or, for activity rows that
-- carry none (rows written before 0013, demo rows, clawback activities), by transaction id and amount
-- (src/api/stats/activity-queries.ts). commissions_transaction covers commissions only (partial), so
-- without this index that look-up read every commission of the ambassador for each row on the page.
CREATE INDEX commissions_transaction_any ON commissions(company_id, transaction_id);
