import type { ResolvedShareLink } from '../../lib/schemas/sharing';

// Resolved share links kept in this isolate: a viral link is answered from memory instead
// of one D1 read per visit. Only links that lead somewhere are kept (an unknown code is read each
// time, so a link created a moment ago works at once). Two rules keep a kept answer correct:
// - any write request this isolate serves empties it (src/edge/redirect.ts, `forgetLinksAfterWrites`):
//   a link re-targeted, an ambassador deactivated, a campaign ended or left stops here at once;
// - an answer is reused for at most LINK_CACHE_TTL_MS: the bound within which a change made through
//   another isolate (or straight in D1) reaches this one, and the bound too for a lookup here that read
//   D1 just before a write of this isolate committed and kept its answer just after.

/** How long a resolved link is reused: the longest another isolate may still follow a changed link. */
export const LINK_CACHE_TTL_MS = 5_000;
const MAX_LINKS = 5_000;

const kept = new Map<string, { at: number; link: ResolvedShareLink }>();

/** The key of a lookup: the company, and the short code or the memorable name exactly as asked. */
export const linkKey = (companyId: string, by: 'short_code' | 'username', value: string) => `${companyId}\n${by}\n${value}`;

/** A link resolved within the last LINK_CACHE_TTL_MS, or undefined. */
export function keptLink(key: string, now = Date.now()): ResolvedShareLink | undefined {
  const entry = kept.get(key);
  if (!entry) return undefined;
  if (now - entry.at < LINK_CACHE_TTL_MS) return entry.link;
  kept.delete(key);
  return undefined;
}

/** Keeps a resolved link; the oldest entry goes when the isolate holds MAX_LINKS. */
export function keepLink(key: string, link: ResolvedShareLink, now = Date.now()): void {
  kept.delete(key);
  if (kept.size >= MAX_LINKS) kept.delete(kept.keys().next().value!);
  kept.set(key, { at: now, link: Object.freeze(link) });
}

/** Forgets every kept link (after a write request; tests). */
export function forgetLinks(): void {
  kept.clear();
}
