import type { MiddlewareHandler } from 'hono';
import type { ServiceContext } from '../api/core/types';
import { embeddedClient, remoteClient, type AmbassadorClient } from './client';
import type { EdgeContext, EdgeEnv, Session } from './types';

export interface ClientOptions {
  /** Stand-in transport for a remote API (tests): receives the Request a remote call would send. */
  fetchRemote?: (request: Request) => Promise<Response>;
  /** Overrides of the spec §9 timeouts (tests use short ones). */
  timeouts?: { readMs?: number; writeMs?: number };
}

/** What a service sees of this request: the portal host, the tenant, the client address. */
export function edgeServiceContext(c: EdgeContext): ServiceContext {
  const url = new URL(c.req.url);
  return {
    env: c.env,
    db: c.env.DB,
    origin: url.origin,
    host: url.host,
    tenantCompanyId: c.get('portal')?.uid ?? null,
    clientIp: c.req.header('cf-connecting-ip') ?? null,
    userAgent: c.req.header('user-agent') ?? null,
    acceptLanguage: c.req.header('accept-language') ?? null,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  };
}

/** The ambassador client for this request and `session`: embedded, or remote when AMBASSADOR_API_URL is set. */
export function clientFor(c: EdgeContext, session: Session | null, options: ClientOptions = {}): AmbassadorClient {
  const remoteUrl = c.env.AMBASSADOR_API_URL?.trim();
  const fetchRemote = options.fetchRemote ?? c.get('remoteFetch');
  if (!remoteUrl && !fetchRemote) return embeddedClient({ svc: edgeServiceContext(c), session });
  const url = new URL(c.req.url);
  const headers: Record<string, string> = {
    'x-forwarded-host': url.host,
    'x-forwarded-proto': url.protocol.replace(':', ''),
  };
  const portal = c.get('portal');
  if (portal) headers['x-portal-company'] = portal.uid;
  for (const name of ['cf-connecting-ip', 'user-agent', 'accept-language', 'referer']) {
    const value = c.req.header(name);
    if (value) headers[name] = value;
  }
  return remoteClient({
    baseUrl: remoteUrl || `${url.origin}/v1`,
    session,
    headers,
    fetch: fetchRemote,
    timeouts: options.timeouts,
  });
}

/** Sets `c.var.client`: the session's client, once the tenant and the session cookie are known. */
export function apiClient(options: ClientOptions = {}): MiddlewareHandler<EdgeEnv> {
  return async function apiClient(c, next) {
    c.set('client', clientFor(c, c.get('session'), options));
    await next();
  };
}
