// Operator API conversions: POST /v1/operator/events is idempotent in the database (20
// concurrent copies -> one commission), honours Idempotency-Key (replay / 422 / 409), and applies the
// campaign's rule (percentage or fixed, monetary or not, loyalty points).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/api/core/crypto';
import { KEYS, conversion, op, scalar, tx } from './operator-fixtures';

describe('POST /v1/operator/events', () => {
  it('20 concurrent copies of one conversion make one referral, one commission, one set of rows: 1x201 + 19x200', async () => {
    const body = conversion({ revenue: '80.00' });
    const replies = await Promise.all(Array.from({ length: 20 }, () => op(KEYS.demo, 'POST', '/events', body)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const uids = new Set(replies.map((r) => r.body.commission.uid));
    expect(uids.size).toBe(1);
    const t = body.transaction_uid;
    expect(await scalar("SELECT COUNT(*) FROM commissions WHERE company_id = 'demo' AND transaction_id = ?", t)).toBe(1);
    expect(await scalar("SELECT COUNT(*) FROM referrals WHERE company_id = 'demo' AND email = ?", body.customer.email)).toBe(1);
    expect(await scalar("SELECT COUNT(*) FROM activities WHERE company_id = 'demo' AND type = 'commission' AND event_data1 = ?", t)).toBe(1);
    expect(await scalar("SELECT COUNT(*) FROM activities WHERE company_id = 'demo' AND type = 'points' AND referred_email = ?", body.customer.email)).toBe(1);
    expect(await scalar("SELECT COUNT(*) FROM loyalty_ledger l JOIN referrals r ON r.id = l.referral_id WHERE r.email = ?", body.customer.email)).toBe(1);
  });

  it('answers the referral and the commission; a repeat answers 200 with the same commission', async () => {
    const body = conversion({ revenue: '123.40', event_data2: 'order #1' });
    const first = await op(KEYS.demo, 'POST', '/events', body);
    expect(first.status).toBe(201);
    expect(first.body.commission).toMatchObject({
      status: 'pending', amount: 1234, currency: 'USD', is_monetary: true, event_type: 'first', kind: 'commission',
      transaction_uid: body.transaction_uid, revenue: 12340, campaign_uid: 'cmp-demo-main', ambassador_uid: 'amb-ava',
      event_data2: 'order #1', payout_uid: null,
    });
    expect(first.body.commission.uid).toMatch(/^com-/);
    expect(first.body.referral).toMatchObject({
      ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-main', share_link_uid: 'sl-ava-demo', name: 'Pat Buyer', email: body.customer.email,
    });
    const again = await op(KEYS.demo, 'POST', '/events', body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('a second event of the same transaction is its own commission on the same referral', async () => {
    const body = conversion();
    const first = await op(KEYS.demo, 'POST', '/events', body);
    const second = await op(KEYS.demo, 'POST', '/events', { ...body, event_type: 'second', revenue: '30' });
    expect(second.status).toBe(201);
    expect(second.body.commission).toMatchObject({ event_type: 'second', amount: 300 });
    expect(second.body.commission.uid).not.toBe(first.body.commission.uid);
    expect(second.body.referral.id).toBe(first.body.referral.id);
  });

  it('percentage rule, monetary, with loyalty points (Summer: 10 %, 100 points), approved on request', async () => {
    const before = await scalar("SELECT points_earned FROM loyalty_balances WHERE ambassador_uid = 'amb-ava'");
    const res = await op(KEYS.demo, 'POST', '/events', conversion({ campaign_uid: 'cmp-demo-summer', short_code: 'ava-summer', revenue: 59.99, is_approved: true }));
    expect(res.status).toBe(201);
    expect(res.body.commission).toMatchObject({ amount: 600, status: 'approved', is_monetary: true });
    expect(await scalar("SELECT points_earned FROM loyalty_balances WHERE ambassador_uid = 'amb-ava'")).toBe(before + 100);
  });

  it('fixed rule, non-monetary (VIP: 15.00 store credit) whatever the revenue', async () => {
    const res = await op(KEYS.demo, 'POST', '/events', conversion({ campaign_uid: 'cmp-demo-vip', short_code: 'ava-vip', revenue: '999.99' }));
    expect(res.status).toBe(201);
    expect(res.body.commission).toMatchObject({ amount: 1500, is_monetary: false, status: 'pending' });
  });

  it('fixed rule, monetary, in the company currency (acme Summit Club: EUR 25)', async () => {
    const res = await op(KEYS.acme, 'POST', '/events', conversion({ campaign_uid: 'cmp-acme-summit', short_code: 'alex-summit', revenue: '10.00' }));
    expect(res.status).toBe(201);
    expect(res.body.commission).toMatchObject({ amount: 2500, currency: 'EUR', is_monetary: true, ambassador_uid: 'amb-alex' });
  });

  it('a zero commission is status zero', async () => {
    const res = await op(KEYS.demo, 'POST', '/events', conversion({ revenue: '0' }));
    expect(res.body.commission).toMatchObject({ amount: 0, status: 'zero' });
  });

  it('finds the referrer by e-mail (a member of the campaign) and uses the default link', async () => {
    const res = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: undefined, referrer_email: 'BEN@demo.test' }));
    expect(res.status).toBe(201);
    expect(res.body.referral).toMatchObject({ ambassador_uid: 'amb-ben', share_link_uid: 'sl-ben-demo' });
  });

  it('refuses bad input with field keys', async () => {
    const decimals = await op(KEYS.demo, 'POST', '/events', conversion({ revenue: '1.234' }));
    expect(decimals.status).toBe(400);
    expect(decimals.body.error_codes.revenue[0].code).toBe('revenueInvalid');
    const negative = await op(KEYS.demo, 'POST', '/events', conversion({ revenue: '-5' }));
    expect(negative.status).toBe(400);
    const noReferrer = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: undefined }));
    expect(noReferrer.body.error_codes.short_code[0].code).toBe('referrerRequired');
    const otherCampaign = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: 'ava-summer' }));
    expect(otherCampaign.body.error_codes.short_code[0].code).toBe('referrerUnknown');
    const notMember = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: undefined, referrer_email: 'nocampaign@demo.test' }));
    expect(notMember.body.error_codes.referrer_email[0].code).toBe('referrerUnknown');
    const badEvent = await op(KEYS.demo, 'POST', '/events', conversion({ event_type: 'third' }));
    expect(badEvent.status).toBe(400);
    const notJson = await op(KEYS.demo, 'POST', '/events', '{nope');
    expect(notJson.status).toBe(400);
    const missing = await op(KEYS.demo, 'POST', '/events', { revenue: '1' });
    expect(Object.keys(missing.body)).toEqual(expect.arrayContaining(['campaign_uid', 'transaction_uid', 'customer']));
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body', async () => {
    const body = conversion();
    const key = `idem-${tx()}`;
    const first = await op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const replay = await op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    // Without the key the database still answers the same commission, as a repeat.
    const plain = await op(KEYS.demo, 'POST', '/events', body);
    expect(plain.status).toBe(200);
    expect(plain.body.commission.uid).toBe(first.body.commission.uid);
  });

  it('answers 422 for the same key with another body', async () => {
    const key = `idem-${tx()}`;
    expect((await op(KEYS.demo, 'POST', '/events', conversion(), { 'idempotency-key': key })).status).toBe(201);
    const other = await op(KEYS.demo, 'POST', '/events', conversion(), { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotencyKeyReused');
  });

  it('answers 409 while the first request with the key is in flight', async () => {
    const key = `idem-${tx()}`;
    const text = JSON.stringify(conversion());
    const hash = await sha256Hex(`POST /v1/operator/events\n${text}`);
    await env.DB.prepare("INSERT INTO idempotency_keys (company_id, key, request_hash, status) VALUES ('demo', ?, ?, 'in_flight')")
      .bind(key, hash).run();
    const res = await op(KEYS.demo, 'POST', '/events', text, { 'idempotency-key': key });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('idempotencyKeyInFlight');
    expect(res.headers.get('retry-after')).toBe('1');
  });

  it('keys are per company, and a failed request frees its key', async () => {
    const key = `idem-${tx()}`;
    const bad = await op(KEYS.demo, 'POST', '/events', conversion({ campaign_uid: 'cmp-nope' }), { 'idempotency-key': key });
    expect(bad.status).toBe(404);
    expect((await op(KEYS.demo, 'POST', '/events', conversion(), { 'idempotency-key': key })).status).toBe(201);
    const acme = conversion({ campaign_uid: 'cmp-acme-trail', short_code: 'alex-trail' });
    expect((await op(KEYS.acme, 'POST', '/events', acme, { 'idempotency-key': key })).status).toBe(201);
    expect((await op(KEYS.demo, 'POST', '/events', conversion(), { 'idempotency-key': ' ' })).status).toBe(400);
  });
});
