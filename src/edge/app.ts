import { Hono, type MiddlewareHandler } from 'hono';
import { api } from '../api/app';
import { csrf } from './csrf';
import { media } from './media';
import { proxy } from './proxy';
import { redirects } from './redirect';
import { securityHeaders } from './security-headers';
import { session } from './session';
import { tenant, type TenantOptions } from './tenant';
import type { EdgeEnv } from './types';
import { upstream, type UpstreamOptions } from './upstream';

export interface EdgeOptions extends UpstreamOptions {
  tenant?: TenantOptions;
}

/**
 * The Worker, as a table of contents (design.md): the embedded API at /v1, then for every tenant host
 * security headers, the upstream client, tenant, session and CSRF checks, the browser API at /api, and
 * the pages last (Astro in production, a stub in worker tests).
 */
export function createEdgeApp(pages: MiddlewareHandler[], options: EdgeOptions = {}) {
  const app = new Hono<EdgeEnv>();
  app.all('/v1/*', (c) => api.fetch(c.req.raw, c.env, c.executionCtx));
  app.use(securityHeaders());
  app.use(upstream(options));
  app.use(tenant(options.tenant));
  app.route('/', redirects);
  app.use(session());
  app.route('/media', media);
  app.use(csrf());
  app.route('/api', proxy);
  for (const handler of pages) app.use(handler);
  app.onError((err, c) => {
    console.error('edge: unhandled error', err);
    return c.text('Something went wrong. Please try again later.', 500);
  });
  return app;
}
