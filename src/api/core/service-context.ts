import type { ApiContext, Caller, ServiceContext } from './types';

/**
 * The service context of an API request, from the internal headers (src/edge/internal-headers.ts) that
 * only the edge sets: the portal host and scheme, the tenant, the client address and device. Requests
 * from outside reach the API only through the edge's /v1 door, which strips them (or verifies another
 * portal's signature over them) and sets the tenant from the Host.
 */
export function serviceContext(c: ApiContext): ServiceContext {
  const url = new URL(c.req.url);
  const forwardedHost = c.req.header('x-forwarded-host');
  const forwardedProto = c.req.header('x-forwarded-proto');
  const proto = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : url.protocol.replace(':', '');
  const host = forwardedHost || url.host;
  return {
    env: c.env,
    db: c.env.DB,
    origin: `${proto}://${host}`,
    host,
    tenantCompanyId: c.req.header('x-portal-company') ?? null,
    clientIp: c.req.header('x-portal-client-ip') ?? null,
    userAgent: c.req.header('user-agent') ?? null,
    acceptLanguage: c.req.header('accept-language') ?? null,
    deviceId: c.req.header('x-portal-device') ?? null,
    waitUntil: (promise) => {
      try {
        c.executionCtx.waitUntil(promise);
      } catch {
        void promise;
      }
    },
  };
}

/** The verified caller of a signed-in route (set once by `requireAmbassador`). */
export function callerOf(c: ApiContext): Caller {
  return c.get('caller');
}
