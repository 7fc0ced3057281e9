-- A store's event is claimed in the batch of what it does (src/api/attribution/hook-events.ts): the claim is
-- the batch's first statement and every write after it holds only while the claim is this delivery's, so a
-- Worker that stops between two round trips leaves either the event's whole effect with its claim, or
-- neither, and the provider's retry applies it.
--
-- * hook_events.claim: a nonce per delivery (hkc_<hex>), written with the claim; the writes that follow
--   check `EXISTS (SELECT 1 FROM hook_events WHERE claim = '<nonce>')`. Rows claimed before this migration
--   keep NULL.

ALTER TABLE hook_events ADD COLUMN claim TEXT CHECK (claim IS NULL OR claim LIKE 'hkc\_%' ESCAPE '\');
CREATE UNIQUE INDEX hook_events_claim ON hook_events(claim) WHERE claim IS NOT NULL;
