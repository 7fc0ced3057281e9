// A fraud hold is decided once (approving a hold and then denying it answered 200). Every pair of
// decisions: approve then deny, deny then approve, and the same decision twice are a 409 illegalTransition
// naming the status the commission has, and change nothing (no second webhook event, no second points); a
// retry with the same Idempotency-Key answers the first 200 again; two decisions racing: one wins.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEYS, conversion, op, scalar } from './operator-fixtures';

/** A conversion held own_email (the customer's e-mail is ava's own), with its referral points held back. */
async function hold() {
  const res = await op(KEYS.demo, 'POST', '/events', conversion({ customer: { email: 'ava@demo.test' } }));
  expect(res.status).toBe(201);
  expect(res.body.commission).toMatchObject({ status: 'pending', held_reason: 'own_email' });
  return res.body.commission.uid as string;
}

const decide = (uid: string, decision: 'approve' | 'deny', headers: Record<string, string> = {}) =>
  op(KEYS.demo, 'POST', `/commissions/${uid}/${decision}`, {}, headers);
const stateOf = (uid: string) =>
  env.DB.prepare('SELECT status, held_reason, held_at, updated_at FROM commissions WHERE uid = ?').bind(uid).first();
const announced = (uid: string, type: string) =>
  scalar<number>("SELECT COUNT(*) FROM webhook_events WHERE company_id = 'demo' AND type = ? AND payload LIKE ?", type, `%${uid}%`);
const pointLots = (uid: string) => scalar<number>("SELECT COUNT(*) FROM loyalty_ledger WHERE uid = 'points:' || ?", uid);

beforeAll(async () => {
  // Receivers of commission.* events, so that each decision is announced (and counted here).
  await op(KEYS.demo, 'POST', '/webhooks/endpoints', { url: 'https://hooks.example.com/holds', event_types: ['commission.approved', 'commission.denied'] });
});

describe('deciding a hold', () => {
  it('approve then deny: the deny is a 409 naming the status approved, and the hold stays approved', async () => {
    const uid = await hold();
    expect((await decide(uid, 'approve')).status).toBe(200);
    const after = await stateOf(uid);
    const deny = await decide(uid, 'deny');
    expect(deny.status).toBe(409);
    expect(deny.body).toMatchObject({ code: 'illegalTransition', params: { status: 'approved' } });
    expect(await stateOf(uid)).toEqual(after);
    expect(await announced(uid, 'commission.denied')).toBe(0);
  });

  it('deny then approve: the approve is a 409 naming the status denied; the reason stays and no points are written', async () => {
    const uid = await hold();
    expect((await decide(uid, 'deny')).status).toBe(200);
    const approve = await decide(uid, 'approve');
    expect(approve.status).toBe(409);
    expect(approve.body).toMatchObject({ code: 'illegalTransition', params: { status: 'denied' } });
    expect(await stateOf(uid)).toMatchObject({ status: 'denied', held_reason: 'own_email' });
    expect(await pointLots(uid)).toBe(0);
  });

  it('the same decision twice: the second is a 409 and writes nothing (one event, one points lot)', async () => {
    const approved = await hold();
    expect((await decide(approved, 'approve')).status).toBe(200);
    const again = await decide(approved, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.params).toEqual({ status: 'approved' });
    expect(await announced(approved, 'commission.approved')).toBe(1);
    expect(await pointLots(approved)).toBe(1);

    const denied = await hold();
    expect((await decide(denied, 'deny')).status).toBe(200);
    const twice = await decide(denied, 'deny');
    expect(twice.status).toBe(409);
    expect(twice.body.params).toEqual({ status: 'denied' });
    expect(await announced(denied, 'commission.denied')).toBe(1);
  });

  it('a retry with the same Idempotency-Key answers the first 200 again; another key is the 409', async () => {
    const uid = await hold();
    const key = `hold-${uid}`;
    const first = await decide(uid, 'approve', { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const retry = await decide(uid, 'approve', { 'idempotency-key': key });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await decide(uid, 'deny', { 'idempotency-key': `${key}-other` })).status).toBe(409);
    expect(await pointLots(uid)).toBe(1);
  });

  it('approve and deny racing: exactly one is a 200, the other a 409, and the commission is what the winner said', async () => {
    for (let round = 0; round < 3; round++) {
      const uid = await hold();
      const [approve, deny] = await Promise.all([decide(uid, 'approve'), decide(uid, 'deny')]);
      expect([approve.status, deny.status].sort()).toEqual([200, 409]);
      const state = await stateOf(uid);
      expect(state).toMatchObject(approve.status === 200 ? { status: 'approved', held_reason: null } : { status: 'denied', held_reason: 'own_email' });
      expect(await pointLots(uid)).toBe(approve.status === 200 ? 1 : 0);
    }
  });

  it('a commission never held can still be denied after approval (a decision by hand, not a hold)', async () => {
    const res = await op(KEYS.demo, 'POST', '/events', conversion());
    const uid = res.body.commission.uid as string;
    expect(res.body.commission.held_reason).toBeNull();
    expect((await decide(uid, 'approve')).status).toBe(200);
    expect((await decide(uid, 'deny')).status).toBe(200);
  });
});
