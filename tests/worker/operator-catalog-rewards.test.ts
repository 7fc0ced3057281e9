// Operator API: the rewards catalogue. A reward created with the company key, with codes in its
// pool, is redeemable by an ambassador with points; prices and values are whole non-negative amounts (zod
// and 0008's SQL guards); an edit never breaks a redemption (a redeemed reward is deactivated, not
// deleted); another company's rewards, vault items and variants answer 404.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeAnswer } from '../../src/lib/schemas/catalog';
import {
  codesAnswer, rewardAnswer, rewardListAnswer, variantAnswer, vaultItemAnswer, vaultItemListAnswer,
} from '../../src/lib/schemas/rewards-catalog';
import { call, token, type Who } from './profile-fixtures';
import { KEYS, op, scalar } from './operator-fixtures';

let ava: Who;
let alex: Who;
beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});

const pointsAvailable = (uid: string) => scalar<number>('SELECT points_available FROM loyalty_balances WHERE ambassador_uid = ?', uid);
const catalogue = async (who: Who) =>
  (await call(who, 'POST', `/tables/ambassadors/${who.uid}/content/affiliate_gift_card/?page=1`)).body.results.map((r: any) => r.uid);

describe('rewards (gift cards)', () => {
  it('refuses prices that are not whole non-negative amounts, naming each field', async () => {
    const fixed = await op(KEYS.demo, 'POST', '/rewards', { name: 'Free', points: 0, value_minor: -100, stock: 1.5, type: 'coupon' });
    expect(fixed.status).toBe(400);
    expect(fixed.body.value_minor).toEqual(['Must be 0 or more.']);
    expect(fixed.body.stock).toEqual(['Must be a whole number.']);
    expect(fixed.body.type).toHaveLength(1);
    const range = await op(KEYS.demo, 'POST', '/rewards', { name: 'Any amount', value_kind: 'range', min_amount: 500 });
    expect(range.body).toMatchObject({ max_amount: ['A range reward needs max_amount.'] });
    const free = await op(KEYS.demo, 'POST', '/rewards', { name: 'Free', points: 0 });
    expect(free.body.points).toEqual(['A fixed reward costs at least 1 point.']);
    await expect(env.DB.prepare("UPDATE rewards SET points = -5 WHERE uid = 'rwd-demo-hoodie'").run()).rejects.toThrow(/reward_amounts_invalid/);
  });

  it('a reward created here, with codes in its pool, is redeemable by an ambassador with points', async () => {
    const created = await op(KEYS.demo, 'POST', '/rewards', {
      name: 'Coffee voucher', type: 'voucher', brand_kind: 'promo', points: 120, value_minor: 500, stock: 5,
    }, { 'idempotency-key': 'coffee-1' });
    expect(created.status).toBe(201);
    rewardAnswer.parse(created.body);
    const uid = created.body.reward.uid;
    expect(created.body.reward).toMatchObject({ currency: 'USD', config: { field_kind: 'code' }, codes_available: 0, is_active: true });
    expect(await catalogue(ava)).toContain(uid);

    const codes = await op(KEYS.demo, 'POST', `/rewards/${uid}/codes`, { codes: [{ card_code: 'COFFEE-0001', card_pin: '1111' }, { card_code: 'COFFEE-0002' }] });
    expect(codes.status).toBe(201);
    expect(codesAnswer.parse(codes.body)).toEqual({ added: 2, codes_available: 2 });

    const before = await pointsAvailable(ava.uid);
    const redeemed = await call(ava, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: ava.uid, gift_card_uid: uid });
    expect(redeemed.status).toBe(201);
    expect(redeemed.body.results).toMatchObject({ status: 'completed', requested_amount: 120, reward_name: 'Coffee voucher' });
    expect(redeemed.body.results.gift_card.card_code).toBe('COFFEE-0001');
    expect(await pointsAvailable(ava.uid)).toBe(before - 120);
    const after = (await op(KEYS.demo, 'GET', '/rewards')).body;
    rewardListAnswer.parse(after);
    expect(after.results.find((r: any) => r.uid === uid)).toMatchObject({ stock: 4, codes_available: 1 });

    // An edit keeps the redemption as it was; deleting a redeemed reward deactivates it.
    await op(KEYS.demo, 'PATCH', `/rewards/${uid}`, { points: 200, value_minor: 900 });
    const removed = await op(KEYS.demo, 'DELETE', `/rewards/${uid}`);
    expect(removeAnswer.parse(removed.body)).toEqual({ uid, outcome: 'deactivated' });
    expect(await catalogue(ava)).not.toContain(uid);
    const detail = await call(ava, 'GET', `/rewards/portals/demo-portal/redemptions/${redeemed.body.results.id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: 'completed', requested_amount: 120 });
    expect(detail.body.gift_card.card_code).toBe('COFFEE-0001');
  });

  it('edits follow the price rules on the whole reward; an unredeemed reward is deleted with its codes', async () => {
    const { body } = await op(KEYS.demo, 'POST', '/rewards', { name: 'Sticker pack', points: 50, config: { field_kind: 'quantity' } });
    const uid = body.reward.uid;
    const toRange = await op(KEYS.demo, 'PATCH', `/rewards/${uid}`, { value_kind: 'range', min_amount: 100 });
    expect(toRange.status).toBe(400);
    expect(toRange.body.max_amount).toEqual(['A range reward needs max_amount.']);
    const ok = await op(KEYS.demo, 'PATCH', `/rewards/${uid}`, { value_kind: 'range', min_amount: 100, max_amount: 400, config: { field_kind: 'balance', points_per_unit: 100 } });
    expect(ok.body.reward).toMatchObject({ value_kind: 'range', min_amount: 100, max_amount: 400, config: { field_kind: 'balance', points_per_unit: 100 } });
    await op(KEYS.demo, 'POST', `/rewards/${uid}/codes`, { codes: [{ card_code: 'STICK-1' }] });
    expect((await op(KEYS.demo, 'DELETE', `/rewards/${uid}`)).body.outcome).toBe('deleted');
    expect(await scalar('SELECT COUNT(*) FROM reward_codes WHERE reward_uid = ?', uid)).toBe(0);
    expect((await op(KEYS.demo, 'PATCH', `/rewards/${uid}`, { points: 1 })).status).toBe(404);
  });

  it('another company\'s reward answers 404 and is untouched', async () => {
    const before = await env.DB.prepare("SELECT * FROM rewards WHERE uid = 'rwd-acme-trail-map'").first();
    expect((await op(KEYS.demo, 'PATCH', '/rewards/rwd-acme-trail-map', { points: 1 })).status).toBe(404);
    expect((await op(KEYS.demo, 'DELETE', '/rewards/rwd-acme-trail-map')).status).toBe(404);
    expect((await op(KEYS.demo, 'POST', '/rewards/rwd-acme-trail-map/codes', { codes: [{ card_code: 'MINE' }] })).status).toBe(404);
    expect(await env.DB.prepare("SELECT * FROM rewards WHERE uid = 'rwd-acme-trail-map'").first()).toEqual(before);
    expect((await op(KEYS.demo, 'GET', '/rewards')).body.results.some((r: any) => r.uid.startsWith('rwd-acme'))).toBe(false);
  });
});

describe('vault items and variants', () => {
  it('creates an item with variants that an ambassador can redeem with cash', async () => {
    const created = await op(KEYS.acme, 'POST', '/vault-items', {
      name: 'Trail shop voucher', payment_type: 'gift-card', variants: [{ name: '€5', cost: 500 }, { name: '€15', cost: 1500, value_minor: 1600, stock: 3 }],
    });
    expect(created.status).toBe(201);
    vaultItemAnswer.parse(created.body);
    const item = created.body.vault_item;
    expect(item).toMatchObject({ currency: 'EUR', campaign_uid: null, is_active: true });
    expect(item.variants.map((v: any) => [v.name, v.cost, v.value_minor, v.stock])).toEqual([['€5', 500, 500, null], ['€15', 1500, 1600, 3]]);
    const five = item.variants[0].uid;
    await op(KEYS.acme, 'POST', `/vault-items/${item.uid}/variants/${five}/codes`, { codes: [{ card_code: 'TRAIL-5-A' }] });

    const listed = await call(alex, 'GET', '/rewards/portals/acme-portal/vault-items/');
    expect(listed.body.results.find((i: any) => i.uid === item.uid).variants.map((v: any) => v.uid)).toContain(five);
    const res = await call(alex, 'POST', `/rewards/portals/acme-portal/vault-items/${item.uid}/redeem/`, { variant_item: five, amount: 500 });
    expect(res.status).toBe(201);
    expect(res.body.results).toMatchObject({ status: 'completed', spend_kind: 'cash', variant_name: '€5' });

    // The redeemed variant and its item are deactivated, never deleted; a fresh variant is deleted.
    expect((await op(KEYS.acme, 'DELETE', `/vault-items/${item.uid}/variants/${five}`)).body.outcome).toBe('deactivated');
    const added = await op(KEYS.acme, 'POST', `/vault-items/${item.uid}/variants`, { name: '€50', cost: 5000 });
    expect(added.status).toBe(201);
    variantAnswer.parse(added.body);
    const edited = await op(KEYS.acme, 'PATCH', `/vault-items/${item.uid}/variants/${added.body.variant.uid}`, { stock: 7, cost: 0 });
    expect(edited.status).toBe(400);
    expect(edited.body.cost).toEqual(['Must be 1 or more.']);
    expect((await op(KEYS.acme, 'DELETE', `/vault-items/${item.uid}/variants/${added.body.variant.uid}`)).body.outcome).toBe('deleted');
    expect((await op(KEYS.acme, 'DELETE', `/vault-items/${item.uid}`)).body.outcome).toBe('deactivated');
    const all = await op(KEYS.acme, 'GET', '/vault-items');
    vaultItemListAnswer.parse(all.body);
    expect(all.body.results.find((i: any) => i.uid === item.uid).is_active).toBe(false);
    await expect(env.DB.prepare('UPDATE vault_item_variants SET value_minor = -1 WHERE uid = ?').bind(five).run()).rejects.toThrow(/variant_value_invalid/);
  });

  it('an unredeemed item is deleted with its variants; another company\'s item or variant answers 404', async () => {
    const { body } = await op(KEYS.acme, 'POST', '/vault-items', { name: 'Old stock', campaign_uid: 'cmp-acme-summit', variants: [{ name: 'One', cost: 100 }] });
    expect(body.vault_item.campaign_uid).toBe('cmp-acme-summit');
    expect((await op(KEYS.acme, 'DELETE', `/vault-items/${body.vault_item.uid}`)).body.outcome).toBe('deleted');
    expect(await scalar('SELECT COUNT(*) FROM vault_item_variants WHERE vault_item_uid = ?', body.vault_item.uid)).toBe(0);

    expect((await op(KEYS.demo, 'PATCH', '/vault-items/vlt-acme-giftcard', { name: 'Mine' })).status).toBe(404);
    expect((await op(KEYS.demo, 'DELETE', '/vault-items/vlt-acme-giftcard')).status).toBe(404);
    expect((await op(KEYS.demo, 'POST', '/vault-items/vlt-acme-giftcard/variants', { name: 'x', cost: 1 })).status).toBe(404);
    expect((await op(KEYS.demo, 'PATCH', '/vault-items/vlt-acme-giftcard/variants/vv-acme-giftcard-10', { stock: 0 })).status).toBe(404);
    // A variant is addressed under its own item only.
    expect((await op(KEYS.acme, 'PATCH', '/vault-items/vlt-acme-prepaid/variants/vv-acme-giftcard-10', { stock: 0 })).status).toBe(404);
    expect(await scalar("SELECT stock FROM vault_item_variants WHERE uid = 'vv-acme-giftcard-10'")).toBe(null);
  });
});
