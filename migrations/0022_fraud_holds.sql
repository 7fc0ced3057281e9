-- Fraud holds (issue 20): a conversion that looks like self-referral or abuse is held for review
-- (commissions.held_reason / held_at, migration 0021; the rules: src/api/attribution/fraud-rules.ts).
--
-- * ambassador_clients: the clients (the same salted hash of IP address and user agent a click stores in
--   clicks.client_hash, never the raw address) an ambassador logged in to the portal from, with when they
--   were last seen. A sale whose click came from one of them, seen within 90 days, came through the
--   ambassador's own click: held with reason own_click. Written at login, which also drops that
--   ambassador's rows not seen for 90 days.

CREATE TABLE ambassador_clients (
  company_id TEXT NOT NULL REFERENCES companies(id),
  ambassador_uid TEXT NOT NULL,
  client_hash TEXT NOT NULL CHECK (length(client_hash) = 64),
  last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, ambassador_uid, client_hash),
  FOREIGN KEY (company_id, ambassador_uid) REFERENCES ambassadors(company_id, uid)
) WITHOUT ROWID;
