/**
 * D1 statements of the rate limits (rate_limits: one row per key, its current window and count) and of
 * the known clients kept in the same table (rate-limit.ts says what they mean).
 */

/** Counts a hit in the window starting at `windowStart` (a new window starts at 1); answers the row after. */
export const countHit = (db: D1Database, key: string, windowStart: number) =>
  db.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
     ON CONFLICT(key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
       window_start = excluded.window_start
     RETURNING count, window_start`,
  )
    .bind(key, windowStart)
    .first<{ count: number; window_start: number }>();

export const windowCount = (db: D1Database, key: string, windowStart: number) =>
  db.prepare('SELECT count FROM rate_limits WHERE key = ? AND window_start = ?').bind(key, windowStart).first<{ count: number }>();

/** Gives hits back, in one batch. */
export async function uncountHits(db: D1Database, hits: { key: string; windowStart: number }[]) {
  await db.batch(hits.map((h) =>
    db.prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0').bind(h.key, h.windowStart)));
}

/** Remembers (or refreshes) a known client, last seen at `nowSec`. */
export const rememberClientRow = (db: D1Database, key: string, nowSec: number) =>
  db.prepare(`INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
      ON CONFLICT(key) DO UPDATE SET window_start = excluded.window_start, count = 1`)
    .bind(key, nowSec);

/** The failures counted in a window and whether `knownKey` ('' for none) was seen after `seenAfter`, in one read. */
export const failuresAndKnown = (db: D1Database, failuresKey: string, windowStart: number, knownKey: string, seenAfter: number) =>
  db.prepare(
    `SELECT (SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2) AS failures,
            EXISTS (SELECT 1 FROM rate_limits WHERE key = ?3 AND window_start > ?4) AS known`,
  )
    .bind(failuresKey, windowStart, knownKey, seenAfter)
    .first<{ failures: number | null; known: number }>();

/** Drops counters whose window started before `before`, and known clients (keys starting `knownPrefix`) not seen since `knownBefore`. */
export const deleteStaleLimits = (db: D1Database, knownPrefix: string, before: number, knownBefore: number) =>
  db.prepare(`DELETE FROM rate_limits WHERE window_start < ?1 AND (substr(key, 1, ${knownPrefix.length}) <> '${knownPrefix}' OR window_start < ?2)`)
    .bind(before, knownBefore)
    .run();
