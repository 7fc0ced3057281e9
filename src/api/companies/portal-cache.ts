import { listHostsOf } from './queries';
import type { Portal } from './portal';

/**
 * The tenant lookup cache (host -> portal), shared by the edge's tenant middleware and the operator calls
 * that change what a host shows (hosts, customization, campaigns). Two levels: this isolate's memory
 * (10 s) and KV (60 s). A change deletes the company's KV keys and this isolate's entries at once, so
 * the next request reads the database; other isolates see it within their memory TTL. An unknown host is
 * never kept in KV, so a host attached a moment later serves its portal at once.
 */
export const portalMemory = new Map<string, { at: number; portal: Portal | null }>();

export const portalKvKey = (host: string) => `portal:v1:${host}`;

/** Forgets the cached lookups of these hosts, here and in KV. */
export async function forgetHosts(env: Env, hosts: readonly string[]): Promise<void> {
  for (const host of hosts) portalMemory.delete(host);
  await Promise.all(hosts.map((host) => env.CACHE.delete(portalKvKey(host)).catch(() => {})));
}

/** Forgets every cached lookup of the company's hosts (after a change to its hosts or customization). */
export async function forgetCompanyPortal(env: Env, db: D1Database, companyId: string, alsoHosts: readonly string[] = []): Promise<void> {
  await forgetHosts(env, [...(await listHostsOf(db, companyId)), ...alsoHosts]);
}
