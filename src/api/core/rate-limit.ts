import { sha256Hex } from './crypto';
import { ApiError } from './errors';
import type { ServiceContext } from './types';

// Fixed-window counters in D1 (table rate_limits): one atomic UPSERT per hit that starts a new window
// or adds one to the current window and returns the count. Windows are short, so a limit reached by
// someone else ends within minutes, and per-client limits are stricter than per-account ones: one
// client cannot lock an account out, and many clients together only for the rest of a short window.

export interface Limit {
  /** Counter key, e.g. `login:ip:<hash>`; never contains raw personal data. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSec: number;
}

export interface Hit extends Limit {
  windowStart: number;
  count: number;
}

/** Login, per client: every attempt counts, a successful one is given back (refund). */
export const LOGIN_LIMITS = { client: { limit: 10, windowSec: 300 } };
/**
 * Login, per account: wrong passwords from anywhere are counted, but never refuse the right one (an
 * attacker with many addresses must not lock the owner out). Past `failures` in the window, every attempt
 * for the account must pass the bot check where the company has one, or else waits `stepMs` more per
 * failure (at most `maxDelayMs`) before its password is checked.
 */
export const LOGIN_ACCOUNT_GUARD = { failures: 10, windowSec: 900, stepMs: 250, maxDelayMs: 3_000 };
/** Forgot password / set-password link requests (each one may send an e-mail). */
export const FORGOT_LIMITS = { client: { limit: 5, windowSec: 600 }, account: { limit: 10, windowSec: 600 } };
/** Code guesses on reset / set password, per client (each code also dies after 5 wrong guesses). */
export const RESET_LIMITS = { client: { limit: 20, windowSec: 600 } };
/** Registrations and bot-check calls per client. */
export const REGISTER_LIMITS = { client: { limit: 20, windowSec: 600 } };
export const RECAPTCHA_LIMITS = { client: { limit: 30, windowSec: 60 } };
/** Current-password guesses when changing a password, per account. */
export const CHANGE_PASSWORD_LIMITS = { account: { limit: 10, windowSec: 900 } };

/** Counts one hit; returns the count in the current window. */
export async function hit(db: D1Database, limit: Limit, nowMs = Date.now()): Promise<Hit> {
  const windowStart = Math.floor(nowMs / 1000 / limit.windowSec) * limit.windowSec;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
         window_start = excluded.window_start
       RETURNING count, window_start`,
    )
    .bind(limit.key, windowStart)
    .first<{ count: number; window_start: number }>();
  return { ...limit, windowStart: row?.window_start ?? windowStart, count: row?.count ?? 1 };
}

/** The count of a limit's current window, without counting a hit. */
export async function peek(db: D1Database, limit: Limit, nowMs = Date.now()): Promise<number> {
  const windowStart = Math.floor(nowMs / 1000 / limit.windowSec) * limit.windowSec;
  const row = await db.prepare('SELECT count FROM rate_limits WHERE key = ? AND window_start = ?').bind(limit.key, windowStart).first<{ count: number }>();
  return row?.count ?? 0;
}

/** Gives hits back (a successful login should not use up the budget of the person logging in). */
export async function refund(db: D1Database, hits: Hit[]) {
  if (!hits.length) return;
  await db.batch(hits.map((h) =>
    db.prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0').bind(h.key, h.windowStart)));
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
      const retryAfter = Math.max(1, h.windowStart + h.windowSec - Math.floor(nowMs / 1000));
      if (Math.random() < 0.05) await sweep(db, nowMs).catch(() => {});
      throw new ApiError('rate_limited', 'tooManyAttempts', undefined, { 'Retry-After': String(retryAfter) }, { seconds: retryAfter });
    }
  }
  return hits;
}

/** Drops counters whose window ended over a day ago. */
export function sweep(db: D1Database, nowMs = Date.now()) {
  return db.prepare('DELETE FROM rate_limits WHERE window_start < ?').bind(Math.floor(nowMs / 1000) - 86_400).run();
}

/**
 * Who is asking, as a hash: CF-Connecting-IP, which Cloudflare sets on every request and a client
 * cannot forge there (`svc.clientIp`: the page request's own, or the one the edge forwards to a remote
 * API). Null without one: then no per-client limit applies (one shared "unknown" bucket would let
 * anyone lock everybody out).
 */
export async function clientId(svc: Pick<ServiceContext, 'clientIp'>): Promise<string | null> {
  const ip = svc.clientIp?.trim();
  return ip ? (await sha256Hex(`client:${ip}`)).slice(0, 32) : null;
}

/** The per-client limit of an area, or none when the client is unknown. */
export async function clientLimit(svc: Pick<ServiceContext, 'clientIp'>, area: string, limit: Omit<Limit, 'key'>): Promise<Limit[]> {
  const id = await clientId(svc);
  return id ? [{ key: `${area}:ip:${id}`, ...limit }] : [];
}

/** Account key: the company plus a hash of the lower-cased e-mail (whether or not the account exists). */
export async function accountId(companyId: string, email: string): Promise<string> {
  return `${companyId}:${(await sha256Hex(email.trim().toLowerCase())).slice(0, 32)}`;
}

/** Limits for a client and an account, in that order. */
export async function clientAndAccount(
  svc: Pick<ServiceContext, 'clientIp'>, area: string, companyId: string, email: string,
  limits: { client: Omit<Limit, 'key'>; account: Omit<Limit, 'key'> },
): Promise<Limit[]> {
  return [
    ...(await clientLimit(svc, area, limits.client)),
    { key: `${area}:acct:${await accountId(companyId, email)}`, ...limits.account },
  ];
}
