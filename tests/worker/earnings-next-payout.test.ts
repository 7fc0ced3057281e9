// "When will I get paid": GET /v1/ambassadors/{id}/payouts/next/ and the client's nextPayout().
// Conversions are posted and approved through the operator API with the demo keys; time moves by
// setting created dates in D1. The holding period starts at the commission's created_at, as the
// operator's payouts do; clawbacks are payable at once. Embedded and remote clients give one answer.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchingD1, type D1Meter } from '../../src/api/core/batching-d1';
import type { ServiceContext } from '../../src/api/core/types';
import { ClientError, embeddedClient } from '../../src/edge/client';
import { remoteDeps } from '../../src/edge/client/core';
import type { NextPayout, NextPayoutQuery } from '../../src/lib/schemas/payouts';
import { remoteContract, type ContractClient } from '../../src/edge/client/contract';
import { edge } from './helpers';
import { KEYS, conversion, op, setPayoutSettings } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';

const DAY_MS = 86_400_000;
let ben: Who;
let ava: Who;
let alex: Who;
/** The first commission of the first test, paid in the second and refunded in part in the third. */
let firstTx = '';

const companyOf = (who: Who) => (who.host === 'acme.localhost' ? 'acme' : 'demo');

function svcFor(who: Who, db: D1Database = env.DB): ServiceContext {
  return {
    env: { ...env, DB: db }, db, origin: `http://${who.host}`, host: who.host, tenantCompanyId: companyOf(who),
    clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
  };
}

/** A new embedded client per call: the caller (payout method, deactivation) is read by its token check. */
const embeddedFor = (who: Who, db?: D1Database) =>
  embeddedClient({ svc: svcFor(who, db), session: { userId: who.userId, ambassadorUid: who.uid, token: who.token } });

function remoteFor(who: Who): ContractClient {
  const api = edge();
  const deps = remoteDeps({
    baseUrl: `http://${who.host}/v1`,
    token: who.token,
    headers: { 'x-forwarded-host': who.host, 'x-forwarded-proto': 'http', 'x-portal-company': companyOf(who) },
    fetch: async (request) => {
      const ctx = createExecutionContext();
      const res = await api.app.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    },
  });
  return remoteContract(deps, { ambassadorUid: who.uid, userId: who.userId, companyId: companyOf(who) });
}

/** Both clients; they must agree (but for `payable_now` flags at a boundary, which these tests avoid). */
async function next(who: Who, query?: NextPayoutQuery): Promise<NextPayout> {
  const [embedded, remote] = await Promise.all([embeddedFor(who).nextPayout({ query }), remoteFor(who).nextPayout({ query })]);
  expect(remote).toEqual(embedded);
  return embedded;
}

async function approvedConversion(revenue: string, daysAgo = 0) {
  const created = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: 'ben-demo', revenue }));
  expect(created.status).toBe(201);
  const uid = created.body.commission.uid as string;
  expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
  if (daysAgo) await backdate(uid, daysAgo);
  return { uid, transaction_uid: created.body.commission.transaction_uid as string, amount: created.body.commission.amount as number };
}

