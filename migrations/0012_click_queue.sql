-- Clicks through a queue (issue 12, "Scale"): every click carries an id made when the visitor was
-- redirected (a UUID), and the consumer writes `INSERT ... ON CONFLICT (click_uid) DO NOTHING`. A batch
-- the queue delivers again (the consumer died before its ack, or failed half-way) therefore stores no
-- click twice, and since the daily rollups (0004_stats_rollups.sql) move only by the INSERT trigger of
-- a row actually inserted, no click is counted twice either.
--
-- Clicks stored before this migration keep a NULL id (NULLs never collide in a UNIQUE index).

ALTER TABLE clicks ADD COLUMN click_uid TEXT CHECK (click_uid IS NULL OR length(click_uid) BETWEEN 1 AND 64);

CREATE UNIQUE INDEX clicks_uid ON clicks(click_uid);
