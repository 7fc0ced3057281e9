-- What each store delivery became, for the console's integrations screen (src/api/attribution/deliveries.ts):
-- a Stripe event, a Shopify webhook or a sale of the lead and sale API (`script`: what the store script's
-- checkout sends), whether its signature verified or not.
--
-- * store_deliveries: one row per delivery the company's URL received, newest kept (the last 200 per company
--   and source; older rows go as new ones come). `outcome`: credited (a commission was made: commission_uid),
--   unattributed (kept with `reason`), duplicate (the event id or transaction was applied before), refused
--   (a signature that did not verify, an amount out of range: `reason`), refund (a refund or clawback), ignored
--   (a type or state that credits nothing). `result` is the store's receipt word as the delivery answered it.
--   A refused delivery's event id and type are not kept: nothing unverified is trusted, only that it came.

CREATE TABLE store_deliveries (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  source TEXT NOT NULL CHECK (source IN ('stripe', 'shopify', 'script')),
  event_id TEXT CHECK (event_id IS NULL OR length(event_id) BETWEEN 1 AND 255),
  event_type TEXT CHECK (event_type IS NULL OR length(event_type) BETWEEN 1 AND 100),
  outcome TEXT NOT NULL CHECK (outcome IN ('credited', 'unattributed', 'duplicate', 'refused', 'refund', 'ignored')),
  result TEXT NOT NULL CHECK (length(result) BETWEEN 1 AND 40),
  reason TEXT CHECK (reason IS NULL OR length(reason) <= 500),
  commission_uid TEXT,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX store_deliveries_recent ON store_deliveries(company_id, source, id);
