-- The share code the dashboard shows (ambassadors.share_code) credits its ambassador: /r/<share code> leads
-- where their referral link leads, and the operator's events and the store paths take it as a referrer. So
-- a share code and the share links' short codes (current and retired) are one namespace per company, and
-- letter case does not tell two codes apart (/r/ava7qk is /r/AVA7QK): /r/<code> names exactly one person.
-- Every path that creates or changes a code passes these guards.

-- 1. Codes that clash today. Share codes never credited anyone before this migration, while short codes
--    always redirected: a clashing share code is the one that changes (a new random code; the alphabet
--    of src/api/auth/codes.ts is not needed, any letters and digits a short code cannot already be).
UPDATE ambassadors SET share_code = 'S' || upper(hex(randomblob(5)))
 WHERE EXISTS (SELECT 1 FROM ambassadors b WHERE b.company_id = ambassadors.company_id AND b.rowid < ambassadors.rowid
                 AND b.share_code = ambassadors.share_code COLLATE NOCASE)
    OR EXISTS (SELECT 1 FROM share_links s WHERE s.company_id = ambassadors.company_id AND s.short_code = ambassadors.share_code)
    OR EXISTS (SELECT 1 FROM share_link_retired_codes r WHERE r.company_id = ambassadors.company_id AND r.short_code = ambassadors.share_code);

-- 2. One share code per company whatever the case (the lookups compare with NOCASE).
DROP INDEX ambassadors_share_code;
CREATE UNIQUE INDEX ambassadors_share_code ON ambassadors(company_id, share_code COLLATE NOCASE);

-- 3. A share code is never a short code, current or retired (share_code_taken: the paths that draw random
--    codes, registration and the operator's new ambassadors, draw again as after a UNIQUE violation).
CREATE TRIGGER ambassadors_share_code_not_short_code BEFORE INSERT ON ambassadors
  WHEN EXISTS (SELECT 1 FROM share_links s WHERE s.company_id = NEW.company_id AND s.short_code = NEW.share_code)
    OR EXISTS (SELECT 1 FROM share_link_retired_codes r WHERE r.company_id = NEW.company_id AND r.short_code = NEW.share_code)
  BEGIN SELECT RAISE(ABORT, 'share_code_taken'); END;

CREATE TRIGGER ambassadors_share_code_change_not_short_code BEFORE UPDATE OF share_code ON ambassadors
  WHEN NEW.share_code <> OLD.share_code AND (
    EXISTS (SELECT 1 FROM share_links s WHERE s.company_id = NEW.company_id AND s.short_code = NEW.share_code)
    OR EXISTS (SELECT 1 FROM share_link_retired_codes r WHERE r.company_id = NEW.company_id AND r.short_code = NEW.share_code))
  BEGIN SELECT RAISE(ABORT, 'share_code_taken'); END;

-- 4. A short code is never a share code. A new link writes no row, like a taken short code (the INSERTs use
--    ON CONFLICT DO NOTHING and read "no row" as taken); a changed code fails as taken (migration 0018's code).
CREATE TRIGGER share_links_new_code_not_share_code BEFORE INSERT ON share_links
  WHEN EXISTS (SELECT 1 FROM ambassadors a WHERE a.company_id = NEW.company_id AND a.share_code = NEW.short_code COLLATE NOCASE)
  BEGIN SELECT RAISE(IGNORE); END;

CREATE TRIGGER share_links_code_not_share_code BEFORE UPDATE OF short_code ON share_links
  WHEN NEW.short_code <> OLD.short_code
   AND EXISTS (SELECT 1 FROM ambassadors a WHERE a.company_id = NEW.company_id AND a.share_code = NEW.short_code COLLATE NOCASE)
  BEGIN SELECT RAISE(ABORT, 'short_code_taken'); END;
