import { Hono } from 'hono';
import { randomToken } from '../core/crypto';
import type { ApiEnv } from '../core/types';
import { docsHtml } from './docs-page';
import { openApiDocument } from './document';

/**
 * The API reference, public: GET /v1/openapi.json (OpenAPI 3.1, generated from the endpoints' zod
 * schemas, see ./document.ts) and GET /v1/docs (the same document as a readable page).
 * /v1 answers skip the edge's security-headers middleware, so the page sets its own strict CSP: no
 * script at all, no external resource, only its nonce'd inline `<style>`.
 */

export const openapi = new Hono<ApiEnv>()
  .get('/openapi.json', (c) =>
    c.json(openApiDocument(new URL(c.req.url).origin), 200, {
      'Cache-Control': 'public, max-age=300',
      // A public document: let hosted viewers and editors read it. Its `servers` names the host it came from.
      'Access-Control-Allow-Origin': '*',
      Vary: 'Host',
    }))
  .get('/docs', (c) => {
    const n = randomToken(16);
    return c.html(docsHtml(openApiDocument(), n), 200, {
      'Content-Security-Policy': [
        "default-src 'none'",
        `style-src 'nonce-${n}'`,
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'self'",
      ].join('; '),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'SAMEORIGIN',
      'Cache-Control': 'no-store',
    });
  });
