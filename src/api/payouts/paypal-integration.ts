import type { z } from 'zod';
import type { PayPalIntegration, paypalIntegrationSchema } from '../../lib/schemas/paypal';
import { isoNow } from '../core/crypto';
import { ApiError } from '../core/errors';
import { integrationKey, open, seal, SealKeyMissing } from '../core/sealed-secret';
import type { ServiceContext } from '../core/types';
import {
  deletePayPalIntegrationStatement, paypalIntegrationStatement, putPayPalIntegrationStatement, type PayPalIntegrationRow,
} from './paypal-queries';

// The company's PayPal REST app (docs/payouts.md, "PayPal Payouts"): set, shown masked, removed, and opened for
// the rail. The client secret is sealed with INTEGRATION_KEY, bound to the company and 'paypal', so a sealed
// value copied to another company's row does not open.

type PayPalInput = z.output<typeof paypalIntegrationSchema>;

/** PayPal's hosts by mode; PAYPAL_API_URL (a local stand-in) wins over both. */
const HOSTS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/** What the rail needs to call PayPal for a company. */
export interface PayPalApp {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  baseUrl: string;
}

const owner = (companyId: string) => [companyId, 'paypal'] as const;

const keyMissing = () =>
  new ApiError('conflict', 'PayPal credentials cannot be stored or used: the deployment has no INTEGRATION_KEY (a Worker secret of 16+ characters).');

/** The client id shown: its first and last 4 characters. */
const masked = (clientId: string) => `${clientId.slice(0, 4)}…${clientId.slice(-4)}`;

function view(svc: ServiceContext, companyId: string, row: PayPalIntegrationRow | null): PayPalIntegration {
  return {
    provider: 'paypal',
    is_set: row !== null,
    client_id: row ? masked(row.client_id) : null,
    mode: row?.mode ?? null,
    webhook_id: row?.webhook_id ?? null,
    updated_at: row?.updated_at ?? null,
    webhook_url: `${svc.origin}/v1/hooks/paypal/${encodeURIComponent(companyId)}`,
  };
}

export const paypalBaseUrl = (env: Env, mode: 'sandbox' | 'live') => (env.PAYPAL_API_URL?.replace(/\/+$/, '') || HOSTS[mode]);

/** GET /v1/operator/integrations/paypal */
export async function getPayPalIntegration(svc: ServiceContext, companyId: string): Promise<PayPalIntegration> {
  return view(svc, companyId, await paypalIntegrationStatement(svc.db, companyId).first<PayPalIntegrationRow>());
}

/** PUT /v1/operator/integrations/paypal - sets or replaces the app's credentials (409 without INTEGRATION_KEY). */
export async function setPayPalIntegration(svc: ServiceContext, companyId: string, input: PayPalInput): Promise<PayPalIntegration> {
  let sealed: string;
  try {
    sealed = await seal(integrationKey(svc.env), owner(companyId), input.client_secret);
  } catch (err) {
    if (err instanceof SealKeyMissing) throw keyMissing();
    throw err;
  }
  const row = await putPayPalIntegrationStatement(svc.db, companyId, {
    client_id: input.client_id, client_secret_sealed: sealed, mode: input.mode, webhook_id: input.webhook_id,
  }, isoNow()).first<PayPalIntegrationRow>();
  return view(svc, companyId, row);
}

/** DELETE /v1/operator/integrations/paypal - forgets the app; runs on the PayPal rail cannot be sent until it is set again. */
export async function deletePayPalIntegration(svc: ServiceContext, companyId: string): Promise<PayPalIntegration> {
  await deletePayPalIntegrationStatement(svc.db, companyId).run();
  return view(svc, companyId, null);
}

/**
 * The company's PayPal app with its secret opened, or null when none is set. A secret that does not open
 * (INTEGRATION_KEY missing or changed since it was sealed) is a 409 naming what to do.
 */
export async function paypalApp(svc: ServiceContext, companyId: string): Promise<PayPalApp | null> {
  const row = await paypalIntegrationStatement(svc.db, companyId).first<PayPalIntegrationRow>();
  if (!row) return null;
  let clientSecret: string;
  try {
    clientSecret = await open(integrationKey(svc.env), owner(companyId), row.client_secret_sealed);
  } catch (err) {
    if (err instanceof SealKeyMissing) throw keyMissing();
    throw new ApiError('conflict', 'The stored PayPal secret does not open with this deployment\'s INTEGRATION_KEY: set the PayPal credentials again.');
  }
  return { clientId: row.client_id, clientSecret, webhookId: row.webhook_id, baseUrl: paypalBaseUrl(svc.env, row.mode) };
}
