import type { StaffRole } from '../core/staff-auth';

/** A staff invitation as stored (migration 0033); every query names the company. */
export interface StaffInvitationRow {
  company_id: string;
  uid: string;
  email: string;
  role: StaffRole;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  staff_uid: string | null;
  revoked_at: string | null;
}

/** Whether the company has a staff member with this e-mail. */
export const staffEmailExists = async (db: D1Database, companyId: string, email: string) =>
  (await db.prepare('SELECT 1 AS found FROM staff_accounts WHERE company_id = ? AND email = ?').bind(companyId, email).first<number>('found')) === 1;

/**
 * A new open invitation, unless the e-mail is in the team already or has an open invitation (the unique
 * index of open invitations refuses a second, the guard a member): 0 changes then.
 */
export async function insertInvitation(db: D1Database, s: {
  companyId: string; uid: string; email: string; role: StaffRole; tokenHash: string; invitedBy: string | null; nowIso: string; expiresAt: string;
}) {
  const { meta } = await db.prepare(
    `INSERT OR IGNORE INTO staff_invitations (company_id, uid, email, role, token_hash, invited_by, created_at, expires_at)
     SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM staff_accounts WHERE company_id = ? AND email = ?)`,
  ).bind(s.companyId, s.uid, s.email, s.role, s.tokenHash, s.invitedBy, s.nowIso, s.expiresAt, s.companyId, s.email).run();
  return meta.changes;
}

export const openInvitationByEmail = (db: D1Database, companyId: string, email: string) =>
  db.prepare('SELECT * FROM staff_invitations WHERE company_id = ? AND email = ? AND accepted_at IS NULL AND revoked_at IS NULL')
    .bind(companyId, email).first<StaffInvitationRow>();

export const invitationByUid = (db: D1Database, companyId: string, uid: string) =>
  db.prepare('SELECT * FROM staff_invitations WHERE company_id = ? AND uid = ?').bind(companyId, uid).first<StaffInvitationRow>();

export const invitationByToken = (db: D1Database, companyId: string, tokenHash: string) =>
  db.prepare('SELECT * FROM staff_invitations WHERE company_id = ? AND token_hash = ?').bind(companyId, tokenHash).first<StaffInvitationRow>();

/** The company's open invitations (pending or expired), newest first. */
export async function openInvitations(db: D1Database, companyId: string) {
  const { results } = await db.prepare(
    'SELECT * FROM staff_invitations WHERE company_id = ? AND accepted_at IS NULL AND revoked_at IS NULL ORDER BY created_at DESC, uid',
  ).bind(companyId).all<StaffInvitationRow>();
  return results;
}

/** A new token and seven more days for an open invitation (the old link stops working): 0 changes when it is not open. */
export async function renewInvitation(db: D1Database, companyId: string, uid: string, tokenHash: string, expiresAt: string) {
  const { meta } = await db.prepare(
    'UPDATE staff_invitations SET token_hash = ?, expires_at = ? WHERE company_id = ? AND uid = ? AND accepted_at IS NULL AND revoked_at IS NULL',
  ).bind(tokenHash, expiresAt, companyId, uid).run();
  return meta.changes;
}

/** Withdraws an open invitation: 0 changes when it is not open. */
export async function revokeInvitation(db: D1Database, companyId: string, uid: string, nowIso: string) {
  const { meta } = await db.prepare(
    'UPDATE staff_invitations SET revoked_at = ? WHERE company_id = ? AND uid = ? AND accepted_at IS NULL AND revoked_at IS NULL',
  ).bind(nowIso, companyId, uid).run();
  return meta.changes;
}

/**
 * Accepts an invitation in one batch: the staff account (the invitation's e-mail and role, the invitee's name
 * and password) only while the invitation is open and unexpired and the e-mail not in the team, then the
 * invitation marked accepted only when that account exists. The first statement's changes say whether it
 * happened (a second acceptance of the same link finds it accepted).
 */
export async function acceptInvitation(db: D1Database, s: {
  companyId: string; tokenHash: string; staffUid: string; name: string; passwordHash: string; nowIso: string;
}) {
  const [created] = await db.batch([
    db.prepare(
      `INSERT INTO staff_accounts (company_id, uid, email, name, role, password_hash, created_at)
       SELECT i.company_id, ?, i.email, ?, i.role, ?, ? FROM staff_invitations i
        WHERE i.company_id = ? AND i.token_hash = ? AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ?
          AND NOT EXISTS (SELECT 1 FROM staff_accounts a WHERE a.company_id = i.company_id AND a.email = i.email)`,
    ).bind(s.staffUid, s.name, s.passwordHash, s.nowIso, s.companyId, s.tokenHash, s.nowIso),
    db.prepare(
      `UPDATE staff_invitations SET accepted_at = ?, staff_uid = ?
        WHERE company_id = ? AND token_hash = ? AND accepted_at IS NULL AND revoked_at IS NULL
          AND EXISTS (SELECT 1 FROM staff_accounts WHERE company_id = ? AND uid = ?)`,
    ).bind(s.nowIso, s.staffUid, s.companyId, s.tokenHash, s.companyId, s.staffUid),
  ]);
  return created!.meta.changes;
}

/** When each member of the company last called with any of their sessions. */
export async function lastSeenOf(db: D1Database, companyId: string) {
  const { results } = await db.prepare(
    'SELECT staff_uid, MAX(last_seen_at) AS last_seen_at FROM staff_sessions WHERE company_id = ? GROUP BY staff_uid',
  ).bind(companyId).all<{ staff_uid: string; last_seen_at: string }>();
  return new Map(results.map((r) => [r.staff_uid, r.last_seen_at]));
}

export const setRequireSecondFactor = (db: D1Database, companyId: string, on: boolean) =>
  db.prepare('UPDATE companies SET console_require_second_factor = ? WHERE id = ?').bind(on ? 1 : 0, companyId).run();
