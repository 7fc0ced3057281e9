// Idempotency-Key records are kept 30 days (a day while in flight), then the scheduled run deletes them:
// the tables stop growing, stored answers (a webhook secret among them) go, and a conversion retried
// with an expired key is still one commission, because the database is unique by its natural key.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_DAYS, pruneIdempotencyKeys } from '../../src/api/core/idempotency';
import { KEYS, conversion, op, scalar, tx } from './operator-fixtures';

const DAY = 86_400_000;
const HASH = 'a'.repeat(64);
const iso = (ms: number) => new Date(ms).toISOString();

async function keyRow(key: string, createdAt: string, status: 'done' | 'in_flight') {
  const done = status === 'done';
  await env.DB.prepare('INSERT INTO idempotency_keys (company_id, key, request_hash, status, response_status, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind('demo', key, HASH, status, done ? 201 : null, done ? '{}' : null, createdAt).run();
}
const exists = async (key: string) => (await scalar('SELECT COUNT(*) FROM idempotency_keys WHERE key = ?', key)) === 1;

describe('pruning Idempotency-Key records', () => {
  it('deletes answers older than the keep time and requests stuck in flight for a day, and nothing younger', async () => {
    const now = Date.parse('2027-03-01T12:00:00Z');
    const id = tx();
    await keyRow(`old-${id}`, iso(now - (IDEMPOTENCY_KEY_DAYS + 1) * DAY), 'done');
    await keyRow(`recent-${id}`, iso(now - (IDEMPOTENCY_KEY_DAYS - 1) * DAY), 'done');
    await keyRow(`stuck-${id}`, iso(now - 2 * DAY), 'in_flight');
    await keyRow(`running-${id}`, iso(now - 60_000), 'in_flight');
    await env.DB.prepare('INSERT INTO admin_idempotency_keys (key, request_hash, status, response_status, response, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(`owner-${id}`, HASH, 'done', 201, '{}', iso(now - (IDEMPOTENCY_KEY_DAYS + 5) * DAY)).run();

    const { deleted } = await pruneIdempotencyKeys(env.DB, new Date(now));

    expect(deleted).toBeGreaterThanOrEqual(3);
    expect(await exists(`old-${id}`)).toBe(false);
    expect(await exists(`stuck-${id}`)).toBe(false);
    expect(await exists(`recent-${id}`)).toBe(true);
    expect(await exists(`running-${id}`)).toBe(true);
    expect(await scalar('SELECT COUNT(*) FROM admin_idempotency_keys WHERE key = ?', `owner-${id}`)).toBe(0);
  });

  it('leaves money safe: a conversion retried after its key expired is the same commission, not a second one', async () => {
    const body = conversion();
    const key = `idem-${tx()}`;
    const first = await op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    await pruneIdempotencyKeys(env.DB, new Date(Date.now() + (IDEMPOTENCY_KEY_DAYS + 1) * DAY));
    expect(await exists(key)).toBe(false);

    const retry = await op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.status).toBe(200); // a repeat of the stored conversion
    expect(await scalar("SELECT COUNT(*) FROM commissions WHERE company_id = 'demo' AND transaction_id = ?", body.transaction_uid)).toBe(1);
  });
});
