-- Operator calls for ambassadors and assets (issue 12).
--
-- * ambassadors.deactivated_at: when the company deactivated the ambassador (NULL: active). It is not
--   deactivated_by_self (the ambassador's own pause, which they undo themselves from the portal): a
--   deactivated ambassador cannot log in and every token they hold stops working.
-- * assets.group_id: an asset may be shown to one group of its campaign only (NULL: every member of the
--   campaign). `assets` gains a composite foreign key (0002's rule: a reference between two tenant-owned
--   rows also goes through company_id), which ALTER TABLE cannot add, so it is rebuilt the 0002 way: rows
--   copied aside, table dropped and created again, rows copied back with their rowids, index recreated.
--   Nothing refers to `assets`.

PRAGMA defer_foreign_keys = on;

ALTER TABLE ambassadors ADD COLUMN deactivated_at TEXT;

CREATE TABLE tmp_0009_assets AS SELECT rowid AS tmp_rowid, * FROM assets;
DROP TABLE assets;
CREATE TABLE assets (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  title TEXT NOT NULL,
  file_key TEXT NOT NULL,                               -- R2 key
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  thumbnail_key TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- 0009_operator_people: columns
  group_id INTEGER REFERENCES groups(id),
  updated_at TEXT,
  -- 0002_tenant_safe
  FOREIGN KEY (company_id, campaign_id) REFERENCES campaigns(company_id, id),
  -- 0009_operator_people: constraints
  FOREIGN KEY (company_id, group_id) REFERENCES groups(company_id, id),
  CHECK (size_bytes >= 0)
);
INSERT INTO assets (rowid, uid, company_id, campaign_id, title, file_key, file_name, content_type, size_bytes, thumbnail_key, created_at)
  SELECT tmp_rowid, uid, company_id, campaign_id, title, file_key, file_name, content_type, size_bytes, thumbnail_key, created_at
    FROM tmp_0009_assets ORDER BY tmp_rowid;
DROP TABLE tmp_0009_assets;
CREATE INDEX assets_campaign ON assets(company_id, campaign_id);
