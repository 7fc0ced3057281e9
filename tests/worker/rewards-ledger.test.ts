// The loyalty ledger's guarantees on the real local D1: concurrent redemptions never overspend
// or oversell, one Idempotency-Key debits once, an unknown provider outcome leaves a hold that the
// scheduled run voids, expiry and expiry warnings happen once, operator entries go through the same guards,
// and a refunded conversion takes its points back.
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runLoyaltyMaintenance } from '../../src/api/loyalty/scheduled';
import { setFulfilmentProvider } from '../../src/api/rewards/providers';
import type { ServiceContext } from '../../src/api/core/types';
import { edge } from './helpers';
import { KEYS, conversion, op } from './operator-fixtures';
import { token, type Who } from './profile-fixtures';

const svc: ServiceContext = {
  env, db: env.DB, origin: 'http://localhost', host: 'localhost', tenantCompanyId: null,
  clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
};

const balance = (uid: string) =>
  env.DB.prepare('SELECT * FROM loyalty_balances WHERE ambassador_uid = ?').bind(uid).first<Record<string, number>>();

/** Sum of what is left in the ambassador's lots: must always equal points/cash available. */
const lotsLeft = (uid: string, kind: string) =>
  env.DB.prepare('SELECT COALESCE(SUM(remaining), 0) AS n FROM loyalty_lots WHERE ambassador_uid = ? AND kind = ?').bind(uid, kind).first<number>('n');

