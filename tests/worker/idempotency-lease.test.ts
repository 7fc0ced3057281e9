// An Idempotency-Key whose first request died (a Worker past its CPU limit, or evicted) after claiming
// the key: the client's retry with the same key and body takes the stale claim over instead of getting
// 409 until the key is pruned a day later, and money still moves once. A claim younger than the lease is
// still a request in flight (409), and another body under the key is still 422.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_SECONDS } from '../../src/api/core/idempotency';
import { edge } from './helpers';
import { KEYS, conversion, op, readReply, scalar, tx } from './operator-fixtures';

const ADMIN = 'adm_demo_local_only_4c1e9b7d2a6f3058';

/** An ISO time `seconds` ago, as the tables write created_at. */
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** Puts a finished key back in flight from `seconds` ago: what a request that died before storing its answer leaves. */
async function leaveInFlight(table: 'idempotency_keys' | 'admin_idempotency_keys', key: string, seconds: number) {
  const changed = await env.DB.prepare(
    `UPDATE ${table} SET status = 'in_flight', response_status = NULL, response = NULL, created_at = ? WHERE key = ?`,
  ).bind(ago(seconds), key).run();
  expect(changed.meta.changes).toBe(1);
}

const trackSale = async (body: Record<string, unknown>, key: string) => readReply(await edge().fetch('http://localhost/v1/track/sale', {
  method: 'POST',
  headers: { authorization: `Bearer ${KEYS.demo}`, 'content-type': 'application/json', 'idempotency-key': key },
  body: JSON.stringify(body),
}));

describe('a key left in flight by a request that died', () => {
  it('operator events: a retry after the lease runs (one commission), one within the lease is 409, another body 422', async () => {
    const body = conversion();
    const key = `lease-${tx()}`;
    const first = await op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);

    await leaveInFlight('idempotency_keys', key, 5);
    const early = await op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('idempotencyKeyInFlight');

    await leaveInFlight('idempotency_keys', key, IDEMPOTENCY_LEASE_SECONDS + 5);
    const other = await op(KEYS.demo, 'POST', '/events', conversion(), { 'idempotency-key': key });
    expect(other.status).toBe(422);

    const retry = await op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });
    expect(retry.status).toBe(200); // the commission the first request wrote, as a repeat
    expect(retry.body.commission.uid).toBe(first.body.commission.uid);
    expect(await scalar("SELECT COUNT(*) FROM commissions WHERE company_id = 'demo' AND transaction_id = ?", body.transaction_uid)).toBe(1);

    // The retry's answer is now the key's: a third send replays it.
    const third = await op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(third.body).toEqual(retry.body);
  });

  it('track sale: the provider retry after the lease is answered and credits the sale once', async () => {
    const invoice = tx('inv');
    const body = { referral_code: 'ben-demo', invoice_id: invoice, amount: 4200, currency: 'USD' };
    const key = `lease-${tx()}`;
    const first = await trackSale(body, key);
    expect(first.status).toBeLessThan(300);
    await leaveInFlight('idempotency_keys', key, IDEMPOTENCY_LEASE_SECONDS + 5);

    const retry = await trackSale(body, key);
    expect(retry.status).toBeLessThan(300);
    expect(await scalar("SELECT COUNT(*) FROM commissions WHERE company_id = 'demo' AND transaction_id = ?", invoice)).toBe(1);
    expect(await scalar("SELECT status FROM idempotency_keys WHERE company_id = 'demo' AND key = ?", key)).toBe('done');
  });

  it("the deployment owner's keys: a retry after the lease runs again and the company is created once", async () => {
    const id = `lease-${Date.now().toString(36)}`;
    const body = { id, name: 'Leased' };
    const key = `lease-${id}`;
    expect((await op(ADMIN, 'POST', '/companies', body, { 'idempotency-key': key })).status).toBe(201);
    await leaveInFlight('admin_idempotency_keys', key, 5);
    expect((await op(ADMIN, 'POST', '/companies', body, { 'idempotency-key': key })).status).toBe(409);

    await leaveInFlight('admin_idempotency_keys', key, IDEMPOTENCY_LEASE_SECONDS + 5);
    // The company exists already (the first request made it before dying): the retry's answer says so.
    const retry = await op(ADMIN, 'POST', '/companies', body, { 'idempotency-key': key });
    expect(retry.status).toBe(409);
    expect(retry.body.code).not.toBe('idempotencyKeyInFlight');
    expect(await scalar('SELECT COUNT(*) FROM companies WHERE id = ?', id)).toBe(1);
    // That refusal freed the key, as any refusal does: the key is usable again.
    expect(await scalar('SELECT COUNT(*) FROM admin_idempotency_keys WHERE key = ?', key)).toBe(0);
  });
});
