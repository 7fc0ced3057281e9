// Property test (fast-check) of the loyalty ledger: random sequences of earn / redeem (issued,
// refused, or left pending and settled later) / expire / reverse / adjust, run against the real
// migrations on the local D1, must leave exactly the balances a simple model computes: lots spent
// soonest-expiring first, lapsed lots never spent, a refused spend changes nothing, a released hold gives
// every lot its amount back. After every step: the database's balances equal the model's, what is left in
// the lots equals the balance available, and nothing is ever negative.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/core/errors';
import { verifyToken } from '../../src/api/core/token-auth';
import type { Caller, ServiceContext } from '../../src/api/core/types';
import { debit, earn } from '../../src/api/money/ledger';
import { runLoyaltyMaintenance } from '../../src/api/loyalty/scheduled';
import { setFulfilmentProvider } from '../../src/api/rewards/providers';
import { redeemGiftCard, redeemVaultItem, settle } from '../../src/api/rewards/service';
import { token } from './profile-fixtures';

type Kind = 'points' | 'cash';
type Op =
  | { op: 'earn'; kind: Kind; amount: number; expiry: number | null }
  | { op: 'redeem'; amount: number; outcome: 'issued' | 'failed' | 'unknown' }
  | { op: 'redeemCash'; variant: 'vv-demo-paypal-5' | 'vv-demo-paypal-20'; outcome: 'issued' | 'failed' | 'unknown' }
  | { op: 'settle'; pick: number; how: 'post' | 'release' }
  | { op: 'expire' }
  | { op: 'debit'; kind: Kind; amount: number; type: 'adjust' | 'reverse' };

const DAY = 86_400_000;
const kind = fc.constantFrom<Kind>('points', 'cash');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('earn' as const), kind, amount: fc.integer({ min: 1, max: 1500 }),
    // days from now: negative = already lapsed, null = never
    expiry: fc.option(fc.integer({ min: -30, max: 400 }).filter((d) => d !== 0), { nil: null }) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('redeem' as const), amount: fc.integer({ min: 1, max: 700 }),
    outcome: fc.constantFrom<'issued' | 'failed' | 'unknown'>('issued', 'issued', 'failed', 'unknown') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('redeemCash' as const), variant: fc.constantFrom<'vv-demo-paypal-5' | 'vv-demo-paypal-20'>('vv-demo-paypal-5', 'vv-demo-paypal-20'),
    outcome: fc.constantFrom<'issued' | 'failed' | 'unknown'>('issued', 'failed', 'unknown') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('settle' as const), pick: fc.nat(), how: fc.constantFrom<'post' | 'release'>('post', 'release') }) },
  { weight: 1, arbitrary: fc.constant({ op: 'expire' as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('debit' as const), kind, amount: fc.integer({ min: 1, max: 400 }),
    type: fc.constantFrom<'adjust' | 'reverse'>('adjust', 'reverse') }) },
);

// ---- the model -------------------------------------------------------------------------------------
interface Lot { id: number; dbId: number; kind: Kind; amount: number; left: number; expires: number | null }
interface Hold { key: string; kind: Kind; amount: number; uses: [Lot, number][]; open: boolean }
class Model {
  lots: Lot[] = [];
  holds: Hold[] = [];
  b = { points: { earned: 0, available: 0, held: 0, redeemed: 0, expired: 0 }, cash: { earned: 0, available: 0, held: 0, redeemed: 0, expired: 0 } };
  private seq = 0;

  earn(k: Kind, amount: number, expires: number | null, dbId: number) {
    this.lots.push({ id: ++this.seq, dbId, kind: k, amount, left: amount, expires });
    this.b[k].earned += amount;
    this.b[k].available += amount;
  }
  /** The soonest-expiring live lots first (never-expiring last); null when they cannot cover `amount`. */
  plan(k: Kind, amount: number, now: number): [Lot, number][] | null {
    const live = this.lots.filter((l) => l.kind === k && l.left > 0 && (l.expires === null || l.expires > now))
      .sort((a, b) => (a.expires === null ? 1 : 0) - (b.expires === null ? 1 : 0) || (a.expires ?? 0) - (b.expires ?? 0) || a.id - b.id);
    const uses: [Lot, number][] = [];
    let need = amount;
    for (const l of live) {
      if (need === 0) break;
      const take = Math.min(l.left, need);
      uses.push([l, take]);
      need -= take;
    }
    return need === 0 ? uses : null;
  }
  take(uses: [Lot, number][]) {
    for (const [l, n] of uses) l.left -= n;
  }
  expireLapsed(k: Kind | null, now: number) {
    for (const l of this.lots) {
      if ((k === null || l.kind === k) && l.left > 0 && l.expires !== null && l.expires <= now) {
        this.b[l.kind].expired += l.left;
        this.b[l.kind].available -= l.left;
        l.left = 0;
      }
    }
  }
}

