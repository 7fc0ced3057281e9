import Stripe from 'stripe';
import { integrationKey, open } from '../../core/sealed-secret';
import type { ServiceContext } from '../../core/types';
import { stripeKeyStatement } from './stripe-queries';

// The company's own Stripe account, through the official `stripe` package (its fetch client runs in workerd):
// the secret key sealed in its Stripe integration (migration 0040), Stripe's host or STRIPE_API_URL (a local
// stand-in: scripts/standins/stripe.mjs).

/** Stripe's answer takes at most this long; a call cut short is an unknown outcome, never a "not paid". */
const TIMEOUT_MS = 20_000;

/** The company's sealed key, opened (null: none set, or the deployment's INTEGRATION_KEY cannot open it). */
async function secretKey(svc: ServiceContext, companyId: string): Promise<string | null> {
  const row = await stripeKeyStatement(svc.db, companyId).first<{ api_key_sealed: string | null }>();
  if (!row?.api_key_sealed) return null;
  try {
    return await open(integrationKey(svc.env), [companyId, 'stripe'], row.api_key_sealed);
  } catch (err) {
    console.error('stripe: the company\'s secret key does not open', companyId, err instanceof Error ? err.name : 'error');
    return null;
  }
}

/**
 * A Stripe client for the company (null: it has no secret key). No retries inside a call: a send is retried
 * as a whole with the same idempotency keys, and reconciliation reads what Stripe made.
 */
export async function stripeFor(svc: ServiceContext, companyId: string): Promise<Stripe | null> {
  const key = await secretKey(svc, companyId);
  if (!key) return null;
  const base = new URL(svc.env.STRIPE_API_URL || 'https://api.stripe.com');
  return new Stripe(key, {
    host: base.hostname,
    ...(base.port ? { port: Number(base.port) } : {}),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
    timeout: TIMEOUT_MS,
    telemetry: false,
  });
}

export { Stripe };
