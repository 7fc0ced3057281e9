import { z } from 'zod';
import { writeClicks, type NewClick } from './click-queries';

// Click ingestion: a viral link must not mean one D1 write per visit. The redirect
// answers its 302 at once and sends the click to the CLICKS_QUEUE; this consumer writes each batch the
// queue hands it (up to max_batch_size of wrangler.toml) as ONE D1 batch. The click's id, made at the
// redirect, makes the write idempotent (migrations/0012_click_queue.sql): a batch delivered again, whole
// or after it was partly written, stores and counts each click once. Without the binding (a minimal
// deployment) or with CLICKS_DIRECT=1 the click is written at once through the same `writeClicks`.

/** The queue message: a NewClick, checked again on the way out (a message may be older than the code). */
const queuedClick = z.object({
  clickUid: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  companyId: z.string().min(1).max(64),
  shareLinkUid: z.string().min(1).max(64),
  referrerHost: z.string().max(253).nullable(),
  country: z.string().regex(/^[A-Z0-9]{2}$/).nullable(),
  clientHash: z.string().regex(/^[0-9a-f]{64}$/),
  // Absent in messages queued before the signals were kept one by one.
  ipHash: z.string().regex(/^[0-9a-f]{64}$/).nullish(),
  deviceHash: z.string().regex(/^[0-9a-f]{64}$/).nullish(),
  bot: z.boolean(),
  at: z.iso.datetime(),
}) satisfies z.ZodType<NewClick>;

/** The queue clicks go to, or null when they are written directly (no binding, or CLICKS_DIRECT=1). */
export function clicksQueue(env: Env): Queue<NewClick> | null {
  const queue = (env as { CLICKS_QUEUE?: Queue<NewClick> }).CLICKS_QUEUE;
  return queue && env.CLICKS_DIRECT !== '1' ? queue : null;
}

// Clicks waiting in this isolate for their send: a busy link's visits go to the queue together, one
// sendBatch for up to CLICK_BATCH_MAX of them (the Queues limit) or whatever came within
// CLICK_BATCH_WAIT_MS of the first, instead of one send per visit. Each visit's waitUntil waits for the
// send that carries its click, so nothing waits in an isolate that could end before it goes out; a
// refused batch fails every visit in it, and each writes its own click directly (recordClick).
export const CLICK_BATCH_MAX = 100;
export const CLICK_BATCH_WAIT_MS = 50;

interface WaitingClick {
  click: NewClick;
  sent: () => void;
  refused: (err: unknown) => void;
}
let waiting: WaitingClick[] = [];
let waitingFor: Queue<NewClick> | null = null;
let timerSet = false;

/** Sends what waits as one batch (JSON: readable in the dashboard, independent of the runtime's format). */
function sendWaiting(): void {
  const batch = waiting;
  const queue = waitingFor;
  waiting = [];
  waitingFor = null;
  timerSet = false;
  if (!batch.length || !queue) return;
  Promise.resolve()
    .then(() => queue.sendBatch(batch.map((w) => ({ body: w.click, contentType: 'json' as const }))))
    .then(() => batch.forEach((w) => w.sent()), (err: unknown) => batch.forEach((w) => w.refused(err)));
}

/** Sends one click to the queue with the others of this isolate's next batch; settles once it is sent. */
export function enqueueClick(queue: Queue<NewClick>, click: NewClick): Promise<void> {
  return new Promise((sent, refused) => {
    // Another binding (a test's stand-in): what waits goes first, to its own queue.
    if (waitingFor && waitingFor !== queue) sendWaiting();
    waitingFor = queue;
    waiting.push({ click, sent: () => sent(), refused });
    if (waiting.length >= CLICK_BATCH_MAX) sendWaiting();
    else if (!timerSet) {
      // A timer left from a batch already sent only sends the next one early: harmless.
      timerSet = true;
      setTimeout(sendWaiting, CLICK_BATCH_WAIT_MS);
    }
  });
}

/**
 * The clicks queue's consumer: valid messages are written in one D1 batch, then the whole batch is
 * acknowledged. A failed write throws, so the queue delivers the batch again (up to max_retries); the
 * rows that did get written are skipped by their ids. A malformed message is acknowledged and logged:
 * retrying it could never succeed.
 */
export async function consumeClicks(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  const clicks: NewClick[] = [];
  for (const message of batch.messages) {
    const parsed = queuedClick.safeParse(message.body);
    if (parsed.success) clicks.push(parsed.data);
    else {
      console.error('clicks: dropping a malformed message', message.id, parsed.error.issues[0]?.path.join('.'));
      message.ack();
    }
  }
  const fault = injectedFault(env);
  if (fault === 'before-write') throw new Error(`clicks: injected fault before the write (CLICKS_FAULT_EVERY=${env.CLICKS_FAULT_EVERY})`);
  if (clicks.length) await writeClicks(env.DB, clicks);
  if (fault === 'after-write') throw new Error(`clicks: injected fault after the write (CLICKS_FAULT_EVERY=${env.CLICKS_FAULT_EVERY})`);
  batch.ackAll();
}

// The bench's fault run (`CLICKS_FAULT_EVERY=n`): every n-th batch this isolate consumes fails, in turn
// before its write (the retry must still store it) and after it (as if the consumer died before its
// ack: the retry must not count it twice). Unset in every deployed configuration.
let batchesSeen = 0;
let faultsMade = 0;
function injectedFault(env: Env): 'before-write' | 'after-write' | null {
  const every = Number(env.CLICKS_FAULT_EVERY);
  if (!Number.isInteger(every) || every < 1) return null;
  batchesSeen += 1;
  if (batchesSeen % every !== 0) return null;
  faultsMade += 1;
  return faultsMade % 2 === 1 ? 'before-write' : 'after-write';
}
