import { z } from 'zod';
import { emailProviderFor, type EmailProvider } from './providers';
import {
  claimOutboxRow, deleteOldOutboxRows, dueOutboxIds, markOutboxFailed, markOutboxRejected, markOutboxRetry, markOutboxSent,
} from './queries';

// Every e-mail is first a row of email_outbox (./outbox.ts). Its id goes to the e-mail queue; the
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

const iso = (ms: number) => new Date(ms).toISOString();

/** Claims one outbox row, sends it and records the provider's answer on it. */
async function deliverOutboxRow(db: D1Database, provider: EmailProvider, id: number, now: Date): Promise<DeliveryOutcome> {
  const t = now.getTime();
  // The lease runs from the real clock when `now` lags it (the sweep without a queue passes its cron's
  // scheduled time to each of up to 100 rows sent one after another, 15 s each at worst).
  const leaseEnd = Math.max(t, Date.now()) + LEASE_SECONDS * 1000;
  const { claimed: row, company } = await claimOutboxRow(db, id, { now: iso(t), expiredBefore: iso(t - MAX_AGE_MS), leaseUntil: iso(leaseEnd) });
  if (!row) return { status: 'skipped' }; // sent, given up, or another consumer has it
  if (row.status !== 'sending') return { status: row.status };

  const fromName = company?.name ?? '';
  const reference = await outboxReference(row);
  const result = await provider.send({ id: row.id, reference, fromName, to: row.to_email, subject: row.subject, text: row.body_text });
  switch (result.status) {
    case 'sent':
      await markOutboxSent(db, row, iso(Date.now()), result.providerId);
      return { status: 'sent' };
    case 'retry': {
      if (row.attempts >= (result.account ? MAX_ACCOUNT_ATTEMPTS : MAX_ATTEMPTS)) {
        await markOutboxFailed(db, row, `gave up after ${row.attempts} attempts: ${result.error}`);
        return { status: 'failed' };
      }
      const delaySeconds = Math.min(43_200, Math.max(backoffSeconds(row.attempts), result.retryAfterSeconds ?? 0, result.account ? ACCOUNT_RETRY_SECONDS : 0));
      await markOutboxRetry(db, row, iso(t + delaySeconds * 1000), result.error);
      return { status: 'retry', delaySeconds };
    }
    case 'rejected':
      // The provider refused the recipient for good: this company sends to the address no more.
      await markOutboxRejected(db, row, result.error);
      return { status: 'failed' };
    case 'failed':
      await markOutboxFailed(db, row, result.error);
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
  const { results } = await dueOutboxIds(env.DB, iso(t), iso(t - SWEEP_GRACE_MS), SWEEP_LIMIT);
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
  const { meta } = await deleteOldOutboxRows(db, iso(nowMs - OUTBOX_RETENTION_MS), PRUNE_LIMIT);
  return meta.changes;
}
