import type { MiddlewareHandler } from 'hono';
import type { PortalView } from '../api/portal/service';
import { portalKvKey, portalMemory as memory } from '../api/portal/cache';
import { normalizeHost } from '../api/portal/queries';
import { clientFor, type ClientOptions } from './api-client';
import { resolveCustomization } from '../lib/schemas/customization';
import { notFoundPage } from './plain-pages';
import type { EdgeEnv } from './types';

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
 * Resolves the Host header to a company and its customization through the client's `portal(host)` (`GET /portal.json?host=`), cached
 * in memory briefly and in KV for a minute (src/api/portal/cache.ts; operator changes forget a company's entries). An unknown
 * host gets a plain 404, never another tenant, and is not kept in KV.
 */
export function tenant(options: TenantOptions = {}): MiddlewareHandler<EdgeEnv> {
  const kvTtl = options.kvTtlSeconds ?? 60;
  const memoryTtl = options.memoryTtlMs ?? 10_000;
  return async function tenant(c, next) {
    const host = normalizeHost(new URL(c.req.url).host);
    const hit = memory.get(host);
    let portal = hit && Date.now() - hit.at < memoryTtl ? hit.portal : undefined;
    if (portal === undefined) {
      const kvKey = portalKvKey(host);
      let view: PortalView | null | undefined;
      const cached = await c.env.CACHE.get(kvKey, 'json').catch(() => null) as { view: PortalView | null } | null;
      if (cached?.view) view = cached.view;
      if (view === undefined) {
        try {
          view = await clientFor(c, null, options).portal(host);
        } catch (err) {
          console.error('tenant: portal lookup failed', host, err);
          return c.html('<!doctype html><title>Unavailable</title><h1>The portal is unavailable. Please try again later.</h1>', 503);
        }
        if (view) c.executionCtx.waitUntil(c.env.CACHE.put(kvKey, JSON.stringify({ view }), { expirationTtl: kvTtl }).catch(() => {}));
      }
      portal = view ? { ...view, host, settings: resolveCustomization(view.customization) } : null;
      memory.set(host, { at: Date.now(), portal });
    }
    if (!portal) return notFoundPage(c, 'This portal does not exist.');
    c.set('portal', portal);
    await next();
  };
}
