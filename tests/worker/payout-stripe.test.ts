// Stripe Connect payouts (docs/payouts.md#stripe-connect) against the local Stripe stand-in: the company's secret key
// sealed and shown masked, the ambassador's connected account and onboarding, the rail's transfers (one per item,
// never two, whatever fails on the way), reconciliation from Stripe's own list, and Stripe's events at the hook.
//
// Runs go through the operator API (draft on the rail, another actor approves, send, reconcile); the rail's own
// reconciliation is also asked directly where the test needs Stripe's view. An item's `failure` is the run core's
// code (src/api/payouts/settle.ts FAILURE_CODES): Stripe's own codes become `failed` there.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { payable } from '../../src/api/money/payouts';
import { stripeConfigured, stripeRail } from '../../src/api/payouts/rails/stripe';
import type { RailItem, RailRun } from '../../src/api/payouts/rails/types';
import { STRIPE_SECRETS } from './attribution-fixtures';
import { edge } from './helpers';
import { KEYS, conversion, op, readReply, scalar, setPayoutSettings } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';
import { fullSession } from './staff-helpers';
import { CONNECT_SECRET, STRIPE_KEYS, connectStripeAccounts, standIn, stripeSends, transfersMade } from './stripe-fixtures';

const svc: ServiceContext = {
  env, db: env.DB, origin: 'http://localhost', host: 'localhost', tenantCompanyId: 'demo',
  clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
};

let ava: Who;
let ben: Who;
let alex: Who;
let finance: string;

