// Operator API: approve / deny / bulk approve with 409 on illegal transitions, refunds of
// unpaid commissions (reduced or cancelled), clawbacks of paid ones deducted from the next payout, and
// payouts that respect the holding period and the minimum and never pay a commission twice.
import { describe, expect, it } from 'vitest';
import { KEYS, conversion, op, scalar, setPayoutSettings } from './operator-fixtures';

async function convert(overrides: Record<string, unknown> = {}, key: string = KEYS.demo) {
  const res = await op(key, 'POST', '/events', conversion(overrides));
  expect(res.status).toBe(201);
  return res.body.commission as { uid: string; transaction_uid: string; amount: number; status: string };
}

describe('approve and deny', () => {
  it('moves pending -> approved -> denied, and answers 409 naming the status otherwise', async () => {
    const c = await convert();
    const approved = await op(KEYS.demo, 'POST', `/commissions/${c.uid}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.commission).toMatchObject({ uid: c.uid, status: 'approved' });
    const twice = await op(KEYS.demo, 'POST', `/commissions/${c.uid}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'illegalTransition', params: { status: 'approved' } });
    expect(twice.body.detail).toContain('approved');
    expect((await op(KEYS.demo, 'POST', `/commissions/${c.uid}/deny`)).body.commission.status).toBe('denied');
    const again = await op(KEYS.demo, 'POST', `/commissions/${c.uid}/deny`);
    expect(again.body).toMatchObject({ code: 'illegalTransition', params: { status: 'denied' } });
  });

  it('never denies or approves a paid commission, and 404s an unknown uid', async () => {
    const paid = await scalar<string>("SELECT uid FROM commissions WHERE company_id = 'demo' AND status = 'paid' AND payout_id IS NOT NULL LIMIT 1");
    const deny = await op(KEYS.demo, 'POST', `/commissions/${paid}/deny`);
    expect(deny.status).toBe(409);
    expect(deny.body.params).toEqual({ status: 'paid' });
    expect((await op(KEYS.demo, 'POST', '/commissions/com-nope/approve')).status).toBe(404);
  });

  it('bulk-approves a list in one batch: all or none', async () => {
    const a = await convert();
    const b = await convert();
    const c = await convert();
    const ok = await op(KEYS.demo, 'POST', '/commissions/approve', { uids: [a.uid, b.uid] });
    expect(ok.status).toBe(200);
    expect(ok.body.approved).toBe(2);
    expect(ok.body.commissions.map((x: any) => [x.uid, x.status])).toEqual([[a.uid, 'approved'], [b.uid, 'approved']]);
    const mixed = await op(KEYS.demo, 'POST', '/commissions/approve', { uids: [c.uid, a.uid] });
    expect(mixed.status).toBe(409);
    expect(mixed.body.params).toEqual({ status: 'approved', uid: a.uid });
    expect(await scalar('SELECT status FROM commissions WHERE uid = ?', c.uid)).toBe('pending');
    expect((await op(KEYS.demo, 'POST', '/commissions/approve', { uids: [c.uid, 'com-nope'] })).status).toBe(404);
    expect((await op(KEYS.demo, 'POST', '/commissions/approve', { uids: [] })).body.error_codes.uids[0].code).toBe('uidListInvalid');
  });
});

describe('refunds of unpaid commissions', () => {
  it('a partial refund reduces revenue and amount in proportion; the rest cancels it', async () => {
    const c = await convert({ revenue: '200.00' });
    const part = await op(KEYS.demo, 'POST', `/events/${c.transaction_uid}/refund`, { revenue: '50.00' });
    expect(part.status).toBe(200);
    expect(part.body.commission).toMatchObject({ uid: c.uid, status: 'pending', revenue: 15000, amount: 1500, refunded_revenue: 5000 });
    expect(part.body.clawback).toBeNull();
    const tooMuch = await op(KEYS.demo, 'POST', `/events/${c.transaction_uid}/refund`, { revenue: '150.01' });
    expect(tooMuch.body.error_codes.revenue[0]).toMatchObject({ code: 'revenueTooLarge', params: { remaining: '150.00' } });
    const rest = await op(KEYS.demo, 'POST', `/events/${c.transaction_uid}/refund`, {});
    expect(rest.body.commission).toMatchObject({ status: 'denied', refunded_revenue: 20000 });
    const after = await op(KEYS.demo, 'POST', `/events/${c.transaction_uid}/refund`, {});
    expect(after.status).toBe(409);
    expect((await op(KEYS.demo, 'POST', '/events/no-such-tx/refund', {})).status).toBe(404);
  });

  it('a full refund of an approved, unpaid commission cancels it', async () => {
    const c = await convert({ is_approved: true });
    const res = await op(KEYS.demo, 'POST', `/events/${c.transaction_uid}/refund`);
    expect(res.body.commission).toMatchObject({ status: 'denied', refunded_revenue: 10000 });
  });
});

