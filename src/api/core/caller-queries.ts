import { batch, row, rows } from './named-batch';
import type { AmbassadorRow, CompanyRow, MembershipRow, UserRow } from './rows';

/** D1 reads of the signed-in ambassador (the caller): by API token, its campaigns, and what tab access needs. */

/** The live token's user, active ambassador, company and memberships in one batch (each null / empty when there is none). */
export function callerRowsByToken(db: D1Database, tokenHash: string, nowIso: string) {
  const live = `SELECT user_id FROM api_tokens WHERE token_hash = ?1 AND revoked_at IS NULL AND expires_at > ?2`;
  return batch(db, {
    user: row<UserRow>(db.prepare(`SELECT * FROM users WHERE id = (${live})`).bind(tokenHash, nowIso)),
    ambassador: row<AmbassadorRow>(db.prepare(`SELECT a.* FROM ambassadors a JOIN users u ON u.id = a.user_id AND u.company_id = a.company_id WHERE a.user_id = (${live}) AND a.deactivated_at IS NULL`).bind(tokenHash, nowIso)),
    company: row<CompanyRow>(db.prepare(`SELECT c.* FROM companies c JOIN users u ON u.company_id = c.id WHERE u.id = (${live})`).bind(tokenHash, nowIso)),
    memberships: rows<MembershipRow>(membershipsByTokenStatement(db, live).bind(tokenHash, nowIso)),
  });
}

/** Whether the token is still live for this user, ambassador (active) and company, with the same access level. */
export async function tokenStillLive(
  db: D1Database, p: { tokenHash: string; companyId: string; ambassadorUid: string; userId: number }, access: UserRow['access'], nowIso: string,
) {
  const found = await db.prepare(
    `SELECT 1 AS ok FROM api_tokens t
       JOIN users u ON u.id = t.user_id AND u.company_id = ?3 AND u.access = ?6
       JOIN ambassadors a ON a.user_id = u.id AND a.company_id = u.company_id AND a.uid = ?4 AND a.deactivated_at IS NULL
      WHERE t.token_hash = ?1 AND t.revoked_at IS NULL AND t.expires_at > ?2 AND t.user_id = ?5`,
  ).bind(p.tokenHash, nowIso, p.companyId, p.ambassadorUid, p.userId, access).first<{ ok: number }>();
  return found?.ok === 1;
}

/** The uid of the company's group `groupId`, or null. */
export const groupUid = (db: D1Database, companyId: string, groupId: number) =>
  db.prepare('SELECT uid FROM groups WHERE company_id = ? AND id = ?').bind(companyId, groupId).first<string>('uid');

const MEMBERSHIP_COLUMNS = `c.id AS campaign_id, c.uid AS campaign_uid, c.name, c.description, c.is_active, c.is_hidden_dashboard,
              c.url, c.native_message, c.portal_logo, s.uid AS share_link_uid, s.short_code, m.joined_at, c.translations
         FROM ambassador_campaigns m
         JOIN campaigns c ON c.id = m.campaign_id AND c.company_id = m.company_id
         LEFT JOIN share_links s ON s.company_id = m.company_id AND s.ambassador_uid = m.ambassador_uid
                                 AND s.campaign_id = m.campaign_id AND s.is_default = 1`;

/** The ambassador's campaigns, each with its referral link (the default share link), oldest first. */
export function membershipsStatement(db: D1Database, companyId: string, ambassadorUid: string) {
  return db
    .prepare(`SELECT ${MEMBERSHIP_COLUMNS} WHERE m.company_id = ? AND m.ambassador_uid = ? ORDER BY m.joined_at, c.id`)
    .bind(companyId, ambassadorUid);
}

/** The same list for the owner of a live token (`liveUserSql` selects its user id), for the token check's batch. */
export function membershipsByTokenStatement(db: D1Database, liveUserSql: string) {
  return db.prepare(
    `SELECT ${MEMBERSHIP_COLUMNS}
       JOIN ambassadors a ON a.company_id = m.company_id AND a.uid = m.ambassador_uid
      WHERE a.user_id = (${liveUserSql}) ORDER BY m.joined_at, c.id`,
  );
}
