// schema.sql: the current schema as one file, rendered from sqlite_master. Plain module on a D1
// binding, shared by scripts/schema.mjs (`npm run db:schema`: local D1 through wrangler) and
// tests/worker/schema-file.test.ts (workerd: fails when schema.sql no longer matches the migrations).
// No Node imports: the worker tests run it inside workerd.

/** Objects of the app (not SQLite's, D1's/Miniflare's or the migrations' bookkeeping). */
export const APP_OBJECT = (name) => !/^(sqlite_|_cf_|d1_)/.test(name);

const TYPE_ORDER = ['table', 'index', 'view', 'trigger'];

export const SCHEMA_HEADER = [
  '-- schema.sql: GENERATED, do not edit. The schema that migrations/ produce, for reading.',
  '-- Regenerate after adding or changing a migration: npm run db:schema',
  '-- (scripts/schema.mjs applies every migration to a temporary local D1 and writes this file from',
  '-- sqlite_master; tests/worker/schema-file.test.ts fails while this file is stale).',
  '-- Order: tables, indexes, views, triggers; each by name. The migrations stay the source of truth.',
].join('\n');

/**
 * The schema's objects of a D1 database: every table, index, view and trigger with SQL (automatic
 * indexes have none) that is not bookkeeping, sorted by type, then name.
 * @param {D1Database} db
 * @returns {Promise<{ type: string, name: string, sql: string }[]>}
 */
export async function readSchema(db) {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'view', 'trigger') AND sql IS NOT NULL",
    )
    .all();
  return results
    .filter((r) => APP_OBJECT(r.name))
    .sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The text of schema.sql: the header, then each object's SQL as SQLite keeps it, ending with `;`,
 * separated by a blank line. Line endings are normalised to \n.
 * @param {{ type: string, name: string, sql: string }[]} objects
 */
export function renderSchema(objects) {
  const statements = objects.map((o) => `${o.sql.replace(/\r\n?/g, '\n').trimEnd().replace(/;$/, '')};`);
  return `${SCHEMA_HEADER}\n\n${statements.join('\n\n')}\n`;
}

/** readSchema + renderSchema. @param {D1Database} db */
export async function schemaText(db) {
  return renderSchema(await readSchema(db));
}
