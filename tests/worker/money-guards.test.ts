// The money core's guards: every code a money trigger raises, fired by calling the operation in
// the state it must refuse, and the API answer the exact table (src/api/money/errors.ts) turns it into.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/core/errors';
import { MONEY_ERRORS, moneyCode, moneyRefusal, type MoneyCode } from '../../src/api/money/errors';
import { debit, earn } from '../../src/api/money/ledger';
import { payOut } from '../../src/api/money/payouts';
import { placeRedemption, settleRedemption, type PlacedRedemption } from '../../src/api/money/redemptions';
import { KEYS, op } from './operator-fixtures';

let n = 0;
/** A new demo ambassador (no entries yet). */
async function newcomer() {
  const id = 97100 + ++n;
  const uid = `amb-money-${id}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, company_id, email, first_name, last_name, loyalty_access) VALUES (?, 'demo', ?, 'Mo', 'Ney', 1)")
      .bind(id, `money${id}@demo.test`),
    env.DB.prepare("INSERT INTO ambassadors (uid, company_id, user_id, share_code) VALUES (?, 'demo', ?, ?)").bind(uid, id, `MNY${id}`),
  ]);
  return uid;
}

const points = (ambassadorUid: string, amount: number, uid: string | null = null) =>
  earn(env.DB, { companyId: 'demo', ambassadorUid, kind: 'points', amount, description: 'Test points', expireAt: null, uid });

const lotsOf = async (ambassadorUid: string) =>
  (await env.DB.prepare('SELECT entry_id FROM loyalty_lots WHERE ambassador_uid = ? ORDER BY entry_id').bind(ambassadorUid).all<{ entry_id: number }>())
    .results.map((l) => l.entry_id);

/** Runs `write`, expects it refused with `code`, and answers the error it threw. */
async function refused(write: () => Promise<unknown>, code: MoneyCode) {
  const err = await write().then(() => null, (e: unknown) => e);
  expect(err, `refused with ${code}`).not.toBeNull();
  expect(moneyCode(err instanceof ApiError ? err.cause : err)).toBe(code);
  return err;
}

/** The API's answer of a refusal: its status and message key. */
const answer = (err: unknown) => (err instanceof ApiError ? { status: err.status, key: err.messageKey } : null);

let r = 0;
async function reward(stock: number | null) {
  const uid = `rwd-money-${++r}`;
  await env.DB.prepare(
    `INSERT INTO rewards (uid, company_id, name, type, value_kind, points, value_minor, currency, config, stock)
     VALUES (?, 'demo', ?, 1, 'fixed', 10, 500, 'USD', '{"field_kind":"quantity"}', ?)`,
  ).bind(uid, `Money test ${r}`, stock).run();
  return uid;
}

const placement = (ambassadorUid: string, rewardUid: string, key: string, amount = 10): PlacedRedemption => ({
  companyId: 'demo', ambassadorUid, kind: 'gift_card', rewardUid, vaultItemUid: null, variantUid: null, amount, spend: 'points',
  valueMinor: 500, currency: 'USD', itemName: 'Money test', key,
});

describe('money guards: refusals a person can cause', () => {
  it('spending more points than the lots hold is insufficient_funds: 400 not enough funds', async () => {
    const amb = await newcomer();
    await points(amb, 50);
    // The balance says more than the lots hold, so the lots' own guard is the one that speaks.
    await env.DB.prepare('UPDATE loyalty_balances SET points_available = 1000, points_earned = 1000 WHERE ambassador_uid = ?').bind(amb).run();
    const err = await refused(() => debit(env.DB, { companyId: 'demo', ambassadorUid: amb, kind: 'points', amount: 60, description: 'x', entryType: 'adjust' }), 'insufficient_funds');
    expect(answer(err)).toEqual({ status: 400, key: 'notEnoughFunds' });
  });

  it('a spend that would take the balance below 0 is balance_negative: 400 not enough funds', async () => {
    const amb = await newcomer();
    await points(amb, 100);
    await env.DB.prepare('UPDATE loyalty_balances SET points_available = 10 WHERE ambassador_uid = ?').bind(amb).run();
    const err = await refused(() => debit(env.DB, { companyId: 'demo', ambassadorUid: amb, kind: 'points', amount: 50, description: 'x', entryType: 'adjust' }), 'balance_negative');
    expect(answer(err)).toEqual({ status: 400, key: 'notEnoughFunds' });
  });

  it('the operator API answers an overspend as before: 400 "not enough funds", nothing written', async () => {
    const amb = await newcomer();
    await points(amb, 20);
    const res = await op(KEYS.demo, 'POST', `/ambassadors/${amb}/loyalty/entries`, { kind: 'points', amount: -21, description: 'too much' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'Not enough funds. Choose a smaller amount.', code: 'notEnoughFunds' });
    expect(await env.DB.prepare('SELECT points_available FROM loyalty_balances WHERE ambassador_uid = ?').bind(amb).first('points_available')).toBe(20);
  });

  it('taking more from one lot than it has left is lot_overdrawn: 409 not enough funds', async () => {
    const amb = await newcomer();
    await points(amb, 100);
    await points(amb, 100);
    const [first] = await lotsOf(amb);
    const err = await refused(() => debit(env.DB, {
      companyId: 'demo', ambassadorUid: amb, kind: 'points', amount: 150, description: 'x', entryType: 'reverse', lotId: first!,
    }), 'lot_overdrawn');
    expect(answer(err)).toEqual({ status: 409, key: 'notEnoughFunds' });
  });

  it('the same ledger uid twice is ledger_uid_taken: 409 duplicate entry', async () => {
    const amb = await newcomer();
    await points(amb, 5, `money-once-${amb}`);
    const err = await refused(() => points(amb, 5, `money-once-${amb}`), 'ledger_uid_taken');
    expect(answer(err)).toEqual({ status: 409, key: 'duplicateEntry' });
  });

  it('placing a redemption of a reward out of stock is out_of_stock: 409 out of stock, nothing held', async () => {
    const amb = await newcomer();
    await points(amb, 100);
    const rwd = await reward(0);
    const err = await refused(() => placeRedemption(env.DB, placement(amb, rwd, `money-oos-${amb}`)), 'out_of_stock');
    expect(answer(err)).toEqual({ status: 409, key: 'outOfStock' });
    expect(await env.DB.prepare('SELECT points_held FROM loyalty_balances WHERE ambassador_uid = ?').bind(amb).first('points_held')).toBe(0);
  });

  it('placing the same key twice is redemption_key_taken: the first redemption comes back, spent once', async () => {
    const amb = await newcomer();
    await points(amb, 100);
    const rwd = await reward(null);
    const first = await placeRedemption(env.DB, placement(amb, rwd, `money-key-${amb}`));
    const again = await placeRedemption(env.DB, placement(amb, rwd, `money-key-${amb}`));
    expect(again).toEqual({ redemption: first.redemption, replayed: true });
    expect(await env.DB.prepare('SELECT points_held FROM loyalty_balances WHERE ambassador_uid = ?').bind(amb).first('points_held')).toBe(10);
    expect(moneyCode(new Error('D1_ERROR: redemption_key_taken: SQLITE_CONSTRAINT'))).toBe('redemption_key_taken');
  });

  it('settling a settled redemption again is hold_already_settled: 409 already settled', async () => {
    const amb = await newcomer();
    await points(amb, 100);
    const key = `money-twice-${amb}`;
    await placeRedemption(env.DB, placement(amb, await reward(null), key));
    await settleRedemption(env.DB, 'demo', key, { status: 'issued', details: '{}', provider: 'test', externalRef: 'T-1' });
    const err = await refused(() => settleRedemption(env.DB, 'demo', key, { status: 'failed', reason: 'rewardUnavailable', provider: 'test' }), 'hold_already_settled');
    expect(answer(err)).toEqual({ status: 409, key: 'redemptionAlreadySettled' });
    expect(await env.DB.prepare('SELECT points_redeemed, points_held, points_available FROM loyalty_balances WHERE ambassador_uid = ?').bind(amb).first())
      .toEqual({ points_redeemed: 10, points_held: 0, points_available: 90 });
  });

  it('settling a redemption that holds nothing is hold_not_settled: 409 already settled', async () => {
    const amb = await newcomer();
    await env.DB.prepare(
      `INSERT INTO redemptions (company_id, ambassador_uid, kind, reward_uid, requested_amount, spend_kind, status, idempotency_key, item_name)
       VALUES ('demo', ?, 'gift_card', ?, 10, 'points', 'processing', ?, 'Money test')`,
    ).bind(amb, await reward(null), `money-nohold-${amb}`).run();
    const err = await refused(() => settleRedemption(env.DB, 'demo', `money-nohold-${amb}`, {
      status: 'issued', details: '{}', provider: 'test', externalRef: 'T-2',
    }), 'hold_not_settled');
    expect(answer(err)).toEqual({ status: 409, key: 'redemptionAlreadySettled' });
  });

  it('moving a settled redemption anywhere else is illegal_redemption_transition: 409 already settled', async () => {
    const amb = await newcomer();
    await points(amb, 100);
    const key = `money-edge-${amb}`;
    const { redemption } = await placeRedemption(env.DB, placement(amb, await reward(null), key));
    await settleRedemption(env.DB, 'demo', key, { status: 'failed', reason: 'rewardUnavailable', provider: 'test' });
    // No operation moves a settled redemption; the trigger refuses whoever tries.
    const err = await env.DB.prepare("UPDATE redemptions SET status = 'completed' WHERE id = ?").bind(redemption.id).run().then(() => null, (e: unknown) => e);
    expect(moneyCode(err)).toBe('illegal_redemption_transition');
    expect(answer(moneyRefusal(err))).toEqual({ status: 409, key: 'redemptionAlreadySettled' });
  });

  it('a payout of nothing is payout_amount_invalid: 409 payout conflict, nothing written', async () => {
    const amb = await newcomer();
    const uid = `po-money-${amb}`;
    const err = await refused(() => payOut(env.DB, {
      companyId: 'demo', ambassadorUid: amb, cutoff: new Date().toISOString(), uid, count: 0, total: 0, now: new Date().toISOString(),
      currency: 'USD', method: 1, transactionId: null,
    }), 'payout_amount_invalid');
    expect(answer(err)).toEqual({ status: 409, key: 'payoutConflict' });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM payouts WHERE uid = ?').bind(uid).first('n')).toBe(0);
  });
  it('a held commission (fraud review) is never paid: commission_held, 409 illegal transition', async () => {
    const held = await env.DB.prepare(
      `SELECT id FROM commissions WHERE company_id = 'demo' AND kind = 'commission' AND status IN ('pending', 'approved') AND payout_id IS NULL LIMIT 1`,
    ).first<{ id: number }>();
    await env.DB.prepare("UPDATE commissions SET held_reason = 'velocity', held_at = ? WHERE id = ?").bind(new Date().toISOString(), held!.id).run();
    const err = await env.DB.prepare("UPDATE commissions SET status = 'paid' WHERE id = ?").bind(held!.id).run().then(() => null, (e: unknown) => e);
    expect(moneyCode(err)).toBe('commission_held');
    expect(answer(moneyRefusal(err))).toEqual({ status: 409, key: 'illegalTransition' });
    await env.DB.prepare('UPDATE commissions SET held_reason = NULL, held_at = NULL WHERE id = ?').bind(held!.id).run();
  });
});

describe('money guards: codes no request can cause (a bug: they stay a 500)', () => {
  it('the ledger and the lot uses are append-only: ledger_append_only, lot_uses_append_only', async () => {
    const amb = await newcomer();
    await points(amb, 5);
    const update = await env.DB.prepare('UPDATE loyalty_ledger SET amount = 6 WHERE ambassador_uid = ?').bind(amb).run().then(() => null, (e: unknown) => e);
    expect(moneyCode(update)).toBe('ledger_append_only');
    await debit(env.DB, { companyId: 'demo', ambassadorUid: amb, kind: 'points', amount: 1, description: 'x', entryType: 'adjust' });
    const del = await env.DB.prepare('DELETE FROM loyalty_lot_uses WHERE ambassador_uid = ?').bind(amb).run().then(() => null, (e: unknown) => e);
    expect(moneyCode(del)).toBe('lot_uses_append_only');
    expect(moneyRefusal(update)).toBeNull();
    expect(moneyRefusal(del)).toBeNull();
  });

  it('an entry of the wrong shape is ledger_entry_invalid; a lot of someone else is lot_mismatch', async () => {
    const amb = await newcomer();
    const other = await newcomer();
    await points(other, 5);
    const [lot] = await lotsOf(other);
    const shape = await points(amb, 0).then(() => null, (e: unknown) => e);
    expect(moneyCode(shape)).toBe('ledger_entry_invalid');
    const mismatch = await debit(env.DB, {
      companyId: 'demo', ambassadorUid: amb, kind: 'points', amount: 1, description: 'x', entryType: 'reverse', lotId: lot!,
    }).then(() => null, (e: unknown) => e);
    expect(moneyCode(mismatch)).toBe('lot_mismatch');
    expect(shape).not.toBeInstanceOf(ApiError);
  });

  it('a settlement of something that is not a hold is settlement_mismatch', async () => {
    const amb = await newcomer();
    await points(amb, 5);
    const [lot] = await lotsOf(amb);
    const err = await env.DB.prepare(
      `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, settles_id) VALUES ('demo', ?, 'points', 'post', 0, ?)`,
    ).bind(amb, lot).run().then(() => null, (e: unknown) => e);
    expect(moneyCode(err)).toBe('settlement_mismatch');
  });

  it('every RAISE of the money triggers is a code of the table, and every code is raised somewhere', async () => {
    const { results } = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'").all<{ sql: string }>();
    const raised = new Set(results.flatMap((t) => [...t.sql.matchAll(/RAISE\(ABORT, '([^']*)'\)/g)].map((m) => m[1]!)));
    for (const code of Object.keys(MONEY_ERRORS)) expect(raised, code).toContain(code);
    for (const message of raised) expect(message, 'a trigger message is one word').toMatch(/^[a-z0-9_]+$/);
  });
});
