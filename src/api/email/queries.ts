import { batch, row, write } from '../core/named-batch';

/**
 * D1 statements of e-mail: the outbox (email_outbox: written by the portal, sent by email-delivery.ts),
 * the suppression list it checks, and the provider's event receipts (email-events.ts).
 */

// Outbox -------------------------------------------------------------------------------------------

export const insertOutboxRow = (db: D1Database, m: { companyId: string; to: string; template: string; subject: string; text: string }) =>
  db.prepare('INSERT INTO email_outbox (company_id, to_email, template, subject, body_text) VALUES (?, ?, ?, ?, ?) RETURNING id')
    .bind(m.companyId, m.to, m.template, m.subject, m.text)
    .first<number>('id');

export interface OutboxRow {
  id: number; to_email: string; template: string; subject: string; body_text: string; created_at: string;
  sent_at: string | null; status: string; attempts: number; last_error: string | null;
}

/** The company's outbox, newest first, optionally to one address (any case). */
export const outboxRows = (db: D1Database, companyId: string, to: string | null, limit: number) =>
  db.prepare(
    `SELECT id, to_email, template, subject, body_text, created_at, sent_at, status, attempts, last_error FROM email_outbox
      WHERE company_id = ?1 AND (?2 IS NULL OR to_email = ?2 COLLATE NOCASE) ORDER BY id DESC LIMIT ?3`,
  )
    .bind(companyId, to, limit)
    .all<OutboxRow>()
    .then((r) => r.results);

export interface ClaimedRow {
  id: number; company_id: string; to_email: string; subject: string; body_text: string;
  status: 'sending' | 'suppressed' | 'failed'; attempts: number; created_at: string;
}

const SUPPRESSION = `(SELECT s.reason FROM email_suppressions s
  WHERE s.company_id = email_outbox.company_id AND s.email = email_outbox.to_email)`;

// One statement decides what becomes of a due row: too old -> failed, suppressed address -> suppressed,
// else sending with a lease. Only a pending row that is due, or a sending one whose lease ran out, matches,
// so of two consumers holding the same id exactly one gets the row back.
const CLAIM = `
  UPDATE email_outbox SET
    status = CASE WHEN created_at < ?3 THEN 'failed' WHEN ${SUPPRESSION} IS NOT NULL THEN 'suppressed' ELSE 'sending' END,
    attempts = attempts + (created_at >= ?3 AND ${SUPPRESSION} IS NULL),
    next_attempt_at = CASE WHEN created_at >= ?3 AND ${SUPPRESSION} IS NULL THEN ?4 END,
    last_error = CASE WHEN created_at < ?3 THEN 'expired: not sent within two days'
                      WHEN ${SUPPRESSION} IS NOT NULL THEN 'suppressed: ' || ${SUPPRESSION} ELSE last_error END
  WHERE id = ?1 AND status IN ('pending', 'sending') AND (next_attempt_at <= ?2 OR (status = 'pending' AND next_attempt_at IS NULL))
  RETURNING id, company_id, to_email, subject, body_text, status, attempts, created_at`;

/** Claims one outbox row (null: not ours) and reads its company's name, in one batch. */
export const claimOutboxRow = (db: D1Database, id: number, c: { now: string; expiredBefore: string; leaseUntil: string }) =>
  batch(db, {
    claimed: row<ClaimedRow>(db.prepare(CLAIM).bind(id, c.now, c.expiredBefore, c.leaseUntil)),
    company: row<{ name: string }>(db.prepare('SELECT c.name FROM email_outbox o JOIN companies c ON c.id = o.company_id WHERE o.id = ?').bind(id)),
  });

type Claimed = Pick<ClaimedRow, 'id' | 'company_id' | 'to_email'>;

const finishStatement = (db: D1Database, claimed: Claimed, sql: string, ...values: unknown[]) =>
  db.prepare(`${sql} WHERE id = ? AND company_id = ?`).bind(...values, claimed.id, claimed.company_id);

export const markOutboxSent = (db: D1Database, claimed: Claimed, sentAt: string, providerId: string | null) =>
  finishStatement(db, claimed, "UPDATE email_outbox SET status = 'sent', sent_at = ?, provider_id = ?, next_attempt_at = NULL, last_error = NULL",
    sentAt, providerId).run();

export const markOutboxRetry = (db: D1Database, claimed: Claimed, nextAttemptAt: string, error: string) =>
  finishStatement(db, claimed, "UPDATE email_outbox SET status = 'pending', next_attempt_at = ?, last_error = ?", nextAttemptAt, error).run();

