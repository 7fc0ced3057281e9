import type { StaffRole } from '../core/staff-auth';

/** A company's staff account as stored (src/api/staff); every query names the company. */
export interface StaffAccountRow {
  company_id: string;
  uid: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: number;
  totp_last_step: number | null;
  active: number;
  created_at: string;
}

export interface StaffSessionListRow {
  uid: string;
  token_hash: string;
  second_factor_at: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
}

export const staffByEmail = (db: D1Database, companyId: string, email: string) =>
  db.prepare('SELECT * FROM staff_accounts WHERE company_id = ? AND email = ?').bind(companyId, email.trim()).first<StaffAccountRow>();

export const staffByUid = (db: D1Database, companyId: string, uid: string) =>
  db.prepare('SELECT * FROM staff_accounts WHERE company_id = ? AND uid = ?').bind(companyId, uid).first<StaffAccountRow>();

export const companyName = (db: D1Database, companyId: string) =>
  db.prepare('SELECT name FROM companies WHERE id = ?').bind(companyId).first<string>('name');

/** Whether the company requires a second factor of all its staff (companies.console_require_second_factor). */
export const requiresSecondFactor = async (db: D1Database, companyId: string) =>
  (await db.prepare('SELECT console_require_second_factor FROM companies WHERE id = ?').bind(companyId)
    .first<number>('console_require_second_factor')) !== 0;

export async function teamOf(db: D1Database, companyId: string) {
  const { results } = await db.prepare('SELECT * FROM staff_accounts WHERE company_id = ? ORDER BY created_at, email')
    .bind(companyId).all<StaffAccountRow>();
  return results;
}

