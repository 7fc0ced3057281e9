// Migrations applied: the schema from migrations/ exists in the local D1 the tests run against.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('local D1 in workerd', () => {
  it('has the migrated schema', async () => {
    const applied = await env.DB.prepare('select name from d1_migrations order by id').all<{ name: string }>();
    expect(applied.results.map((r) => r.name)).toContain('0001_init.sql');
    const row = await env.DB.prepare('select count(*) as n from companies').first<{ n: number }>();
    expect(row?.n).toBeTypeOf('number');
  });

  it('seeds the demo data when seed/demo.sql has statements', async () => {
    const row = await env.DB.prepare('select count(*) as n from companies').first<{ n: number }>();
    if (env.TEST_SEED.length > 0) expect(row?.n).toBeGreaterThan(0);
    else expect(row?.n).toBe(0);
  });
});

describe('local R2 in workerd', () => {
  it('holds the seed files', async () => {
    for (const { key, contentType } of env.TEST_R2_SEED.slice(0, 5)) {
      const head = await env.FILES.head(key);
      expect(head?.httpMetadata?.contentType, key).toBe(contentType);
    }
  });
});