const FAILED = "UPDATE email_outbox SET status = 'failed', next_attempt_at = NULL, last_error = ?";

export const markOutboxFailed = (db: D1Database, claimed: Claimed, error: string) => finishStatement(db, claimed, FAILED, error).run();

/** The provider refused the address: the row failed and the address is suppressed, in one batch. */
export const markOutboxRejected = (db: D1Database, claimed: Claimed, error: string) =>
  batch(db, {
    failed: write(finishStatement(db, claimed, FAILED, error)),
    suppressed: write(db.prepare("INSERT INTO email_suppressions (company_id, email, reason, detail) VALUES (?, ?, 'rejected', ?) ON CONFLICT DO NOTHING")
      .bind(claimed.company_id, claimed.to_email, error)),
  });

/** Ids of rows due by `now` (a pending row without a time: created before `createdBefore`), oldest first. */
export const dueOutboxIds = (db: D1Database, now: string, createdBefore: string, limit: number) =>
  db.prepare(
    `SELECT id FROM email_outbox
      WHERE status IN ('pending', 'sending')
        AND (next_attempt_at <= ?1 OR (status = 'pending' AND next_attempt_at IS NULL AND created_at <= ?2))
      ORDER BY id LIMIT ?3`,
  )
    .bind(now, createdBefore, limit)
    .all<{ id: number }>();

/** Deletes up to `limit` finished rows created before `before` (ids grow with time: the oldest come first). */
export const deleteOldOutboxRows = (db: D1Database, before: string, limit: number) =>
  db.prepare(
    `DELETE FROM email_outbox WHERE id IN (SELECT id FROM email_outbox
       WHERE status IN ('sent', 'failed', 'suppressed') AND created_at < ? ORDER BY id LIMIT ?)`,
  )
    .bind(before, limit)
    .run();

// Provider events ----------------------------------------------------------------------------------

export const outboxRowByProviderId = (db: D1Database, providerId: string) =>
  db.prepare('SELECT id, company_id, to_email FROM email_outbox WHERE provider_id = ?')
    .bind(providerId)
    .first<{ id: number; company_id: string; to_email: string }>();

/**
 * A bounce or complaint, once per event: the receipt is claimed with a fresh nonce, and only the request
 * holding it suppresses the address and marks the row (`receipt.changes` 1), in one batch.
 */
export function suppressFromEvent(
  db: D1Database, e: { webhookId: string; nonce: string; outbox: { id: number; company_id: string; to_email: string }; bounced: boolean; detail: string },
) {
  const claimed = 'EXISTS (SELECT 1 FROM email_event_receipts WHERE webhook_id = ? AND nonce = ?)';
  return batch(db, {
    receipt: write(db.prepare('INSERT INTO email_event_receipts (webhook_id, nonce) VALUES (?, ?) ON CONFLICT DO NOTHING').bind(e.webhookId, e.nonce)),
    suppressed: write(db.prepare(`INSERT INTO email_suppressions (company_id, email, reason, detail) SELECT ?, ?, ?, ? WHERE ${claimed} ON CONFLICT DO NOTHING`)
      .bind(e.outbox.company_id, e.outbox.to_email, e.bounced ? 'bounced' : 'complained', e.detail, e.webhookId, e.nonce)),
    // A bounced e-mail never arrived; a complained-about one did (it stays sent, with the complaint noted).
    marked: write(db.prepare(`UPDATE email_outbox SET last_error = ?, status = ${e.bounced ? "'failed'" : 'status'} WHERE id = ? AND company_id = ? AND ${claimed}`)
      .bind(e.detail, e.outbox.id, e.outbox.company_id, e.webhookId, e.nonce)),
  });
}

export const deleteOldEventReceipts = (db: D1Database, before: string) =>
  db.prepare('DELETE FROM email_event_receipts WHERE received_at < ?').bind(before).run();

/** The sender's name and point name of a company's e-mails. */
export const companyForEmailStatement = (db: D1Database, companyId: string) =>
  db.prepare('SELECT name, point_name FROM companies WHERE id = ?').bind(companyId);

/** An active staff member's own address: where a console test e-mail goes. */
export const staffEmailStatement = (db: D1Database, companyId: string, staffUid: string) =>
  db.prepare('SELECT email FROM staff_accounts WHERE company_id = ? AND uid = ? AND active = 1').bind(companyId, staffUid);
