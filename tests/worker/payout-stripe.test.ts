// Stripe Connect payouts (docs/payouts.md#stripe-connect) against the local Stripe stand-in: the company's secret key
// sealed and shown masked, the ambassador's connected account and onboarding, the rail's transfers (one per item,
// never two, whatever fails on the way), reconciliation from Stripe's own list, and Stripe's events at the hook.
//
// The run core hands items to a rail after recording each item's payout (`processing`, its commissions committed,
// item `sent`) and settles what the rail answers with settleItem; `handToStripe` below does those steps for one
// item so the rail and the hook are driven exactly as a run drives them.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoNow, newUid } from '../../src/api/core/crypto';
import type { ServiceContext } from '../../src/api/core/types';
import { payOut, payable } from '../../src/api/money/payouts';
import { stripeConfigured, stripeRail } from '../../src/api/payouts/rails/stripe';
import type { RailItem, RailRun } from '../../src/api/payouts/rails/types';
import { settleItem } from '../../src/api/payouts/settle';
import { STRIPE_SECRETS } from './attribution-fixtures';
import { edge } from './helpers';
import { KEYS, conversion, op, readReply, scalar, setPayoutSettings } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';
import { CONNECT_SECRET, STRIPE_KEYS, connectStripeAccounts, standIn, stripeSends, transfersMade } from './stripe-fixtures';

const svc: ServiceContext = {
  env, db: env.DB, origin: 'http://localhost', host: 'localhost', tenantCompanyId: 'demo',
  clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
};

let ava: Who;
let ben: Who;
let alex: Who;

beforeAll(async () => {
  await standIn('reset', {});
  await connectStripeAccounts();
  const customization = await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id');
  await setPayoutSettings(customization!, { holding_days: 30, minimum_minor: 0 });
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});

const destinationPath = (who: Who) => `/ambassadors/${who.uid}/payout_destinations/stripe`;
const accountOf = (uid: string) => scalar<string>("SELECT stripe_account_id FROM payout_destinations WHERE company_id = 'demo' AND ambassador_uid = ? AND rail = 'stripe'", uid);

/** Connects `who` and finishes Stripe's onboarding in the stand-in's page, then comes back as the browser would. */
async function connectAndOnboard(who: Who) {
  const connect = await call(who, 'POST', destinationPath(who), {});
  if (connect.body.stripe.onboarding_url) {
    const finished = await fetch(connect.body.stripe.onboarding_url, { method: 'POST', redirect: 'manual' });
    expect(finished.status).toBe(303);
  }
  return call(who, 'POST', `${destinationPath(who)}/refresh`);
}

