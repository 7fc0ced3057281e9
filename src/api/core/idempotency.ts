import { idempotencyKeySchema } from '../../lib/schemas/operator';
import { sha256Hex } from './crypto';
import { ApiError } from './errors';
import { deleteOldIdempotencyKeys, idempotencyKeyRow } from './idempotency-queries';

/** An answer kept under an Idempotency-Key: what the first request answered (success or a final failure). */
export interface StoredAnswer {
  status: number;
  body: unknown;
  /** What to keep for replays when it must differ from the answer (a plain API key is never kept). */
  stored?: unknown;
}

/** A final failure that is stored and replayed like a success (e.g. a redemption the provider refused). */
export class AnswerError extends ApiError {
  constructor(readonly answer: StoredAnswer) {
    super('bad_request', 'generic');
  }
  override get status() {
    return this.answer.status;
  }
  override body() {
    return this.answer.body as ReturnType<ApiError['body']>;
  }
}

/**
 * The `Idempotency-Key` header's key, or null when there is none. The header is an RFC 8941 sf-string:
 * `"k"` is unquoted (`\"` and `\\` unescaped), so `"k"` and a bare `k` are the same key; a bare value
 * (1-255 visible ASCII, how most clients send it) is taken as is. Anything else (empty, control
 * characters, an unterminated or badly escaped quoted string, parameters) is a 400 naming the header.
 */
export function idempotencyKey(raw: string | null | undefined): string | null {
  if (raw === undefined || raw === null) return null;
  const value = raw.replace(/^[ \t]+|[ \t]+$/g, '');
  if (!idempotencyKeySchema.safeParse(value).success) throw new ApiError('bad_request', 'idempotencyKeyInvalid');
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(["\\])/g, '$1') : value;
}

/**
 * How long a claimed key waits for its request before a retry of the same request takes it over: longer
 * than any request lives (a Worker's CPU limit is at most 30 s of CPU; provider calls time out sooner).
 */
export const IDEMPOTENCY_LEASE_SECONDS = 120;

/** SHA-256 of what makes two requests "the same": an operation name and its canonical input. */
export const requestHash = (operation: string, input: unknown) => sha256Hex(`${operation}\n${JSON.stringify(input)}`);

/**
 * `Idempotency-Key` semantics (IETF draft-ietf-httpapi-idempotency-key-header), kept in D1 per company:
 * - no key: `run` runs;
 * - a new key: the key is claimed `in_flight` (INSERT .. ON CONFLICT DO NOTHING: of any number of
 *   requests with one key, exactly one claims it), `run` runs and its answer is stored (`done`);
 * - the same key and the same request (hash): the stored answer, `replayed: true`, and `run` does not run;
 * - the same key and another request: 422; the first request still running: 409 (Retry-After: 1);
 * - the same request whose claim has been in flight over IDEMPOTENCY_LEASE_SECONDS: its first request
 *   died (a Worker past its CPU limit or evicted), so this one takes the claim over and runs. Every
 *   money write is also unique by its own key (a transaction, an event, a redemption key), so a first
 *   request that was only slow still cannot move money twice.
 * `run` throwing an ApiError (a refusal before anything happened: validation, no funds) frees the key so
 * the client can retry with it; an AnswerError is a final answer and is stored like a success.
 * `scope` keeps keys of different callers apart (two ambassadors may send the same key). `companyId`
 * null: the deployment owner's keys (admin_idempotency_keys: those requests belong to no company yet).
 */
export async function withIdempotency(
  db: D1Database,
  companyId: string | null,
  scopedKey: string | null,
  hash: string,
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  if (scopedKey === null) return { ...(await run()), replayed: false };
  const keys = idempotencyKeyRow(db, companyId, scopedKey);
  const { claimed, existing: row } = await keys.claim(hash, IDEMPOTENCY_LEASE_SECONDS);
  if (claimed.changes !== 1) {
    if (!row || row.status !== 'done') {
      if (row && row.request_hash !== hash) throw new ApiError('unprocessable', 'idempotencyKeyReused');
      throw new ApiError('conflict', 'idempotencyKeyInFlight', undefined, { 'Retry-After': '1' });
    }
    if (row.request_hash !== hash) throw new ApiError('unprocessable', 'idempotencyKeyReused');
    return { status: row.response_status!, body: JSON.parse(row.response!), replayed: true };
  }
  let answer: StoredAnswer;
  try {
    answer = await run();
  } catch (err) {
    if (err instanceof AnswerError) answer = err.answer;
    else {
      await keys.free();
      throw err;
    }
  }
  await keys.finish(answer.status, JSON.stringify(answer.stored ?? answer.body));
  return { ...answer, replayed: false };
}

/** A stored failure comes back as the error it was; a success as its body. */
export function answerOrThrow<T>(answer: StoredAnswer): T {
  if (answer.status >= 400) throw new AnswerError(answer);
  return answer.body as T;
}

/** How long an Idempotency-Key answers with its first answer: retries come within minutes, not months. */
export const IDEMPOTENCY_KEY_DAYS = 30;

/**
 * The scheduled run's clean-up of Idempotency-Key records (company and owner keys): answers older than
 * IDEMPOTENCY_KEY_DAYS, and records left in flight for a day (a Worker that died mid-request). Without
 * it the tables only grow, and stored answers (a webhook endpoint's secret among them) stay for ever.
 * Money stays safe after a key is gone: every money write is also unique by its natural key.
 */
export async function pruneIdempotencyKeys(db: D1Database, now: Date): Promise<{ deleted: number }> {
  const done = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000).toISOString();
  const stuck = new Date(now.getTime() - 86_400_000).toISOString();
  return { deleted: await deleteOldIdempotencyKeys(db, done, stuck) };
}
