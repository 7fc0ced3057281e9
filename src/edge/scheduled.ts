import type { ServiceContext } from '../api/core/types';

/** The service context of a scheduled run: no request, so no client, host or language. */
export function scheduledContext(env: Env, execution: ExecutionContext): ServiceContext {
  return {
    env, db: env.DB, origin: 'https://localhost', host: 'localhost', tenantCompanyId: null,
    clientIp: null, userAgent: null, acceptLanguage: null, waitUntil: (p) => execution.waitUntil(p),
  };
}
