/** Profile edits, notification settings, account status and unsubscribe codes. Every query filters by company. */
import type { EmailPreference, NotificationSettings } from '../../lib/schemas/notifications';

/** Ambassador columns a profile PATCH may write (the API maps form names such as `company` onto these). */
export const EDITABLE_COLUMNS = [
  'username', 'phone', 'company_name', 'job_title', 'street', 'city', 'state', 'zip', 'country', 'date_of_birth',
  'custom_fields', 'facebook_url', 'twitter_url', 'linkedin_url', 'pinterest_url', 'payout_preference',
  'paypal_email', 'dwolla_email', 'language', 'avatar_key',
] as const;
export type EditableColumn = (typeof EDITABLE_COLUMNS)[number];

/** An UPDATE of the given ambassador columns, for a batch. Column names come from EDITABLE_COLUMNS only. */
export function updateAmbassadorStatement(db: D1Database, companyId: string, uid: string, values: Partial<Record<EditableColumn, string | null>>) {
  const columns = Object.keys(values).filter((k): k is EditableColumn => (EDITABLE_COLUMNS as readonly string[]).includes(k));
  if (!columns.length) return null;
  return db
    .prepare(`UPDATE ambassadors SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE company_id = ? AND uid = ?`)
    .bind(...columns.map((c) => values[c] ?? null), companyId, uid);
}

export function updateUserNameStatement(db: D1Database, companyId: string, userId: number, names: { first_name?: string; last_name?: string }) {
  const columns = (['first_name', 'last_name'] as const).filter((k) => names[k] !== undefined);
  if (!columns.length) return null;
  return db
    .prepare(`UPDATE users SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE company_id = ? AND id = ?`)
    .bind(...columns.map((c) => names[c]!), companyId, userId);
}

/** Another ambassador of the company already using this username (case-insensitive: the column is NOCASE). */
export function findUsernameOwner(db: D1Database, companyId: string, username: string, exceptUid: string) {
  return db
    .prepare('SELECT uid FROM ambassadors WHERE company_id = ? AND username = ? AND uid <> ?')
    .bind(companyId, username, exceptUid)
    .first<{ uid: string }>();
}

interface NotificationRow {
  earn_pending_commission: number; commission_approved: number; commission_denied: number;
  payout_fulfilled: number; unsubscribe_all: number;
}

export async function findNotifications(db: D1Database, companyId: string, uid: string): Promise<NotificationSettings | null> {
  const row = await db
    .prepare(
      `SELECT earn_pending_commission, commission_approved, commission_denied, payout_fulfilled, unsubscribe_all
         FROM notification_settings WHERE company_id = ? AND ambassador_uid = ?`,
    )
    .bind(companyId, uid)
    .first<NotificationRow>();
  if (!row) return null;
  return {
    earn_pending_commission: !!row.earn_pending_commission, commission_approved: !!row.commission_approved,
    commission_denied: !!row.commission_denied, payout_fulfilled: !!row.payout_fulfilled, unsubscribe_all: !!row.unsubscribe_all,
  };
}

/** Writes the whole settings row (insert or replace), for a batch. */
export function upsertNotificationsStatement(db: D1Database, companyId: string, uid: string, s: NotificationSettings) {
  return db
    .prepare(
      `INSERT INTO notification_settings (ambassador_uid, company_id, earn_pending_commission, commission_approved,
              commission_denied, payout_fulfilled, unsubscribe_all) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (ambassador_uid) DO UPDATE SET earn_pending_commission = excluded.earn_pending_commission,
              commission_approved = excluded.commission_approved, commission_denied = excluded.commission_denied,
              payout_fulfilled = excluded.payout_fulfilled, unsubscribe_all = excluded.unsubscribe_all
       WHERE notification_settings.company_id = excluded.company_id`,
    )
    .bind(uid, companyId, +s.earn_pending_commission, +s.commission_approved, +s.commission_denied, +s.payout_fulfilled, +s.unsubscribe_all);
}

export function setDeactivated(db: D1Database, companyId: string, uid: string, deactivated: boolean) {
  return db
    .prepare('UPDATE ambassadors SET deactivated_by_self = ? WHERE company_id = ? AND uid = ?')
    .bind(deactivated ? 1 : 0, companyId, uid)
    .run();
}

/** The ambassador an unsubscribe code belongs to, within the company the link was opened on. */
export function findOptoutCode(db: D1Database, companyId: string, codeHash: string) {
  return db
    .prepare(
      `SELECT a.uid, a.email_preferences, a.deactivated_by_self FROM email_link_codes c
         JOIN ambassadors a ON a.uid = c.ambassador_uid AND a.company_id = c.company_id
        WHERE c.company_id = ? AND c.code_hash = ? AND c.purpose = 'optout'`,
    )
    .bind(companyId, codeHash)
    .first<{ uid: string; email_preferences: EmailPreference; deactivated_by_self: number }>();
}

export function setEmailPreferencesStatement(db: D1Database, companyId: string, uid: string, pref: EmailPreference, deactivated: boolean) {
  return db
    .prepare('UPDATE ambassadors SET email_preferences = ?, deactivated_by_self = ? WHERE company_id = ? AND uid = ?')
    .bind(pref, deactivated ? 1 : 0, companyId, uid);
}

/**
 * The profile's PayPal e-mail changed through the profile itself (PATCH): the proven destination no longer
 * says where the money goes. Another address starts over (pending, no code yet); none removes it.
 */
export const profilePaypalChangedStatement = (db: D1Database, companyId: string, uid: string, email: string | null, now: string) =>
  email === null
    ? db.prepare(`DELETE FROM payout_destinations WHERE company_id = ? AND ambassador_uid = ? AND rail = 'paypal'`).bind(companyId, uid)
    : db.prepare(
      `UPDATE payout_destinations SET paypal_email = ?3, status = 'pending', code_hash = NULL, code_expires_at = NULL, code_attempts = 0, updated_at = ?4
        WHERE company_id = ?1 AND ambassador_uid = ?2 AND rail = 'paypal' AND paypal_email <> ?3`,
    ).bind(companyId, uid, email, now);
