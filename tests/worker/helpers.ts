// Helpers for worker tests (run inside workerd; `env` has DB/CACHE/FILES, migrated and seeded).
//
//   const portal = edge();
//   const res = await portal.fetch('http://acme.localhost/login');
//   expect(await res.text()).toBe('page:/login');
//
// The tenant comes from the request URL's host (a hand-set Host header may be dropped).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { createEdgeApp, type EdgeOptions } from '../../src/edge/app';

/** Stands in for Astro: answers every page request with `page:<path>`. */
export const stubPages: MiddlewareHandler = async (c) => new Response(`page:${new URL(c.req.url).pathname}`);

export interface EdgeClient {
  /** The Hono app under test. */
  app: ReturnType<typeof createEdgeApp>;
  /**
   * `app.fetch(new Request(url, init), env, ctx)`, then waits for everything the request handed to
   * `ctx.waitUntil()`. A path-only URL ('/login') is taken relative to http://localhost.
   */
  fetch(url: string, init?: RequestInit): Promise<Response>;
}

/** Builds the edge app with the stub pages handler (or `pages`) and the given edge options. */
export function edge(options: EdgeOptions = {}, pages: MiddlewareHandler[] = [stubPages]): EdgeClient {
  const app = createEdgeApp(pages, options);
  return {
    app,
    async fetch(url, init) {
      const ctx = createExecutionContext();
      const request = new Request(new URL(url, 'http://localhost'), init);
      const res = await app.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    },
  };
}

/** Form body for POSTs the way a browser sends a form. */
export function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

/** `name=value` pairs of every Set-Cookie on a response, ready for a Cookie request header. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');
}
