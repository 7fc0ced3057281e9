// The per-request D1 view: reads issued together leave as one batch (one round trip), writes go
// straight through, and one failing read never fails the reads beside it.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { batchingD1, type D1Meter } from '../../src/api/core/batching-d1';

function view() {
  const meter: D1Meter = { roundTrips: 0 };
  return { db: batchingD1(env.DB, meter), meter };
}

describe('batching D1', () => {
  it('sends reads issued in the same turn as one round trip, each with its own answer', async () => {
    const { db, meter } = view();
    const [first, all, column, batch] = await Promise.all([
      db.prepare('SELECT id, name FROM companies WHERE id = ?').bind('acme').first<{ id: string; name: string }>(),
      db.prepare('SELECT id FROM companies ORDER BY id').all<{ id: string }>(),
      db.prepare('SELECT name FROM companies WHERE id = ?').bind('demo').first<string>('name'),
      db.batch([db.prepare('SELECT 1 AS one'), db.prepare('SELECT 2 AS two')]),
    ]);
    expect(meter.roundTrips).toBe(1);
    expect(first).toEqual({ id: 'acme', name: expect.any(String) });
    expect(all.results.map((r) => r.id)).toEqual(expect.arrayContaining(['acme', 'demo', 'globex']));
    expect(column).toBe((await env.DB.prepare("SELECT name FROM companies WHERE id = 'demo'").first<string>('name')));
    expect(batch.map((r) => r.results[0])).toEqual([{ one: 1 }, { two: 2 }]);
  });

  it('sends a read asked twice in the same turn once, and gives each asker the answer', async () => {
    const sizes: number[] = [];
    const counted = new Proxy(env.DB, {
      get: (target, prop) => (prop === 'batch'
        ? (list: D1PreparedStatement[]) => { sizes.push(list.length); return target.batch(list); }
        : Reflect.get(target, prop, target).bind(target)),
    });
    const db = batchingD1(counted);
    const sql = 'SELECT id, name FROM companies WHERE id = ?';
    const [a, b, other, listA, listB] = await Promise.all([
      db.prepare(sql).bind('acme').first<{ id: string }>(),
      db.prepare(sql).bind('acme').first<string>('name'),
      db.prepare(sql).bind('demo').first<{ id: string }>(),
      db.prepare('SELECT id FROM companies ORDER BY id').all<{ id: string }>(),
      db.prepare('SELECT id FROM companies ORDER BY id').all<{ id: string }>(),
    ]);
    expect(sizes).toEqual([3]);
    expect(a?.id).toBe('acme');
    expect(b).toBe((a as unknown as { name: string }).name);
    expect(other?.id).toBe('demo');
    listA.results.pop();
    expect(listB.results.length).toBe(listA.results.length + 1);
  });

  it('answers null for a missing row, as D1 does', async () => {
    const { db } = view();
    expect(await db.prepare('SELECT * FROM companies WHERE id = ?').bind('nobody').first()).toBeNull();
    expect(await db.prepare('SELECT name FROM companies WHERE id = ?').bind('nobody').first('name')).toBeNull();
  });

  it('counts reads that depend on each other as separate round trips', async () => {
    const { db, meter } = view();
    const company = await db.prepare("SELECT id FROM companies WHERE id = 'demo'").first<{ id: string }>();
    await db.prepare('SELECT count(*) AS n FROM campaigns WHERE company_id = ?').bind(company!.id).first();
    expect(meter.roundTrips).toBe(2);
  });

  it('sends writes straight through, never inside a batch of reads', async () => {
    const { db, meter } = view();
    const [, written] = await Promise.all([
      db.prepare('SELECT 1').first(),
      db.prepare("UPDATE companies SET point_name = point_name WHERE id = 'demo'").run(),
      db.batch([db.prepare("UPDATE companies SET point_name = point_name WHERE id = 'acme'"), db.prepare('SELECT 1')]),
    ]);
    expect(written.meta.changes).toBe(1);
    expect(meter.roundTrips).toBe(3);
  });

  it('keeps a failing read from failing the reads issued beside it', async () => {
    const { db } = view();
    const [good, bad] = await Promise.allSettled([
      db.prepare("SELECT id FROM companies WHERE id = 'demo'").first<{ id: string }>(),
      db.prepare('SELECT no_such_column FROM companies').first(),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: { id: 'demo' } });
    expect(bad.status).toBe('rejected');
  });
});
