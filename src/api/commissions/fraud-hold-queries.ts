/**
 * The fraud holds' SQL (migration 0022): the ambassador's own e-mail addresses and the clients they logged in
 * from. The hold a click that lands after its sale places is a money write (src/api/money/commissions.ts holdLateOwnClicks).
 */

/** The ambassador's own e-mail addresses: their account's, and those their payouts go to. */
export const ambassadorEmailStatement = (db: D1Database, companyId: string, ambassadorUid: string) =>
  db.prepare(
    `SELECT u.email, a.paypal_email, a.dwolla_email FROM ambassadors a JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
      WHERE a.company_id = ? AND a.uid = ?`,
  ).bind(companyId, ambassadorUid);

/**
 * Which of the ambassador's own signals a sale's clicks (stored under `clickUids`) share, among the clients
 * they logged in from since `since`: `ip` (the same salted address hash), `device` (the same browser's device
 * id) and `client` (address and user agent together: logins remembered before the signals were kept apart).
 */
export const ownClickSignalsStatement = (db: D1Database, companyId: string, ambassadorUid: string, clickUids: readonly string[], since: string) => {
  const ids = JSON.stringify(clickUids);
  const own = (kind: string, column: string) =>
    `EXISTS (SELECT 1 FROM clicks k JOIN ambassador_clients a ON a.company_id = k.company_id AND a.ambassador_uid = ?3 AND a.kind = '${kind}'
        AND a.client_hash = k.${column} AND a.last_seen_at >= ?4
      WHERE k.company_id = ?1 AND k.click_uid IN (SELECT value FROM json_each(?2)))`;
  return db.prepare(`SELECT ${own('ip', 'ip_hash')} AS ip, ${own('device', 'device_hash')} AS device, ${own('client', 'client_hash')} AS client`)
    .bind(companyId, ids, ambassadorUid, since);
};

/** Remembers (or refreshes) one signal of a client an ambassador logged in from. */
export const rememberAmbassadorClientStatement = (
  db: D1Database, companyId: string, ambassadorUid: string, kind: 'client' | 'ip' | 'device', hash: string, now: string,
) =>
  db.prepare(
    `INSERT INTO ambassador_clients (company_id, ambassador_uid, client_hash, kind, last_seen_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (company_id, ambassador_uid, client_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
  ).bind(companyId, ambassadorUid, hash, kind, now);

/** Forgets an ambassador's clients not seen since `before`. */
export const forgetAmbassadorClientsStatement = (db: D1Database, companyId: string, ambassadorUid: string, before: string) =>
  db.prepare('DELETE FROM ambassador_clients WHERE company_id = ? AND ambassador_uid = ? AND last_seen_at < ?').bind(companyId, ambassadorUid, before);
