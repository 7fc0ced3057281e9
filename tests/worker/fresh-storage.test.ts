// Every worker test file starts from the same storage although the files share one workerd: setup.ts
// calls freshStorage() before each file. Whatever a file leaves behind (rows, a changed or dropped table,
// a new one, KV keys, R2 files) is gone for the next.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { readSchema, renderSchema } from '../../scripts/lib/schema-text.mjs';
import { freshStorage } from './fresh-storage';

/** Each table's row count, and the text of the whole schema. */
async function database() {
  const objects = await readSchema(env.DB);
  const tables = objects.filter((o) => o.type === 'table').map((o) => o.name);
  const counts = await env.DB.batch<{ n: number }>(tables.map((t) => env.DB.prepare(`SELECT COUNT(*) AS n FROM "${t}"`)));
  return {
    schema: renderSchema(objects),
    rows: Object.fromEntries(tables.map((t, i) => [t, counts[i].results[0].n])),
    companies: (await env.DB.prepare('SELECT id, name FROM companies ORDER BY id').all()).results,
    migrations: (await env.DB.prepare('SELECT id, name FROM d1_migrations ORDER BY id').all()).results,
  };
}

async function files() {
  const listed = await env.FILES.list({ include: ['httpMetadata'] });
  return listed.objects.map((o) => ({ key: o.key, etag: o.etag, type: o.httpMetadata?.contentType }));
}

describe('fresh storage for each test file', () => {
  it('undoes rows, schema changes, KV keys and R2 files', async () => {
    const before = { database: await database(), files: await files() };
    expect(before.database.rows.companies).toBeGreaterThan(0);
    expect(before.database.rows.clicks).toBeGreaterThan(0);
    expect(before.files.length).toBe(env.TEST_R2_SEED.length);
    expect((await env.CACHE.list()).keys).toEqual([]);

    const [seedFile, goneFile] = env.TEST_R2_SEED;
    await env.DB.batch([
      env.DB.prepare('DELETE FROM clicks'),
      env.DB.prepare("UPDATE companies SET name = 'Left behind'"),
      env.DB.prepare('CREATE TABLE left_behind (id INTEGER PRIMARY KEY)'),
      env.DB.prepare('CREATE VIRTUAL TABLE left_behind_search USING fts5(body)'),
      env.DB.prepare('DROP TRIGGER ' + (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' LIMIT 1").first<{ name: string }>())!.name),
      env.DB.prepare('DELETE FROM d1_migrations WHERE id = (SELECT MAX(id) FROM d1_migrations)'),
    ]);
    await env.CACHE.put('left-behind', '1');
    await env.FILES.put('left/behind.txt', 'x');
    await env.FILES.put(seedFile.key, 'overwritten', { httpMetadata: { contentType: 'text/plain' } });
    await env.FILES.delete(goneFile.key);
    expect((await database()).schema).not.toBe(before.database.schema);

    await freshStorage();

    expect(await database()).toEqual(before.database);
    expect(await files()).toEqual(before.files);
    expect((await env.CACHE.list()).keys).toEqual([]);
  });
});
