import { enqueueDeliveries, webhooksQueue, type DeliveryMessage } from './events';
import { claimDelivery, dueDeliveryRows, finishAttempt, pruneDeliveries } from './queries';
import { postSigned, type SendOutcome } from './send';
import { checkWebhookUrl, guardOptions } from './url-guard';

/**
 * Sending a delivery: the queue consumer, the scheduled sweep and a replay all go through
 * `attemptDelivery`. A delivery is claimed first (a conditional UPDATE that only a pending, due and
 * unleased delivery passes, which also counts the attempt), so a duplicate queue message, the sweep and
 * a queue message racing never send it twice; one that succeeded or gave up is never sent again.
 * A failure is retried after BACKOFF_SECONDS[attempt - 1] (30 s, 2 min, 10 min, 1 h, 6 h, 12 h, 12 h);
 * the MAX_ATTEMPTS-th failure gives up (status `failed`, replayable).
 */
export const MAX_ATTEMPTS = 8;
const BACKOFF_SECONDS = [30, 120, 600, 3600, 21_600, 43_200, 43_200];
/** Longer than a send can take (10 s timeout), so a lease never ends while its sender still works. */
const LEASE_MS = 60_000;
/** A queue message a little early is taken as due. */
const DUE_SLACK_MS = 5_000;
/** With a queue, the sweep only takes deliveries this overdue: their message was lost. */
const SWEEP_GRACE_MS = 5 * 60_000;
const SWEEP_LIMIT = 200;
const SWEEP_CONCURRENCY = 10;
/** Finished deliveries, and events nothing refers to any more, are kept this long. */
const RETENTION_DAYS = 30;
/** Queues delay a message by 12 hours at most. */
const MAX_QUEUE_DELAY_S = 43_200;

export const backoffSeconds = (attempt: number) => BACKOFF_SECONDS[Math.min(attempt, BACKOFF_SECONDS.length) - 1]!;

export type AttemptResult =
  | { state: 'succeeded' | 'failed' | 'skipped' }
  | { state: 'retry' | 'not_due'; delaySeconds: number };

const iso = (ms: number) => new Date(ms).toISOString();

/** One attempt of one delivery of `companyId`, now. */
export async function attemptDelivery(env: Env, companyId: string, deliveryId: string, nowMs = Date.now()): Promise<AttemptResult> {
  const db = env.DB;
  const now = iso(nowMs);
  // The lease and the signed timestamp follow the real clock when `nowMs` lags it: the sweep passes its
  // cron's scheduled time to every attempt, and after 20 rounds of 10 s timeouts a lease counted from that
  // time would already have run out when taken (a queue message could then send the same delivery at
  // once), and the `webhook-timestamp` could fall outside a receiver's tolerance.
  const realMs = Math.max(nowMs, Date.now());
  const lease = iso(realMs + LEASE_MS);
  const { claimed, delivery: row } = await claimDelivery(db, companyId, deliveryId, { leaseUntil: lease, now, dueBy: iso(nowMs + DUE_SLACK_MS) });
  if (!row || claimed.length === 0) {
    // Not ours to send: unknown, finished, held by another sender, or not due yet.
    if (!row || row.status !== 'pending' || (row.lease_until && row.lease_until > now)) return { state: 'skipped' };
    return { state: 'not_due', delaySeconds: Math.max(1, Math.ceil((Date.parse(row.next_attempt_at!) - nowMs) / 1000)) };
  }

  const finish = (status: 'succeeded' | 'failed' | 'pending', outcome: SendOutcome, nextMs: number | null) =>
    finishAttempt(db, companyId, deliveryId, {
      status, nextAttemptAt: nextMs === null ? null : iso(nextMs), responseStatus: outcome.status, responseBody: outcome.body,
      error: outcome.error, now, lease,
    });
  const refused = (error: string): SendOutcome => ({ ok: false, status: null, body: null, error });

  if (!row.enabled) {
    await finish('failed', refused('endpoint disabled'), null);
    return { state: 'failed' };
  }
  const verdict = checkWebhookUrl(row.url, guardOptions(env));
  if (!verdict.ok) {
    await finish('failed', refused(`URL refused: ${verdict.reason}`), null);
    return { state: 'failed' };
  }
  const secrets = [row.secret];
  if (row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > now) secrets.push(row.previous_secret);

  const outcome = await postSigned(verdict.url, secrets, row.event_id, row.payload, realMs);
  if (outcome.ok) {
    await finish('succeeded', outcome, null);
    return { state: 'succeeded' };
  }
  if (row.attempts >= MAX_ATTEMPTS) {
    await finish('failed', outcome, null);
    return { state: 'failed' };
  }
  const delaySeconds = backoffSeconds(row.attempts);
  await finish('pending', outcome, nowMs + delaySeconds * 1000);
  return { state: 'retry', delaySeconds };
}

