import type { MiddlewareHandler } from 'hono';
import { newNonce, rememberNonce } from './csp-nonce';
import type { EdgeEnv } from './types';

/**
 * Security headers on every response, and a per-response CSP nonce. The pages write the nonce on each
 * `<script>` they mean to run as they render it (./csp-nonce.ts: our templates, Astro's island and head
 * scripts, the tenant's configured snippets); any other script, an injected one included, is refused.
 * Tenant HTML shown as content is sanitised as well. 'strict-dynamic' lets the nonce'd scripts load what
 * they import (islands, the translation widget).
 */
export function securityHeaders(): MiddlewareHandler<EdgeEnv> {
  return async function securityHeaders(c, next) {
    const nonce = newNonce();
    c.set('nonce', nonce);
    rememberNonce(c.req.raw, nonce);
    await next();
    // Responses from the asset binding or a fetch have immutable headers: work on a copy.
    c.res = new Response(c.res.body, c.res);
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    h.set('X-Frame-Options', 'SAMEORIGIN');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    h.set(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https:`,
        "style-src 'self' 'unsafe-inline' https:",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data: https:",
        "connect-src 'self' https:",
        "frame-src 'self' https:",
        "media-src 'self' https:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
  };
}
