import type { MiddlewareHandler } from 'hono';
import { api } from '../api/app';
import { DEFAULT_TIMEOUT_MS, WRITE_TIMEOUT_MS } from './client/core';
import type { EdgeEnv, UpstreamFetch, UpstreamInit } from './types';

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** The embedded API, called in-process: no network hop. */
const embedded: UpstreamFetch = (request, env, ctx) => api.fetch(request, env, ctx) as Promise<Response>;

const remote: UpstreamFetch = (request) => fetch(request);

export interface UpstreamOptions {
  /** Stand-in for a remote API in tests; production uses embedded or `fetch`. */
  fetchUpstream?: UpstreamFetch;
  /** Overrides of the spec §9 timeouts (tests use short ones). */
  timeouts?: { readMs?: number; writeMs?: number };
}

/**
 * Sets `c.var.upstream` for the browser API proxy (/api/*): spec §7 paths go to the embedded API (`AMBASSADOR_API_URL` unset) or to that
 * origin. Timeouts follow spec §9: 20 s for reads, 15 s for writes; a timeout answers 504 with
 * spec §8's no-response message.
 */
export function upstream(options: UpstreamOptions = {}): MiddlewareHandler<EdgeEnv> {
  return async function upstream(c, next) {
    const requestUrl = new URL(c.req.url);
    const base = c.env.AMBASSADOR_API_URL?.replace(/\/$/, '') || `${requestUrl.origin}/v1`;
    const send = options.fetchUpstream ?? (c.env.AMBASSADOR_API_URL ? remote : embedded);
    c.set('upstream', async (path: string, init: UpstreamInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const headers = new Headers(init.headers);
      headers.set('accept', 'application/json');
      headers.set('x-forwarded-host', requestUrl.host);
      headers.set('x-forwarded-proto', requestUrl.protocol.replace(':', ''));
      // The API limits requests per client; it sees the browser's address only through this header.
      const clientIp = c.req.header('cf-connecting-ip');
      if (clientIp && !headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', clientIp);
      const session = c.get('session');
      // Tells the API which tenant this host serves, so a token of one company is refused on another's host.
      const portal = c.get('portal');
      if (portal) headers.set('x-portal-company', portal.uid);
      if (init.auth !== false && session) headers.set('authorization', `Token ${session.token}`);
      const timeoutMs = init.timeoutMs
        ?? (isWrite(method) ? options.timeouts?.writeMs ?? WRITE_TIMEOUT_MS : options.timeouts?.readMs ?? DEFAULT_TIMEOUT_MS);
      const controller = new AbortController();
      const request = new Request(base + path, { method, headers, body: init.body ?? null, signal: controller.signal });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<Response>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve(Response.json({ detail: 'No response from the server.', code: 'noResponse' }, { status: 504 }));
        }, timeoutMs);
      });
      try {
        return await Promise.race([send(request, c.env, c.executionCtx as ExecutionContext), timeout]);
      } catch (err) {
        console.error('upstream: request failed', path, err);
        return Response.json({ detail: 'No response from the server.', code: 'noResponse' }, { status: 502 });
      } finally {
        clearTimeout(timer);
      }
    });
    await next();
  };
}
