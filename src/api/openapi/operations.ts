import type { z } from 'zod';
import type { AnyEndpoint } from '../core/endpoint';
import { endpoints } from '../endpoints';

/**
 * The route table of the OpenAPI document: one row per operator route, naming the SAME zod schemas the
 * route validates with (src/lib/schemas/operator.ts) and the answer schemas of ./responses.ts. The
 * document (./document.ts) turns them into JSON Schema with zod 4's `z.toJSONSchema()`.
 *
 * Why a table and not `@hono/zod-openapi`: that package wants every route rewritten with `createRoute`
 * and its own validator, which would change how the operator routes read their raw body (they hash the
 * exact text for Idempotency-Key) and add a dependency; zod 4 already emits JSON Schema 2020-12, which is
 * what OpenAPI 3.1 uses. The price is that paths live here and in routes.ts: tests/worker/openapi.test.ts
 * fails when an operator route of the Hono app has no row here, or a row has no route.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Errors a route may answer besides 400 / 401 (every route) and the Idempotency-Key ones (every POST). */
export interface RouteErrors {
  404?: string;
  /** Codes of 409 `{ detail, code, params? }` answers, with when. */
  409?: Record<string, string>;
  /** When a rate limit answers 429. */
  429?: string;
}

export interface Operation {
  method: Method;
  /** Hono path under /v1 (`:param` segments), exactly as the app lists it in `api.routes`. */
  path: string;
  tag: 'Conversions' | 'Commissions' | 'Payouts' | 'Loyalty' | 'Companies' | 'Customization' | 'Campaigns' | 'Programs'
    | 'Ambassadors' | 'Assets' | 'Webhooks' | 'E-mail' | 'Retention' | 'Attribution' | (string & {});
  operationId: string;
  summary: string;
  description: string;
  /** Body schema (POST, PUT, PATCH). */
  body?: z.ZodType;
  /** The body's media type when it is not JSON (e.g. `text/csv`); `example` is then the body text. */
  contentType?: string;
  /** Query schema (GET): each property becomes a query parameter. */
  query?: z.ZodType;
  /** A request body that `body` accepts (checked by the tests). */
  example?: Record<string, unknown> | string;
  /** The success answer (JSON unless `contentType` names another media type, e.g. NDJSON: `schema` is then one line). */
  ok: { status: 200 | 201; schema: z.ZodType; description: string; contentType?: string };
  /** POST /events also answers 200 (a repeat) beside 201. */
  alsoOk?: { status: 200; description: string };
  errors: RouteErrors;
  /**
   * Whose key it takes: a company's (default) or the deployment owner's ADMIN_API_KEY (401 realm "admin",
   * 503 when unset); `signature`: no key, a Standard Webhooks signature of the body (the mail provider's events);
   * `stripe` / `shopify`: no key, the store's own signature header under the company's integration secret.
   */
  auth?: 'company' | 'owner' | 'signature' | 'stripe' | 'shopify' | 'ambassador' | 'public';
  /** An ambassador write that honours Idempotency-Key (documented with its 409 and 422). */
  idempotencyKey?: boolean;
  /** A 413 of this route besides the 6 MB limit of every request (e.g. the import's file size). */
  tooLarge?: string;
}

/** An endpoint (src/api/core/endpoint.ts) as a row of this table: the document reads both alike. */
export const operationOfEndpoint = (ep: AnyEndpoint): Operation => ({
  method: ep.method,
  path: `/v1${ep.path}`,
  tag: ep.tag,
  operationId: ep.operationId,
  summary: ep.summary,
  description: ep.description,
  body: ep.body,
  contentType: ep.contentType,
  query: ep.query,
  example: ep.example,
  ok: ep.answer,
  alsoOk: ep.alsoOk,
  errors: ep.errors ?? {},
  auth: ep.auth === 'operator' ? undefined : ep.auth,
  idempotencyKey: ep.idempotencyKey,
  tooLarge: ep.tooLarge,
});

export const OPERATIONS: Operation[] = [
  ...Object.values(endpoints).map(operationOfEndpoint),
];
