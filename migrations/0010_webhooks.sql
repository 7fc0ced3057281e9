-- Outgoing webhooks (issue 12): a company's endpoints, the events it emitted, and one delivery per
-- (event, endpoint) with its attempts. Same style as 0002: every row carries company_id and refers to
-- other rows through it (composite foreign keys), so a delivery can never join an endpoint or an event
-- of another company.

-- An endpoint: where events of the listed types are POSTed, signed the Standard Webhooks way.
-- `secret` (whsec_...) must be kept in clear: signing is an HMAC with it. It is shown once, when it is
-- made. After a rotation the previous secret also signs (a second `v1,` signature) until
-- previous_secret_expires_at, so a receiver can switch without dropping events.
CREATE TABLE webhook_endpoints (
  id TEXT NOT NULL PRIMARY KEY CHECK (id LIKE 'ep\_%' ESCAPE '\'),
  company_id TEXT NOT NULL REFERENCES companies(id),
  url TEXT NOT NULL CHECK (length(url) BETWEEN 9 AND 2048),
  description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  event_types TEXT NOT NULL CHECK (json_valid(event_types) AND json_type(event_types) = 'array' AND json_array_length(event_types) > 0),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  secret TEXT NOT NULL CHECK (secret LIKE 'whsec\_%' ESCAPE '\'),
  previous_secret TEXT CHECK (previous_secret LIKE 'whsec\_%' ESCAPE '\'),
  previous_secret_expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT,
  UNIQUE (company_id, id)
);
CREATE INDEX webhook_endpoints_company ON webhook_endpoints(company_id, created_at);

-- An event (id msg_..., the `webhook-id` of every attempt): `payload` is the exact JSON body sent,
-- `{ type, timestamp, data }`, so retries and replays send the same bytes. Only stored when at least one
-- enabled endpoint of the company subscribes to its type.
CREATE TABLE webhook_events (
  id TEXT NOT NULL PRIMARY KEY CHECK (id LIKE 'msg\_%' ESCAPE '\'),
  company_id TEXT NOT NULL REFERENCES companies(id),
  type TEXT NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, id)
);

-- A delivery: one event to one endpoint, retried with back-off until it succeeds or gives up.
-- pending: next_attempt_at says when it is due; lease_until is set while one sender holds it, so a
-- duplicate queue message or the scheduled sweep never sends it twice at once. A replay is a new
-- delivery of the same event (replay_of: the id of the delivery it repeats, kept as text: the log's
-- retention may remove the original first). last_response: the start of the
-- receiver's answer body.
CREATE TABLE webhook_deliveries (
  id TEXT NOT NULL PRIMARY KEY CHECK (id LIKE 'dlv\_%' ESCAPE '\'),
  company_id TEXT NOT NULL REFERENCES companies(id),
  endpoint_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TEXT,
  lease_until TEXT,
  last_attempt_at TEXT,
  last_status INTEGER,
  last_response TEXT,
  last_error TEXT,
  replay_of TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT,
  UNIQUE (company_id, id),
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
  FOREIGN KEY (company_id, endpoint_id) REFERENCES webhook_endpoints(company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, event_id) REFERENCES webhook_events(company_id, id)
);
-- The delivery log of an endpoint, newest first.
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(company_id, endpoint_id, created_at DESC, id DESC);
-- The sweep: pending deliveries by due time.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_event ON webhook_deliveries(company_id, event_id);
