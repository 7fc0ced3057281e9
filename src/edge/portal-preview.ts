import type { MiddlewareHandler } from 'hono';
import { resolveCustomization } from '../lib/schemas/customization';
import { ClientError } from './client';
import { CONSOLE_COOKIE, consoleClientFor, parseConsoleCookie } from './console-session';
import { requestCookie } from './cookies';
import type { EdgeEnv } from './types';

/** `?preview=draft` on a portal page asks for the branding draft instead of the live customization. */
export const PREVIEW_PARAM = 'preview';
/** `?lang=` of a preview: the page language, one of the company's. */
export const PREVIEW_LANGUAGE_PARAM = 'lang';

/**
 * The console's live preview (/console/branding frames the portal's own pages with `?preview=draft`): a
 * page request asking for the draft renders with it only for a console session whose role opens branding,
 * checked by the API itself (the staff client's `getCustomizationDraft`: the console cookie's token, a full
 * session of this host's company, owner, admin or viewer). Anyone else (no console cookie, an ambassador's
 * session, another role, a session that ended) gets the live page. The draft replaces the tenant record for
 * this request alone, never in the tenant lookup cache (memory or KV), and every answer to a preview request
 * is `Cache-Control: no-store`; the portal's CSP already limits framing to the portal's own origin.
 */
export function portalPreview(): MiddlewareHandler<EdgeEnv> {
  return async function portalPreview(c, next) {
    const url = new URL(c.req.url);
    if (!url.searchParams.has(PREVIEW_PARAM)) return next();
    const token = c.req.method === 'GET' && url.searchParams.get(PREVIEW_PARAM) === 'draft'
      ? parseConsoleCookie(requestCookie(c, CONSOLE_COOKIE)) : null;
    if (token) {
      const draft = await consoleClientFor(c, token).getCustomizationDraft().catch((err: unknown) => {
        if (err instanceof ClientError) return null;
        throw err;
      });
      if (draft) {
        const portal = c.get('portal');
        c.set('portal', { ...portal, customization: draft.content, settings: resolveCustomization(draft.content) });
        const lang = url.searchParams.get(PREVIEW_LANGUAGE_PARAM);
        if (lang && portal.languages.some((l) => l.code === lang)) c.set('previewLanguage', lang);
      }
    }
    await next();
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
