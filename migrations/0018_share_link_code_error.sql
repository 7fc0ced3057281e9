-- Stable error codes from the database (issue 18): the guard that keeps a retired short code for its link
-- raised SQLite's own UNIQUE text; it now raises a code. The sharing service maps `short_code_taken`
-- (and a UNIQUE violation of share_links) to the field error "this code is taken".
DROP TRIGGER share_links_code_not_retired;
CREATE TRIGGER share_links_code_not_retired BEFORE UPDATE OF short_code ON share_links
  WHEN NEW.short_code <> OLD.short_code AND EXISTS (SELECT 1 FROM share_link_retired_codes r
    WHERE r.company_id = NEW.company_id AND r.short_code = NEW.short_code AND r.share_link_uid <> NEW.uid)
  BEGIN SELECT RAISE(ABORT, 'short_code_taken'); END;