async function approvedSale(revenue: string, daysAgo = 45) {
  const sale = await op(KEYS.demo, 'POST', '/events', conversion({ revenue }));
  const uid = sale.body.commission.uid as string;
  expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
  await env.DB.prepare(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE uid = ?`).bind(`-${daysAgo} days`, uid).run();
}

const cutoff = () => new Date(Date.now() - 30 * 86_400_000).toISOString();
const payableOfAva = async () => (await payable(env.DB, 'demo', 'amb-ava', cutoff())).total;

/**
 * What a run on the Stripe rail does before it hands an item over: the run `sending`, Ava's payout of everything
 * payable recorded `processing` with its commissions, the item `sent`. Answers the run and the item as the rail
 * receives them.
 */
async function handToStripe(): Promise<{ run: RailRun; item: RailItem }> {
  const runUid = newUid('run');
  const now = isoNow();
  const cut = cutoff();
  const due = await payable(env.DB, 'demo', 'amb-ava', cut);
  expect(due.total).toBeGreaterThan(0);
  await env.DB.prepare(
    `INSERT INTO payout_runs (company_id, uid, status, rail, currency, cutoff, created_by_kind, created_by_id, created_by_label,
       approved_by_kind, approved_by_id, approved_by_label, created_at, approved_at, sent_at)
     VALUES ('demo', ?1, 'sending', 'stripe', 'USD', ?2, 'key', 'k1', 'key one', 'staff', 's1', 'finance', ?3, ?3, ?3)`,
  ).bind(runUid, cut, now).run();
  const payoutUid = newUid('po');
  const { payout } = await payOut(env.DB, {
    companyId: 'demo', ambassadorUid: 'amb-ava', cutoff: cut, uid: payoutUid, count: due.n, total: due.total, now, currency: 'USD',
    method: 0, transactionId: `run:${runUid}`,
  });
  expect(payout).not.toBeNull();
  await env.DB.prepare("UPDATE payouts SET status = 'processing', paid_at = NULL WHERE company_id = 'demo' AND uid = ?").bind(payoutUid).run();
  const item = await env.DB.prepare(
    `INSERT INTO payout_run_items (company_id, run_uid, ambassador_uid, amount_minor, commissions, status, payout_uid, attempts, updated_at)
     VALUES ('demo', ?, 'amb-ava', ?, ?, 'sent', ?, 1, ?) RETURNING id`,
  ).bind(runUid, due.total, due.n, payoutUid, now).first<{ id: number }>();
  return {
    run: { companyId: 'demo', runUid, providerBatchId: null },
    item: {
      itemId: item!.id, itemKey: `${runUid}-${item!.id}`, payoutUid, ambassadorUid: 'amb-ava', amountMinor: due.total, currency: 'USD',
      destination: { rail: 'stripe', account: await accountOf('amb-ava') },
    },
  };
}

/** The rail's `send` (or `status`), each outcome settled as the run core settles it; answers the item's outcome. */
async function railSays(kind: 'send' | 'status', run: RailRun, item: RailItem) {
  const answer = await stripeRail[kind](svc, run, [item]);
  const outcome = answer.outcomes.get(item.itemKey) ?? { state: 'unknown' as const };
  await settleItem(svc, 'demo', { itemId: item.itemId }, outcome);
  return outcome;
}

const itemRow = (id: number) =>
  env.DB.prepare("SELECT status, failure, provider_ref FROM payout_run_items WHERE company_id = 'demo' AND id = ?").bind(id)
    .first<{ status: string; failure: string | null; provider_ref: string | null }>();
const payoutStatus = (uid: string) => scalar<string>("SELECT status FROM payouts WHERE company_id = 'demo' AND uid = ?", uid);

describe('the company\'s Stripe secret key', () => {
  it('is kept sealed and answered masked, never itself', async () => {
    const put = await op(KEYS.demo, 'PUT', '/integrations/stripe', { webhook_secret: STRIPE_SECRETS.demo, secret_key: STRIPE_KEYS.demo });
    expect(put.status).toBe(200);
    expect(put.body.secret_key).toBe(`sk_test_…${STRIPE_KEYS.demo.slice(-4)}`);
    expect(JSON.stringify(put.body)).not.toContain(STRIPE_KEYS.demo);
    const read = await op(KEYS.demo, 'GET', '/integrations/stripe');
    expect(read.body.secret_key).toBe(put.body.secret_key);
    expect(read.body.connect_webhook_secret_set).toBe(true);
    const stored = await scalar<string>("SELECT api_key_sealed FROM integration_secrets WHERE company_id = 'demo' AND provider = 'stripe'");
    expect(stored).not.toContain(STRIPE_KEYS.demo.slice(8));
    expect(await stripeConfigured(svc, 'demo')).toBe(true);
    expect(await stripeConfigured(svc, 'acme')).toBe(false);
  });

  it('keeps the stored key when a later PUT leaves it out, and refuses a key that is no Stripe secret key', async () => {
    expect((await op(KEYS.demo, 'PUT', '/integrations/stripe', { webhook_secret: STRIPE_SECRETS.demo })).body.secret_key)
      .toBe(`sk_test_…${STRIPE_KEYS.demo.slice(-4)}`);
    const publishable = await op(KEYS.demo, 'PUT', '/integrations/stripe', { webhook_secret: STRIPE_SECRETS.demo, secret_key: 'pk_test_0123456789abcdef' });
    expect(publishable.status).toBe(400);
    expect(publishable.body.secret_key).toBeDefined();
  });

  it('is refused with 409 when the deployment has no INTEGRATION_KEY to seal it with', async () => {
    const ctx = createExecutionContext();
    const res = await edge().app.fetch(new Request('http://localhost/v1/operator/integrations/stripe', {
      method: 'PUT', headers: { authorization: `Bearer ${KEYS.demo}`, 'content-type': 'application/json' },
      body: JSON.stringify({ webhook_secret: STRIPE_SECRETS.demo, secret_key: 'sk_test_someOtherKey12345678' }),
    }), { ...env, INTEGRATION_KEY: undefined }, ctx);
    await waitOnExecutionContext(ctx);
    const reply = await readReply(res);
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('integrationKeyMissing');
    expect((await op(KEYS.demo, 'GET', '/integrations/stripe')).body.secret_key).toBe(`sk_test_…${STRIPE_KEYS.demo.slice(-4)}`);
  });
});

describe('connecting with Stripe', () => {
  it('makes one Express account and an onboarding link back to the account page, and reuses the account', async () => {
    const first = await call(ava, 'POST', destinationPath(ava), { country: 'US' });
    expect(first.status).toBe(200);
    expect(first.body.stripe).toMatchObject({ available: true, status: 'pending', chosen: false });
    expect(first.body.stripe.onboarding_url.startsWith(env.STRIPE_API_URL)).toBe(true);
    const account = await accountOf('amb-ava');
    expect(account).toMatch(/^acct_/);
    const again = await call(ava, 'POST', destinationPath(ava), {});
    expect(again.body.stripe.onboarding_url).not.toBe(first.body.stripe.onboarding_url);
    expect(await accountOf('amb-ava')).toBe(account);
    const page = await fetch(again.body.stripe.onboarding_url);
    expect(await page.text()).toContain('Finish onboarding');
    const finished = await fetch(again.body.stripe.onboarding_url, { method: 'POST', redirect: 'manual' });
    expect(finished.headers.get('location')).toBe('http://localhost/app/account?stripe=return#payout');
  });

  it('is ready and chosen once Stripe says the account can receive payouts, read on the way back', async () => {
    expect((await call(ava, 'GET', destinationPath(ava))).body.stripe.status).toBe('pending');
    const back = await call(ava, 'POST', `${destinationPath(ava)}/refresh`);
    expect(back.status).toBe(200);
    expect(back.body.stripe).toMatchObject({ status: 'ready', chosen: true, onboarding_url: null });
    expect(await scalar<string>("SELECT payout_rail FROM ambassadors WHERE company_id = 'demo' AND uid = 'amb-ava'")).toBe('stripe');
  });

  it('follows account.updated at the company\'s hook, signed with the Connect endpoint\'s secret', async () => {
    await call(ben, 'POST', destinationPath(ben), {});
    const account = await accountOf('amb-ben');
    await standIn(`accounts/${account}`, { payouts_enabled: true, transfers: 'active' });
    const delivered = await stripeSends('demo', 'account.updated', account, CONNECT_SECRET);
    expect(delivered.status).toBe(200);
    expect((await call(ben, 'GET', destinationPath(ben))).body.stripe.status).toBe('ready');
    await standIn(`accounts/${account}`, { transfers: 'inactive' });
    await stripeSends('demo', 'account.updated', account, STRIPE_SECRETS.demo);
    expect((await call(ben, 'GET', destinationPath(ben))).body.stripe.status).toBe('pending');
  });

  it('is refused where the company does not pay through Stripe', async () => {
    const refused = await call(alex, 'POST', destinationPath(alex), {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('stripeConnectUnavailable');
    expect((await call(alex, 'GET', destinationPath(alex))).body.stripe).toMatchObject({ available: false, status: 'none' });
  });

  it('never names another ambassador\'s account', async () => {
    expect((await call(ava, 'POST', destinationPath(ben), {})).status).toBe(404);
  });
});

describe('paying through Stripe', () => {
  beforeAll(async () => {
    expect((await connectAndOnboard(ava)).body.stripe.status).toBe('ready');
  });

  it('pays an item with one transfer to the connected account, grouped by the run and keyed by the item', async () => {
    await approvedSale('80.00');
    const { run, item } = await handToStripe();
    const before = await transfersMade();
    const outcome = await railSays('send', run, item);
    expect(outcome.state).toBe('paid');
    expect(await transfersMade()).toBe(before + 1);
    const row = await itemRow(item.itemId);
    expect(row!.status).toBe('paid');
    expect(row!.provider_ref).toMatch(/^tr_/);
    expect(await payoutStatus(item.payoutUid)).toBe('paid');
    const transfer = (await standIn('stats')).requests.filter((r: { path: string }) => r.path === '/v1/transfers').at(-1);
    expect(transfer.idempotency_key).toBe(`payout-item-${item.itemKey}`);
    // Reconciliation reads the same from Stripe's list of the run's transfers.
    expect((await stripeRail.status(svc, run, [item])).outcomes.get(item.itemKey)).toEqual({ state: 'paid', providerRef: row!.provider_ref });
  });

  it('transfers once when Stripe made the transfer but its answer was lost, and the send is retried', async () => {
    await approvedSale('55.00');
    const { run, item } = await handToStripe();
    const before = await transfersMade();
    await standIn('faults', { mode: 'drop', path: '/v1/transfers' });
    expect((await railSays('send', run, item)).state).toBe('unknown');
    expect((await itemRow(item.itemId))!.status).toBe('sent');
    expect(await transfersMade()).toBe(before + 1);
    expect((await railSays('send', run, item)).state).toBe('paid');
    expect(await transfersMade()).toBe(before + 1);
    expect((await itemRow(item.itemId))!.status).toBe('paid');
  });

  it('leaves an item sent on a 5xx, and gives the money back once Stripe has no transfer of it an hour on', async () => {
    await approvedSale('33.00');
    const { run, item } = await handToStripe();
    const before = await transfersMade();
    await standIn('faults', { mode: '500', path: '/v1/transfers' });
    expect((await railSays('send', run, item)).state).toBe('unknown');
    expect(await transfersMade()).toBe(before);
    expect((await itemRow(item.itemId))!.status).toBe('sent');
    expect(await payableOfAva()).toBe(0);
    expect((await railSays('status', run, item)).state).toBe('unknown');
    await env.DB.prepare("UPDATE payout_runs SET sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 hours') WHERE company_id = 'demo' AND uid = ?").bind(run.runUid).run();
    expect(await railSays('status', run, item)).toEqual({ state: 'failed', reason: 'not_sent' });
    expect(await itemRow(item.itemId)).toMatchObject({ status: 'failed', failure: 'not_sent' });
    expect(await payableOfAva()).toBe(item.amountMinor);
    expect(await transfersMade()).toBe(before);
  });

  it('fails an item Stripe refuses for an insufficient balance, and the money goes back to the ambassador', async () => {
    await approvedSale('21.00');
    const { run, item } = await handToStripe();
    await standIn('balance', { key: STRIPE_KEYS.demo, available: 100 });
    try {
      expect(await railSays('send', run, item)).toEqual({ state: 'failed', reason: 'balance_insufficient' });
    } finally {
      await standIn('balance', { key: STRIPE_KEYS.demo, available: 1e12 });
    }
    expect(await itemRow(item.itemId)).toMatchObject({ status: 'failed', failure: 'balance_insufficient' });
    expect(await payoutStatus(item.payoutUid)).toBe('failed');
    expect(await payableOfAva()).toBe(item.amountMinor);
    expect(await scalar(`SELECT COALESCE(SUM(amount_minor), 0) AS n FROM payout_returns WHERE company_id = 'demo'
      AND payout_id = (SELECT id FROM payouts WHERE company_id = 'demo' AND uid = ?)`, item.payoutUid)).toBe(item.amountMinor);
  });

  it('fails an item whose connected account cannot receive transfers, with Stripe\'s code', async () => {
    const account = await accountOf('amb-ava');
    const { run, item } = await handToStripe();
    await standIn(`accounts/${account}`, { transfers: 'inactive' });
    try {
      expect(await railSays('send', run, item)).toEqual({ state: 'failed', reason: 'insufficient_capabilities_for_transfer' });
    } finally {
      await standIn(`accounts/${account}`, { transfers: 'active' });
    }
    expect(await payableOfAva()).toBe(item.amountMinor);
  });

  it('gives the money back when Stripe reverses a paid transfer, told by transfer.reversed', async () => {
    const { run, item } = await handToStripe();
    expect((await railSays('send', run, item)).state).toBe('paid');
    expect(await payableOfAva()).toBe(0);
    const transfer = (await itemRow(item.itemId))!.provider_ref!;
    const delivered = await stripeSends('demo', 'transfer.reversed', transfer, STRIPE_SECRETS.demo);
    expect(delivered.status).toBe(200);
    expect(await itemRow(item.itemId)).toMatchObject({ status: 'failed', failure: 'reversed' });
    expect(await payoutStatus(item.payoutUid)).toBe('failed');
    expect(await payableOfAva()).toBe(item.amountMinor);
    // Told twice (Stripe redelivers), it gives back once.
    await stripeSends('demo', 'transfer.reversed', transfer, STRIPE_SECRETS.demo);
    expect(await payableOfAva()).toBe(item.amountMinor);
    expect((await stripeRail.status(svc, run, [item])).outcomes.get(item.itemKey)).toMatchObject({ state: 'failed', reason: 'reversed' });
  });
});

describe('another company', () => {
  it('cannot touch a company\'s payouts: its hook, its secret and its key reach only its own', async () => {
    const { run, item } = await handToStripe();
    expect((await railSays('send', run, item)).state).toBe('paid');
    const transfer = (await itemRow(item.itemId))!.provider_ref!;
    // Globex's Stripe account has no such transfer; signed as globex at globex's hook, demo's item is not found.
    const before = await scalar<number>('SELECT COUNT(*) AS n FROM payout_returns');
    const { payload, signature } = await standIn('events', { key: STRIPE_KEYS.demo, type: 'transfer.reversed', id: transfer, secret: STRIPE_SECRETS.globex });
    const atGlobex = await readReply(await edge().fetch('http://localhost/v1/hooks/stripe/globex', {
      method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload,
    }));
    expect(atGlobex.status).toBe(200);
    expect((await itemRow(item.itemId))!.status).toBe('paid');
    expect(await scalar<number>('SELECT COUNT(*) AS n FROM payout_returns')).toBe(before);
    // Globex's secret does not sign for demo's hook.
    expect((await stripeSends('demo', 'transfer.reversed', transfer, STRIPE_SECRETS.globex)).status).toBe(400);
    expect((await itemRow(item.itemId))!.status).toBe('paid');
    // Globex's key sees none of demo's transfers: reconciliation as globex finds nothing of the run.
    const asGlobex = await stripeRail.status(svc, { ...run, companyId: 'globex' }, [item]);
    expect(asGlobex.outcomes.get(item.itemKey)).toEqual({ state: 'unknown' });
  });
});
