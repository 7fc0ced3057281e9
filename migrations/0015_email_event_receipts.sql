-- Provider events are applied once (issue 17): a replayed `webhook-id` (the Standard Webhooks id Resend's
-- sender, Svix, puts on every delivery attempt of one event) answers 200 and changes nothing. The id is
-- kept a day (src/api/core/email-events.ts), far longer than the 5-minute signature tolerance after which
-- a replay is refused anyway; the scheduled run prunes older ones.
CREATE TABLE email_event_receipts (
  webhook_id TEXT PRIMARY KEY,
  -- Set by the delivery that inserted the row: the rest of its batch applies only under it.
  nonce TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX email_event_receipts_received ON email_event_receipts(received_at);