let n = 0;
/** A new demo ambassador with loyalty access and `points` to spend (one lot, a year to live). */
async function newcomer(points: number, cash = 0): Promise<Who> {
  const id = 95000 + ++n;
  const uid = `amb-ledger-${id}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, company_id, email, first_name, last_name, loyalty_access) VALUES (?, 'demo', ?, 'Lee', 'Ledger', 1)")
      .bind(id, `ledger${id}@demo.test`),
    env.DB.prepare("INSERT INTO ambassadors (uid, company_id, user_id, share_code) VALUES (?, 'demo', ?, ?)").bind(uid, id, `LDG${id}`),
    env.DB.prepare("INSERT INTO ambassador_campaigns (ambassador_uid, company_id, campaign_id) VALUES (?, 'demo', 102)").bind(uid),
  ]);
  if (points) await op(KEYS.demo, 'POST', `/ambassadors/${uid}/loyalty/entries`, { kind: 'points', amount: points, description: 'Test points' });
  if (cash) await op(KEYS.demo, 'POST', `/ambassadors/${uid}/loyalty/entries`, { kind: 'cash', amount: cash, description: 'Test cash' });
  return token('localhost', `ledger${id}@demo.test`);
}

/** A test gift card: `cost` points, `stock` (null: unlimited), no code needed (a shipped item). */
async function testReward(slug: string, cost: number, stock: number | null) {
  await env.DB.prepare(
    `INSERT INTO rewards (uid, company_id, name, type, value_kind, points, value_minor, currency, config, stock)
     VALUES (?, 'demo', ?, 1, 'fixed', ?, 500, 'USD', '{"field_kind":"quantity"}', ?)`,
  ).bind(`rwd-test-${slug}`, `Test ${slug}`, cost, stock).run();
  return `rwd-test-${slug}`;
}

async function redeem(who: Who, reward: string, key?: string) {
  const res = await edge().fetch(`http://localhost/v1/loyalty/gift_card/redeem/`, {
    method: 'POST',
    headers: { authorization: `Token ${who.token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify({ affiliate_uid: who.uid, gift_card_uid: reward }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

afterEach(() => setFulfilmentProvider(null));

describe('concurrency', () => {
  let reward = '';
  beforeAll(async () => {
    reward = await testReward('concurrent', 70, null);
  });

  it('50 redeems at once against one balance: successes = floor(balance / cost), never below zero', async () => {
    const who = await newcomer(1000);
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(who, reward)));
    const ok = results.filter((r) => r.status === 201).length;
    expect(ok).toBe(Math.floor(1000 / 70));
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 400 && r.body.code === 'notEnoughFundsFor')).toBe(true);
    const b = (await balance(who.uid))!;
    expect(b.points_available).toBe(1000 - 70 * ok);
    expect(b.points_redeemed).toBe(70 * ok);
    expect(b.points_held).toBe(0);
    expect(await lotsLeft(who.uid, 'points')).toBe(b.points_available);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM redemptions WHERE ambassador_uid = ? AND status = 'completed'").bind(who.uid).first<number>('n');
    expect(rows).toBe(ok);
  });

  it('50 redeems at once of a reward with 7 in stock: 7 successes, stock 0, the rest out of stock', async () => {
    const limited = await testReward('limited', 10, 7);
    const who = await newcomer(5000);
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(who, limited)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(7);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.detail === 'This reward is out of stock. Choose another one.')).toBe(true);
    expect(await env.DB.prepare('SELECT stock FROM rewards WHERE uid = ?').bind(limited).first<number>('stock')).toBe(0);
    expect((await balance(who.uid))!.points_available).toBe(5000 - 70);
  });

  it('20 requests with one Idempotency-Key: one debit, one redemption, the same answer', async () => {
    const who = await newcomer(1000);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(who, reward, 'one-key')));
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.results.id)).size).toBe(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect((await balance(who.uid))!.points_available).toBe(930);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM redemptions WHERE ambassador_uid = ?').bind(who.uid).first<number>('n')).toBe(1);
    // After the first finished, the key replays.
    const again = await redeem(who, reward, 'one-key');
    expect(again.status).toBe(201);
    expect(again.body.results.id).toBe(ok[0]!.body.results.id);
    expect((await balance(who.uid))!.points_available).toBe(930);
  });

  it('a provider failure debits nothing, even under load', async () => {
    setFulfilmentProvider(() => ({ name: 'test-refuse', issue: async () => ({ status: 'failed', reason: 'rewardUnavailable' }) }));
    const who = await newcomer(1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(who, reward)));
    expect(results.every((r) => r.status === 502)).toBe(true);
    const b = (await balance(who.uid))!;
    expect([b.points_available, b.points_held, b.points_redeemed]).toEqual([1000, 0, 0]);
    expect(await lotsLeft(who.uid, 'points')).toBe(1000);
  });
});

describe('holds and the scheduled run', () => {
  it('an unknown provider outcome leaves the hold pending; the run voids it after the timeout', async () => {
    setFulfilmentProvider(() => ({ name: 'test-timeout', issue: async () => { throw new Error('timeout'); } }));
    const who = await newcomer(500);
    const reward = await testReward('pending', 200, 3);
    const res = await redeem(who, reward);
    expect(res.status).toBe(201);
    expect(res.body.results.status).toBe('processing');
    let b = (await balance(who.uid))!;
    expect([b.points_available, b.points_held]).toEqual([300, 200]);
    expect(await env.DB.prepare('SELECT stock FROM rewards WHERE uid = ?').bind(reward).first<number>('stock')).toBe(2);

    // Not yet stale: nothing happens.
    expect((await runLoyaltyMaintenance(svc, 'demo')).voided).toBe(0);
    // 73 hours later (default timeout 72 h): voided once, funds and stock back.
    const later = new Date(Date.now() + 73 * 3_600_000);
    const first = await runLoyaltyMaintenance(svc, 'demo', later);
    expect(first.voided).toBeGreaterThanOrEqual(1);
    const again = await runLoyaltyMaintenance(svc, 'demo', later);
    expect(again.voided).toBe(0);
    b = (await balance(who.uid))!;
    expect([b.points_available, b.points_held, b.points_redeemed]).toEqual([500, 0, 0]);
    expect(await env.DB.prepare('SELECT stock FROM rewards WHERE uid = ?').bind(reward).first<number>('stock')).toBe(3);
    const row = await env.DB.prepare('SELECT status, failure_reason FROM redemptions WHERE ambassador_uid = ?').bind(who.uid).first();
    expect(row).toEqual({ status: 'failed', failure_reason: 'holdTimedOut' });
  });

  it('the company completes a pending redemption by hand: posted once; a second settle is refused', async () => {
    setFulfilmentProvider(() => ({ name: 'test-timeout', issue: async () => { throw new Error('timeout'); } }));
    const who = await newcomer(500);
    const res = await redeem(who, await testReward('manual', 100, null));
    const id = res.body.results.id;
    const done = await op(KEYS.demo, 'POST', `/redemptions/${id}/complete`, { details: { order_id: 'SHIP-1' } });
    expect(done.status).toBe(200);
    expect(done.body.redemption).toMatchObject({ status: 'completed', gift_card: { order_id: 'SHIP-1' } });
    expect((await op(KEYS.demo, 'POST', `/redemptions/${id}/fail`, {})).status).toBe(409);
    expect((await op(KEYS.acme, 'POST', `/redemptions/${id}/complete`, {})).status).toBe(404);
    const b = (await balance(who.uid))!;
    expect([b.points_available, b.points_held, b.points_redeemed]).toEqual([400, 0, 100]);
    // The database itself refuses a second settlement and an illegal transition.
    await expect(env.DB.prepare("UPDATE redemptions SET status = 'failed' WHERE id = ?").bind(id).run()).rejects.toThrow(/illegal_redemption_transition/);
  });

  it('expires lapsed lots once, oldest first, and warns by e-mail once before points lapse', async () => {
    const who = await newcomer(0);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await op(KEYS.demo, 'POST', `/ambassadors/${who.uid}/loyalty/entries`, { kind: 'points', amount: 120, description: 'Old', expire_at: past });
    await op(KEYS.demo, 'POST', `/ambassadors/${who.uid}/loyalty/entries`, { kind: 'points', amount: 80, description: 'Soon', expire_at: soon });
    await op(KEYS.demo, 'POST', `/ambassadors/${who.uid}/loyalty/entries`, { kind: 'points', amount: 50, description: 'Later', expire_days: 200 });
    // A lapsed lot cannot be spent even before the run: 130 is more than the live 80 + 50.
    const spend = await op(KEYS.demo, 'POST', `/ambassadors/${who.uid}/loyalty/entries`, { kind: 'points', amount: -131, description: 'Too much' });
    expect(spend.status).toBe(400);
    expect(spend.body.code).toBe('notEnoughFunds');
    const first = await runLoyaltyMaintenance(svc, 'demo');
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const b = (await balance(who.uid))!;
    expect([b.points_available, b.points_expired, b.points_earned]).toEqual([130, 120, 250]);
    const mails = await env.DB.prepare("SELECT subject, body_text FROM email_outbox WHERE to_email = ? AND template = 'points_expiring'").bind(`ledger${95000 + n}@demo.test`).all();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]!.body_text).toContain('80 points will expire on');
    const second = await runLoyaltyMaintenance(svc, 'demo');
    expect(second.expired).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE to_email = ? AND template = 'points_expiring'").bind(`ledger${95000 + n}@demo.test`).first<number>('n'))).toBe(1);
    const ledger = (await op(KEYS.demo, 'GET', `/ambassadors/${who.uid}/loyalty`)).body;
    expect(ledger.open_lots.map((l: any) => l.amount)).toEqual([80, 50]);
  });
});

describe('found in review', () => {
  it('a failure after the hold never lets a retry with the same key spend again', async () => {
    const who = await newcomer(1000);
    const reward = await testReward('late-failure', 100, null);
    // Every confirmation e-mail fails to be written (as any D1 error after the hold would).
    await env.DB.prepare(
      "CREATE TRIGGER test_no_redemption_mail BEFORE INSERT ON email_outbox WHEN NEW.template = 'redemption' BEGIN SELECT RAISE(ABORT, 'mail down'); END",
    ).run();
    try {
      const first = await redeem(who, reward, 'late-key');
      expect(first.status).toBe(201);
      // Even when the key's record is gone, the redemption's own key (derived from it) refuses a second one.
      await env.DB.prepare("DELETE FROM idempotency_keys WHERE key LIKE 'redeem:%:late-key'").run();
      const again = await redeem(who, reward, 'late-key');
      expect(again.status).toBe(201);
      expect(again.body.results.id).toBe(first.body.results.id);
    } finally {
      await env.DB.prepare('DROP TRIGGER test_no_redemption_mail').run();
    }
    expect((await balance(who.uid))!.points_available).toBe(900);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM redemptions WHERE ambassador_uid = ?').bind(who.uid).first<number>('n')).toBe(1);
  });

  it('settles the seed\'s pending holds (written before hold uids existed): failing 802 gives alex his 300 points back', async () => {
    const before = (await balance('amb-alex'))!;
    expect(before.points_held).toBe(300);
    const res = await op(KEYS.acme, 'POST', '/redemptions/802/fail', { reason: 'Out of cards' });
    expect(res.status).toBe(200);
    expect(res.body.redemption.status).toBe('failed');
    const after = (await balance('amb-alex'))!;
    expect([after.points_held, after.points_available]).toEqual([0, before.points_available + 300]);
    // No status change without its settlement, even by hand.
    setFulfilmentProvider(() => ({ name: 'test-timeout', issue: async () => { throw new Error('timeout'); } }));
    const pending = await redeem(await newcomer(100), await testReward('by-hand', 100, null));
    expect(pending.body.results.status).toBe('processing');
    for (const status of ['completed', 'failed', 'canceled']) {
      await expect(env.DB.prepare('UPDATE redemptions SET status = ? WHERE id = ?').bind(status, pending.body.results.id).run()).rejects.toThrow(/hold_not_settled/);
    }
  });

  it('a refund while the points are held: a failed redemption does not hand them back', async () => {
    await env.DB.prepare('UPDATE campaigns SET loyalty_points = 40 WHERE id = 102').run();
    const who = await newcomer(0);
    await env.DB.prepare("INSERT INTO share_links (uid, company_id, ambassador_uid, campaign_id, short_code, is_default) VALUES (?, 'demo', ?, 102, ?, 1)")
      .bind(`sl-${who.uid}`, who.uid, `code-${who.uid}`).run();
    const sale = conversion({ short_code: `code-${who.uid}` });
    expect((await op(KEYS.demo, 'POST', '/events', sale)).status).toBe(201);
    expect((await balance(who.uid))!.points_available).toBe(40);
    setFulfilmentProvider(() => ({ name: 'test-timeout', issue: async () => { throw new Error('timeout'); } }));
    const held = await redeem(who, await testReward('held-refund', 40, null));
    expect(held.body.results.status).toBe('processing');
    expect((await op(KEYS.demo, 'POST', `/events/${sale.transaction_uid}/refund`, { event_type: 'first' })).status).toBe(200);
    expect((await op(KEYS.demo, 'POST', `/redemptions/${held.body.results.id}/fail`, {})).status).toBe(200);
    const b = (await balance(who.uid))!;
    expect([b.points_available, b.points_held, b.points_earned]).toEqual([0, 0, 0]);
  });
});

describe('operator entries', () => {
  it('credits, corrects and claws back through the same guards; a uid posts once', async () => {
    const who = await newcomer(0, 0);
    const path = `/ambassadors/${who.uid}/loyalty/entries`;
    const credit = await op(KEYS.demo, 'POST', path, { kind: 'cash', amount: 2500, description: 'Bonus', uid: 'bonus-1' });
    expect(credit.status).toBe(201);
    expect(credit.body.entry).toMatchObject({ uid: 'bonus-1', entry_type: 'earn', amount: 2500 });
    expect((await op(KEYS.demo, 'POST', path, { kind: 'cash', amount: 2500, description: 'Bonus', uid: 'bonus-1' })).status).toBe(200);
    expect((await balance(who.uid))!.cash_available).toBe(2500);
    const over = await op(KEYS.demo, 'POST', path, { kind: 'cash', amount: -2501, description: 'Too much' });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('notEnoughFunds');
    const claw = await op(KEYS.demo, 'POST', path, { kind: 'cash', amount: -500, entry_type: 'reverse', description: 'Clawback' });
    expect(claw.status).toBe(201);
    expect(claw.body.balance).toMatchObject({ cash_available: 2000, cash_earned: 2000 });
    expect((await op(KEYS.demo, 'POST', path, { kind: 'cash', amount: -5, entry_type: 'earn', description: 'x' })).status).toBe(400);
    expect((await op(KEYS.demo, 'POST', path, { kind: 'cash', amount: 1.5, description: 'x' })).status).toBe(400);
    expect((await op(KEYS.acme, 'POST', path, { kind: 'cash', amount: 5, description: 'x' })).status).toBe(404);
  });

  it('a fully refunded conversion takes back what is left of its referral points', async () => {
    await env.DB.prepare('UPDATE campaigns SET loyalty_points = 40 WHERE id = 102').run();
    const sale = conversion();
    const created = await op(KEYS.demo, 'POST', '/events', sale);
    expect(created.status).toBe(201);
    const before = (await balance('amb-ava'))!;
    const refunded = await op(KEYS.demo, 'POST', `/events/${sale.transaction_uid}/refund`, { event_type: sale.event_type ?? 'first' });
    expect(refunded.status).toBe(200);
    const after = (await balance('amb-ava'))!;
    expect(after.points_available).toBe(before.points_available - 40);
    expect(after.points_earned).toBe(before.points_earned - 40);
    const ava = await token('localhost', 'ava@demo.test');
    const ledger = await edge().fetch(`http://localhost/v1/ambassadors/${ava.uid}/loyalty/ledger/`, { headers: { authorization: `Token ${ava.token}` } });
    const rows = ((await ledger.json()) as any).results;
    expect(rows[0]).toMatchObject({ amount: 40, status: 'revoked', description: 'Referral reward' });
  });
});
