// The wipe behind `npm run db:seed`: the seed loads on a database the product was used in any way.
// Plain module on a D1 binding, shared by scripts/lib/db.mjs (local state through wrangler) and
// tests/worker/seed-rerun.test.ts (workerd).

/** Tables of the app (not SQLite's, D1's/Miniflare's or the migrations' bookkeeping). */
export const APP_TABLE = (name) => !/^(sqlite_|_cf_|d1_)/.test(name);

/**
 * Empties every table of a D1 database (the wipe behind `npm run db:seed`: runSeed in db.mjs):
 * tables and order read from the schema at run time, every trigger lifted for the wipe and created again
 * in its original order, one batch. No Node imports: the worker tests run it inside workerd.
 */
export async function clearD1(db) {
  // pragma_table_list: ordinary and virtual tables; a virtual table's shadow tables (type 'shadow') are
  // emptied through it, never directly.
  const { results: tables } = await db
    .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')")
    .all();
  const names = tables.map((t) => t.name).filter(APP_TABLE);
  const parents = new Map();
  for (const name of names) {
    const { results } = await db.prepare('SELECT "table" AS parent FROM pragma_foreign_key_list(?)').bind(name).all();
    parents.set(name, new Set(results.map((r) => r.parent).filter((p) => p !== name && names.includes(p))));
  }
  // Children first: a table is deleted once no remaining table references it.
  const order = [];
  const left = new Set(names);
  while (left.size) {
    const ready = [...left].filter((t) => ![...left].some((other) => parents.get(other).has(t)));
    const next = ready.length ? ready : [...left]; // a reference cycle: deferred foreign keys settle it
    for (const t of next) {
      order.push(t);
      left.delete(t);
    }
  }
  // rowid order = creation order, so the triggers fire in the same order after they are created again.
  const { results: triggers } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL ORDER BY rowid")
    .all();
  const quote = (id) => `"${id.replace(/"/g, '""')}"`;
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = ON'),
    ...triggers.map((t) => db.prepare(`DROP TRIGGER IF EXISTS ${quote(t.name)}`)),
    ...order.map((t) => db.prepare(`DELETE FROM ${quote(t)}`)),
    ...triggers.map((t) => db.prepare(t.sql)),
  ]);
  return order.length;
}
