-- The deployment owner's API (issue 12, ADMIN_API_KEY): Idempotency-Key records of its POSTs.
--
-- They cannot live in idempotency_keys (0003): a row there belongs to a company (company_id REFERENCES
-- companies), and POST /v1/operator/companies is the call that makes the company. The deployment has one
-- owner, so the key alone is the scope. Same columns and meaning otherwise: request_hash = SHA-256 of
-- method, path and body; the stored answer is replayed for the same request. A stored answer never holds
-- a plain API key (the key is shown once): the replay of a key's creation names the key without it.
CREATE TABLE admin_idempotency_keys (
  key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 255),
  request_hash TEXT NOT NULL CHECK (length(request_hash) = 64),
  status TEXT NOT NULL DEFAULT 'in_flight' CHECK (status IN ('in_flight', 'done')),
  response_status INTEGER,
  response TEXT,                                        -- JSON body of the stored answer
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (status = 'in_flight' OR (response_status IS NOT NULL AND response IS NOT NULL))
);
