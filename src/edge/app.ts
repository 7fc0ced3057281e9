import { Hono, type MiddlewareHandler } from 'hono';
import { apiClient, type ClientOptions } from './api-client';
import { bodyLimit } from '../api/core/body-limit';
import { canonicalPaths } from './canonical-path';
import { pageGate } from './page-gate';
import { requestContext } from './request-context';
import { t } from '../lib/i18n';
import { csrf } from './csrf';
import { d1 } from './d1';
import { media } from './media';
import { outsideApi } from './outside-api';
import { portalPreview } from './portal-preview';
import { proxy } from './proxy';
import { forgetLinksAfterWrites, redirects } from './redirect';
import { securityHeaders } from './security-headers';
import { session } from './session';
import { consoleSession } from './console-session';
import { storeScript } from './store-script';
import { tenant, type TenantOptions } from './tenant';
import type { EdgeEnv } from './types';
import { upstream, type UpstreamOptions } from './upstream';

/** Largest request body any route accepts (the avatar limit itself is 2 MB, checked by the API). */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

export interface EdgeOptions extends UpstreamOptions {
  tenant?: TenantOptions;
}

/**
 * The Worker, as a table of contents (design.md): a body-size limit, the embedded API at /v1 (./outside-api.ts), then for every tenant host a
 * per-request D1 view, security headers, the upstream transport of the browser API, tenant, the store script
 * (/t.js, before the session: no portal cookie on a store's request), session and
 * the typed client, share-link redirects, media, CSRF checks, the browser API at /api, the page request
 * context, and the pages last (Astro in production, a stub in worker tests).
 */
export function createEdgeApp(pages: MiddlewareHandler[], options: EdgeOptions = {}) {
  const app = new Hono<EdgeEnv>();
  const clientOptions: ClientOptions = { timeouts: options.timeouts };
  // First: an oversized body is refused (413) after it is drained, so wrangler's dev proxy delivers it.
  app.use(bodyLimit({ maxBytes: MAX_BODY_BYTES }));
  // Any write, wherever it lands, drops this isolate's resolved share links (src/api/sharing/link-cache.ts).
  app.use(forgetLinksAfterWrites());
  // The API from outside: internal headers stripped (or verified, from a remote portal), tenant from the Host.
  app.all('/v1/*', outsideApi({ ...clientOptions, ...options.tenant }));
  app.use(d1());
  app.use(securityHeaders());
  app.use('/api/*', upstream(options));
  if (options.fetchUpstream) app.use(remoteStandIn(options.fetchUpstream));
  app.use(tenant({ ...clientOptions, ...options.tenant }));
  app.route('/', storeScript);
  app.use(session());
  app.use(apiClient(clientOptions));
  app.use('/console', consoleSession());
  app.use('/console/*', consoleSession());
  app.route('/', redirects);
  app.route('/media', media);
  app.use(csrf());
  app.route('/api', proxy);
  // A console session's preview of the branding draft (?preview=draft), for that request only.
  app.use(portalPreview());
  app.use(requestContext());
  // One spelling per page path: others are redirected to it, so the gate sees what renders.
  app.use(canonicalPaths());
  // Access level (spec §6), tab visibility and the admin3 variant, before any page renders.
  app.use(pageGate());
  for (const handler of pages) app.use(handler);
  app.onError((err, c) => {
    console.error('edge: unhandled error', err);
    // In the page language when the request got that far (what to try, not only that it failed).
    return c.text(t(c.get('requestContext')?.lang, 'generic'), 500);
  });
  return app;
}

/**
 * Tests stand in for a remote API with `fetchUpstream`: the typed client then goes over HTTP to it too.
 * (The stand-in needs this request's env, so the client options are completed per request.)
 */
function remoteStandIn(send: NonNullable<EdgeOptions['fetchUpstream']>): MiddlewareHandler<EdgeEnv> {
  return async function remoteStandIn(c, next) {
    c.set('remoteFetch', (request: Request) => send(request, c.env, c.executionCtx as ExecutionContext));
    await next();
  };
}
