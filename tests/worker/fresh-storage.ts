// The storage every worker test file starts from: D1 migrated and seeded, KV empty, R2 holding the seed's
// files. The test files share one workerd (vitest.config.ts: no per-file isolation, so `src` is imported
// once), and with it one D1, KV and R2: setup.ts calls freshStorage() before each file.
//
// The first call in a workerd applies the real migrations (applyD1Migrations) and keeps what they made: the
// SQL of every table, index, view and trigger as sqlite_master holds it, and d1_migrations' rows. Each
// later call drops every object and re-creates that schema, the migration rows and the seed in one batch:
// the same schema text and the same rows as a fresh database, in a fraction of the 28 migrations' time.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { hashPassword } from '../../src/api/auth/password-hash';

interface SchemaObject {
  type: 'table' | 'index' | 'view' | 'trigger';
  name: string;
  sql: string;
}

interface Snapshot {
  /** Every object with SQL, tables first, then indexes, views and triggers, each in creation order. */
  schema: SchemaObject[];
  /** d1_migrations' rows, so the re-created database also records which migrations it has. */
  migrations: { id: number; name: string; applied_at: string }[];
  /** The demo password's hash at the test cost (setup.ts), made once. */
  passwordHash: string;
  /** The ETag of each seed file as first put, to put again only what a test changed or removed. */
  files: Map<string, string>;
}

// Kept on globalThis rather than in this module: a test that calls vi.resetModules() (revocation.test.ts)
// makes the next file import this module afresh, and the snapshot still holds for the same database.
const KEPT = Symbol.for('ambassador-portal.tests.fresh-storage');
const kept = globalThis as { [KEPT]?: Snapshot };

/** SQLite's and Miniflare's own objects: neither dropped nor re-created. */
const INTERNAL = /^(sqlite_|_cf_)/;
const TYPE_ORDER = ['table', 'index', 'view', 'trigger'];
const VIRTUAL = /^CREATE\s+VIRTUAL\s+TABLE/i;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function schemaObjects(): Promise<SchemaObject[]> {
  const { results } = await env.DB.prepare(
    "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'view', 'trigger') AND sql IS NOT NULL ORDER BY rowid",
  ).all<SchemaObject>();
  // A virtual table (FTS5) makes its own shadow tables (<name>_data, ...): it re-creates and drops them.
  const shadowPrefixes = results.filter((o) => VIRTUAL.test(o.sql)).map((o) => `${o.name}_`);
  // rowid order is creation order (a new object gets the highest rowid so far; ALTER keeps an object's
  // row). Tables go first all the same: a view or trigger may name a table made by a later migration.
  return results
    .filter((o) => !INTERNAL.test(o.name) && !(o.type === 'table' && shadowPrefixes.some((prefix) => o.name.startsWith(prefix))))
    .sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
}

/** Drops every view and table (their indexes and triggers go with them), whatever the last file left. */
async function dropEverything(): Promise<void> {
  const objects = await schemaObjects();
  const views = objects.filter((o) => o.type === 'view').map((o) => o.name);
  const virtual = objects.filter((o) => o.type === 'table' && VIRTUAL.test(o.sql)).map((o) => o.name);
  const tables = objects.filter((o) => o.type === 'table' && !VIRTUAL.test(o.sql)).map((o) => o.name);
  if (!views.length && !virtual.length && !tables.length) return;
  const lists = tables.length
    ? await env.DB.batch<{ table: string }>(tables.map((name) => env.DB.prepare(`PRAGMA foreign_key_list(${quoted(name)})`)))
    : [];
  const references = tables.flatMap((child, i) => lists[i].results.map((r) => ({ child, parent: r.table })));
  const drops = [
    ...views.map((name) => `DROP VIEW ${quoted(name)}`),
    ...[...virtual, ...childrenFirst(tables, references)].map((name) => `DROP TABLE ${quoted(name)}`),
  ];
  await env.DB.batch([
    // Dropping a table deletes its rows first, and SQLite looks up the parents of each deleted row: a
    // table goes before the tables it points to, and the checks wait for the commit, when nothing is left.
    env.DB.prepare('PRAGMA defer_foreign_keys = ON'),
    ...drops.map((sql) => env.DB.prepare(sql)),
  ]);
}

/** The tables ordered so that each comes before every table its foreign keys name. */
function childrenFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    // Everything pointing at this table goes first.
    for (const r of references) if (r.parent === table && r.child !== table) visit(r.child, path);
    path.delete(table);
    placed.add(table);
    order.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return order;
}

/** The seed's statements, then the demo password at the test cost (accounts and staff without one keep none). */
const seedStatements = (passwordHash: string) => [
  ...env.TEST_SEED.map((sql) => env.DB.prepare(sql)),
  env.DB.prepare('UPDATE users SET password_hash = ? WHERE password_hash IS NOT NULL').bind(passwordHash),
  env.DB.prepare('UPDATE staff_accounts SET password_hash = ? WHERE password_hash IS NOT NULL').bind(passwordHash),
];

async function firstDatabase(): Promise<Omit<Snapshot, 'files'>> {
  await dropEverything();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const schema = await schemaObjects();
  const { results: migrations } = await env.DB.prepare('SELECT id, name, applied_at FROM d1_migrations ORDER BY id').all<Snapshot['migrations'][number]>();
  const passwordHash = await hashPassword('Password1!');
  // One batch: all statements succeed together or none do.
  await env.DB.batch(seedStatements(passwordHash));
  return { schema, migrations, passwordHash };
}

async function freshDatabase(snapshot: Snapshot): Promise<void> {
  await dropEverything();
  await env.DB.batch([
    ...snapshot.schema.map((o) => env.DB.prepare(o.sql)),
    ...snapshot.migrations.map((m) =>
      env.DB.prepare('INSERT INTO d1_migrations (id, name, applied_at) VALUES (?, ?, ?)').bind(m.id, m.name, m.applied_at),
    ),
    ...seedStatements(snapshot.passwordHash),
  ]);
}

async function emptyCache(): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await env.CACHE.list({ cursor });
    await Promise.all(page.keys.map((k) => env.CACHE.delete(k.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

/** Removes every file the seed does not have and puts each seed file back that is missing or changed. */
async function seedFiles(files: Map<string, string>): Promise<void> {
  const present = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor, include: ['httpMetadata'] });
    for (const o of page.objects) present.set(o.key, `${o.etag} ${o.httpMetadata?.contentType ?? ''}`);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const extra = [...present.keys()].filter((key) => !files.has(key));
  if (extra.length) await env.FILES.delete(extra);
  await Promise.all(
    env.TEST_R2_SEED.map(async ({ key, contentType, base64 }) => {
      if (present.get(key) !== undefined && present.get(key) === files.get(key)) return;
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const put = await env.FILES.put(key, bytes, { httpMetadata: { contentType } });
      files.set(key, `${put.etag} ${contentType}`);
    }),
  );
}

/** D1, KV and R2 as a fresh test pool has them: migrated, seeded, with the seed's files. */
export async function freshStorage(): Promise<void> {
  let snapshot = kept[KEPT];
  if (snapshot) await freshDatabase(snapshot);
  else snapshot = kept[KEPT] = { ...(await firstDatabase()), files: new Map() };
  await Promise.all([emptyCache(), seedFiles(snapshot.files)]);
}
