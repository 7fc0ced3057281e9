-- Claiming an account (issue 17): a person who registers someone else's e-mail on a portal with
-- auto-login is signed in without proving the address. Such an account is marked until an e-mailed code
-- (set password, reset password) or the company's single sign-on proves it; payout details set while it
-- is marked are cleared at that moment (src/api/auth/passwords.ts), so they never survive the owner's claim.
-- Accounts that exist now, made by the operator or the seed, count as proven (0).
ALTER TABLE users ADD COLUMN email_unconfirmed INTEGER NOT NULL DEFAULT 0 CHECK (email_unconfirmed IN (0, 1));
