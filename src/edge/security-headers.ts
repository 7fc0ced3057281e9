import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from './types';

function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Security headers on every response, and a per-response CSP nonce. HTML is rewritten so each `<script>`
 * our templates and the tenant's configured snippets emit carries the nonce; tenant HTML shown as
 * content is sanitised (no scripts survive), so only those scripts can run. 'strict-dynamic' lets them
 * load what they import (islands, the translation widget).
 */
export function securityHeaders(): MiddlewareHandler<EdgeEnv> {
  return async function securityHeaders(c, next) {
    const nonce = newNonce();
    c.set('nonce', nonce);
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
    if ((h.get('content-type') ?? '').includes('text/html') && c.res.body) {
      const withNonce = { element: (el: Element) => { el.setAttribute('nonce', nonce); } };
      // Scripts, and the preloads of scripts: under 'strict-dynamic' a preload without the nonce is refused.
      const res = new HTMLRewriter()
        .on('script', withNonce)
        .on('link[rel="modulepreload"], link[rel="preload"][as="script"]', withNonce)
        .transform(c.res);
      c.res = new Response(res.body, c.res);
    }
  };
}
