import { z } from 'zod';
import { emailProviderFor, type EmailProvider } from './email-providers';

// Every e-mail is first a row of email_outbox (./email.ts). Its id goes to the e-mail queue; the
// consumer claims the row, sends it through the provider and records the answer on the row. The cron's
// sweep re-queues rows whose message was lost or whose retry is due (or delivers them itself when the
// deployment has no queue binding). Without a configured provider nothing here sends: rows stay pending.

/** Attempts before a row is given up (failed). With the back-off below they span about a day. */
export const MAX_ATTEMPTS = 8;
/**
 * Attempts while the provider refuses the deployment's own account (a bad key, no verified domain): a
 * fix within the first hours still lets the e-mail out; then it fails with the account's reason instead
 * of being retried all day.
 */
export const MAX_ACCOUNT_ATTEMPTS = 3;
/** An account problem is not fixed in seconds: wait at least this long before the next attempt. */
const ACCOUNT_RETRY_SECONDS = 3_600;
/** How long a claimed row belongs to one consumer; a consumer that died mid-send frees it after this. */
const LEASE_SECONDS = 300;
/** An e-mail not out after two days (a password code, a welcome link) is stale: given up, never sent late. */
const MAX_AGE_MS = 2 * 86_400_000;
/** New rows get this long for their own queue message before the sweep sends another one. */
const SWEEP_GRACE_MS = 60_000;
const SWEEP_LIMIT = 100;
/**
 * Finished rows (sent, failed, suppressed) are deleted this long after they were written: the table would
 * otherwise grow without end and keep every set-password link and reset code ever mailed. At most
 * PRUNE_LIMIT rows go per sweep, oldest first.
 */
const OUTBOX_RETENTION_MS = 30 * 86_400_000;
const PRUNE_LIMIT = 5_000;

/** 30 s, 2 min, 8 min, 32 min, 2 h, 8.5 h, then 12 h (the longest delay a queue message may have). */
const backoffSeconds = (attempts: number) => Math.min(30 * 4 ** (attempts - 1), 43_200);

const emailQueueMessage = z.object({ id: z.number().int().positive() });

type DeliveryOutcome =
  | { status: 'sent' | 'suppressed' | 'failed' | 'skipped' }
  | { status: 'retry'; delaySeconds: number };

interface ClaimedRow {
  id: number; company_id: string; to_email: string; subject: string; body_text: string;
  status: 'sending' | 'suppressed' | 'failed'; attempts: number; created_at: string;
}

/**
 * The row's idempotency key and reference at the provider: the same on every attempt of the row, and
 * unique per deployment, since ids restart at 1 in every database (a reset local one, a staging copy)
 * while one Resend account may serve them all and remembers keys for a day. The company, the id and the
 * row's creation instant make it unique; hashing keeps addresses and ids out of the provider's logs.
 */
export async function outboxReference(row: { id: number; company_id: string; created_at: string }): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${row.company_id}\n${row.id}\n${row.created_at}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `outbox-${row.id}-${hex.slice(0, 32)}`;
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

const iso = (ms: number) => new Date(ms).toISOString();

/** Claims one outbox row, sends it and records the provider's answer on it. */
async function deliverOutboxRow(db: D1Database, provider: EmailProvider, id: number, now: Date): Promise<DeliveryOutcome> {
  const t = now.getTime();
  // The lease runs from the real clock when `now` lags it (the sweep without a queue passes its cron's
  // scheduled time to each of up to 100 rows sent one after another, 15 s each at worst).
  const leaseEnd = Math.max(t, Date.now()) + LEASE_SECONDS * 1000;
  const [claim, company] = await db.batch([
    db.prepare(CLAIM).bind(id, iso(t), iso(t - MAX_AGE_MS), iso(leaseEnd)),
    db.prepare('SELECT c.name FROM email_outbox o JOIN companies c ON c.id = o.company_id WHERE o.id = ?').bind(id),
  ]);
  const row = (claim!.results as ClaimedRow[])[0];
  if (!row) return { status: 'skipped' }; // sent, given up, or another consumer has it
  if (row.status !== 'sending') return { status: row.status };

  const fromName = (company!.results[0] as { name: string } | undefined)?.name ?? '';
  const reference = await outboxReference(row);
  const result = await provider.send({ id: row.id, reference, fromName, to: row.to_email, subject: row.subject, text: row.body_text });
  const finish = (sql: string, ...values: unknown[]) => db.prepare(`${sql} WHERE id = ? AND company_id = ?`).bind(...values, row.id, row.company_id);

  switch (result.status) {
    case 'sent':
      await finish(
        "UPDATE email_outbox SET status = 'sent', sent_at = ?, provider_id = ?, next_attempt_at = NULL, last_error = NULL",
        iso(Date.now()), result.providerId,
      ).run();
      return { status: 'sent' };
    case 'retry': {
      if (row.attempts >= (result.account ? MAX_ACCOUNT_ATTEMPTS : MAX_ATTEMPTS)) {
        await finish("UPDATE email_outbox SET status = 'failed', next_attempt_at = NULL, last_error = ?",
          `gave up after ${row.attempts} attempts: ${result.error}`).run();
        return { status: 'failed' };
      }
      const delaySeconds = Math.min(43_200, Math.max(backoffSeconds(row.attempts), result.retryAfterSeconds ?? 0, result.account ? ACCOUNT_RETRY_SECONDS : 0));
      await finish("UPDATE email_outbox SET status = 'pending', next_attempt_at = ?, last_error = ?",
        iso(t + delaySeconds * 1000), result.error).run();
      return { status: 'retry', delaySeconds };
    }
    case 'rejected':
      // The provider refused the recipient for good: this company sends to the address no more.
      await db.batch([
        finish("UPDATE email_outbox SET status = 'failed', next_attempt_at = NULL, last_error = ?", result.error),
        db.prepare("INSERT INTO email_suppressions (company_id, email, reason, detail) VALUES (?, ?, 'rejected', ?) ON CONFLICT DO NOTHING")
          .bind(row.company_id, row.to_email, result.error),
      ]);
      return { status: 'failed' };
    case 'failed':
      await finish("UPDATE email_outbox SET status = 'failed', next_attempt_at = NULL, last_error = ?", result.error).run();
      return { status: 'failed' };
  }
}

