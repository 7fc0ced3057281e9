-- Branding with a draft and a history (the console's /console/branding, issue 38). The live portal keeps
-- reading `customizations` (the company's layer, campaign_id NULL); what staff edit goes to the draft first.
--
-- * customization_drafts: at most one per company, the whole company document being edited (JSON), who last
--   saved it (the actor's label, as the audit log names them) and when. Publishing copies it to the live
--   layer and removes it.
-- * customization_versions: every company document that went live, numbered per company from 1 (published
--   from the draft, put directly with PUT /v1/operator/customization or the tab rules, or a rollback, which
--   is a new version with an earlier one's content). `author` is NULL for the document that was live before
--   the first version was recorded (kept as version 1 then, so it can be rolled back to).

CREATE TABLE customization_drafts (
  company_id TEXT PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  author TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE customization_versions (
  uid TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  version INTEGER NOT NULL CHECK (version >= 1),
  content TEXT NOT NULL,
  author TEXT,
  -- 'publish' (from the draft), 'put' (the document or tab rules written directly), 'rollback', 'baseline'.
  source TEXT NOT NULL CHECK (source IN ('publish', 'put', 'rollback', 'baseline')),
  -- A rollback's version it copied.
  rolled_back_from INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (company_id, version)
);
CREATE INDEX customization_versions_company ON customization_versions(company_id, version DESC);
