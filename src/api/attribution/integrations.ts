import type { z } from 'zod';
import type { Integration, shopifyIntegrationSchema, stripeIntegrationSchema } from '../../lib/schemas/attribution';
import { ApiError } from '../core/errors';
import { SealKeyMissing, integrationKey, seal } from '../core/sealed-secret';
import type { ServiceContext } from '../core/types';
import {
  integrationSecretStatement, putIntegrationSecretStatement, putStripeIntegrationStatement, type IntegrationSecretRow, type Provider,
} from './queries';

type StripeIntegration = z.output<typeof stripeIntegrationSchema>;
type ShopifyIntegration = z.output<typeof shopifyIntegrationSchema>;

/** What an operator sees of a secret: whether it is set, its last 4 characters, and where the store posts. */
export function integrationView(svc: ServiceContext, companyId: string, provider: Provider, row: IntegrationSecretRow | null): Integration {
  return {
    provider,
    is_set: row !== null,
    last4: row ? row.secret.slice(-4) : null,
    ...(provider === 'shopify' ? { shop_domain: row?.shop_domain ?? null } : {}),
    ...(provider === 'stripe' ? { secret_key: row?.api_key_hint ?? null, connect_webhook_secret_set: !!row?.connect_secret_set } : {}),
    updated_at: row?.updated_at ?? null,
    webhook_url: `${svc.origin}/v1/hooks/${provider}/${encodeURIComponent(companyId)}`,
  };
}

/** GET /v1/operator/integrations/stripe|shopify - whether the secret is set (its last 4 characters), and where the store posts. */
export async function getIntegration(svc: ServiceContext, companyId: string, provider: Provider): Promise<Integration> {
  const row = await integrationSecretStatement(svc.db, companyId, provider).first<IntegrationSecretRow>();
  return integrationView(svc, companyId, provider, row);
}

/** What is shown of a secret key: its kind and mode, and its last 4 characters (`sk_live_…abcd`). */
const keyHint = (key: string) => `${key.slice(0, key.indexOf('_', 3) + 1)}…${key.slice(-4)}`;

/**
 * PUT /v1/operator/integrations/stripe - sets or replaces the Stripe webhook signing secret and, when given, the
 * payout secret key (sealed with INTEGRATION_KEY, bound to the company: 409 when the deployment has none) and the
 * Connect endpoint's signing secret.
 */
export async function setStripeIntegration(svc: ServiceContext, companyId: string, input: StripeIntegration): Promise<Integration> {
  let apiKey: { sealed: string; hint: string } | null | undefined = input.secret_key === undefined ? undefined : null;
  if (input.secret_key) {
    try {
      apiKey = { sealed: await seal(integrationKey(svc.env), [companyId, 'stripe'], input.secret_key), hint: keyHint(input.secret_key) };
    } catch (err) {
      if (err instanceof SealKeyMissing) {
        throw new ApiError('conflict', 'integrationKeyMissing');
      }
      throw err;
    }
  }
  const row = await putStripeIntegrationStatement(svc.db, companyId, input.webhook_secret, apiKey, input.connect_webhook_secret)
    .first<IntegrationSecretRow>();
  return integrationView(svc, companyId, 'stripe', row);
}

/** PUT /v1/operator/integrations/shopify - sets or replaces the Shopify app's client secret and shop domain. */
export async function setShopifyIntegration(svc: ServiceContext, companyId: string, input: ShopifyIntegration): Promise<Integration> {
  const row = await putIntegrationSecretStatement(svc.db, companyId, 'shopify', input.client_secret, input.shop_domain)
    .first<IntegrationSecretRow>();
  return integrationView(svc, companyId, 'shopify', row);
}
