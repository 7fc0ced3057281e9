/**
 * A D1 batch read by name, typed by the statement (instead of batches read by position with `!.results`
 * and casts). Wrap each statement in what you want back - `rows<T>()` all rows, `row<T>()` the first row
 * or null, `write()` the run's meta - and `batch()` sends them as one `db.batch()` (one round trip, one
 * transaction: a failed statement rolls back all of them) and returns the answers under the same names:
 *
 *   const { profile, campaigns, touched } = await batch(db, {
 *     profile: row<ProfileRow>(db.prepare('SELECT ...').bind(id)),
 *     campaigns: rows<CampaignRow>(db.prepare('SELECT ...').bind(id)),
 *     touched: write(db.prepare('UPDATE ...').bind(id)),
 *   });
 *
 * Statements run in the order of the object's keys (insertion order), which is the order written.
 */

export interface Step<T> {
  readonly statement: D1PreparedStatement;
  read(result: D1Result<unknown>): T;
}

/** Every row of a SELECT (or of an INSERT/UPDATE ... RETURNING). */
export function rows<T>(statement: D1PreparedStatement): Step<T[]> {
  return { statement, read: (result) => result.results as T[] };
}

/** The first row, or null when there is none. */
export function row<T>(statement: D1PreparedStatement): Step<T | null> {
  return { statement, read: (result) => ((result.results[0] as T | undefined) ?? null) };
}

/**
 * How many rows an INSERT, UPDATE or DELETE ending in `RETURNING 1` wrote itself: D1's `meta.changes` also
 * counts the rows its triggers wrote (the rollups and counters of migrations 0004 and 0019), so a guard
 * "exactly one row changed" reads this, never `changes`.
 */
export function written(statement: D1PreparedStatement): Step<number> {
  return { statement, read: (result) => result.results.length };
}

/** A write: its meta (`changes`, `last_row_id`, ...). */
export function write(statement: D1PreparedStatement): Step<D1Meta> {
  return { statement, read: (result) => result.meta };
}

export type Steps = Record<string, Step<unknown>>;
export type Answers<S extends Steps> = { [K in keyof S]: S[K] extends Step<infer T> ? T : never };

/** Sends the named steps as one `db.batch()` and returns each answer under its name. */
export async function batch<S extends Steps>(db: D1Database, steps: S): Promise<Answers<S>> {
  const names = Object.keys(steps) as (keyof S & string)[];
  const results = await db.batch(names.map((name) => steps[name].statement));
  const answers = {} as Record<string, unknown>;
  names.forEach((name, i) => {
    answers[name] = steps[name].read(results[i] as D1Result<unknown>);
  });
  return answers as Answers<S>;
}
