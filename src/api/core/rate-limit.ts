import { sha256Hex } from './crypto';
import { ApiError } from './errors';
import { countHit, deleteStaleLimits, failuresAndKnown, rememberClientRow, uncountHits, windowCount } from './rate-limit-queries';
import type { ServiceContext } from './types';

// Fixed-window counters in D1 (table rate_limits): one atomic UPSERT per hit that starts a new window
// or adds one to the current window and returns the count.
//
// Only per-client limits answer 429. Nothing a stranger does can make the API refuse the owner of an
// account (30 wrong passwords from other clients used to answer 429 to the right one):
// per-account counters only slow down and challenge logins (LOGIN_ACCOUNT_GUARD), stop sending more
// e-mails (FORGOT_LIMITS.account: the ones already sent keep working), and cap one client's guesses at
// e-mailed codes (RESET_LIMITS.guess), never the owner's.

export interface Limit {
  /** Counter key, e.g. `login:ip:<hash>`; never contains raw personal data. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSec: number;
  /** The 429's message: `tooManyAttempts` (the default, in seconds) or `tooManyRegistrations` (in minutes). */
  message?: 'tooManyAttempts' | 'tooManyRegistrations';
}

export interface Hit extends Limit {
  windowStart: number;
  count: number;
}

/** Login, per client: every attempt counts, a successful one is given back (refund). */
export const LOGIN_LIMITS = { client: { limit: 10, windowSec: 300 } };
/**
 * Login, per account: wrong passwords from anywhere are counted, but never refuse the right one (an
 * attacker with many addresses must not lock the owner out). Past `failures` in the window, an attempt
 * for the account waits `stepMs` more per failure (at most `maxDelayMs`) before its password is checked,
 * and, where the company has the bot check, must also pass it unless it comes from a known client: one
 * that logged in to the account, or proved its e-mail with a code, within `knownClientDays`. When the bot
 * check's provider cannot be asked, the wait alone applies.
 */
export const LOGIN_ACCOUNT_GUARD = { failures: 10, windowSec: 900, stepMs: 250, maxDelayMs: 3_000, knownClientDays: 30 };
/**
 * Forgot password / set-password link requests. Per client: 429 past the limit. Per account: past the
 * limit the answer stays the same but no further e-mail is sent (the codes already sent stay valid), so
 * many clients together flood nobody's mailbox and lock nobody out.
 */
export const FORGOT_LIMITS = { client: { limit: 5, windowSec: 600 }, account: { limit: 10, windowSec: 600 } };
/**
 * Code checks on reset / set password: every check per client, and wrong codes per client and account
 * (`guess`). A code itself never dies of wrong guesses (a stranger could kill the owner's code that way);
 * 10 characters of 32 (50 bits) make guessing hopeless within these limits.
 */
export const RESET_LIMITS = { client: { limit: 20, windowSec: 600 }, guess: { limit: 5, windowSec: 1800 } };
/**
 * Registration, per client: every attempt counts (`client`, forms with errors too), and the accounts it
 * creates (`accounts`, counted once a form is valid and its e-mail free), so one client cannot make a
 * batch of accounts in seconds. Past either: 429 with Retry-After (`tooManyRegistrations` for accounts).
 * A company bringing in many people at once imports them (operator API) instead.
 */
export const REGISTER_LIMITS = {
  client: { limit: 20, windowSec: 600 },
  accounts: { limit: 5, windowSec: 3600, message: 'tooManyRegistrations' },
} as const satisfies Record<string, Omit<Limit, 'key'>>;
/** Bot-check calls per client. */
export const RECAPTCHA_LIMITS = { client: { limit: 30, windowSec: 60 } };
/** Current-password guesses when changing a password, per account. */
export const CHANGE_PASSWORD_LIMITS = { account: { limit: 10, windowSec: 900 } };

/** The start (in seconds) of the fixed window of `windowSec` seconds that holds `nowMs`. */
const windowStartOf = (windowSec: number, nowMs: number) => Math.floor(nowMs / 1000 / windowSec) * windowSec;

/** Counts one hit; returns the count in the current window. */
export async function hit(db: D1Database, limit: Limit, nowMs = Date.now()): Promise<Hit> {
  const windowStart = windowStartOf(limit.windowSec, nowMs);
  const row = await countHit(db, limit.key, windowStart);
  return { ...limit, windowStart: row?.window_start ?? windowStart, count: row?.count ?? 1 };
}

/** The count of a limit's current window, without counting a hit. */
export async function peek(db: D1Database, limit: Limit, nowMs = Date.now()): Promise<number> {
  const windowStart = windowStartOf(limit.windowSec, nowMs);
  const row = await windowCount(db, limit.key, windowStart);
  return row?.count ?? 0;
}

/** Gives hits back (a successful login should not use up the budget of the person logging in). */
export async function refund(db: D1Database, hits: Hit[]) {
  if (!hits.length) return;
  await uncountHits(db, hits);
}