beforeAll(async () => {
  await standIn('reset', {});
  await connectStripeAccounts();
  const customization = await env.DB.prepare("SELECT id FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL").first<string>('id');
  await setPayoutSettings(customization!, { holding_days: 30, minimum_minor: 0 });
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
  finance = await fullSession('localhost', 'finance@demo.test');
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
const asStaff = (staffToken: string, method: string, path: string) =>
  op(null, method, path, undefined, { authorization: `Staff ${staffToken}` }, { host: 'localhost' });

type RunItem = { ambassador_uid: string; amount: number; status: string; payout_uid: string | null; provider_ref: string | null; failure: string | null };
const avaIn = (run: { items: RunItem[] }) => run.items.find((i) => i.ambassador_uid === 'amb-ava')!;

/** A run on the Stripe rail drafted by the demo key and approved by finance: Ava's item is included. */
async function approvedStripeRun(): Promise<string> {
  const draft = await op(KEYS.demo, 'POST', '/payout-runs', { rail: 'stripe' });
  expect(draft.status).toBe(201);
  expect(avaIn(draft.body).status).toBe('included');
  const uid = draft.body.run.uid as string;
  expect((await asStaff(finance, 'POST', `/payout-runs/${uid}/approve`)).status).toBe(200);
  return uid;
}

const sendRun = (uid: string) => op(KEYS.demo, 'POST', `/payout-runs/${uid}/send`);
const reconcileRun = (uid: string) => op(KEYS.demo, 'POST', `/payout-runs/${uid}/reconcile`);
const payoutStatus = (uid: string) => scalar<string>("SELECT status FROM payouts WHERE company_id = 'demo' AND uid = ?", uid);
/** The rail as the run core hands Ava's item of a run to it. */
async function railItemOf(runUid: string, companyId = 'demo'): Promise<{ run: RailRun; item: RailItem }> {
  const row = await env.DB.prepare("SELECT id, amount_minor, payout_uid, provider_ref FROM payout_run_items WHERE company_id = 'demo' AND run_uid = ? AND ambassador_uid = 'amb-ava'")
    .bind(runUid).first<{ id: number; amount_minor: number; payout_uid: string; provider_ref: string | null }>();
  return {
    run: { companyId, runUid, providerBatchId: null },
    item: {
      itemId: row!.id, itemKey: `${runUid}-${row!.id}`, payoutUid: row!.payout_uid, ambassadorUid: 'amb-ava', amountMinor: row!.amount_minor,
      currency: 'USD', destination: { rail: 'stripe', account: await accountOf('amb-ava') }, providerRef: row!.provider_ref,
    },
  };
}

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

describe('a payout run on Stripe', () => {
  beforeAll(async () => {
    expect((await connectAndOnboard(ava)).body.stripe.status).toBe('ready');
  });

  it('pays each item with one transfer to the connected account, grouped by the run and keyed by the item', async () => {
    await approvedSale('80.00');
    const uid = await approvedStripeRun();
    const before = await transfersMade();
    const sent = await sendRun(uid);
    expect(sent.status).toBe(200);
    expect(sent.body.run.status).toBe('paid');
    const item = avaIn(sent.body);
    expect(item.status).toBe('paid');
    expect(item.provider_ref).toMatch(/^tr_/);
    expect(await transfersMade()).toBe(before + 1);
    expect(await payoutStatus(item.payout_uid!)).toBe('paid');
    const { run, item: handed } = await railItemOf(uid);
    const transfer = (await standIn('stats')).requests.filter((r: { method: string; path: string }) => r.method === 'POST' && r.path === '/v1/transfers').at(-1);
    expect(transfer.idempotency_key).toBe(`payout-item-${handed.itemKey}`);
    // Sent again, nothing moves: the run is finished; and Stripe's own list says the same as the answer did.
    expect((await sendRun(uid)).status).toBe(409);
    expect(await transfersMade()).toBe(before + 1);
    expect((await stripeRail.status(svc, run, [handed])).outcomes.get(handed.itemKey)).toEqual({ state: 'paid', providerRef: item.provider_ref });
  });

  it('transfers once when Stripe made the transfer but its answer was lost, and the send is retried', async () => {
    await approvedSale('55.00');
    const uid = await approvedStripeRun();
    const before = await transfersMade();
    await standIn('faults', { mode: 'drop', method: 'POST', path: '/v1/transfers' });
    const cut = await sendRun(uid);
    expect(cut.body.run.status).toBe('sending');
    expect(avaIn(cut.body).status).toBe('sent');
    expect(await transfersMade()).toBe(before + 1);
    const again = await sendRun(uid);
    expect(again.body.run.status).toBe('paid');
    expect(avaIn(again.body).status).toBe('paid');
    expect(await transfersMade()).toBe(before + 1);
  });

  it('transfers once when a send is retried after Stripe has forgotten its idempotency key (24 hours on)', async () => {
    await approvedSale('44.00');
    const uid = await approvedStripeRun();
    const before = await transfersMade();
    await standIn('faults', { mode: 'drop', method: 'POST', path: '/v1/transfers' });
    expect(avaIn((await sendRun(uid)).body).status).toBe('sent');
    // Stripe prunes keys after a day: the same key would now make a new transfer.
    await standIn('forget_keys', { key: STRIPE_KEYS.demo });
    const again = await sendRun(uid);
    expect(avaIn(again.body).status).toBe('paid');
    expect(await transfersMade()).toBe(before + 1);
  });

  it('leaves an item sent on a 5xx, and gives the money back once Stripe has no transfer of it an hour on', async () => {
    await approvedSale('33.00');
    const uid = await approvedStripeRun();
    const before = await transfersMade();
    await standIn('faults', { mode: '500', method: 'POST', path: '/v1/transfers' });
    const sent = await sendRun(uid);
    expect(avaIn(sent.body).status).toBe('sent');
    expect(await transfersMade()).toBe(before);
    expect(await payableOfAva()).toBe(0);
    expect(avaIn((await reconcileRun(uid)).body).status).toBe('sent');
    await env.DB.prepare("UPDATE payout_runs SET sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 hours') WHERE company_id = 'demo' AND uid = ?").bind(uid).run();
    const reconciled = await reconcileRun(uid);
    expect(avaIn(reconciled.body)).toMatchObject({ status: 'failed', failure: 'not_sent' });
    expect(reconciled.body.run.status).toBe('failed');
    expect(await payableOfAva()).toBe(avaIn(sent.body).amount);
    expect(await transfersMade()).toBe(before);
  });

  it('fails an item Stripe refuses for an insufficient balance, and the money goes back to the ambassador', async () => {
    const uid = await approvedStripeRun();
    await standIn('balance', { key: STRIPE_KEYS.demo, available: 100 });
    let sent;
    try {
      sent = await sendRun(uid);
    } finally {
      await standIn('balance', { key: STRIPE_KEYS.demo, available: 1e12 });
    }
    const item = avaIn(sent.body);
    expect(item).toMatchObject({ status: 'failed', failure: 'failed' });
    expect(await payoutStatus(item.payout_uid!)).toBe('failed');
    expect(await payableOfAva()).toBe(item.amount);
    expect(await scalar(`SELECT COALESCE(SUM(amount_minor), 0) AS n FROM payout_returns WHERE company_id = 'demo'
      AND payout_id = (SELECT id FROM payouts WHERE company_id = 'demo' AND uid = ?)`, item.payout_uid)).toBe(item.amount);
  });

  it('fails an item whose connected account cannot receive transfers, with Stripe\'s code', async () => {
    const account = await accountOf('amb-ava');
    const uid = await approvedStripeRun();
    await standIn(`accounts/${account}`, { transfers: 'inactive' });
    let sent;
    try {
      sent = await sendRun(uid);
    } finally {
      await standIn(`accounts/${account}`, { transfers: 'active' });
    }
    expect(avaIn(sent.body)).toMatchObject({ status: 'failed', failure: 'failed' });
    expect(await payableOfAva()).toBe(avaIn(sent.body).amount);
  });

  it('gives the money back when Stripe reverses a paid transfer, told by transfer.reversed', async () => {
    const uid = await approvedStripeRun();
    const item = avaIn((await sendRun(uid)).body);
    expect(item.status).toBe('paid');
    expect(await payableOfAva()).toBe(0);
    const delivered = await stripeSends('demo', 'transfer.reversed', item.provider_ref!, STRIPE_SECRETS.demo);
    expect(delivered.status).toBe(200);
    expect(avaIn((await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body)).toMatchObject({ status: 'failed', failure: 'reversed' });
    expect(await payoutStatus(item.payout_uid!)).toBe('failed');
    expect(await payableOfAva()).toBe(item.amount);
    // Told twice (Stripe redelivers), it gives back once.
    await stripeSends('demo', 'transfer.reversed', item.provider_ref!, STRIPE_SECRETS.demo);
    expect(await payableOfAva()).toBe(item.amount);
    const { run, item: handed } = await railItemOf(uid);
    expect((await stripeRail.status(svc, run, [handed])).outcomes.get(handed.itemKey)).toMatchObject({ state: 'failed', reason: 'reversed' });
  });
});

describe('another company', () => {
  it('cannot touch a company\'s payouts: its hook, its secret and its key reach only its own', async () => {
    const uid = await approvedStripeRun();
    const item = avaIn((await sendRun(uid)).body);
    expect(item.status).toBe('paid');
    const transfer = item.provider_ref!;
    const returns = () => scalar<number>("SELECT COUNT(*) AS n FROM payout_returns WHERE company_id = 'demo'");
    const before = await returns();
    // Signed as globex and delivered to globex's hook, demo's transfer is no item of globex's.
    const { payload, signature } = await standIn('events', { key: STRIPE_KEYS.demo, type: 'transfer.reversed', id: transfer, secret: STRIPE_SECRETS.globex });
    const atGlobex = await readReply(await edge().fetch('http://localhost/v1/hooks/stripe/globex', {
      method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload,
    }));
    expect(atGlobex.status).toBe(200);
    expect(avaIn((await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body).status).toBe('paid');
    expect(await returns()).toBe(before);
    // Globex's secret does not sign for demo's hook.
    expect((await stripeSends('demo', 'transfer.reversed', transfer, STRIPE_SECRETS.globex)).status).toBe(400);
    expect(avaIn((await op(KEYS.demo, 'GET', `/payout-runs/${uid}`)).body).status).toBe('paid');
    // Globex's key sees none of demo's transfers.
    const { run, item: handed } = await railItemOf(uid, 'globex');
    expect((await stripeRail.status(svc, run, [handed])).outcomes.get(handed.itemKey)).toEqual({ state: 'unknown' });
    // And globex's operator key cannot read or send demo's run.
    expect((await op(KEYS.globex, 'GET', `/payout-runs/${uid}`)).status).toBe(404);
  });
});
