-- E-mail delivery (issue 12): the outbox rows leave through a provider (src/api/core/email-delivery.ts).
--
-- * status: pending (waiting for its first or next attempt), sending (claimed by one consumer until
--   next_attempt_at, so a duplicate queue message never sends twice), sent, failed (permanent answer,
--   too many attempts or too old) and suppressed (the address bounced, complained or was refused before).
-- * attempts / next_attempt_at / last_error: the back-off of temporary failures; provider_id: the
--   provider's id of the sent message, which its bounce and complaint events name.
-- * email_suppressions: addresses a company no longer sends to, per company (the same person may be a
--   valid recipient of another tenant).
-- Rows written before this migration keep their sent_at; the unsent ones stay pending (without a
-- provider nothing is sent; with one, rows older than two days are given up instead of sent late).

ALTER TABLE email_outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'pending'
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'suppressed'));
ALTER TABLE email_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE email_outbox ADD COLUMN next_attempt_at TEXT;
ALTER TABLE email_outbox ADD COLUMN last_error TEXT;
ALTER TABLE email_outbox ADD COLUMN provider_id TEXT;

UPDATE email_outbox SET status = 'sent' WHERE sent_at IS NOT NULL;

-- The sweep's scan (due rows) and the event lookup (provider id -> row).
CREATE INDEX email_outbox_due ON email_outbox(status, next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX email_outbox_provider ON email_outbox(provider_id) WHERE provider_id IS NOT NULL;

CREATE TABLE email_suppressions (
  company_id TEXT NOT NULL REFERENCES companies(id),
  email TEXT NOT NULL COLLATE NOCASE,
  reason TEXT NOT NULL CHECK (reason IN ('bounced', 'complained', 'rejected')),
  detail TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, email)
);