describe('payouts, holding period, minimum and clawbacks', () => {
  it('pays what is past the holding period, at or above the minimum, once; clawbacks come off the next payout', async () => {
    // ben (demo, holding 30 days, minimum 0): two approved seed commissions older than 30 days.
    const held = await convert({ short_code: 'ben-demo', revenue: '100.00', is_approved: true });
    const expected = await scalar(
      `SELECT SUM(amount_minor) FROM commissions WHERE company_id = 'demo' AND ambassador_uid = 'amb-ben' AND status = 'approved'
         AND payout_id IS NULL AND created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')`,
    );
    expect(expected).toBeGreaterThan(0);
    const [one, two] = await Promise.all([
      op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 1 }),
      op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 1 }),
    ]);
    const won = [one, two].find((r) => r.status === 201)!;
    expect([one, two].map((r) => r.status).sort()).toEqual([201, 409]);
    expect(won.body.payout).toMatchObject({ ambassador_uid: 'amb-ben', amount: expected, currency: 'USD', method: 1, status: 'paid' });
    expect(won.body.payout.commissions).toBe(2);
    expect(await scalar('SELECT status FROM commissions WHERE uid = ?', held.uid)).toBe('approved');
    const nothing = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 1 });
    expect(nothing.body.code).toBe('nothingPayable');

    // No holding period, a minimum above what is payable: 409 naming both amounts.
    await setPayoutSettings('cust-demo', { holding_days: 0, minimum_minor: 5000 });
    const below = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 0 });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ code: 'payoutBelowMinimum', params: { amount: '10.00', minimum: '50.00' } });
    await setPayoutSettings('cust-demo', { minimum_minor: 0 });
    const paid = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 0, transaction_id: 'MANUAL-1' });
    expect(paid.status).toBe(201);
    expect(paid.body.payout).toMatchObject({ amount: 1000, commissions: 1, transaction_id: 'MANUAL-1' });
    expect(await scalar("SELECT COUNT(*) FROM activities WHERE type = 'payout' AND payout_id = (SELECT id FROM payouts WHERE uid = ?)", paid.body.payout.uid)).toBe(1);

    // Refund 40 of the paid 100: a clawback of -4.00, approved, the paid row untouched.
    const refund = await op(KEYS.demo, 'POST', `/events/${held.transaction_uid}/refund`, { revenue: 40 });
    expect(refund.status).toBe(200);
    expect(refund.body.commission).toMatchObject({ uid: held.uid, status: 'paid', amount: 1000, revenue: 10000, payout_uid: paid.body.payout.uid });
    expect(refund.body.clawback).toMatchObject({
      kind: 'clawback', status: 'approved', amount: -400, revenue: -4000, reverses_uid: held.uid, payout_uid: null, transaction_uid: held.transaction_uid,
    });
    // The next payout deducts it: 5.00 earned - 4.00 clawed back.
    await convert({ short_code: 'ben-demo', revenue: '50.00', is_approved: true });
    const next = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 0 });
    expect(next.body.payout).toMatchObject({ amount: 100, commissions: 2 });
    // The rest of the refund: -6.00; alone it is nothing to pay.
    const rest = await op(KEYS.demo, 'POST', `/events/${held.transaction_uid}/refund`);
    expect(rest.body.clawback).toMatchObject({ amount: -600, revenue: -6000 });
    expect((await op(KEYS.demo, 'POST', `/events/${held.transaction_uid}/refund`)).body.code).toBe('nothingToRefund');
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 0 })).body.code).toBe('nothingPayable');
    // A clawback cannot be approved or denied.
    expect((await op(KEYS.demo, 'POST', `/commissions/${rest.body.clawback.uid}/deny`)).body.params).toEqual({ status: 'clawback' });

    const list = await op(KEYS.demo, 'GET', '/payouts?ambassador_uid=amb-ben');
    expect(list.body.results.map((p: any) => p.uid)).toEqual([next.body.payout.uid, paid.body.payout.uid, won.body.payout.uid]);
    const all = await op(KEYS.demo, 'GET', '/payouts');
    expect(all.body.results.every((p: any) => p.currency === 'USD')).toBe(true);
    expect(all.body.results.some((p: any) => p.uid === 'po-501')).toBe(true);
    await setPayoutSettings('cust-demo', { holding_days: 30 });
  });

  it('acme: 14 holding days and a EUR 20 minimum from customization; Idempotency-Key replays a payout', async () => {
    // sam (acme): approved 10.64 (100 days old), pending 12.64 (15 days old); a fresh approved one is held.
    const fresh = await convert({ campaign_uid: 'cmp-acme-trail', short_code: 'sam-trail', revenue: '500.00', is_approved: true }, KEYS.acme);
    const body = { ambassador_uid: 'amb-sam', method: 1 };
    const below = await op(KEYS.acme, 'POST', '/payouts', body, { 'idempotency-key': 'sam-payout-1' });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ code: 'payoutBelowMinimum', params: { amount: '10.64', minimum: '20.00' } });
    expect((await op(KEYS.acme, 'POST', '/commissions/com-2502/approve')).status).toBe(200);
    // The failed request freed the key: the same key now makes the payout, and replays it.
    const res = await op(KEYS.acme, 'POST', '/payouts', body, { 'idempotency-key': 'sam-payout-1' });
    expect(res.status).toBe(201);
    expect(res.body.payout).toMatchObject({ amount: 2328, currency: 'EUR', commissions: 2, method: 1 });
    const replay = await op(KEYS.acme, 'POST', '/payouts', body, { 'idempotency-key': 'sam-payout-1' });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(res.body);
    expect(await scalar("SELECT COUNT(*) FROM payouts WHERE company_id = 'acme' AND ambassador_uid = 'amb-sam'")).toBe(1);
    expect(await scalar('SELECT payout_id FROM commissions WHERE uid = ?', fresh.uid)).toBeNull();
    const other = await op(KEYS.acme, 'POST', '/payouts', { ...body, method: 0 }, { 'idempotency-key': 'sam-payout-1' });
    expect(other.status).toBe(422);
  });

  it('refuses an unknown method or ambassador', async () => {
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ava', method: 9 })).body.error_codes.method).toBeDefined();
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-nope', method: 1 })).status).toBe(404);
  });
});
