-- E-mailed invitations to a company's console (src/api/staff/invitations.ts). An owner or admin (or the
-- deployment owner, for a new company's first owner) invites an e-mail with a role; the invitee opens the
-- link (/console/accept?token=...) and sets a name and password, which makes the staff account.
--
-- * token_hash: SHA-256 of the link's token (the token itself is never stored); a resend replaces it, so
--   only the newest link works.
-- * invited_by: the staff uid of the inviter, NULL when the deployment owner's key invited.
-- * expires_at: 7 days after it was sent (or sent again); accepted_at once the account exists (staff_uid
--   names it); revoked_at when an owner or admin withdrew it. An invitation is open while neither is set,
--   and one e-mail has at most one open invitation per company.

CREATE TABLE staff_invitations (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'reviewer', 'finance', 'viewer')),
  token_hash TEXT NOT NULL,
  invited_by TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  staff_uid TEXT,
  revoked_at TEXT,
  PRIMARY KEY (company_id, uid),
  CHECK (accepted_at IS NULL OR revoked_at IS NULL),
  CHECK ((accepted_at IS NULL) = (staff_uid IS NULL))
);
CREATE UNIQUE INDEX staff_invitations_token ON staff_invitations(token_hash);
CREATE UNIQUE INDEX staff_invitations_open_email ON staff_invitations(company_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;
