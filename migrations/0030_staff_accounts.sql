-- The company console's staff: people of a company who run its program, separate from its ambassadors
-- (their own accounts, sessions and token scheme, `Authorization: Staff <token>`). Every row carries its
-- company and every query names it.
--
-- * staff_accounts: one per person and company (an e-mail is unique within its company), with a role of
--   five, a scrypt password hash (src/api/auth/password-hash.ts), and a TOTP second factor (RFC 6238): the
--   secret is kept from enrolment on, `totp_enabled` once a first code confirmed it, `totp_last_step` the
--   30-second step of the last code accepted, so a code signs in once.
-- * staff_recovery_codes: the ten one-time codes of a second factor, as SHA-256; `used_at` once spent.
-- * staff_sessions: a session's token as SHA-256; `second_factor_at` once the second factor was given
--   (NULL: the session can only give it, or is a full session of an account without one where the company
--   allows that); `revoked_at` on log out or revocation.
-- * companies.console_require_second_factor: 1 (the default) means no staff session works before its
--   second factor, and an account without one must enrol before anything else.

CREATE TABLE staff_accounts (
  company_id TEXT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  name TEXT NOT NULL DEFAULT '',
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'reviewer', 'finance', 'viewer')),
  password_hash TEXT,
  totp_secret TEXT,
  totp_enabled INTEGER NOT NULL DEFAULT 0 CHECK (totp_enabled IN (0, 1)),
  totp_last_step INTEGER,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL,
  PRIMARY KEY (company_id, uid),
  CHECK (totp_enabled = 0 OR totp_secret IS NOT NULL)
);
CREATE UNIQUE INDEX staff_accounts_email ON staff_accounts(company_id, email);

CREATE TABLE staff_recovery_codes (
  company_id TEXT NOT NULL,
  staff_uid TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (company_id, staff_uid, code_hash),
  FOREIGN KEY (company_id, staff_uid) REFERENCES staff_accounts(company_id, uid) ON DELETE CASCADE
);

CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  uid TEXT NOT NULL,
  company_id TEXT NOT NULL,
  staff_uid TEXT NOT NULL,
  second_factor_at TEXT,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  user_agent TEXT,
  ip_hash TEXT,
  FOREIGN KEY (company_id, staff_uid) REFERENCES staff_accounts(company_id, uid) ON DELETE CASCADE
);
CREATE UNIQUE INDEX staff_sessions_uid ON staff_sessions(company_id, uid);
CREATE INDEX staff_sessions_staff ON staff_sessions(company_id, staff_uid, revoked_at);

ALTER TABLE companies ADD COLUMN console_require_second_factor INTEGER NOT NULL DEFAULT 1
  CHECK (console_require_second_factor IN (0, 1));
