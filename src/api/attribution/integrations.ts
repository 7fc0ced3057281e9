import { Hono } from 'hono';
import { shopifyIntegrationSchema, stripeIntegrationSchema } from '../../lib/schemas/attribution';
import type { ServiceContext } from '../core/types';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody, svcOf } from '../core/operator-request';
import { integrationSecretStatement, putIntegrationSecretStatement, type IntegrationSecretRow, type Provider } from './queries';

/** What an operator sees of a secret: whether it is set, its last 4 characters, and where the store posts. */
export function integrationView(svc: ServiceContext, companyId: string, provider: Provider, row: IntegrationSecretRow | null) {
  return {
    provider,
    is_set: row !== null,
    last4: row ? row.secret.slice(-4) : null,
    ...(provider === 'shopify' ? { shop_domain: row?.shop_domain ?? null } : {}),
    updated_at: row?.updated_at ?? null,
    webhook_url: `${svc.origin}/v1/hooks/${provider}/${encodeURIComponent(companyId)}`,
  };
}

async function show(svc: ServiceContext, companyId: string, provider: Provider) {
  const row = await integrationSecretStatement(svc.db, companyId, provider).first<IntegrationSecretRow>();
  return integrationView(svc, companyId, provider, row);
}

/** /v1/operator/integrations/stripe|shopify (company key): the secrets that verify a store's webhooks. */
export const integrations = new Hono<OperatorEnv>()
  // GET /v1/operator/integrations/stripe - whether the Stripe signing secret is set (its last 4 characters)
  .get('/integrations/stripe', async (c) => c.json(await show(svcOf(c), c.var.operator.companyId, 'stripe')))
  // PUT /v1/operator/integrations/stripe - set or replace the Stripe webhook signing secret
  .put('/integrations/stripe', async (c) => {
    const { input } = await jsonBody(c, stripeIntegrationSchema);
    const svc = svcOf(c);
    const company = c.var.operator.companyId;
    const row = await putIntegrationSecretStatement(svc.db, company, 'stripe', input.webhook_secret, null).first<IntegrationSecretRow>();
    return c.json(integrationView(svc, company, 'stripe', row));
  })
  // GET /v1/operator/integrations/shopify - whether the Shopify client secret is set, and the shop
  .get('/integrations/shopify', async (c) => c.json(await show(svcOf(c), c.var.operator.companyId, 'shopify')))
  // PUT /v1/operator/integrations/shopify - set or replace the Shopify app's client secret and shop domain
  .put('/integrations/shopify', async (c) => {
    const { input } = await jsonBody(c, shopifyIntegrationSchema);
    const svc = svcOf(c);
    const company = c.var.operator.companyId;
    const row = await putIntegrationSecretStatement(svc.db, company, 'shopify', input.client_secret, input.shop_domain)
      .first<IntegrationSecretRow>();
    return c.json(integrationView(svc, company, 'shopify', row));
  });
