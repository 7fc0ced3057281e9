import type { Caller } from '../api/core/types';

/**
 * Verified callers of page views (who a session token belongs to), kept in this isolate for a few seconds, so that a person clicking
 * through the portal is not checked against D1 before every page's first byte (the head streams
 * before any D1 round trip). The API itself never uses it: /api and /v1 verify the token on every call.
 *
 * What makes it safe to reuse a verification:
 * - only GET and HEAD page views read it; any other request by the session drops its entry here first
 *   and verifies afresh;
 * - every such request also gets a new write stamp (`__Host-portal_w`, set by `session()`), and an
 *   entry only answers for the stamp it was made under: after a person changes something, their next
 *   page reads it from D1 on any isolate (read-your-writes);
 * - a page that used an entry shows nothing private before it has confirmed the session in its own
 *   D1 batch (one more statement among the page's reads, no extra round trip: `confirmSession()` of
 *   ./client, SessionGate in the shell): a session revoked on any isolate (a logout, a
 *   password change or reset, a deactivation, a suspension, a token revoked or expired in D1) gets
 *   "your session has ended" and /login from its next page, never its data, and the entry goes;
 * - a response that ends the session (logout, a refused or denied session) drops the entry at once, so
 *   on that isolate the next page is a plain redirect to /login;
 * - an entry lives `CALLER_TTL_MS` at most, so what it decides before the confirmation (the first byte:
 *   the page language, the selected campaign's colours, which tabs the gate lets through) follows a
 *   change made elsewhere within that time.
 */
export const CALLER_TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  tenant: string | null;
  stamp: string;
  at: number;
  caller: Caller;
}

// Keyed by the session token; the map never leaves this isolate's memory.
const entries = new Map<string, Entry>();
let clock = () => Date.now();

/** The cached caller of this token, tenant and write stamp, if it was verified less than the TTL ago. */
export function cachedCaller(token: string, tenant: string | null, stamp: string): Caller | null {
  const entry = entries.get(token);
  if (!entry) return null;
  if (clock() - entry.at >= CALLER_TTL_MS) {
    entries.delete(token);
    return null;
  }
  return entry.tenant === tenant && entry.stamp === stamp ? entry.caller : null;
}

export function rememberCaller(token: string, tenant: string | null, stamp: string, caller: Caller): void {
  // Oldest first out: a Map iterates in insertion order.
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.delete(token);
  entries.set(token, { tenant, stamp, at: clock(), caller });
}

/** Drops the token's entry (a write, a logout, a refused verification). */
export function forgetCaller(token: string): void {
  entries.delete(token);
}

/** Tests: drop every entry, and optionally replace the clock. */
export function resetCallerCache(now?: () => number): void {
  entries.clear();
  clock = now ?? (() => Date.now());
}
