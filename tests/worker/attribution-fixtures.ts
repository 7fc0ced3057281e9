// Shared by the store attribution tests: stored clicks, Stripe events signed with the official
// `stripe` package's test-header helper, Shopify webhooks signed with the app's client secret.
import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { mintClickId } from '../../src/api/sharing/click-id';
import { edge } from './helpers';
import { KEYS, op, readReply, type Reply } from './operator-fixtures';

export const STRIPE_SECRETS = { demo: 'whsec_demoTestSecret0123456789', globex: 'whsec_globexTestSecret987654321' } as const;
export const SHOPIFY = { secret: 'shpss_demo_client_secret_42', shop: 'demo-store.myshopify.com' } as const;

const stripe = new Stripe('sk_test_unused', { httpClient: Stripe.createFetchHttpClient() });
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Both demo companies' Stripe secrets and demo's Shopify secret, set through the operator API. */
export async function connectStores() {
  await op(KEYS.demo, 'PUT', '/integrations/stripe', { webhook_secret: STRIPE_SECRETS.demo });
  await op(KEYS.globex, 'PUT', '/integrations/stripe', { webhook_secret: STRIPE_SECRETS.globex });
  await op(KEYS.demo, 'PUT', '/integrations/shopify', { client_secret: SHOPIFY.secret, shop_domain: SHOPIFY.shop });
}

/** A personal code of a demo ambassador in the demo's main campaign (written as the operator API would). */
export async function givePersonalCode(ambassadorUid: string, code: string) {
  await env.DB.prepare(
    `INSERT OR IGNORE INTO personal_codes (company_id, campaign_id, ambassador_uid, code)
     SELECT 'demo', id, ?, ? FROM campaigns WHERE company_id = 'demo' AND uid = 'cmp-demo-main'`,
  ).bind(ambassadorUid, code).run();
}

let counter = 0;
export const uniq = (label: string) => `${label}_${Date.now().toString(36)}${++counter}`;

/** A click id the portal would mint for a visit of the share link (signed for the link's company), not stored. */
export async function mintedClickId(shareLinkUid: string): Promise<string> {
  const link = await env.DB.prepare('SELECT company_id FROM share_links WHERE uid = ?').bind(shareLinkUid).first<{ company_id: string }>();
  const id = await mintClickId(env, link!.company_id, shareLinkUid);
  if (!id) throw new Error(`no click id can be minted for ${shareLinkUid}`);
  return id;
}

/** A click stored for a share link under a minted id, as the redirect's queue consumer stores it; answers its click id. */
export async function storedClick(shareLinkUid: string, signals: { ipHash?: string; deviceHash?: string } = {}): Promise<string> {
  const clickUid = await mintedClickId(shareLinkUid);
  await env.DB.prepare(
    `INSERT INTO clicks (click_uid, company_id, share_link_uid, campaign_id, ambassador_uid, client_hash, counted, ip_hash, device_hash)
     SELECT ?, company_id, uid, campaign_id, ambassador_uid, 'attribution-test', 0, ?, ? FROM share_links WHERE uid = ?`,
  ).bind(clickUid, signals.ipHash ?? null, signals.deviceHash ?? null, shareLinkUid).run();
  return clickUid;
}

/** A Stripe event envelope around `object`. */
export const stripeEvent = (type: string, object: Record<string, unknown>, id = uniq('evt')) =>
  ({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

/** POSTs an event to /v1/hooks/stripe/{company} signed with `secret` by Stripe's own test-header helper. */
export async function sendStripe(company: string, event: unknown, secret: string, header?: string): Promise<Reply> {
  const payload = JSON.stringify(event);
  const signature = header ?? await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
  return readReply(await edge().fetch(`http://localhost/v1/hooks/stripe/${company}`, {
    method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload,
  }));
}

/** A paid checkout session of `amount_total` minor units. */
export function checkoutSession(fields: Record<string, unknown> = {}) {
  return {
    id: uniq('cs_test'), object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete',
    amount_total: 10000, currency: 'usd', payment_intent: uniq('pi'), invoice: null, customer: uniq('cus'),
    customer_details: { email: `${uniq('buyer')}@example.com`, name: 'Casey Customer' }, client_reference_id: null, metadata: {},
    discounts: [], ...fields,
  };
}

export async function shopifyHmac(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return btoa(String.fromCharCode(...mac));
}

/** POSTs a Shopify webhook of `topic` to /v1/hooks/shopify/{company}, signed with `secret`. */
export async function sendShopify(
  company: string, topic: string, payload: unknown, secret: string = SHOPIFY.secret, webhookId = uniq('shwh'),
): Promise<Reply> {
  const body = JSON.stringify(payload);
  return readReply(await edge().fetch(`http://localhost/v1/hooks/shopify/${company}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json', 'x-shopify-topic': topic, 'x-shopify-hmac-sha256': await shopifyHmac(secret, body),
      'x-shopify-webhook-id': webhookId, 'x-shopify-shop-domain': SHOPIFY.shop,
    },
    body,
  }));
}

export async function commissionOf(company: string, transaction: string) {
  return env.DB.prepare(
    `SELECT m.uid, m.ambassador_uid, m.status, m.amount_minor, m.revenue_minor, m.refunded_revenue_minor, m.payout_id, r.share_link_uid
       FROM commissions m LEFT JOIN referrals r ON r.id = m.referral_id
      WHERE m.company_id = ? AND m.transaction_id = ? AND m.kind = 'commission'`,
  ).bind(company, transaction).first<{
    uid: string; ambassador_uid: string; status: string; amount_minor: number; revenue_minor: number; refunded_revenue_minor: number;
    payout_id: number | null; share_link_uid: string | null;
  }>();
}
