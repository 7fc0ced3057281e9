-- The audit log: every write of a company key or a staff member (src/api/core/writes.ts), kept as a hash
-- chain per company (src/api/audit/). Each entry's `hash` is SHA-256 over a canonical JSON of the entry
-- with its `seq` and `prev_hash` (the previous entry's hash, '' for the first), so editing, removing or
-- reordering an entry breaks the chain from there on; `audit_heads` keeps the company's last seq and hash,
-- so removing the newest entries shows too. An append is one batch guarded on the head it read (an
-- `INSERT ... SELECT ... WHERE` and an `UPDATE ... WHERE` on the same seq and hash): two writers never
-- both extend the same head. Entries are never updated or deleted by the application.
--
-- input, before_json, after_json: JSON text as hashed (keys sorted, secrets "[redacted]", size capped).

CREATE TABLE audit_log (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  at TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('key', 'staff')),
  actor_id TEXT NOT NULL,
  actor_label TEXT NOT NULL,
  action TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  input TEXT NOT NULL,
  before_json TEXT NOT NULL,
  after_json TEXT NOT NULL,
  ip TEXT,
  user_agent TEXT,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (company_id, seq)
);
CREATE INDEX audit_log_actor ON audit_log(company_id, actor_kind, actor_id, seq);
CREATE INDEX audit_log_action ON audit_log(company_id, action, seq);
CREATE INDEX audit_log_at ON audit_log(company_id, at);

CREATE TABLE audit_heads (
  company_id TEXT PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL
);
