// The redeem forms of /app/rewards and /app/rewards/v3 (src/edge/pages/forms/rewards.ts) with the embedded
// client and the real local D1, posted the way a browser posts them: one rendered form (one
// idempotency_key) spends once however often it is sent, a success is a 303 to the success view, and a
// refusal comes back with its message in the page language (Spanish on acme) and nothing spent.
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { setFulfilmentProvider } from '../../src/api/rewards/providers';
import { embeddedClient } from '../../src/edge/client';
import { handleGiftCardRedeemPost, handleVaultRedeemPost, type RedeemFormState } from '../../src/edge/pages/forms/rewards';
import { forgetTenants } from '../../src/edge/tenant';
import type { Language } from '../../src/lib/i18n';
import { token, type Who } from './profile-fixtures';

let ava: Who;
let alex: Who;
beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});
beforeEach(() => forgetTenants());
afterEach(() => setFulfilmentProvider(null));

const COMPANY: Record<string, { id: string; portal: string }> = {
  localhost: { id: 'demo', portal: 'demo-portal' },
  'acme.localhost': { id: 'acme', portal: 'acme-portal' },
};

function localsFor(who: Who, lang: Language) {
  const company = COMPANY[who.host]!;
  const svc: ServiceContext = {
    env, db: env.DB, origin: `http://${who.host}`, host: who.host, tenantCompanyId: company.id,
    clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
  };
  return {
    requestContext: { lang },
    portal: { portal_uid: company.portal },
    client: embeddedClient({ svc, session: { userId: who.userId, ambassadorUid: who.uid, token: who.token } }),
    setSession: () => {},
  } as unknown as App.Locals;
}

/** A fresh Request of the same rendered form each time (a body can be read once). */
const form = (who: Who, path: string, fields: Record<string, string>) => () => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`http://${who.host}${path}`, { method: 'POST', body });
};

const balance = (uid: string) =>
  env.DB.prepare('SELECT points_available, points_held, cash_available, cash_held FROM loyalty_balances WHERE ambassador_uid = ?')
    .bind(uid).first<{ points_available: number; points_held: number; cash_available: number; cash_held: number }>();
const redemptionCount = (uid: string) =>
  env.DB.prepare('SELECT COUNT(*) AS n FROM redemptions WHERE ambassador_uid = ?').bind(uid).first<number>('n');

