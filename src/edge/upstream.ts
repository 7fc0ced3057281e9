import type { MiddlewareHandler } from 'hono';
import { api } from '../api/app';
import { INTERNAL_HEADERS, signInternalHeaders } from './internal-headers';
import { forwardedHeaders, sendToApi, timeoutFor, type Timeouts } from './transport';
import type { EdgeEnv, UpstreamFetch, UpstreamInit } from './types';

/** The embedded API, called in-process: no network hop. */
const embedded: UpstreamFetch = (request, env, execution) => api.fetch(request, env, execution) as Promise<Response>;

const remote: UpstreamFetch = (request) => fetch(request);

/** An HTTP upstream with the internal headers of each request signed (./internal-headers.ts). */
const signedUpstream = (send: UpstreamFetch): UpstreamFetch => async (request, env, execution) =>
  send(await signInternalHeaders(env, request), env, execution);

export interface UpstreamOptions {
  /** Stand-in for a remote API in tests; production uses embedded or `fetch`. */
  fetchUpstream?: UpstreamFetch;
  /** Overrides of the spec §9 timeouts (tests use short ones). */
  timeouts?: Timeouts;
}

/**
 * Sets `c.var.upstream` for the browser API proxy (/api/*): spec §7 paths go to the embedded API
 * (`AMBASSADOR_API_URL` unset) or to that origin, through the one transport of ./transport.ts (spec §9
 * timeouts; a timeout answers 504 with spec §8's no-response message).
 */
export function upstream(options: UpstreamOptions = {}): MiddlewareHandler<EdgeEnv> {
  return async function upstream(c, next) {
    const base = c.env.AMBASSADOR_API_URL?.replace(/\/$/, '') || `${new URL(c.req.url).origin}/v1`;
    // In-process calls carry the internal headers as they are; HTTP ones sign them for the other portal's /v1.
    const send = options.fetchUpstream ? signedUpstream(options.fetchUpstream) : c.env.AMBASSADOR_API_URL ? signedUpstream(remote) : embedded;
    c.set('upstream', async (path: string, init: UpstreamInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const headers = new Headers(init.headers);
      headers.set('accept', 'application/json');
      // Ours alone: none of the browser's headers passes under an internal name.
      for (const name of INTERNAL_HEADERS) headers.delete(name);
      for (const [name, value] of Object.entries(forwardedHeaders(c))) headers.set(name, value);
      const session = c.get('session');
      if (init.auth !== false && session) headers.set('authorization', `Token ${session.token}`);
      return sendToApi((request) => send(request, c.env, c.executionCtx as ExecutionContext), {
        url: base + path,
        method,
        headers,
        body: init.body ?? null,
        timeoutMs: init.timeoutMs ?? timeoutFor(method, options.timeouts),
      }, 'upstream');
    });
    await next();
  };
}
