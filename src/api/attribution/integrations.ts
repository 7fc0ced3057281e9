import type { z } from 'zod';
import type { Integration, shopifyIntegrationSchema, stripeIntegrationSchema } from '../../lib/schemas/attribution';
import type { ServiceContext } from '../core/types';
import { integrationSecretStatement, putIntegrationSecretStatement, type IntegrationSecretRow, type Provider } from './queries';

type StripeIntegration = z.output<typeof stripeIntegrationSchema>;
type ShopifyIntegration = z.output<typeof shopifyIntegrationSchema>;

/** What an operator sees of a secret: whether it is set, its last 4 characters, and where the store posts. */
export function integrationView(svc: ServiceContext, companyId: string, provider: Provider, row: IntegrationSecretRow | null): Integration {
  return {
    provider,
    is_set: row !== null,
    last4: row ? row.secret.slice(-4) : null,
    ...(provider === 'shopify' ? { shop_domain: row?.shop_domain ?? null } : {}),
    updated_at: row?.updated_at ?? null,
    webhook_url: `${svc.origin}/v1/hooks/${provider}/${encodeURIComponent(companyId)}`,
  };
}

/** GET /v1/operator/integrations/stripe|shopify - whether the secret is set (its last 4 characters), and where the store posts. */
export async function getIntegration(svc: ServiceContext, companyId: string, provider: Provider): Promise<Integration> {
  const row = await integrationSecretStatement(svc.db, companyId, provider).first<IntegrationSecretRow>();
  return integrationView(svc, companyId, provider, row);
}

/** PUT /v1/operator/integrations/stripe - sets or replaces the Stripe webhook signing secret. */
export async function setStripeIntegration(svc: ServiceContext, companyId: string, input: StripeIntegration): Promise<Integration> {
  const row = await putIntegrationSecretStatement(svc.db, companyId, 'stripe', input.webhook_secret, null).first<IntegrationSecretRow>();
  return integrationView(svc, companyId, 'stripe', row);
}

/** PUT /v1/operator/integrations/shopify - sets or replaces the Shopify app's client secret and shop domain. */
export async function setShopifyIntegration(svc: ServiceContext, companyId: string, input: ShopifyIntegration): Promise<Integration> {
  const row = await putIntegrationSecretStatement(svc.db, companyId, 'shopify', input.client_secret, input.shop_domain)
    .first<IntegrationSecretRow>();
  return integrationView(svc, companyId, 'shopify', row);
}
