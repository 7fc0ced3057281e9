// Redemptions against the real local D1: gift cards (legacy) and vault items (admin3), the
// spec §5 refusals, Idempotency-Key, the local provider's code pool, and a provider that refuses.
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setFulfilmentProvider } from '../../src/api/rewards/providers';
import { call, token, type Who } from './profile-fixtures';

let ava: Who;
let alex: Who;

const balance = (uid: string) =>
  env.DB.prepare('SELECT * FROM loyalty_balances WHERE ambassador_uid = ?').bind(uid).first<Record<string, number>>();

/** Calls with an Idempotency-Key. */
async function keyed(who: Who, path: string, body: unknown, key: string) {
  const { edge } = await import('./helpers');
  const res = await edge().fetch(`http://${who.host}/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Token ${who.token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, replayed: res.headers.get('idempotent-replayed') };
}

beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});
afterEach(() => setFulfilmentProvider(null));

describe('gift cards', () => {
  it('lists the active catalogue with parsed config and the reward type', async () => {
    const res = await call(ava, 'POST', `/tables/ambassadors/${ava.uid}/content/affiliate_gift_card/?page=1`);
    expect(res.status).toBe(200);
    const names = res.body.results.map((r: any) => r.name);
    expect(names).toContain('Amazon.com Gift Card');
    const target = res.body.results.find((r: any) => r.uid === 'rwd-demo-target');
    expect(target).toMatchObject({ value_kind: 'range', min_amount: 500, max_amount: 10000, reward_type: 'tango', config: { points_per_unit: 100 } });
    expect(res.body.results.find((r: any) => r.uid === 'rwd-demo-basspro').in_stock).toBe(false);
  });

  it('redeems: points held then posted, a code from the pool, the balance lower at once', async () => {
    const before = (await balance(ava.uid))!;
    const res = await call(ava, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-voucher', amount: 300 });
    expect(res.status).toBe(201);
    expect(res.body.results).toMatchObject({ status: 'completed', requested_amount: 300, spend_kind: 'points', reward_name: '20% off your next order' });
    expect(res.body.results.gift_card.card_code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const after = (await balance(ava.uid))!;
    expect(after.points_available).toBe(before.points_available - 300);
    expect(after.points_redeemed).toBe(before.points_redeemed + 300);
    expect(after.points_held).toBe(before.points_held);
    const profile = await call(ava, 'GET', `/portal/ambassadors/${ava.uid}/`);
    expect(profile.body.loyalty_points_available).toBe(after.points_available);
  });

  it('refuses below the minimum, above the maximum, without funds and out of stock, and spends nothing', async () => {
    const before = (await balance(ava.uid))!;
    const low = await call(ava, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-target', amount: 100 });
    expect(low.status).toBe(400);
    expect(low.body.amount).toEqual(['The minimum is 500 points. Enter a larger amount.']);
    const high = await call(ava, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-target', amount: 20000 });
    expect(high.body.amount).toEqual(['The maximum is 10,000 points. Enter a smaller amount.']);
    const poor = await call(ava, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-target', amount: 9999 });
    expect(poor.status).toBe(400);
    // What it costs and what there is, in points.
    expect(poor.body.detail).toMatch(/^Not enough funds: this costs 9,999 points and your balance is [\d,]+ points\. /);
    expect(poor.body.code).toBe('notEnoughFundsFor');
    const gone = await call(ava, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-basspro' });
    expect(gone.status).toBe(409);
    expect(gone.body.detail).toBe('This reward is out of stock. Choose another one.');
    expect(await balance(ava.uid)).toEqual(before);
  });

  it('Idempotency-Key: the same key and body answer once and spend once; another body is a 422', async () => {
    const before = (await balance(ava.uid))!;
    const body = { affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-target', amount: 500 };
    const first = await keyed(ava, '/loyalty/gift_card/redeem/', body, 'ava-target-1');
    expect(first.status).toBe(201);
    const again = await keyed(ava, '/loyalty/gift_card/redeem/', body, 'ava-target-1');
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.body.results.id).toBe(first.body.results.id);
    expect((await balance(ava.uid))!.points_available).toBe(before.points_available - 500);
    const other = await keyed(ava, '/loyalty/gift_card/redeem/', { ...body, amount: 600 }, 'ava-target-1');
    expect(other.status).toBe(422);
  });

  it('a provider that refuses: the hold is released, stock returned, the person told why', async () => {
    setFulfilmentProvider(() => ({ name: 'test-refuse', issue: async () => ({ status: 'failed', reason: 'rewardUnavailable' }) }));
    await env.DB.prepare("UPDATE rewards SET stock = 5 WHERE uid = 'rwd-acme-trail-map'").run();
    const before = (await balance(alex.uid))!;
    const res = await call(alex, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: alex.uid, gift_card_uid: 'rwd-acme-trail-map' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('rewardUnavailable');
    expect(res.body.detail).toBe('Your redemption was unsuccessful. Please contact crew@acme.test for help.');
    expect(res.body.results.status).toBe('failed');
    expect(await balance(alex.uid)).toEqual(before);
    expect(await env.DB.prepare("SELECT stock FROM rewards WHERE uid = 'rwd-acme-trail-map'").first<number>('stock')).toBe(5);
    const detail = await call(alex, 'GET', `/rewards/portals/acme-portal/redemptions/${res.body.results.id}/`);
    expect(detail.body.status).toBe('failed');
    expect(detail.body.items.reduce((s: number, i: any) => s + i.used_amount, 0)).toBe(0);
    expect(detail.body.items.length).toBeGreaterThan(0);
  });
});

describe('vault (admin3)', () => {
  it('lists items with variants and the cash balance; redeems a variant and shows the detail', async () => {
    const items = await call(alex, 'GET', '/rewards/portals/acme-portal/vault-items/');
    expect(items.status).toBe(200);
    const card = items.body.results.find((i: any) => i.uid === 'vlt-acme-giftcard');
    expect(card.variants.map((v: any) => v.uid)).toEqual(['vv-acme-giftcard-10', 'vv-acme-giftcard-25', 'vv-acme-giftcard-50']);
    const bal = await call(alex, 'GET', '/rewards/portals/acme-portal/vault-items/vlt-acme-giftcard/balance-available/');
    expect(bal.body).toMatchObject({ currency: 'EUR' });
    const before = bal.body.balance_available;
    const res = await call(alex, 'POST', '/rewards/portals/acme-portal/vault-items/vlt-acme-giftcard/redeem/', { variant_item: 'vv-acme-giftcard-10', amount: 1000 });
    expect(res.status).toBe(201);
    expect(res.body.results).toMatchObject({ status: 'completed', spend_kind: 'cash', requested_amount: 1000, variant_name: '€10' });
    const detail = await call(alex, 'GET', `/rewards/portals/acme-portal/redemptions/${res.body.results.id}/`);
    expect(detail.body.gift_card.card_code).toBeTruthy();
    expect(detail.body.items.reduce((s: number, i: any) => s + i.used_amount, 0)).toBe(1000);
    const after = await call(alex, 'GET', '/rewards/portals/acme-portal/vault-items/vlt-acme-giftcard/balance-available/');
    expect(after.body.balance_available).toBe(before - 1000);
    expect((await call(alex, 'GET', '/rewards/portals/demo-portal/vault-items/')).status).toBe(404);
  });
});