const asState = (outcome: Response | RedeemFormState) => {
  expect(outcome).not.toBeInstanceOf(Response);
  return outcome as RedeemFormState;
};
const redeemedId = (outcome: Response | RedeemFormState, path: string) => {
  expect(outcome).toBeInstanceOf(Response);
  const res = outcome as Response;
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^${path.replace(/\//g, '\\/')}\\?redeemed=\\d+#redemption$`));
  return Number(/redeemed=(\d+)/.exec(location)![1]);
};

describe('the gift card redeem form (legacy, demo)', () => {
  it('spends once when the same rendered form is sent twice, one after the other and at the same time', async () => {
    const locals = localsFor(ava, 'en');
    const before = (await balance(ava.uid))!;
    const count = await redemptionCount(ava.uid);
    const sameForm = form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-voucher', idempotency_key: crypto.randomUUID() });

    const first = redeemedId(await handleGiftCardRedeemPost(locals, sameForm(), 'en'), '/app/rewards');
    const again = redeemedId(await handleGiftCardRedeemPost(locals, sameForm(), 'en'), '/app/rewards');
    expect(again).toBe(first);
    expect((await balance(ava.uid))!.points_available).toBe(before.points_available - 300);

    // A double click: both posts leave before either is answered; the second waits for the first's answer.
    const doubleClick = form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-voucher', idempotency_key: crypto.randomUUID() });
    const [a, b] = await Promise.all([handleGiftCardRedeemPost(locals, doubleClick(), 'en'), handleGiftCardRedeemPost(locals, doubleClick(), 'en')]);
    expect(redeemedId(a, '/app/rewards')).toBe(redeemedId(b, '/app/rewards'));

    expect((await balance(ava.uid))!.points_available).toBe(before.points_available - 600);
    expect(await redemptionCount(ava.uid)).toBe(count! + 2);
    const detail = await locals.client.redemption({ params: { portal: 'demo-portal', id: String(first) } });
    expect(detail.gift_card?.card_code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  });

  it('a range amount below the minimum or above the maximum is a message by the amount input, and nothing is spent', async () => {
    const locals = localsFor(ava, 'en');
    const before = await balance(ava.uid);
    const low = asState(await handleGiftCardRedeemPost(locals, form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-target', amount: '100', idempotency_key: crypto.randomUUID() })(), 'en'));
    expect(low).toMatchObject({ status: 400, target: 'rwd-demo-target', amount: '100', amountError: 'The minimum is 500 points. Enter a larger amount.', formError: null, failure: null });
    const high = asState(await handleGiftCardRedeemPost(locals, form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-target', amount: '9999999', idempotency_key: crypto.randomUUID() })(), 'en'));
    expect(high).toMatchObject({ status: 400, amountError: 'The maximum is 10,000 points. Enter a smaller amount.', formError: null });
    const junk = asState(await handleGiftCardRedeemPost(locals, form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-target', amount: '12.5', idempotency_key: crypto.randomUUID() })(), 'en'));
    expect(junk.amountError).toBe('Enter a whole, positive amount.');
    expect(await balance(ava.uid)).toEqual(before);
  });

  it('not enough funds and out of stock are the form\'s alert with the API\'s status', async () => {
    const locals = localsFor(ava, 'en');
    const before = await balance(ava.uid);
    const poor = asState(await handleGiftCardRedeemPost(locals, form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-target', amount: '10000', idempotency_key: crypto.randomUUID() })(), 'en'));
    expect(poor).toMatchObject({ status: 400, formError: expect.stringMatching(/^Not enough funds: this costs 10,000 points and your balance is [\d,]+ points\. /), amountError: null, amount: '10000' });
    const gone = asState(await handleGiftCardRedeemPost(locals, form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-basspro', idempotency_key: crypto.randomUUID() })(), 'en'));
    expect(gone).toMatchObject({ status: 409, formError: 'This reward is out of stock. Choose another one.' });
    expect(await balance(ava.uid)).toEqual(before);
  });

  it('the same rendered form sent again with another amount is refused, and says why', async () => {
    const locals = localsFor(ava, 'en');
    const key = crypto.randomUUID();
    redeemedId(await handleGiftCardRedeemPost(locals, form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-target', amount: '500', idempotency_key: key })(), 'en'), '/app/rewards');
    const before = await balance(ava.uid);
    const stale = asState(await handleGiftCardRedeemPost(locals, form(ava, '/app/rewards', { gift_card_uid: 'rwd-demo-target', amount: '600', idempotency_key: key })(), 'en'));
    expect(stale.status).toBe(422);
    expect(stale.formError).toMatch(/already sent with other values/);
    expect(await balance(ava.uid)).toEqual(before);
  });
});

describe('Spanish messages on acme', () => {
  it('gift card: the minimum in Spanish with Spanish digits, and a refused fulfilment says so and charges nothing', async () => {
    const locals = localsFor(alex, 'es');
    const low = asState(await handleGiftCardRedeemPost(locals, form(alex, '/app/rewards', { gift_card_uid: 'rwd-acme-sport-card', amount: '50', idempotency_key: crypto.randomUUID() })(), 'es'));
    expect(low.amountError).toBe('El mínimo es 200 Acme Coins. Introduce una cantidad mayor.');
    const high = asState(await handleGiftCardRedeemPost(locals, form(alex, '/app/rewards', { gift_card_uid: 'rwd-acme-sport-card', amount: '50000', idempotency_key: crypto.randomUUID() })(), 'es'));
    expect(high.amountError).toBe('El máximo es 2000 Acme Coins. Introduce una cantidad menor.');

    setFulfilmentProvider(() => ({ name: 'test-refuse', issue: async () => ({ status: 'failed', reason: 'rewardUnavailable' }) }));
    const before = await balance(alex.uid);
    const failed = asState(await handleGiftCardRedeemPost(locals, form(alex, '/app/rewards', { gift_card_uid: 'rwd-acme-sport-card', amount: '200', idempotency_key: crypto.randomUUID() })(), 'es'));
    expect(failed.status).toBe(502);
    expect(failed.failure).toEqual({
      title: 'Algo salió mal',
      detail: 'Tu canje no se pudo realizar. Escribe a crew@acme.test para obtener ayuda.',
      reason: 'No hemos podido emitir esta recompensa ahora mismo. No se ha descontado nada de tu saldo. Vuelve a intentarlo más tarde o elige otra recompensa.',
    });
    expect(await balance(alex.uid)).toEqual(before);
  });

  it('vault: redeems the chosen variant once, and refuses without funds, out of stock, without a choice or at a changed price', async () => {
    const locals = localsFor(alex, 'es');
    const before = (await balance(alex.uid))!;
    const sameForm = form(alex, '/app/rewards/v3', {
      vault_item: 'vlt-acme-giftcard', variant_item: 'vv-acme-giftcard-10', idempotency_key: crypto.randomUUID(),
      'cost_vv-acme-giftcard-10': '1000', 'cost_vv-acme-giftcard-50': '5000',
    });
    const id = redeemedId(await handleVaultRedeemPost(locals, sameForm(), 'es'), '/app/rewards/v3');
    expect(redeemedId(await handleVaultRedeemPost(locals, sameForm(), 'es'), '/app/rewards/v3')).toBe(id);
    const after = (await balance(alex.uid))!;
    expect(after.cash_available).toBe(before.cash_available - 1000);
    const detail = await locals.client.redemption({ params: { portal: 'acme-portal', id: String(id) } });
    expect(detail).toMatchObject({ status: 'completed', variant_name: '€10', requested_amount: 1000 });
    expect(detail.items.reduce((s, i) => s + i.used_amount, 0)).toBe(1000);

    const post = (fields: Record<string, string>) =>
      handleVaultRedeemPost(locals, form(alex, '/app/rewards/v3', { vault_item: 'vlt-acme-giftcard', idempotency_key: crypto.randomUUID(), ...fields })(), 'es');
    const poor = asState(await post({ variant_item: 'vv-acme-giftcard-50', 'cost_vv-acme-giftcard-50': '5000' }));
    expect(poor).toMatchObject({ status: 400, target: 'vlt-acme-giftcard', variant: 'vv-acme-giftcard-50', formError: expect.stringMatching(/^Fondos insuficientes: cuesta 50\s€ y tu saldo es de 9\s€\. /) });
    const gone = asState(await post({ variant_item: 'vv-acme-giftcard-25', 'cost_vv-acme-giftcard-25': '2500' }));
    expect(gone).toMatchObject({ status: 409, formError: 'Esta recompensa está agotada. Elige otra.' });
    const none = asState(await post({}));
    expect(none).toMatchObject({ status: 400, formError: 'Elige una de las opciones.' });
    const repriced = asState(await post({ variant_item: 'vv-acme-giftcard-10', 'cost_vv-acme-giftcard-10': '900' }));
    expect(repriced).toMatchObject({ status: 400, formError: 'Introduce una cantidad entera y positiva.' });
    expect(await balance(alex.uid)).toEqual(after);
  });
});