// ---- the database side -----------------------------------------------------------------------------
const svc: ServiceContext = {
  env, db: env.DB, origin: 'http://localhost', host: 'localhost', tenantCompanyId: 'demo',
  clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
};
const REWARD = 'rwd-property';
let people = 0;

async function newcomer(): Promise<Caller> {
  const id = 96000 + ++people;
  const uid = `amb-prop-${id}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, company_id, email, first_name, last_name, loyalty_access) VALUES (?, 'demo', ?, 'Pia', 'Property', 1)")
      .bind(id, `prop${id}@demo.test`),
    env.DB.prepare("INSERT INTO ambassadors (uid, company_id, user_id, share_code) VALUES (?, 'demo', ?, ?)").bind(uid, id, `PRP${id}`),
    env.DB.prepare("INSERT INTO ambassador_campaigns (ambassador_uid, company_id, campaign_id) VALUES (?, 'demo', 102)").bind(uid),
  ]);
  const who = await token('localhost', `prop${id}@demo.test`);
  return (await verifyToken(env.DB, who.token, 'demo'))!;
}

async function dbBalances(uid: string) {
  const row = (await env.DB.prepare('SELECT * FROM loyalty_balances WHERE ambassador_uid = ?').bind(uid).first<Record<string, number>>()) ?? {};
  const of = (k: Kind) => ({
    earned: row[`${k}_earned`] ?? 0, available: row[`${k}_available`] ?? 0, held: row[`${k}_held`] ?? 0,
    redeemed: row[`${k}_redeemed`] ?? 0, expired: row[`${k}_expired`] ?? 0,
  });
  return { points: of('points'), cash: of('cash') };
}

async function step(caller: Caller, m: Model, o: Op) {
  const company = 'demo';
  const amb = caller.ambassador.uid;
  const now = Date.now();
  switch (o.op) {
    case 'earn': {
      const expires = o.expiry === null ? null : now + o.expiry * DAY;
      await earn(env.DB, {
        companyId: company, ambassadorUid: amb, kind: o.kind, amount: o.amount, description: 'prop earn',
        expireAt: expires === null ? null : new Date(expires).toISOString(),
      });
      const dbId = (await env.DB.prepare('SELECT MAX(entry_id) AS id FROM loyalty_lots WHERE ambassador_uid = ?').bind(amb).first<number>('id'))!;
      m.earn(o.kind, o.amount, expires, dbId);
      return;
    }
    case 'debit': {
      const uses = m.plan(o.kind, o.amount, now);
      try {
        await debit(env.DB, { companyId: company, ambassadorUid: amb, kind: o.kind, amount: o.amount, description: 'prop debit', entryType: o.type });
      } catch (err) {
        expect(err, 'a refused debit is "not enough funds"').toBeInstanceOf(ApiError);
        expect(uses, `the model could cover a debit of ${o.amount} the database refused`).toBeNull();
        return;
      }
      expect(uses, `the database allowed a debit of ${o.amount} the model could not cover`).not.toBeNull();
      m.take(uses!);
      m.b[o.kind].earned -= o.amount;
      m.b[o.kind].available -= o.amount;
      return;
    }
    case 'redeem':
    case 'redeemCash': {
      setFulfilmentProvider(() => ({
        name: 'prop',
        issue: async () => {
          if (o.outcome === 'unknown') throw new Error('unknown outcome');
          return o.outcome === 'issued'
            ? { status: 'issued', details: { card_name: 'p', card_number: null, card_pin: null, card_code: null, redemption_url: null, security_url: null, security_code: null, order_id: 'x' } }
            : { status: 'failed', reason: 'rewardUnavailable' };
        },
      }));
      const k: Kind = o.op === 'redeem' ? 'points' : 'cash';
      const amount = o.op === 'redeem' ? o.amount : o.variant === 'vv-demo-paypal-5' ? 500 : 2000;
      const uses = m.plan(k, amount, now);
      let answer: Awaited<ReturnType<typeof redeemGiftCard>> | null = null;
      try {
        answer = o.op === 'redeem'
          ? await redeemGiftCard(svc, caller, { affiliate_uid: amb, gift_card_uid: REWARD, amount: o.amount })
          : await redeemVaultItem(svc, caller, 'demo-portal', 'vlt-demo-paypal', { variant_item: o.variant });
      } catch (err) {
        const body = err instanceof ApiError ? (err.body() as { code?: string }) : null;
        if (body?.code === 'notEnoughFunds' || body?.code === 'notEnoughFundsFor') {
          expect(uses, `the model could cover a redemption of ${amount} the database refused`).toBeNull();
          return;
        }
        // A refused fulfilment (502): the hold was placed (after the sweep) and released.
        expect(o.outcome, JSON.stringify(body)).toBe('failed');
        expect(uses).not.toBeNull();
        m.expireLapsed(null, now);
        return;
      }
      expect(uses, `the database allowed a redemption of ${amount} the model could not cover`).not.toBeNull();
      m.expireLapsed(null, now);
      m.take(uses!);
      m.b[k].available -= amount;
      if (o.outcome === 'issued') m.b[k].redeemed += amount;
      else {
        m.b[k].held += amount;
        m.holds.push({ key: (await env.DB.prepare('SELECT idempotency_key FROM redemptions WHERE id = ?').bind(answer.results.id).first<string>('idempotency_key'))!, kind: k, amount, uses: uses!, open: true });
      }
      return;
    }
    case 'settle': {
      const open = m.holds.filter((h) => h.open);
      if (open.length === 0) return;
      const h = open[o.pick % open.length]!;
      await settle(svc, null, company, h.key, 'prop', o.how === 'post'
        ? { status: 'issued', details: { card_name: 'p', card_number: null, card_pin: null, card_code: null, redemption_url: null, security_url: null, security_code: null, order_id: 'x' } }
        : { status: 'failed', reason: 'rewardUnavailable' });
      h.open = false;
      m.b[h.kind].held -= h.amount;
      if (o.how === 'post') m.b[h.kind].redeemed += h.amount;
      else {
        for (const [l, n] of h.uses) l.left += n;
        m.b[h.kind].available += h.amount;
        // A release also lapses what expired meanwhile (nothing here: lots never expire during a run).
        m.expireLapsed(null, Date.now());
      }
      return;
    }
    case 'expire': {
      await runLoyaltyMaintenance(svc, 'demo');
      m.expireLapsed(null, Date.now());
      return;
    }
  }
}

describe('the ledger against a model', () => {
  afterAll(() => setFulfilmentProvider(null));

  it('matches the model after every step of random earn / redeem / settle / expire / reverse / adjust sequences', async () => {
    // "fulfilment outcome unknown" is logged on every pending redemption: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await env.DB.prepare(
      `INSERT INTO rewards (uid, company_id, name, type, value_kind, points, min_amount, max_amount, currency, config)
       VALUES (?, 'demo', 'Property card', 1, 'range', 0, 1, 100000, 'USD', '{"field_kind":"quantity","points_per_unit":100}')`,
    ).bind(REWARD).run();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 18 }), async (ops) => {
        const caller = await newcomer();
        const m = new Model();
        for (const o of ops) {
          await step(caller, m, o);
          const db = await dbBalances(caller.ambassador.uid);
          expect(db, JSON.stringify(o)).toEqual(m.b);
          // Which lots were spent, not only how much: every lot's remaining amount as the model has it.
          const { results: lots } = await env.DB.prepare('SELECT entry_id, remaining FROM loyalty_lots WHERE ambassador_uid = ?')
            .bind(caller.ambassador.uid).all<{ entry_id: number; remaining: number }>();
          const left = new Map(lots.map((l) => [l.entry_id, l.remaining]));
          for (const l of m.lots) expect(left.get(l.dbId), `lot ${l.id} after ${JSON.stringify(o)}`).toBe(l.left);
          for (const k of ['points', 'cash'] as const) {
            const left = await env.DB.prepare('SELECT COALESCE(SUM(remaining), 0) AS n, COALESCE(MIN(remaining), 0) AS low FROM loyalty_lots WHERE ambassador_uid = ? AND kind = ?')
              .bind(caller.ambassador.uid, k).first<{ n: number; low: number }>();
            expect(left!.n, `${k}: lots left = available`).toBe(db[k].available);
            expect(left!.low).toBeGreaterThanOrEqual(0);
            expect(Object.values(db[k]).every((v) => v >= 0)).toBe(true);
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
