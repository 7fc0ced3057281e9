// Shared by the Stripe Connect tests: the Stripe stand-in (scripts/standins/stripe.mjs, started by vitest.config.ts on
// a free port, STRIPE_API_URL) and its test controls, the demo companies' Stripe keys, and events signed by it.
import { env } from 'cloudflare:workers';
import { edge } from './helpers';
import { KEYS, op, readReply, type Reply } from './operator-fixtures';
import { STRIPE_SECRETS } from './attribution-fixtures';

export const STRIPE_KEYS = { demo: 'sk_test_demoPlatformKey0123456789', globex: 'sk_test_globexPlatformKey98765432' } as const;
export const CONNECT_SECRET = 'whsec_demoConnectSecret0123456789';

/** A test control of the stand-in (`/_standin/...`), its JSON answer. */
export async function standIn(path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${env.STRIPE_API_URL}/_standin/${path}`, {
    method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`stand-in ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Transfers the stand-in made so far (all platforms). */
export const transfersMade = async () => (await standIn('stats')).transfers_created as number;

/** Demo pays through Stripe (its key, its signing secrets); globex has a Stripe account of its own. */
export async function connectStripeAccounts() {
  await op(KEYS.demo, 'PUT', '/integrations/stripe', { webhook_secret: STRIPE_SECRETS.demo, secret_key: STRIPE_KEYS.demo, connect_webhook_secret: CONNECT_SECRET });
  await op(KEYS.globex, 'PUT', '/integrations/stripe', { webhook_secret: STRIPE_SECRETS.globex, secret_key: STRIPE_KEYS.globex });
}

/**
 * Stripe's event about an object of the stand-in (`account.updated` of an account, `transfer.reversed` of a
 * transfer, which the stand-in reverses first), signed with `secret` and posted to the company's hook.
 */
export async function stripeSends(company: string, type: 'account.updated' | 'transfer.reversed', id: string, secret: string, key: string = STRIPE_KEYS.demo): Promise<Reply> {
  const { payload, signature } = await standIn('events', { key, type, id, secret });
  return readReply(await edge().fetch(`http://localhost/v1/hooks/stripe/${company}`, {
    method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload,
  }));
}
