// Activity detail (spec §3, §7): GET /v1/payouts/{id}/ and /v1/loyalty/gift-card-redemption/{id}/ for the
// caller's own rows only (404 otherwise), with the card-number label by brand kind; the client's
// payoutDetail/redemptionDetail agree embedded and remote.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { embeddedClient } from '../../src/edge/client';
import { remoteDeps } from '../../src/edge/client/core';
import { remoteContract } from '../../src/edge/client/contract';
import { edge } from './helpers';
import { call, token, type Who } from './profile-fixtures';

let ava: Who;
let alex: Who;
let nick: Who;

beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
  nick = await token('localhost', 'newbie@demo.test');
});

describe('payout detail', () => {
  it('answers the caller\'s payout by number or uid, with the account it was paid to', async () => {
    const res = await call(ava, 'GET', '/payouts/501/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'payout', id: 501, uid: 'po-501', deducted_amount: { minor: 2608, currency: 'USD' }, payment_method: '1',
      email: 'ava.payouts@demo.test', transaction_id: 'PAYID-9E07861303', status: 'paid', card_number: null, vouchers: [],
    });
    expect(res.body.payment_on).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await call(ava, 'GET', '/payouts/po-501/')).body).toEqual(res.body);
    const pending = await call(ava, 'GET', '/payouts/503/');
    expect(pending.body).toMatchObject({ status: 'pending', payment_on: null, transaction_id: null });
  });

  it('lists the commissions the payout paid, which add up to its amount', async () => {
    const res = await call(ava, 'GET', '/payouts/po-501/');
    const paid = res.body.commissions as { uid: string; amount: { minor: number; currency: string }; status: string; campaign_name: string; transaction_id: string }[];
    expect(paid.map((c) => c.uid)).toEqual(['com-1001', 'com-1002', 'com-1003']);
    expect(paid.reduce((sum, c) => sum + c.amount.minor, 0)).toBe(2608);
    for (const c of paid) expect(c).toMatchObject({ amount: { currency: 'USD' }, status: 'paid', campaign_name: expect.any(String), transaction_id: expect.stringMatching(/^DC-/) });
    expect((await call(alex, 'GET', '/payouts/601/')).body.commissions.map((c: { uid: string }) => c.uid)).toEqual(['com-2001', 'com-2002', 'com-2003']);
  });

  it('lists only the caller\'s own commissions, even one of another person that names the payout', async () => {
    await env.DB.prepare(`INSERT INTO commissions (id, uid, company_id, ambassador_uid, campaign_id, transaction_id, revenue_minor, amount_minor, currency, is_monetary, event, status, payout_id, created_at)
      VALUES (9901, 'com-nick-501', 'demo', 'amb-newbie', 101, 'NICK-501', 1000, 100, 'USD', 1, 'first', 'approved', 501, '2025-01-01T00:00:00.000Z')`).run();
    try {
      const uids = (await call(ava, 'GET', '/payouts/501/')).body.commissions.map((c: { uid: string }) => c.uid);
      expect(uids).not.toContain('com-nick-501');
      expect((await call(nick, 'GET', '/payouts/501/')).status).toBe(404);
    } finally {
      await env.DB.prepare('DELETE FROM commissions WHERE id = 9901').run();
    }
  });

  it('is a 404 for another ambassador\'s, another company\'s or an unknown payout', async () => {
    for (const [who, id] of [[nick, '501'], [ava, '601'], [alex, '501'], [ava, 'po-601'], [alex, 'po-501'], [ava, '999999'], [ava, "1' OR '1'='1"]] as const) {
      const res = await call(who, 'GET', `/payouts/${encodeURIComponent(id)}/`);
      expect(res.status, `${who.uid} ${id}`).toBe(404);
      expect(res.body.code).toBe('notFound');
    }
  });
});

describe('redemption detail', () => {
  it('answers the card details with the label of the brand', async () => {
    const res = await call(ava, 'GET', '/loyalty/gift-card-redemption/701/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'redemption', id: 701, kind: 'gift_card', brand_kind: 'amazon', card_number_label_key: 'activityDetail.cardNumber.amazon',
      card_number: '6045 7712 0093 4821', card_code: 'AQ7K-92LM-XC4P', card_pin: '4821', redemption_url: 'https://www.amazon.com/gc/redeem',
      security_url: null, gift_card_name: 'Amazon.com Gift Card', product_name: 'Amazon.com Gift Card', transaction_id: 'RA-230915-01234',
      deducted_amount: { points: 1000 }, payment_method: '4', status: 'completed', email: 'ava@demo.test',
    });
    // a vault redemption: product is the item and variant, no card yet
    const vault = await call(ava, 'GET', '/loyalty/gift-card-redemption/702/');
    expect(vault.body).toMatchObject({ kind: 'vault', brand_kind: 'default', card_number_label_key: 'activityDetail.cardNumber.default', card_number: null, status: 'processing' });
    expect(vault.body.deducted_amount).toEqual({ minor: 2500, currency: 'USD' });
    expect(vault.body.product_name).toBeTruthy();
    // each brand kind has its label
    for (const kind of ['bass_pro', 'promo', 'tango', 'target']) {
      await env.DB.prepare("UPDATE rewards SET brand_kind = ? WHERE uid = 'rwd-demo-amazon'").bind(kind).run();
      expect((await call(ava, 'GET', '/loyalty/gift-card-redemption/701/')).body.card_number_label_key).toBe(`activityDetail.cardNumber.${kind}`);
    }
  });

  it('is a 404 for another ambassador\'s, another company\'s or an unknown redemption', async () => {
    for (const [who, id] of [[nick, '701'], [ava, '801'], [alex, '701'], [ava, 'abc'], [ava, '0']] as const) {
      expect((await call(who, 'GET', `/loyalty/gift-card-redemption/${id}/`)).status, `${who.uid} ${id}`).toBe(404);
    }
    expect((await call(alex, 'GET', '/loyalty/gift-card-redemption/801/')).status).toBe(200);
  });
});

describe('client', () => {
  it('payoutDetail and redemptionDetail agree embedded and remote', async () => {
    const svc: ServiceContext = {
      env, db: env.DB, origin: 'http://localhost', host: 'localhost', tenantCompanyId: 'demo',
      clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
    };
    const embeddedC = embeddedClient({ svc, session: { userId: ava.userId, ambassadorUid: ava.uid, token: ava.token } });
    const api = edge();
    const remoteC = remoteContract(remoteDeps({
      baseUrl: 'http://localhost/v1', token: ava.token,
      headers: { 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'http', 'x-portal-company': 'demo' },
      fetch: async (request) => {
        const ctx = createExecutionContext();
        const res = await api.app.fetch(request, env, ctx);
        await waitOnExecutionContext(ctx);
        return res;
      },
    }), null);
    expect(await remoteC.payoutDetail({ params: { id: '502' } })).toEqual(await embeddedC.payoutDetail({ params: { id: '502' } }));
    expect(await remoteC.redemptionDetail({ params: { id: '701' } })).toEqual(await embeddedC.redemptionDetail({ params: { id: '701' } }));
    for (const err of await Promise.all([embeddedC.payoutDetail({ params: { id: '601' } }).catch((e: unknown) => e), remoteC.payoutDetail({ params: { id: '601' } }).catch((e: unknown) => e)])) {
      expect(err).toMatchObject({ status: 404 });
    }
  });
});
