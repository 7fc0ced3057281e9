import type { UserRow } from '../core/rows';
import { batch, row, rows, write, written } from '../core/named-batch';
import { usernameBase } from '../../lib/memorable-name';

/** Registration sessions, new accounts, e-mailed codes, single sign-on markers and company hosts. */

export async function listCompanyHosts(db: D1Database, companyId: string) {
  const { results } = await db
    .prepare('SELECT host FROM company_hosts WHERE company_id = ? ORDER BY host')
    .bind(companyId)
    .all<{ host: string }>();
  return results.map((r) => r.host);
}

// Registration sessions ------------------------------------------------------------------------------

export function insertClientSession(db: D1Database, companyId: string, uid: string, expiresAt: string) {
  return db
    .prepare('INSERT INTO client_sessions (uid, company_id, expires_at) VALUES (?, ?, ?)')
    .bind(uid, companyId, expiresAt)
    .run();
}

/** Marks a live, unused session of the company used; false when there is none (single use). */
export async function useClientSession(db: D1Database, companyId: string, uid: string, nowIso: string) {
  const res = await db
    .prepare('UPDATE client_sessions SET used_at = ?1 WHERE uid = ?2 AND company_id = ?3 AND used_at IS NULL AND expires_at > ?1')
    .bind(nowIso, uid, companyId)
    .run();
  return res.meta.changes === 1;
}

export function findLiveClientSession(db: D1Database, companyId: string, uid: string, nowIso: string) {
  return db
    .prepare('SELECT uid FROM client_sessions WHERE uid = ? AND company_id = ? AND used_at IS NULL AND expires_at > ?')
    .bind(uid, companyId, nowIso)
    .first<{ uid: string }>();
}

// New accounts ---------------------------------------------------------------------------------------

export function findGroupByUid(db: D1Database, companyId: string, uid: string) {
  return db.prepare('SELECT id FROM groups WHERE company_id = ? AND uid = ?').bind(companyId, uid).first<{ id: number }>();
}

