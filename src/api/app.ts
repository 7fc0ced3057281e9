import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { authSignedIn } from './auth/routes';
import { devOutbox } from './email/outbox';
import { errorBody, onApiError } from './core/errors';
import { mount } from './core/mount';
import { endpoints } from './endpoints';
import { openapi } from './openapi/routes';
import { routeGuard } from './core/route-guard';
import type { ApiEnv } from './core/types';

/**
 * The embedded ambassador API (spec §7), mounted by the edge at /v1. Each area is a sub-app.
 *
 * Order matters: Hono merges the middleware of sub-apps mounted at '/', so a signed-in sub-app's
 * `.use(requireAmbassador())` also guards every route mounted after it. Sub-apps with public routes
 * come first, signed-in ones after.
 */
export const api = new Hono<ApiEnv>()
  .basePath('/v1')
  // First: an unknown path is a 404, a known path with another method a 405 with Allow (before any auth).
  .use(routeGuard((): readonly RouterRoute[] => api.routes))
  // Endpoints declared once (./endpoints.ts), each route with its own guard: before every sub-app, whose
  // `use()` at '/' would otherwise guard them too.
  .route('/', mount(endpoints))
  // Public: the dev outbox.
  .route('/', devOutbox)
  // The API reference: /v1/openapi.json and /v1/docs.
  .route('/', openapi)
  // Signed in.
  .route('/', authSignedIn); // log out

api.onError(onApiError);
api.notFound((c) => c.json(errorBody('not_found', 'notFound'), 404));
