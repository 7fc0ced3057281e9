// The named batch: one round trip, answers under the names they were asked by, and one
// transaction: a statement that fails rolls back the writes before it.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { batch, row, rows, write } from '../../src/api/core/named-batch';
import { batchingD1, type D1Meter } from '../../src/api/core/batching-d1';

describe('named batch', () => {
  it('answers each statement under its name, in one round trip', async () => {
    const meter: D1Meter = { roundTrips: 0 };
    const db = batchingD1(env.DB, meter);
    const answers = await batch(db, {
      acme: row<{ id: string }>(db.prepare('SELECT id FROM companies WHERE id = ?').bind('acme')),
      nobody: row<{ id: string }>(db.prepare('SELECT id FROM companies WHERE id = ?').bind('nobody')),
      all: rows<{ id: string }>(db.prepare("SELECT id FROM companies WHERE id IN ('acme', 'demo') ORDER BY id")),
      renamed: write(db.prepare("UPDATE companies SET name = name WHERE id = 'globex'")),
    });
    expect(meter.roundTrips).toBe(1);
    expect(answers.acme).toEqual({ id: 'acme' });
    expect(answers.nobody).toBeNull();
    expect(answers.all.map((r) => r.id)).toEqual(['acme', 'demo']);
    expect(answers.renamed.changes).toBe(1);
  });

  it('is one transaction: a failing statement undoes the writes before it', async () => {
    const before = await env.DB.prepare("SELECT name FROM companies WHERE id = 'acme'").first<string>('name');
    await expect(
      batch(env.DB, {
        rename: write(env.DB.prepare("UPDATE companies SET name = 'Renamed' WHERE id = 'acme'")),
        broken: write(env.DB.prepare('INSERT INTO no_such_table (x) VALUES (1)')),
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await env.DB.prepare("SELECT name FROM companies WHERE id = 'acme'").first<string>('name')).toBe(before);
  });
});
