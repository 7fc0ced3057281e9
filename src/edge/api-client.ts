import type { MiddlewareHandler } from 'hono';
import { requestCookie } from './cookies';
import { resolveLanguage } from '../lib/languages';
import type { ServiceContext } from '../api/core/types';
import { clientAddress } from './client-address';
import { embeddedClient, remoteClient, type AmbassadorClient } from './client';
import { signedSend } from './internal-headers';
import { writeStamp } from './session';
import { forwardedHeaders, type Timeouts } from './transport';
import type { EdgeContext, EdgeEnv, Session } from './types';

export interface ClientOptions {
  /** Stand-in transport for a remote API (tests): receives the Request a remote call would send. */
  fetchRemote?: (request: Request) => Promise<Response>;
  /** Overrides of the spec §9 timeouts (tests use short ones). */
  timeouts?: Timeouts;
}

// How to change the language a client sends once the page language is known (after the session check).
const languageSetters = new WeakMap<AmbassadorClient, (lang: string) => void>();

/** Makes the client's later calls carry `lang` as their language header (spec §7). */
export function setClientLanguage(client: AmbassadorClient | undefined, lang: string): void {
  if (client) languageSetters.get(client)?.(lang);
}

/**
 * The language the first call carries, before the profile is read: the language cookie, else the
 * browser's, else the company default (the same rule as the page's, src/edge/request-context.ts).
 */
function initialLanguage(c: EdgeContext): string {
  const portal = c.get('portal');
  const companyDefault = (portal?.customization as { default_language?: string } | undefined)?.default_language ?? null;
  return resolveLanguage(requestCookie(c, 'language'), c.req.header('accept-language'), companyDefault);
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
    clientIp: clientAddress(c),
    userAgent: c.req.header('user-agent') ?? null,
    acceptLanguage: initialLanguage(c),
    deviceId: c.get('deviceId') ?? null,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  };
}

/** The ambassador client for this request and `session`: embedded, or remote when AMBASSADOR_API_URL is set. */
export function clientFor(c: EdgeContext, session: Session | null, options: ClientOptions = {}): AmbassadorClient {
  const remoteUrl = c.env.AMBASSADOR_API_URL?.trim();
  const fetchRemote = options.fetchRemote ?? c.get('remoteFetch');
  if (!remoteUrl && !fetchRemote) {
    const svc = edgeServiceContext(c);
    // A page view may reuse this isolate's recent verification of the session (./caller-cache.ts).
    const reuse = session && (c.req.method === 'GET' || c.req.method === 'HEAD') ? { stamp: writeStamp(c) } : null;
    const client = embeddedClient({ svc, session, reuse });
    languageSetters.set(client, (lang) => { svc.acceptLanguage = lang; });
    return client;
  }
  const headers = forwardedHeaders(c);
  for (const name of ['user-agent', 'referer']) {
    const value = c.req.header(name);
    if (value) headers[name] = value;
  }
  // The page language, not the browser's list: the API answers in the language the page shows.
  headers['accept-language'] = initialLanguage(c);
  const client = remoteClient({
    baseUrl: remoteUrl || `${new URL(c.req.url).origin}/v1`,
    session,
    headers,
    // The other portal's /v1 keeps the internal headers only with this deployment's signature.
    fetch: signedSend(c.env, fetchRemote ?? ((request) => fetch(request))),
    timeouts: options.timeouts,
  });
  // remoteDeps reads this same headers object on every call.
  languageSetters.set(client, (lang) => { headers['accept-language'] = lang; });
  return client;
}

/** Sets `c.var.client`: the session's client, once the tenant and the session cookie are known. */
export function apiClient(options: ClientOptions = {}): MiddlewareHandler<EdgeEnv> {
  return async function apiClient(c, next) {
    c.set('client', clientFor(c, c.get('session'), options));
    await next();
  };
}