export function insertStaffSession(db: D1Database, s: {
  tokenHash: string; uid: string; companyId: string; staffUid: string; nowIso: string; expiresAt: string;
  userAgent: string | null; ipHash: string | null;
}) {
  return db.prepare(
    `INSERT INTO staff_sessions (token_hash, uid, company_id, staff_uid, created_at, last_seen_at, expires_at, user_agent, ip_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).bind(s.tokenHash, s.uid, s.companyId, s.staffUid, s.nowIso, s.nowIso, s.expiresAt, s.userAgent, s.ipHash).run();
}

export const secondFactorGiven = (db: D1Database, companyId: string, tokenHash: string, nowIso: string) =>
  db.prepare('UPDATE staff_sessions SET second_factor_at = ? WHERE company_id = ? AND token_hash = ? AND revoked_at IS NULL')
    .bind(nowIso, companyId, tokenHash);

export const revokeStaffToken = (db: D1Database, companyId: string, tokenHash: string, nowIso: string) =>
  db.prepare('UPDATE staff_sessions SET revoked_at = ? WHERE company_id = ? AND token_hash = ? AND revoked_at IS NULL')
    .bind(nowIso, companyId, tokenHash).run();

/** Revokes one of a staff member's own live sessions by its uid; 0 changes when there is none. */
export async function revokeOwnSession(db: D1Database, companyId: string, staffUid: string, uid: string, nowIso: string) {
  const { meta } = await db.prepare(
    'UPDATE staff_sessions SET revoked_at = ? WHERE company_id = ? AND staff_uid = ? AND uid = ? AND revoked_at IS NULL AND expires_at > ?',
  ).bind(nowIso, companyId, staffUid, uid, nowIso).run();
  return meta.changes;
}

/** Ends every session of a staff member (deactivated). */
export const revokeAllSessions = (db: D1Database, companyId: string, staffUid: string, nowIso: string) =>
  db.prepare('UPDATE staff_sessions SET revoked_at = ? WHERE company_id = ? AND staff_uid = ? AND revoked_at IS NULL')
    .bind(nowIso, companyId, staffUid);

export async function liveSessionsOf(db: D1Database, companyId: string, staffUid: string, nowIso: string) {
  const { results } = await db.prepare(
    `SELECT uid, token_hash, second_factor_at, created_at, last_seen_at, expires_at, user_agent FROM staff_sessions
      WHERE company_id = ? AND staff_uid = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC`,
  ).bind(companyId, staffUid, nowIso).all<StaffSessionListRow>();
  return results;
}

/**
 * Takes a TOTP step for an account: only a step later than the last one taken, so a code is accepted
 * once (two requests with the same code: one changes the row). 0 changes when the step was taken already.
 */
export async function takeTotpStep(db: D1Database, companyId: string, staffUid: string, step: number) {
  const { meta } = await db.prepare(
    `UPDATE staff_accounts SET totp_last_step = ?
      WHERE company_id = ? AND uid = ? AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ?)`,
  ).bind(step, companyId, staffUid, step).run();
  return meta.changes;
}

/** Spends a recovery code (its hash): 0 changes when it is unknown or used. */
export async function spendRecoveryCode(db: D1Database, companyId: string, staffUid: string, codeHash: string, nowIso: string) {
  const { meta } = await db.prepare(
    'UPDATE staff_recovery_codes SET used_at = ? WHERE company_id = ? AND staff_uid = ? AND code_hash = ? AND used_at IS NULL',
  ).bind(nowIso, companyId, staffUid, codeHash).run();
  return meta.changes;
}

/** Starts an enrolment: a new secret for an account whose second factor is not on. */
export async function startTotp(db: D1Database, companyId: string, staffUid: string, secret: string) {
  const { meta } = await db.prepare(
    'UPDATE staff_accounts SET totp_secret = ?, totp_last_step = NULL WHERE company_id = ? AND uid = ? AND totp_enabled = 0',
  ).bind(secret, companyId, staffUid).run();
  return meta.changes;
}

/**
 * Turns the second factor on (the secret the code was checked with, still off), replaces the recovery
 * codes and marks the session's second factor given, in one batch; the first statement's changes say
 * whether it happened.
 */
export async function enableTotp(db: D1Database, s: {
  companyId: string; staffUid: string; secret: string; step: number; codeHashes: string[]; tokenHash: string; nowIso: string;
}) {
  const enabled = `EXISTS (SELECT 1 FROM staff_accounts WHERE company_id = ? AND uid = ? AND totp_enabled = 1 AND totp_last_step = ?)`;
  const [first] = await db.batch([
    db.prepare(
      `UPDATE staff_accounts SET totp_enabled = 1, totp_last_step = ?
        WHERE company_id = ? AND uid = ? AND totp_enabled = 0 AND totp_secret = ? AND (totp_last_step IS NULL OR totp_last_step < ?)`,
    ).bind(s.step, s.companyId, s.staffUid, s.secret, s.step),
    db.prepare(`DELETE FROM staff_recovery_codes WHERE company_id = ? AND staff_uid = ? AND used_at IS NULL AND ${enabled}`)
      .bind(s.companyId, s.staffUid, s.companyId, s.staffUid, s.step),
    ...s.codeHashes.map((hash) => db.prepare(
      `INSERT OR IGNORE INTO staff_recovery_codes (company_id, staff_uid, code_hash, created_at) SELECT ?, ?, ?, ? WHERE ${enabled}`,
    ).bind(s.companyId, s.staffUid, hash, s.nowIso, s.companyId, s.staffUid, s.step)),
    secondFactorGiven(db, s.companyId, s.tokenHash, s.nowIso),
  ]);
  return first!.meta.changes;
}

export function insertStaff(db: D1Database, s: {
  companyId: string; uid: string; email: string; name: string; role: StaffRole; passwordHash: string; nowIso: string;
}) {
  return db.prepare(
    `INSERT INTO staff_accounts (company_id, uid, email, name, role, password_hash, created_at)
     SELECT ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM staff_accounts WHERE company_id = ? AND email = ?)`,
  ).bind(s.companyId, s.uid, s.email, s.name, s.role, s.passwordHash, s.nowIso, s.companyId, s.email).run();
}

/**
 * Changes a staff member's role and active flag; when the change takes an owner away (`losesOwner`), only
 * while another active owner remains, so a company always keeps one. 0 changes when it would not.
 */
export async function updateStaff(db: D1Database, s: {
  companyId: string; uid: string; role: StaffRole; active: boolean; losesOwner: boolean; nowIso: string;
}) {
  const [updated] = await db.batch([
    db.prepare(
      `UPDATE staff_accounts SET role = ?, active = ?
        WHERE company_id = ? AND uid = ?
          AND (? = 0 OR EXISTS (SELECT 1 FROM staff_accounts o WHERE o.company_id = ? AND o.uid <> ? AND o.role = 'owner' AND o.active = 1))`,
    ).bind(s.role, s.active ? 1 : 0, s.companyId, s.uid, s.losesOwner ? 1 : 0, s.companyId, s.uid),
    ...(s.active ? [] : [db.prepare(
      `UPDATE staff_sessions SET revoked_at = ? WHERE company_id = ? AND staff_uid = ? AND revoked_at IS NULL
         AND EXISTS (SELECT 1 FROM staff_accounts WHERE company_id = ? AND uid = ? AND active = 0)`,
    ).bind(s.nowIso, s.companyId, s.uid, s.companyId, s.uid)]),
  ]);
  return updated!.meta.changes;
}
