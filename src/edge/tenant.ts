import type { MiddlewareHandler } from 'hono';
import { portalByHost, type PortalView } from '../api/companies/portal';
import { portalKvKey, portalMemory as memory } from '../api/companies/portal-cache';
import { findCompanyByHost, normalizeHost } from '../api/companies/queries';
import { clientFor, type ClientOptions } from './api-client';
import { resolveCustomization } from '../lib/schemas/customization';
import { notFoundPage } from './plain-pages';
import type { EdgeContext, EdgeEnv, Portal } from './types';

export interface TenantOptions extends ClientOptions {
  /** Seconds a host lookup stays in KV (KV's minimum is 60). */
  kvTtlSeconds?: number;
  /** Milliseconds a lookup stays in this isolate's memory. */
  memoryTtlMs?: number;
}

/** Drops cached lookups (tests; an operator changing a host). */
export function forgetTenants() {
  memory.clear();
}

/**
 * The portal serving `host` from the lookup cache: this isolate's memory briefly, KV for a minute
 * (src/api/companies/portal-cache.ts; operator changes forget a company's entries), else `lookUp()`. An unknown
 * host is null and is not kept in KV. Throws when the lookup fails.
 */
async function cachedPortal(c: EdgeContext, host: string, lookUp: () => Promise<PortalView | null>, options: TenantOptions): Promise<Portal | null> {
  const hit = memory.get(host);
  if (hit && Date.now() - hit.at < (options.memoryTtlMs ?? 10_000)) return hit.portal;
  const kvKey = portalKvKey(host);
  let view: PortalView | null | undefined;
  const cached = await c.env.CACHE.get(kvKey, 'json').catch(() => null) as { view: PortalView | null } | null;
  if (cached?.view) view = cached.view;
  if (view === undefined) {
    view = await lookUp();
    if (view) c.executionCtx.waitUntil(c.env.CACHE.put(kvKey, JSON.stringify({ view }), { expirationTtl: options.kvTtlSeconds ?? 60 }).catch(() => {}));
  }
  const portal = view ? { ...view, host, settings: resolveCustomization(view.customization) } : null;
  memory.set(host, { at: Date.now(), portal });
  return portal;
}

/**
 * Resolves the Host header to a company and its customization through the client's `portal(host)` (`GET /portal.json?host=`),
 * cached (`cachedPortal`). An unknown host gets a plain 404, never another tenant.
 */
export function tenant(options: TenantOptions = {}): MiddlewareHandler<EdgeEnv> {
  return async function tenant(c, next) {
    const host = normalizeHost(new URL(c.req.url).host);
    let portal: Portal | null;
    try {
      portal = await cachedPortal(c, host, () => clientFor(c, null, options).portal(host), options);
    } catch (err) {
      console.error('tenant: portal lookup failed', host, err);
      return c.html('<!doctype html><title>Unavailable</title><h1>The portal is unavailable. Please try again later.</h1>', 503);
    }
    if (!portal) return notFoundPage(c, 'This portal does not exist.');
    c.set('portal', portal);
    await next();
  };
}

/**
 * The company whose host this request came to, for the Worker's own API (the /v1 route), or null when
 * the host is no tenant's. Embedded (the usual case) it shares the pages' lookup and caches: both read
 * this database. A portal fronting a remote API (AMBASSADOR_API_URL) keeps the remote's answers in those
 * caches, so its own /v1 asks its own database instead. Throws when the lookup fails.
 */
export async function hostCompany(c: EdgeContext, options: TenantOptions = {}): Promise<string | null> {
  const host = normalizeHost(new URL(c.req.url).host);
  if (c.env.AMBASSADOR_API_URL?.trim()) return (await findCompanyByHost(c.env.DB, host))?.id ?? null;
  return (await cachedPortal(c, host, () => portalByHost(c.env.DB, host), options))?.uid ?? null;
}