/** Campaigns a new ambassador joins: the company's active ones shown on the dashboard. */
export async function listJoinableCampaigns(db: D1Database, companyId: string) {
  const { results } = await db
    .prepare('SELECT id FROM campaigns WHERE company_id = ? AND is_active = 1 AND is_hidden_dashboard = 0 ORDER BY id')
    .bind(companyId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

export interface NewAccount {
  companyId: string;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  ambassadorUid: string;
  shareCode: string;
  profile: {
    phone: string | null; company_name: string | null; job_title: string | null; street: string | null;
    city: string | null; state: string | null; zip: string | null; country: string | null;
    date_of_birth: string | null; paypal_email: string | null; group_id: number | null;
  };
  customFields: Record<string, string>;
  loyaltyAccess: boolean;
  /** Self-registration: nobody has proven the e-mail yet (users.email_unconfirmed, migration 0014). */
  emailUnconfirmed?: boolean;
  /** The ambassador's language (e-mails, portal); absent: the company default. */
  language?: string | null;
  /** One default share link per campaign joined. */
  campaigns: { campaignId: number; shareLinkUid: string; shortCode: string }[];
}

const USER_ID_BY_EMAIL = `(SELECT id FROM users WHERE company_id = ?1 AND email = ?2)`;

/**
 * Writes a whole account in one batch (all rows or none): user, ambassador, campaign memberships with
 * their default share links, notification settings and a zero loyalty balance. A UNIQUE violation
 * (e-mail, share code, short code) rolls everything back and is thrown to the caller.
 */
export async function insertAccount(db: D1Database, a: NewAccount): Promise<number> {
  const { user } = await batch(db, {
    ...writeSteps(accountStatements(db, a)),
    user: row<{ id: number }>(db.prepare(`SELECT ${USER_ID_BY_EMAIL} AS id`).bind(a.companyId, a.email)),
  });
  return user!.id;
}

/**
 * Several accounts in one batch (the operator CSV import), then their users by e-mail in the same batch. A
 * UNIQUE violation rolls all of them back and is thrown.
 */
export async function insertAccounts(db: D1Database, companyId: string, accounts: NewAccount[]): Promise<UserRow[]> {
  const emails = accounts.map((a) => a.email);
  const { users } = await batch(db, {
    ...writeSteps(accounts.flatMap((a) => accountStatements(db, a))),
    users: rows<UserRow>(db.prepare(`SELECT * FROM users WHERE company_id = ? AND email IN (${emails.map(() => '?').join(', ')})`).bind(companyId, ...emails)),
  });
  return users;
}

/** Writes named write0, write1, ... in their order, for a batch whose number of writes depends on the input. */
const writeSteps = (statements: D1PreparedStatement[]) =>
  Object.fromEntries(statements.map((statement, i) => [`write${i}`, write(statement)]));

/**
 * The memorable URL of a new account (src/lib/memorable-name.ts): the first of ?18, ?18-2, ?18-3, ...
 * (from number ?19) that no one in the company has as username or uid, picked inside the INSERT so
 * accounts written in one batch, or at the same moment, never pick the same one. Past a thousand
 * namesakes it stays NULL and the uid serves.
 */
const FREE_USERNAME = `(
  SELECT name FROM (
    WITH RECURSIVE n(i) AS (SELECT CAST(?19 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?19 + 999)
    SELECT CASE i WHEN 1 THEN ?18 ELSE ?18 || '-' || i END AS name, i FROM n
  ) AS candidate
  WHERE NOT EXISTS (SELECT 1 FROM ambassadors x WHERE x.company_id = ?1 AND (x.username = candidate.name OR x.uid = candidate.name))
  ORDER BY i LIMIT 1)`;

/** insertAccount's statements, for a caller that writes several accounts in one batch (the operator CSV import). */
export function accountStatements(db: D1Database, a: NewAccount): D1PreparedStatement[] {
  const p = a.profile;
  const username = usernameBase(a.firstName, a.lastName, a.shareCode);
  const statements = [
    db.prepare('INSERT INTO users (company_id, email, password_hash, first_name, last_name, loyalty_access, email_unconfirmed) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(a.companyId, a.email, a.passwordHash, a.firstName, a.lastName, a.loyaltyAccess ? 1 : 0, a.emailUnconfirmed ? 1 : 0),
    db.prepare(
      `INSERT INTO ambassadors (uid, company_id, user_id, share_code, phone, company_name, job_title, street, city, state, zip,
         country, date_of_birth, paypal_email, group_id, custom_fields, language, username)
       VALUES (?3, ?1, ${USER_ID_BY_EMAIL}, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ${FREE_USERNAME})`,
    ).bind(a.companyId, a.email, a.ambassadorUid, a.shareCode, p.phone, p.company_name, p.job_title, p.street, p.city, p.state,
      p.zip, p.country, p.date_of_birth, p.paypal_email, p.group_id, JSON.stringify(a.customFields), a.language ?? null,
      username.base, username.start),
    db.prepare('INSERT INTO notification_settings (ambassador_uid, company_id) VALUES (?, ?)').bind(a.ambassadorUid, a.companyId),
    db.prepare('INSERT INTO loyalty_balances (ambassador_uid, company_id) VALUES (?, ?)').bind(a.ambassadorUid, a.companyId),
  ];
  for (const m of a.campaigns) {
    statements.push(
      db.prepare('INSERT INTO ambassador_campaigns (company_id, ambassador_uid, campaign_id) VALUES (?, ?, ?)')
        .bind(a.companyId, a.ambassadorUid, m.campaignId),
      db.prepare('INSERT INTO share_links (uid, company_id, ambassador_uid, campaign_id, short_code, is_default) VALUES (?, ?, ?, ?, ?, 1)')
        .bind(m.shareLinkUid, a.companyId, a.ambassadorUid, m.campaignId, m.shortCode),
    );
  }
  return statements;
}

// E-mailed codes (reset and set password) ------------------------------------------------------------

export type CodePurpose = 'reset' | 'set_password';

export interface CodeRow {
  id: number;
  expires_at: string;
}

/** Live codes an account keeps at once: older unused ones are retired when a new one is issued. */
export const LIVE_CODES = 10;

/**
 * Stores a new code. The user's earlier unused codes of the purpose stay valid (a code requested by
 * someone else must not kill the one in the owner's hands), up to LIVE_CODES in all.
 */
export async function insertCode(
  db: D1Database, c: { companyId: string; userId: number; purpose: CodePurpose; codeHash: string; expiresAt: string; nowIso: string },
) {
  await db.batch([
    db.prepare(
      `UPDATE reset_codes SET used_at = ?1 WHERE company_id = ?2 AND user_id = ?3 AND purpose = ?4 AND used_at IS NULL
          AND id NOT IN (SELECT id FROM reset_codes WHERE company_id = ?2 AND user_id = ?3 AND purpose = ?4 AND used_at IS NULL
                          ORDER BY id DESC LIMIT ?5)`,
    ).bind(c.nowIso, c.companyId, c.userId, c.purpose, LIVE_CODES - 1),
    db.prepare('INSERT INTO reset_codes (company_id, user_id, code_hash, purpose, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(c.companyId, c.userId, c.codeHash, c.purpose, c.expiresAt),
  ]);
}

/** The live (unused, unexpired) code of the user with this hash. */
export function findCodeByHash(db: D1Database, companyId: string, userId: number, purpose: CodePurpose, codeHash: string, nowIso: string) {
  return db
    .prepare(
      `SELECT id, expires_at FROM reset_codes
        WHERE company_id = ? AND user_id = ? AND purpose = ? AND code_hash = ? AND used_at IS NULL AND expires_at > ?
        ORDER BY id DESC LIMIT 1`,
    )
    .bind(companyId, userId, purpose, codeHash, nowIso)
    .first<CodeRow>();
}

/** Whether the user has any live code of the purpose (a wrong code then says so; else "no code found"). */
export async function hasLiveCode(db: D1Database, companyId: string, userId: number, purpose: CodePurpose, nowIso: string) {
  const row = await db
    .prepare('SELECT 1 AS live FROM reset_codes WHERE company_id = ? AND user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? LIMIT 1')
    .bind(companyId, userId, purpose, nowIso)
    .first<{ live: number }>();
  return !!row;
}

/**
 * Sets the password, retires every unused code of the user (a reset link must not outlive it) and ends
 * every session but `keepHash`'s, in one batch: a password never changes while an old session lives on.
 */
export async function setPassword(db: D1Database, companyId: string, userId: number, hash: string, nowIso: string, keepHash = '') {
  await db.batch(newPasswordStatements(db, { companyId, userId, hash, nowIso, keepHash }));
}

/**
 * Uses the e-mailed code `codeId` once and, in the same batch, does what the code is for: the password
 * set, the user's other codes retired, every session ended, and the e-mail proven (payout details set
 * while it was unproven cleared). Each write after the first is guarded by the code having been used by
 * this very statement (its `used_at` is this request's time), so a code used twice, or expired, writes
 * nothing, and a failure part way writes nothing either. `consumed` false: the code was not live.
 */
export async function redeemCode(db: D1Database, companyId: string, userId: number, codeId: number, hash: string, nowIso: string) {
  const used = 'EXISTS (SELECT 1 FROM reset_codes WHERE id = ?1 AND company_id = ?2 AND used_at = ?3)';
  const ids = [codeId, companyId, nowIso, userId] as const;
  const { consumed, before } = await batch(db, {
    consumed: written(db.prepare('UPDATE reset_codes SET used_at = ?3 WHERE id = ?1 AND company_id = ?2 AND used_at IS NULL AND expires_at > ?3 RETURNING 1')
      .bind(codeId, companyId, nowIso)),
    ...Object.fromEntries(newPasswordStatements(db, { companyId, userId, hash, nowIso }, used, ids).map((s, i) => [`password${i}`, write(s)])),
    ...emailProvenSteps(db, used, ids),
  });
  return { consumed: consumed === 1, cleared: consumed === 1 ? payoutCleared(before) : null };
}

/**
 * The writes of a new password: the hash, the user's unused codes retired, the sessions but `keepHash`'s
 * ended. With `guard` (an SQL condition over `guardArgs` as ?1..?4), each write happens only when it holds.
 */
function newPasswordStatements(
  db: D1Database, p: { companyId: string; userId: number; hash: string; nowIso: string; keepHash?: string },
  guard = '1', guardArgs: readonly unknown[] = [],
) {
  const n = guardArgs.length;
  const at = (i: number) => `?${n + i}`;
  const args = [...guardArgs, p.companyId, p.userId, p.nowIso];
  return [
    db.prepare(`UPDATE users SET password_hash = ${at(4)} WHERE company_id = ${at(1)} AND id = ${at(2)} AND ${guard}`).bind(...args, p.hash),
    db.prepare(`UPDATE reset_codes SET used_at = ${at(3)} WHERE company_id = ${at(1)} AND user_id = ${at(2)} AND used_at IS NULL AND ${guard}`).bind(...args),
    db.prepare(`UPDATE api_tokens SET revoked_at = ${at(3)} WHERE company_id = ${at(1)} AND user_id = ${at(2)} AND revoked_at IS NULL AND token_hash <> ${at(4)} AND ${guard}`)
      .bind(...args, p.keepHash ?? ''),
  ];
}

/**
 * The e-mail is proven (an e-mailed code was used, or the company's single sign-on vouched for it). When
 * the account was unproven until now, the payout details set in the meantime, by whoever registered the
 * address, are cleared in the same batch. Returns the payout details that were cleared (none: null).
 */
export async function confirmEmail(db: D1Database, companyId: string, userId: number): Promise<PayoutDetails | null> {
  const { before } = await batch(db, emailProvenSteps(db, '1', [null, companyId, null, userId]));
  return payoutCleared(before);
}

/**
 * The e-mail proven, when `guard` (SQL over ?1..?4, with ?2 the company and ?4 the user) holds: `before`
 * reads the payout details of a still unproven account, `cleared` clears them, `confirmed` marks it proven.
 */
function emailProvenSteps(db: D1Database, guard: string, args: readonly [unknown, string, unknown, number]) {
  const unproven = 'EXISTS (SELECT 1 FROM users WHERE company_id = ?2 AND id = ?4 AND email_unconfirmed = 1)';
  return {
    before: row<PayoutDetails>(db.prepare(`SELECT payout_preference, paypal_email, dwolla_email FROM ambassadors WHERE company_id = ?2 AND user_id = ?4 AND ${unproven} AND ${guard}`).bind(...args)),
    cleared: write(db.prepare(`UPDATE ambassadors SET payout_preference = NULL, paypal_email = NULL, dwolla_email = NULL WHERE company_id = ?2 AND user_id = ?4 AND ${unproven} AND ${guard}`).bind(...args)),
    confirmed: write(db.prepare(`UPDATE users SET email_unconfirmed = 0 WHERE company_id = ?2 AND id = ?4 AND ${guard}`).bind(...args)),
  };
}

const payoutCleared = (before: PayoutDetails | null) =>
  before && (before.payout_preference || before.paypal_email || before.dwolla_email) ? before : null;

export interface PayoutDetails { payout_preference: string | null; paypal_email: string | null; dwolla_email: string | null }

// Single sign-on -------------------------------------------------------------------------------------

/** Records a token id as used; false when it was used before (replay). Expired markers are dropped. */
export async function markSsoTokenUsed(db: D1Database, companyId: string, jti: string, expiresAt: string, nowIso: string) {
  const { inserted } = await batch(db, {
    expired: write(db.prepare('DELETE FROM sso_tokens_used WHERE company_id = ? AND expires_at < ?').bind(companyId, nowIso)),
    inserted: write(db.prepare('INSERT OR IGNORE INTO sso_tokens_used (company_id, jti, expires_at) VALUES (?, ?, ?)').bind(companyId, jti, expiresAt)),
  });
  return inserted.changes === 1;
}

/** The data of `ambassador.registered`: the person (null: none) and the uids of their campaigns, in one batch. */
export const registeredAmbassador = (db: D1Database, companyId: string, ambassadorUid: string) =>
  batch(db, {
    ambassador: row<Record<string, unknown>>(db.prepare(
      `SELECT a.uid AS ambassador_uid, u.email, u.first_name, u.last_name, a.language, g.uid AS group_uid
         FROM ambassadors a JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
         LEFT JOIN groups g ON g.company_id = a.company_id AND g.id = a.group_id
        WHERE a.company_id = ? AND a.uid = ?`,
    ).bind(companyId, ambassadorUid)),
    campaigns: rows<{ uid: string }>(db.prepare(
      `SELECT c.uid FROM ambassador_campaigns ac JOIN campaigns c ON c.company_id = ac.company_id AND c.id = ac.campaign_id
        WHERE ac.company_id = ? AND ac.ambassador_uid = ? ORDER BY c.id`,
    ).bind(companyId, ambassadorUid)),
  });
