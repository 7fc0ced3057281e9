import type { AmbassadorRow, UserRow } from '../core/rows';

/** Users (login identities), their API tokens, and the ambassador a user logs in as. */

export function findUserByEmail(db: D1Database, companyId: string, email: string) {
  return db
    .prepare('SELECT * FROM users WHERE company_id = ? AND email = ?')
    .bind(companyId, email.trim())
    .first<UserRow>();
}

export function findUser(db: D1Database, companyId: string, userId: number) {
  return db.prepare('SELECT * FROM users WHERE company_id = ? AND id = ?').bind(companyId, userId).first<UserRow>();
}

export function insertToken(db: D1Database, t: { tokenHash: string; companyId: string; userId: number; expiresAt: string }) {
  return db
    .prepare('INSERT INTO api_tokens (token_hash, company_id, user_id, expires_at) VALUES (?, ?, ?, ?)')
    .bind(t.tokenHash, t.companyId, t.userId, t.expiresAt)
    .run();
}

export function revokeToken(db: D1Database, tokenHash: string, nowIso: string) {
  return db
    .prepare('UPDATE api_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
    .bind(nowIso, tokenHash)
    .run();
}

/** Ends every session of a user except, optionally, one (used after a password reset or change). */
export function revokeUserTokens(db: D1Database, companyId: string, userId: number, nowIso: string, keepHash = '') {
  return db
    .prepare('UPDATE api_tokens SET revoked_at = ? WHERE company_id = ? AND user_id = ? AND revoked_at IS NULL AND token_hash <> ?')
    .bind(nowIso, companyId, userId, keepHash)
    .run();
}

/** The language the ambassador of this user chose (null: none, or no ambassador). */
export const ambassadorLanguage = (db: D1Database, companyId: string, userId: number) =>
  db.prepare('SELECT language FROM ambassadors WHERE company_id = ? AND user_id = ?').bind(companyId, userId).first<string | null>('language');

/** The active ambassador of a user: who logs in, signs in by SSO or gets reset e-mails. */
export function findAmbassadorByUser(db: D1Database, companyId: string, userId: number) {
  return db
    // A company-deactivated ambassador (deactivated_at) cannot log in, sign in by SSO or get reset e-mails.
    .prepare('SELECT * FROM ambassadors WHERE company_id = ? AND user_id = ? AND deactivated_at IS NULL')
    .bind(companyId, userId)
    .first<AmbassadorRow>();
}
