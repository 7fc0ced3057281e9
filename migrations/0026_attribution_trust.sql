-- Attribution nobody can steal, replay or lose.
--
-- Fraud signals weighed one by one: a click keeps the salted hash of the visitor's address alone (ip_hash)
-- and of their browser alone (device_hash: user agent and languages) beside the combined client_hash, and an
-- ambassador's logins are remembered the same way (ambassador_clients.kind), so that a sale through a click
-- from the ambassador's own network, or from their own browser on another network, is held (own_click).
ALTER TABLE clicks ADD COLUMN ip_hash TEXT CHECK (ip_hash IS NULL OR length(ip_hash) = 64);
ALTER TABLE clicks ADD COLUMN device_hash TEXT CHECK (device_hash IS NULL OR length(device_hash) = 64);
ALTER TABLE ambassador_clients ADD COLUMN kind TEXT NOT NULL DEFAULT 'client' CHECK (kind IN ('client', 'ip', 'device'));

-- The click id that credited a commission (or that came with its sale), so that a click reaching D1 after
-- its sale (the queue) is still compared with the ambassador's own clients; and which signals held it.
ALTER TABLE commissions ADD COLUMN click_uid TEXT CHECK (click_uid IS NULL OR length(click_uid) BETWEEN 1 AND 64);
ALTER TABLE commissions ADD COLUMN held_signals TEXT CHECK (held_signals IS NULL OR held_signals IN ('ip', 'device', 'ip device'));
CREATE INDEX commissions_click ON commissions(company_id, click_uid) WHERE click_uid IS NOT NULL;

-- A lead's own facts, kept for its later sales: who the customer said they were (shown on the commission,
-- checked by own_email) and the click the lead came through (checked by own_click).
ALTER TABLE attributed_customers ADD COLUMN email TEXT CHECK (email IS NULL OR length(email) <= 255);
ALTER TABLE attributed_customers ADD COLUMN name TEXT CHECK (name IS NULL OR length(name) <= 255);
ALTER TABLE attributed_customers ADD COLUMN click_uid TEXT CHECK (click_uid IS NULL OR length(click_uid) BETWEEN 1 AND 64);
