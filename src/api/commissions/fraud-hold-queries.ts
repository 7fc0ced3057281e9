/**
 * The fraud holds' SQL (migration 0022): the ambassador's own e-mail addresses, the clients they logged in
 * from, and the holds a click that lands after its sale places.
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

/**
 * A click that reaches D1 after its sale (the queue): the commissions credited with those click ids, not
 * reviewed (never held before) or paid yet, are held `own_click` when the click shares the ambassador's own address or device.
 * One statement for a whole batch of clicks (`clicks`: JSON of click ids).
 */
export const holdLateOwnClicksStatement = (db: D1Database, clickUids: readonly string[], since: string, now: string) => {
  const own = (kind: string, column: string) =>
    `EXISTS (SELECT 1 FROM ambassador_clients a WHERE a.company_id = k.company_id AND a.ambassador_uid = k.ambassador_uid
        AND a.kind = '${kind}' AND a.client_hash = k.${column} AND a.last_seen_at >= ?2)`;
  return db.prepare(
    `UPDATE commissions AS m SET held_reason = 'own_click', held_at = ?3, held_signals = s.signals
       FROM (SELECT k.company_id, k.click_uid, k.ambassador_uid,
                    CASE WHEN ${own('client', 'client_hash')} THEN 'ip device'
                         ELSE trim((CASE WHEN ${own('ip', 'ip_hash')} THEN 'ip' ELSE '' END) || ' ' ||
                                   (CASE WHEN ${own('device', 'device_hash')} THEN 'device' ELSE '' END)) END AS signals
               FROM clicks k WHERE k.click_uid IN (SELECT value FROM json_each(?1))) s
      WHERE m.company_id = s.company_id AND m.click_uid = s.click_uid AND m.ambassador_uid = s.ambassador_uid AND s.signals <> ''
        AND m.kind = 'commission' AND m.held_reason IS NULL AND m.held_at IS NULL AND m.status IN ('pending', 'zero') AND m.payout_id IS NULL`,
  ).bind(JSON.stringify(clickUids), since, now);
};

/** Forgets an ambassador's clients not seen since `before`. */
export const forgetAmbassadorClientsStatement = (db: D1Database, companyId: string, ambassadorUid: string, before: string) =>
  db.prepare('DELETE FROM ambassador_clients WHERE company_id = ? AND ambassador_uid = ? AND last_seen_at < ?').bind(companyId, ambassadorUid, before);
