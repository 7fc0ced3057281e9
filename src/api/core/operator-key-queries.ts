/** D1 reads and writes of company API keys (operator_api_keys: only a key's SHA-256 is stored). */

/** A company API key as listed: never the key itself, a prefix to tell keys apart. */
export interface KeyView {
  id: number;
  company_id: string;
  prefix: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
}

/** The live key of this hash with its company's currency, or null. */
export const liveKeyRow = (db: D1Database, keyHash: string) =>
  db.prepare(
    `SELECT k.id, k.company_id, k.prefix, k.label, c.currency FROM operator_api_keys k JOIN companies c ON c.id = k.company_id
      WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
  )
    .bind(keyHash)
    .first<{ id: number; company_id: string; prefix: string; label: string; currency: string }>();

export const insertKey = (db: D1Database, companyId: string, prefix: string, keyHash: string, label: string) =>
  db.prepare('INSERT INTO operator_api_keys (company_id, prefix, key_hash, label) VALUES (?, ?, ?, ?) RETURNING id, created_at')
    .bind(companyId, prefix, keyHash, label)
    .first<{ id: number; created_at: string }>();

/** Revokes a live key of the company (a key of another company is left alone). */
export const revokeKeyRow = (db: D1Database, companyId: string, id: number) =>
  db.prepare("UPDATE operator_api_keys SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE company_id = ? AND id = ? AND revoked_at IS NULL")
    .bind(companyId, id)
    .run();

const KEY_SELECT = 'SELECT id, company_id, prefix, label, created_at, revoked_at FROM operator_api_keys';

export const keyRows = (db: D1Database, companyId: string) =>
  db.prepare(`${KEY_SELECT} WHERE company_id = ? ORDER BY id`).bind(companyId).all<KeyView>();

export const keyRow = (db: D1Database, companyId: string, id: number) =>
  db.prepare(`${KEY_SELECT} WHERE company_id = ? AND id = ?`).bind(companyId, id).first<KeyView>();