/**
 * Counts a hit on each limit in order and stops at the first one exceeded with a 429
 * (`{detail}` and Retry-After). Later limits are not counted then, so a client over its own limit
 * adds nothing to an account's counter.
 */
export async function enforce(db: D1Database, limits: Limit[], nowMs = Date.now()): Promise<Hit[]> {
  const hits: Hit[] = [];
  for (const limit of limits) {
    const h = await hit(db, limit, nowMs);
    hits.push(h);
    if (h.count > h.limit) {
      if (Math.random() < 0.05) await sweep(db, nowMs).catch(() => {});
      throw tooMany(limit, nowMs);
    }
  }
  return hits;
}

/** The 429 of a limit that is used up: `{detail}` and Retry-After (the rest of its window). */
export function tooMany(limit: Omit<Limit, 'key'>, nowMs = Date.now()) {
  const windowStart = windowStartOf(limit.windowSec, nowMs);
  const retryAfter = Math.max(1, windowStart + limit.windowSec - Math.floor(nowMs / 1000));
  const headers = { 'Retry-After': String(retryAfter) };
  if (limit.message === 'tooManyRegistrations') {
    return new ApiError('rate_limited', 'tooManyRegistrations', undefined, headers, { minutes: Math.ceil(retryAfter / 60) });
  }
  return new ApiError('rate_limited', 'tooManyAttempts', undefined, headers, { seconds: retryAfter });
}

// Known clients -------------------------------------------------------------------------------------
// A client (CF-Connecting-IP, hashed) that logged in to an account or proved its e-mail is remembered for
// the account: a row `known:<account>:<client>` whose window_start is the time it was last seen (not a
// window; sweep keeps these rows for KNOWN_CLIENT_SEC).

const KNOWN_PREFIX = 'known:';
const KNOWN_CLIENT_SEC = LOGIN_ACCOUNT_GUARD.knownClientDays * 86_400;

/** The key that remembers a client for an account (`account`: accountId()); null without a client address. */
export async function knownClientKey(svc: Pick<ServiceContext, 'clientIp'>, account: string): Promise<string | null> {
  const client = await clientId(svc);
  return client ? `${KNOWN_PREFIX}${account}:${client}` : null;
}

/** Remembers (or refreshes) a known client. */
export function rememberClientStatement(db: D1Database, key: string, nowMs = Date.now()) {
  return rememberClientRow(db, key, Math.floor(nowMs / 1000));
}

/**
 * One read for the login guard: the failures counted in the current window of `failures` and whether
 * `knownKey` names a client seen within KNOWN_CLIENT_SEC.
 */
export async function accountState(db: D1Database, failures: Limit, knownKey: string | null, nowMs = Date.now()) {
  const nowSec = Math.floor(nowMs / 1000);
  const windowStart = windowStartOf(failures.windowSec, nowMs);
  const row = await failuresAndKnown(db, failures.key, windowStart, knownKey ?? '', nowSec - KNOWN_CLIENT_SEC);
  return { failures: row?.failures ?? 0, known: !!knownKey && row?.known === 1 };
}

/** Drops counters whose window ended over a day ago, and known clients not seen for KNOWN_CLIENT_SEC. */
export function sweep(db: D1Database, nowMs = Date.now()) {
  const nowSec = Math.floor(nowMs / 1000);
  return deleteStaleLimits(db, KNOWN_PREFIX, nowSec - 86_400, nowSec - KNOWN_CLIENT_SEC);
}

/**
 * Who is asking, as a hash: the address the network reports (`svc.clientIp`: CF-Connecting-IP, which
 * Cloudflare sets on every request and a client cannot choose there; the edge hands it over in an
 * internal header, src/edge/client-address.ts). Null when it is unknown: off Cloudflare, or behind a
 * remote portal that does not know it.
 */
export async function clientId(svc: Pick<ServiceContext, 'clientIp'>): Promise<string | null> {
  const ip = svc.clientIp?.trim();
  return ip ? (await sha256Hex(`client:${ip}`)).slice(0, 32) : null;
}

/** The bucket of every client whose address is unknown. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The per-client limit of an area. Clients whose address is unknown share one bucket: the limit still
 * holds for them (a client cannot escape it by hiding its address), and a lockout of all of them is bounded
 * by the window; the per-account login guard and e-mail budgets apply as always. On Cloudflare every
 * request has an address, so there the shared bucket is never used.
 */
export async function clientLimit(svc: Pick<ServiceContext, 'clientIp'>, area: string, limit: Omit<Limit, 'key'>): Promise<Limit[]> {
  const id = (await clientId(svc)) ?? UNKNOWN_CLIENT;
  return [{ key: `${area}:ip:${id}`, ...limit }];
}

/** Account key: the company plus a hash of the lower-cased e-mail (whether or not the account exists). */
export async function accountId(companyId: string, email: string): Promise<string> {
  return `${companyId}:${(await sha256Hex(email.trim().toLowerCase())).slice(0, 32)}`;
}