/**
 * New outbox rows: their ids go to the queue, or (no queue binding) they are delivered at once. Nothing
 * when no provider is configured. A failure here only logs: the sweep finds the row later.
 */
export async function dispatchOutbox(env: Env, ids: number[]): Promise<void> {
  const provider = emailProviderFor(env);
  if (!provider || !ids.length) return;
  try {
    if (env.EMAIL_QUEUE) await env.EMAIL_QUEUE.sendBatch(ids.map((id) => ({ body: { id } })));
    else for (const id of ids) await deliverOutboxRow(env.DB, provider, id, new Date());
  } catch (err) {
    console.error('email: could not hand outbox rows on', ids, err);
  }
}

/** The e-mail queue's consumer: one outbox row per message, one after another (providers rate-limit per second). */
export async function consumeEmail(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  const provider = emailProviderFor(env);
  for (const message of batch.messages) {
    const body = emailQueueMessage.safeParse(message.body);
    // Without a provider the message is dropped and the row stays pending for a later sweep.
    if (!body.success || !provider) {
      message.ack();
      continue;
    }
    try {
      const outcome = await deliverOutboxRow(env.DB, provider, body.data.id, new Date());
      if (outcome.status === 'retry') message.retry({ delaySeconds: outcome.delaySeconds });
      else message.ack();
    } catch (err) {
      console.error('email: delivering outbox row failed', body.data.id, err);
      // After the lease, so a row this run had claimed can be claimed again.
      message.retry({ delaySeconds: LEASE_SECONDS });
    }
  }
}

/** The scheduled sweep: hands due unsent outbox rows to the queue (or delivers them without one). */
export async function sweepOutbox(env: Env, _ctx: ExecutionContext, now: Date): Promise<unknown> {
  const provider = emailProviderFor(env);
  if (!provider) return { provider: null };
  const t = now.getTime();
  const { results } = await env.DB
    .prepare(
      `SELECT id FROM email_outbox
        WHERE status IN ('pending', 'sending')
          AND (next_attempt_at <= ?1 OR (status = 'pending' AND next_attempt_at IS NULL AND created_at <= ?2))
        ORDER BY id LIMIT ?3`,
    )
    .bind(iso(t), iso(t - SWEEP_GRACE_MS), SWEEP_LIMIT)
    .all<{ id: number }>();
  const ids = results.map((r) => r.id);
  const pruned = await pruneOutbox(env.DB, t).catch((err: unknown) => {
    console.error('email: pruning the outbox failed', err);
    return 0;
  });
  if (env.EMAIL_QUEUE) {
    if (ids.length) await env.EMAIL_QUEUE.sendBatch(ids.map((id) => ({ body: { id } })));
    return { provider: provider.name, queued: ids.length, pruned };
  }
  const outcomes: Record<string, number> = {};
  for (const id of ids) {
    // One row that fails (D1) must not stop the rest: it stays due and the next sweep takes it again.
    const status = await deliverOutboxRow(env.DB, provider, id, now).then((o) => o.status, (err: unknown) => {
      console.error('email: sweep could not deliver outbox row', id, err);
      return 'error';
    });
    outcomes[status] = (outcomes[status] ?? 0) + 1;
  }
  return { provider: provider.name, delivered: outcomes, pruned };
}

/** Deletes finished outbox rows older than OUTBOX_RETENTION_MS (ids grow with time: the oldest come first). */
async function pruneOutbox(db: D1Database, nowMs: number): Promise<number> {
  const { meta } = await db
    .prepare(
      `DELETE FROM email_outbox WHERE id IN (SELECT id FROM email_outbox
         WHERE status IN ('sent', 'failed', 'suppressed') AND created_at < ? ORDER BY id LIMIT ?)`,
    )
    .bind(iso(nowMs - OUTBOX_RETENTION_MS), PRUNE_LIMIT)
    .run();
  return meta.changes;
}
