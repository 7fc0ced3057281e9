import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { recordAudit } from './audit/record';
import { devOutbox } from './email/outbox';
import { errorBody, onApiError } from './core/errors';
import { mount } from './core/mount';
import { endpoints } from './endpoints';
import { openapi } from './openapi/routes';
import { routeGuard } from './core/route-guard';
import type { ApiEnv } from './core/types';

/**
 * The API (spec §7 and the operator API), mounted by the edge at /v1: every endpoint of ./endpoints.ts,
 * each route with its own guard, then what is not an endpoint: the dev outbox (kept out of the reference,
 * see ./email/outbox.ts) and the reference itself.
 */
export const api = new Hono<ApiEnv>()
  .basePath('/v1')
  // First: an unknown path is a 404, a known path with another method a 405 with Allow (before any auth).
  .use(routeGuard((): readonly RouterRoute[] => api.routes))
  // Endpoints declared once (./endpoints.ts), each route with its own guard.
  .route('/', mount(endpoints, recordAudit))
  // Local development only (a 404 unless DEV_OUTBOX=1): the outbox's latest messages.
  .route('/', devOutbox)
  // The API reference: /v1/openapi.json and /v1/docs.
  .route('/', openapi);

api.onError(onApiError);
api.notFound((c) => c.json(errorBody('not_found', 'notFound'), 404));
