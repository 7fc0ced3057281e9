import type { MiddlewareHandler } from 'hono';
import type { PortalView } from '../api/portal/routes';
import { normalizeHost } from '../api/portal/queries';
import { resolveCustomization } from '../lib/schemas/customization';
import { notFoundPage } from './plain-pages';
import type { EdgeEnv, Portal } from './types';

export interface TenantOptions {
  /** Seconds a host lookup stays in KV (KV's minimum is 60). */
  kvTtlSeconds?: number;
  /** Milliseconds a lookup stays in this isolate's memory. */
  memoryTtlMs?: number;
}

// Keeps the resolved portal (customization parsed once per fill, not once per request).
const memory = new Map<string, { at: number; portal: Portal | null }>();

/** Drops cached lookups (tests; an operator changing a host). */
export function forgetTenants() {
  memory.clear();
}

/**
 * Resolves the Host header to a company and its customization through `GET /portal.json?host=`, cached
 * in memory briefly and in KV for a minute. An unknown host gets a plain 404, never another tenant.
 */
export function tenant(options: TenantOptions = {}): MiddlewareHandler<EdgeEnv> {
  const kvTtl = options.kvTtlSeconds ?? 60;
  const memoryTtl = options.memoryTtlMs ?? 10_000;
  return async function tenant(c, next) {
    const host = normalizeHost(new URL(c.req.url).host);
    const hit = memory.get(host);
    let portal = hit && Date.now() - hit.at < memoryTtl ? hit.portal : undefined;
    if (portal === undefined) {
      const kvKey = `portal:v1:${host}`;
      let view: PortalView | null | undefined;
      const cached = await c.env.CACHE.get(kvKey, 'json').catch(() => null) as { view: PortalView | null } | null;
      if (cached) view = cached.view;
      if (view === undefined) {
        const res = await c.var.upstream(`/portal.json?host=${encodeURIComponent(host)}`, { auth: false });
        if (!res.ok) {
          console.error('tenant: portal lookup failed', host, res.status);
          return c.html('<!doctype html><title>Unavailable</title><h1>The portal is unavailable. Please try again later.</h1>', 503);
        }
        const list = (await res.json()) as PortalView[];
        view = list[0] ?? null;
        c.executionCtx.waitUntil(c.env.CACHE.put(kvKey, JSON.stringify({ view }), { expirationTtl: kvTtl }).catch(() => {}));
      }
      portal = view ? { ...view, host, settings: resolveCustomization(view.customization) } : null;
      memory.set(host, { at: Date.now(), portal });
    }
    if (!portal) return notFoundPage(c, 'This portal does not exist.');
    c.set('portal', portal);
    await next();
  };
}