async function backdate(uid: string, days: number) {
  await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE uid = ?`).bind(`-${days} days`, uid).run();
}

const createdAt = async (uid: string) =>
  (await env.DB.prepare('SELECT created_at FROM commissions WHERE uid = ?').bind(uid).first<{ created_at: string }>())!.created_at;

beforeAll(async () => {
  ben = await token('localhost', 'ben@demo.test');
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
  // Ben starts with nothing approved and unpaid (the seed's approved rows are set aside).
  await env.DB.prepare("UPDATE commissions SET status = 'denied' WHERE company_id = 'demo' AND ambassador_uid = 'amb-ben' AND status = 'approved' AND payout_id IS NULL").run();
});

describe('the next payout of an ambassador', () => {
  it('lists approved commissions with the date they become payable, sums and blockers, through the holding period', async () => {
    const empty = await next(ben);
    expect(empty).toMatchObject({
      ambassador_uid: 'amb-ben', currency: 'USD', holding_days: 30, minimum: 0, payable_now: 0, held: 0, next_payable_on: null,
      has_payout_method: true, on_hold: false, ready: false, blocked_by: ['nothing_payable'], commissions: [], count: 0,
    });

    // A pending commission is not in it; approved, it is held for 30 days from its creation.
    const fresh = await approvedConversion('100.00');
    firstTx = fresh.transaction_uid;
    const one = await next(ben);
    const payableOn = new Date(Date.parse(await createdAt(fresh.uid)) + 30 * DAY_MS).toISOString();
    expect(one).toMatchObject({
      payable_now: 0, held: fresh.amount, next_payable_on: payableOn, next_payable_amount: fresh.amount, blocked_by: ['nothing_payable'],
      count: 1, commissions: [{ uid: fresh.uid, kind: 'commission', amount: fresh.amount, payable_on: payableOn, payable_now: false }],
    });
    expect(fresh.amount).toBeGreaterThan(0);

    // 31 days later it is payable: nothing blocks.
    await backdate(fresh.uid, 31);
    const ready = await next(ben);
    expect(ready).toMatchObject({ payable_now: fresh.amount, held: 0, next_payable_on: null, ready: true, blocked_by: [] });
    expect(ready.commissions[0]!.payable_on < new Date().toISOString()).toBe(true);

    // A second one, 10 days old: held, payable 20 days from now; the first stays payable.
    const younger = await approvedConversion('50.00', 10);
    const mixed = await next(ben);
    expect(mixed).toMatchObject({ payable_now: fresh.amount, held: younger.amount, next_payable_amount: younger.amount, ready: true, count: 2 });
    expect(mixed.next_payable_on).toBe(new Date(Date.parse(await createdAt(younger.uid)) + 30 * DAY_MS).toISOString());
  });

  it('is blocked below the company minimum, and agrees with what the operator can pay', async () => {
    await setPayoutSettings('cust-demo', { minimum_minor: 1_000_000 });
    const below = await next(ben);
    expect(below).toMatchObject({ minimum: 1_000_000, ready: false, blocked_by: ['below_minimum'] });
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 0 })).body.code).toBe('payoutBelowMinimum');

    // Holding 0: everything approved is payable now; minimum back to 0; the operator pays exactly that.
    await setPayoutSettings('cust-demo', { minimum_minor: 0, holding_days: 0 });
    const all = await next(ben);
    expect(all).toMatchObject({ holding_days: 0, held: 0, ready: true });
    const paid = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 0, transaction_id: 'NEXT-1' });
    expect(paid.status).toBe(201);
    expect(paid.body.payout.amount).toBe(all.payable_now);
    const after = await next(ben);
    expect(after).toMatchObject({
      payable_now: 0, count: 0, blocked_by: ['nothing_payable'],
      last_payout: { uid: paid.body.payout.uid, amount: all.payable_now, currency: 'USD', method: 0, paid_at: paid.body.payout.paid_at },
    });
    await setPayoutSettings('cust-demo', { holding_days: 30 });
  });

  it('deducts clawbacks at once: a negative total is below the minimum, a lone clawback is nothing payable', async () => {
    const refund = await op(KEYS.demo, 'POST', `/events/${firstTx}/refund`, { revenue: '40.00' });
    expect(refund.status).toBe(200);
    const claw = refund.body.clawback as { uid: string; amount: number };
    expect(claw.amount).toBeLessThan(0);
    const lone = await next(ben);
    expect(lone).toMatchObject({ payable_now: claw.amount, blocked_by: ['nothing_payable'] });
    expect(lone.commissions[0]).toMatchObject({ uid: claw.uid, kind: 'clawback', payable_now: true, payable_on: await createdAt(claw.uid) });

    // A small commission past the holding period does not cover it: the total is below zero.
    const small = await approvedConversion('10.00', 40);
    const negative = await next(ben);
    expect(small.amount + claw.amount).toBeLessThan(0);
    expect(negative).toMatchObject({ payable_now: small.amount + claw.amount, blocked_by: ['below_minimum'], count: 2 });
    expect(negative.commissions.map((c) => c.kind)).toEqual(['clawback', 'commission']);
    expect((await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: 'amb-ben', method: 0 })).body.code).toBe('payoutBelowMinimum');

    // A bigger one covers it: ready, the payout nets the clawback.
    const big = await approvedConversion('200.00', 40);
    const net = await next(ben);
    expect(net).toMatchObject({ payable_now: small.amount + big.amount + claw.amount, blocked_by: [], ready: true });
  });

  it('is blocked without a payout method (PayPal needs its e-mail) and while the account is deactivated', async () => {
    const setAmbassador = (sql: string) => env.DB.prepare(`UPDATE ambassadors SET ${sql} WHERE uid = 'amb-ben'`).run();
    await setAmbassador('payout_preference = NULL, paypal_email = NULL');
    expect(await next(ben)).toMatchObject({ has_payout_method: false, ready: false, blocked_by: ['no_payout_method'] });
    await setAmbassador("payout_preference = '1'");
    expect((await next(ben)).blocked_by).toEqual(['no_payout_method']);
    await setAmbassador("paypal_email = 'ben.paypal@demo.test'");
    expect((await next(ben)).has_payout_method).toBe(true);

    await setAmbassador('deactivated_by_self = 1, payout_preference = NULL, paypal_email = NULL');
    expect(await next(ben)).toMatchObject({ on_hold: true, blocked_by: ['no_payout_method', 'on_hold'] });
    await setAmbassador("deactivated_by_self = 0, payout_preference = '0'");
    expect(await next(ben)).toMatchObject({ on_hold: false, ready: true, blocked_by: [] });
  });
});

describe('payouts on the way, and one campaign\'s figures', () => {
  // Regression: Ava's pending PayPal payout po-503 ($99.94) showed nowhere on the dashboard: its commissions
  // are in a payout, so not "approved, not paid yet", and the payout was not paid, so not the last payout.
  it('lists a payout made but not paid yet with its amount, method and status, beside the last paid one', async () => {
    const all = await next(ava);
    expect(all.campaign_uid).toBeNull();
    expect(all.pending_payouts).toEqual([
      { uid: 'po-503', amount: 9994, campaign_amount: 9994, currency: 'USD', method: 1, status: 'pending', created_at: expect.any(String) },
    ]);
    expect(all.last_payout).toMatchObject({ uid: 'po-502', amount: 7426, campaign_amount: 7426, status: 'paid' });
    // Its commissions are not counted again as payable or held.
    const inPayout = await env.DB.prepare("SELECT uid FROM commissions WHERE payout_id = 503").all<{ uid: string }>();
    expect(inPayout.results.length).toBeGreaterThan(0);
    expect(all.commissions.filter((c) => inPayout.results.some((r) => r.uid === c.uid))).toEqual([]);
  });

  it('follows one campaign: its payable and held amounts and commissions, and its part of each payout', async () => {
    const all = await next(ava);
    const campaigns = ['cmp-demo-summer', 'cmp-demo-main', 'cmp-demo-vip', 'cmp-demo-winter'];
    const each = await Promise.all(campaigns.map((campaign_uid) => next(ava, { campaign_uid })));
    each.forEach((one, i) => {
      expect(one.campaign_uid).toBe(campaigns[i]);
      expect(one.commissions.every((c) => c.campaign_uid === campaigns[i])).toBe(true);
    });
    // The campaigns' figures add up to the person's.
    const total = (pick: (n: NextPayout) => number) => each.reduce((sum, one) => sum + pick(one), 0);
    expect(total((n) => n.payable_now)).toBe(all.payable_now);
    expect(total((n) => n.held)).toBe(all.held);
    expect(total((n) => n.count)).toBe(all.count);
    // po-503 is $60.66 of Summer, $32.70 of Refer a Friend and $6.58 of Winter; VIP pays store credit, in no payout.
    expect(each.map((n) => n.pending_payouts.map((p) => [p.uid, p.campaign_amount, p.amount]))).toEqual([
      [['po-503', 6066, 9994]], [['po-503', 3270, 9994]], [], [['po-503', 658, 9994]],
    ]);
    expect(each[2]!.last_payout).toBeNull();
    // Another ambassador's campaign is not a scope of Ava's.
    expect((await call(ava, 'GET', '/ambassadors/amb-ava/payouts/next/?campaign_uid=cmp-acme-trail')).status).toBe(404);
  });

  it('weighs the company minimum on the whole payout, whichever campaign the figures are of', async () => {
    const all = await next(ava);
    const each = await Promise.all(['cmp-demo-summer', 'cmp-demo-main'].map((campaign_uid) => next(ava, { campaign_uid })));
    const part = each.find((n) => n.payable_now > 0 && n.payable_now < all.payable_now);
    expect(part, 'a campaign with part of what is payable').toBeTruthy();
    try {
      // The payout reaches the minimum, though this campaign's part alone does not: nothing blocks it.
      await setPayoutSettings('cust-demo', { minimum_minor: all.payable_now });
      expect((await next(ava)).blocked_by).not.toContain('below_minimum');
      expect(await next(ava, { campaign_uid: part!.campaign_uid! })).toMatchObject({ payable_now: part!.payable_now, blocked_by: [], ready: true });
      await setPayoutSettings('cust-demo', { minimum_minor: all.payable_now + 1 });
      expect((await next(ava, { campaign_uid: part!.campaign_uid! })).blocked_by).toEqual(['below_minimum']);
    } finally {
      await setPayoutSettings('cust-demo', { minimum_minor: 0 });
    }
  });
});

describe('tenant isolation and sign-in', () => {
  it('answers 404 for another ambassador of the company or of another company, 401 without a token', async () => {
    expect((await call(ben, 'GET', '/ambassadors/amb-ava/payouts/next/')).status).toBe(404);
    expect((await call(ben, 'GET', `/ambassadors/${alex.uid}/payouts/next/`)).status).toBe(404);
    expect((await call(ben, 'GET', '/ambassadors/amb-ben/payouts/next/')).status).toBe(200);
    const anonymous = await edge().fetch('http://localhost/v1/ambassadors/amb-ben/payouts/next/');
    expect(anonymous.status).toBe(401);
    // Another company's token does not reach it either (its caller is another ambassador).
    const cross = await edge().fetch('http://localhost/v1/ambassadors/amb-ben/payouts/next/', { headers: { authorization: `Token ${alex.token}` } });
    expect([401, 404]).toContain(cross.status);
    expect(await cross.text()).not.toContain('amb-ben');
  });

  it('reads only the caller\'s company: acme in EUR with its own settings', async () => {
    const a = await next(alex);
    expect(a).toMatchObject({ ambassador_uid: alex.uid, currency: 'EUR', holding_days: 14, minimum: 2000 });
    const own = await next(ava);
    expect(own.ambassador_uid).toBe('amb-ava');
    expect(own.commissions.every((c) => c.currency === 'USD')).toBe(true);
  });

  it('a stale session is a 401 ClientError both ways', async () => {
    const stale = { ...ben, token: 'x'.repeat(40) };
    for (const work of [embeddedFor(stale).nextPayout(), remoteFor(stale).nextPayout()]) {
      const err = await work.then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(ClientError);
      expect((err as ClientError).status).toBe(401);
    }
  });
});

describe('the cost of the dashboard data', () => {
  it('adds no round trip: the token check and one batch with the other sections', async () => {
    const meter: D1Meter = { roundTrips: 0 };
    const client = embeddedFor(ava, batchingD1(env.DB, meter));
    const scope = { campaign_uid: undefined };
    const [me, stats, recent, nextPayout] = await Promise.all([
      client.me(), client.stats({ query: { ...scope, split_currency_types: 'true' } }), client.recentActivity({ query: { page_size: 15 } }), client.nextPayout(),
    ]);
    expect(me).toBeTruthy();
    expect(stats).toBeTruthy();
    expect(recent.results.length).toBeGreaterThan(0);
    expect(nextPayout.ambassador_uid).toBe('amb-ava');
    expect(meter.roundTrips).toBe(2);
  });
});
