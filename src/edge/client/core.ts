import { ZodError } from 'zod';
import { ApiError, errorBody, zodFields } from '../../api/core/errors';
import type { Caller, ServiceContext } from '../../api/core/types';
import { sendToApi, timeoutFor, type Timeouts } from '../transport';

/**
 * A call of the ambassador API that did not succeed, embedded or remote alike: the HTTP status and
 * the spec §8 body (`{ detail, code }` or `{ field: [...], error_codes }`), which pages render with
 * src/lib/error-body.ts in their language.
 */
export class ClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly retryAfter: string | null = null,
  ) {
    super(`ambassador API answered ${status}`);
  }
}

/** What the embedded implementation hands the API's services: no Request, no JSON. */
export interface EmbeddedDeps {
  svc: ServiceContext;
  /** The signed-in caller, verified once per request (a 401 ClientError when there is none). */
  caller(): Promise<Caller>;
  /** Whether the session still holds now (see IdentityClient.confirmSession). */
  confirm(): Promise<boolean>;
}

/** Runs a service and turns its ApiError / ZodError into the ClientError a remote call would give. */
export async function embedded<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) throw new ClientError(err.status, err.body(), err.headers?.['Retry-After'] ?? err.headers?.['retry-after'] ?? null);
    if (err instanceof ZodError) throw new ClientError(400, errorBody('validation', 'invalidInput', zodFields(err)));
    throw err;
  }
}

export interface RemoteInit {
  method?: string;
  /** A JSON body, or FormData for multipart (avatar upload). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sends `Authorization: Token <token>` for the current session unless false. */
  auth?: boolean;
  headers?: Record<string, string>;
}

/** A typed query object as the remote transport takes it (the API validates it). */
export const asQuery = (query: object | undefined) => query as RemoteInit['query'];

/** The caller's own ids a remote call puts in paths (`-` without a session: the API's 401 is the answer). */
export interface RemoteIds {
  ambassadorUid: string;
  /** The tenant's company id (spec §7 paths under /companies/{id}/). */
  companyId: string;
}

/** What the remote implementation talks through: HTTP to AMBASSADOR_API_URL. */
export interface RemoteDeps {
  /** The answer's JSON (null for 204); a non-2xx answer throws ClientError. */
  call<T>(path: string, init?: RemoteInit): Promise<T>;
}

export interface RemoteOptions {
  baseUrl: string;
  token: string | null;
  /** Headers every call carries: forwarded host/proto, tenant, client address, language. */
  headers: Record<string, string>;
  fetch?: (request: Request) => Promise<Response>;
  timeouts?: Timeouts;
}

/** Spec §7 over HTTP through the edge's one transport (../transport.ts: spec §9 timeouts, 504/502 when there is no answer). */
export function remoteDeps(options: RemoteOptions): RemoteDeps {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  return {
    async call<T>(path: string, init: RemoteInit = {}): Promise<T> {
      const method = (init.method ?? 'GET').toUpperCase();
      const url = new URL(options.baseUrl.replace(/\/$/, '') + path);
      for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
      const headers = new Headers(options.headers);
      for (const [k, v] of Object.entries(init.headers ?? {})) headers.set(k, v);
      headers.set('accept', 'application/json');
      if (init.auth !== false && options.token) headers.set('authorization', `Token ${options.token}`);
      let body: BodyInit | null = null;
      if (init.body instanceof FormData) body = init.body;
      else if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers.set('content-type', 'application/json');
      }
      const res = await sendToApi(send, { url, method, headers, body, timeoutMs: timeoutFor(method, options.timeouts) }, 'remote API');
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      if (!res.ok) throw new ClientError(res.status, parsed, res.headers.get('retry-after'));
      return parsed as T;
    },
  };
}
