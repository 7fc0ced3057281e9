-- A share link's old short codes keep working (issue 17): changing a code used to kill the /r/<old> URL
-- already in the wild. The old code is kept for the link; /r/<old code> follows the link (with its
-- current code in mbsy=), and nobody else in the company can take an old code. The guards are in SQL:
-- every path that changes or creates a code passes these triggers.
CREATE TABLE share_link_retired_codes (
  company_id TEXT NOT NULL REFERENCES companies(id),
  short_code TEXT NOT NULL COLLATE NOCASE,
  share_link_uid TEXT NOT NULL,
  retired_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (company_id, short_code),
  FOREIGN KEY (company_id, share_link_uid) REFERENCES share_links(company_id, uid) ON DELETE CASCADE
);
CREATE INDEX share_link_retired_codes_link ON share_link_retired_codes(company_id, share_link_uid);

-- A new link cannot take a code another link retired (RAISE(IGNORE): like the taken-code conflict, no row).
CREATE TRIGGER share_links_new_code_not_retired BEFORE INSERT ON share_links
  WHEN EXISTS (SELECT 1 FROM share_link_retired_codes r WHERE r.company_id = NEW.company_id AND r.short_code = NEW.short_code)
  BEGIN SELECT RAISE(IGNORE); END;

-- A link cannot change to a code another link retired (its own old codes it may take back).
CREATE TRIGGER share_links_code_not_retired BEFORE UPDATE OF short_code ON share_links
  WHEN NEW.short_code <> OLD.short_code AND EXISTS (SELECT 1 FROM share_link_retired_codes r
    WHERE r.company_id = NEW.company_id AND r.short_code = NEW.short_code AND r.share_link_uid <> NEW.uid)
  BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: share_link_retired_codes.short_code'); END;

-- The old code is kept for the link; a code taken back is live again, not retired.
CREATE TRIGGER share_links_code_retired AFTER UPDATE OF short_code ON share_links
  WHEN NEW.short_code <> OLD.short_code
  BEGIN
    INSERT INTO share_link_retired_codes (company_id, short_code, share_link_uid) VALUES (OLD.company_id, OLD.short_code, OLD.uid)
      ON CONFLICT (company_id, short_code) DO UPDATE SET share_link_uid = excluded.share_link_uid, retired_at = excluded.retired_at;
    DELETE FROM share_link_retired_codes WHERE company_id = NEW.company_id AND short_code = NEW.short_code;
  END;