const isDeliveryMessage = (body: unknown): body is DeliveryMessage =>
  typeof body === 'object' && body !== null &&
  typeof (body as DeliveryMessage).company_id === 'string' && typeof (body as DeliveryMessage).delivery_id === 'string';

/**
 * The webhooks queue's consumer: each message is one delivery. A failed send is retried by the queue
 * itself after the back-off (`message.retry({ delaySeconds })`); a message that comes early (a
 * duplicate) waits until the delivery is due; a finished or held delivery acks its message unsent.
 */
export async function consumeWebhooks(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  await Promise.all(batch.messages.map(async (message) => {
    if (!isDeliveryMessage(message.body)) {
      console.error('webhooks: malformed queue message dropped', message.id);
      message.ack();
      return;
    }
    try {
      const result = await attemptDelivery(env, message.body.company_id, message.body.delivery_id);
      if (result.state === 'retry' || result.state === 'not_due') message.retry({ delaySeconds: Math.min(result.delaySeconds, MAX_QUEUE_DELAY_S) });
      else message.ack();
    } catch (err) {
      // D1 failed: try again once any lease taken has run out.
      console.error('webhooks: delivery attempt failed', message.body.delivery_id, err);
      message.retry({ delaySeconds: LEASE_MS / 1000 + 30 });
    }
  }));
}

/**
 * The scheduled sweep: sends pending deliveries whose next attempt is due (with the queue: overdue by
 * SWEEP_GRACE_MS, i.e. whose message was lost), hands their retries back to the queue when there is
 * one, and drops log rows older than RETENTION_DAYS.
 */
export async function sweepWebhooks(env: Env, ctx: ExecutionContext, now: Date): Promise<unknown> {
  const queue = webhooksQueue(env);
  const nowMs = now.getTime();
  const { results } = await dueDeliveryRows(env.DB, iso(nowMs - (queue ? SWEEP_GRACE_MS : 0)), iso(nowMs), SWEEP_LIMIT);
  const summary = { attempted: results.length, succeeded: 0, failed: 0, retrying: 0, pruned: 0 };
  for (let i = 0; i < results.length; i += SWEEP_CONCURRENCY) {
    await Promise.all(results.slice(i, i + SWEEP_CONCURRENCY).map(async (d) => {
      try {
        const result = await attemptDelivery(env, d.company_id, d.id, nowMs);
        if (result.state === 'succeeded') summary.succeeded++;
        else if (result.state === 'failed') summary.failed++;
        else if (result.state === 'retry') {
          summary.retrying++;
          enqueueDeliveries(env, (p) => ctx.waitUntil(p), d.company_id, [d.id], Math.min(result.delaySeconds, MAX_QUEUE_DELAY_S));
        }
      } catch (err) {
        console.error('webhooks: sweep attempt failed', d.id, err);
      }
    }));
  }
  summary.pruned = await prune(env.DB, nowMs);
  return summary;
}

async function prune(db: D1Database, nowMs: number): Promise<number> {
  const cutoff = iso(nowMs - RETENTION_DAYS * 86_400_000);
  const { deliveries } = await pruneDeliveries(db, cutoff);
  return deliveries.changes;
}
