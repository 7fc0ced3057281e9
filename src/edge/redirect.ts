import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { forgetLinks } from '../api/sharing/link-cache';
import { mintClickId } from '../api/sharing/click-id';
import { isBot, withClickId } from '../api/sharing/redirects';
import type { ResolvedShareLink } from '../lib/schemas/sharing';
import { escapeHtml } from '../lib/escape-html';
import { t } from '../lib/i18n';
import { DEFAULT_HEAD_TITLE, RESERVED_SLUGS, TAB_KEYS } from '../lib/schemas/customization';
import { SHORT_CODE_MAX, SHORT_CODE_PATTERN } from '../lib/schemas/share-link';
import { requestCookie } from './cookies';
import { requestLanguage } from './request-context';
import type { EdgeEnv } from './types';

// The link rules live with the API's share-link service (it resolves links and records clicks).
export { isBot, redirectLocation, REPEAT_WINDOW_MS } from '../api/sharing/redirects';

/** Host of the page the visitor came from, if it is a URL (the referrer host of the click). */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).host.toLowerCase();
    return host && host.length <= 253 ? host : null;
  } catch {
    return null;
  }
}

type EdgeCtx = Context<EdgeEnv>;

/** The visitor's country as the network knows it (Cloudflare's `request.cf`), two letters or null. */
function countryOf(c: EdgeCtx): string | null {
  const cf = (c.req.raw as Request & { cf?: { country?: unknown } }).cf;
  const country = typeof cf?.country === 'string' ? cf.country.trim().toUpperCase() : '';
  return /^[A-Z0-9]{2}$/.test(country) ? country : null;
}

/**
 * 302 (never a cached 301) to the link's target. The click is recorded through the client after the
 * answer went out (waitUntil): sent to the clicks queue, or written where there is none
 * (src/api/sharing/click-ingest.ts). The API derives the salted client hash and the bot flag from the
 * forwarded client address and user agent; the edge adds what only it sees, the referrer and country,
 * and the click's id, so that a click sent twice (a retried call, a redelivered batch) counts once.
 *
 * The click id also goes to the landing URL as `mbsy_cid`: the store keeps it and names it with a sale.
 * It is signed (src/api/sharing/click-id.ts: the share link, the time and the company under the deployment's
 * secret), so the sale is credited by the id itself, even before the click reaches D1 through the queue.
 * Only a person's visit gets one: a HEAD (no click recorded) gets none, and neither does a known bot (its
 * click is stored, never counted), so a crawler or link preview never carries an id into an indexed or
 * cached URL that later readers would arrive by.
 */
async function follow(c: EdgeCtx, link: ResolvedShareLink | null) {
  if (!link) return inactiveLinkPage(c);
  let location = link.location;
  if (c.req.method === 'GET') {
    const clickId = await mintClickId(c.env, c.var.portal.uid, link.share_link_uid);
    const click = c.var.client.recordClick({ body: {
      ...(clickId ? { click_uid: clickId } : {}),
      share_link_uid: link.share_link_uid, referrer_host: hostOf(c.req.header('referer')), country: countryOf(c),
    } });
    c.executionCtx.waitUntil(click.catch((err) => console.error('redirect: click not recorded', link.share_link_uid, err)));
    if (clickId && !isBot(c.req.header('user-agent'))) location = withClickId(location, clickId);
  }
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

const colour = (v: string | null | undefined, fallback: string) => (v && /^#[0-9a-fA-F]{3,8}$/.test(v) ? v : fallback);

/** A company without a logo: its initial in the brand colour beside its name (as src/ui/shell/BrandMark.astro). */
function brandMark(name: string, background: string, foreground: string) {
  const initial = (name.trim().match(/\p{L}|\p{N}/u)?.[0] ?? '?').toLocaleUpperCase();
  return `<p class="mark" data-brand-mark><span aria-hidden="true" style="background:${background};color:${foreground}">${escapeHtml(initial)}</span>${escapeHtml(name)}</p>`;
}

/** The branded 404 for an unknown or inactive link: the tenant's title, logo and colours, no JavaScript. */
export function inactiveLinkPage(c: EdgeCtx) {
  const portal = c.var.portal;
  const s = portal.settings;
  const lang = requestLanguage(portal, requestCookie(c, 'language'), c.req.header('accept-language'));
  const title = s.meta.head_title && s.meta.head_title !== DEFAULT_HEAD_TITLE ? s.meta.head_title : portal.company_name;
  const logo = s.theme.campaign_portal_logo || s.login.logo || null;
  const brand = colour(s.theme.button_color, '#3579a6');
  const brandText = colour(s.theme.button_text_color, '#ffffff');
  const favicon = s.meta.favicon ? `<link rel="icon" href="${escapeHtml(s.meta.favicon)}">` : '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(t(lang, 'linkNotFoundTitle'))} · ${escapeHtml(title)}</title>${favicon}<meta name="robots" content="noindex">`
    + `<style>body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7fc;color:#1f2937;display:grid;place-items:center;min-height:100vh}`
    + `main{background:#fff;border-radius:14px;padding:2rem;max-width:420px;margin:1rem;text-align:center;box-shadow:0 10px 30px rgba(15,23,42,.08)}`
    + `img{max-height:64px;max-width:100%}h1{font-size:1.4rem}.mark{display:flex;align-items:center;justify-content:center;gap:.6rem;font-weight:700;font-size:1.1rem}.mark span{display:inline-grid;place-items:center;width:2.5rem;height:2.5rem;border-radius:10px;font-size:1.25rem}a.btn{display:inline-block;padding:.6rem 1.2rem;border-radius:8px;background:${brand};color:${brandText};text-decoration:none;font-weight:600}</style></head>`
    + `<body><main>${logo ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(portal.company_name)}">` : brandMark(portal.company_name, brand, brandText)}<h1>${escapeHtml(t(lang, 'linkNotFoundTitle'))}</h1>`
    + `<p>${escapeHtml(t(lang, 'linkNotFound', { company: portal.company_name }))}</p>`
    + `<p><a class="btn" href="/">${escapeHtml(t(lang, 'linkNotFoundHome', { company: portal.company_name }))}</a></p></main></body></html>`;
  return c.html(html, 404, { 'Cache-Control': 'no-store' });
}

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
// Writes that cannot change where a link leads: a click or a share leaves every link as it was.
const LINK_NEUTRAL = /^\/(?:v1|api)\/(?:clicks|track\/share)\/$/;

/**
 * Empties this isolate's resolved links (src/api/sharing/link-cache.ts) after every write request it
 * serves, whichever path made it (/v1 operator calls, /api, the pages' forms): a link re-targeted, an
 * ambassador deactivated or a campaign ended stops redirecting here at once, and elsewhere within the
 * cache's LINK_CACHE_TTL_MS. Writes are rare beside visits, so forgetting all of them costs little.
 */
export function forgetLinksAfterWrites(): MiddlewareHandler<EdgeEnv> {
  return async function forgetLinksAfterWrites(c, next) {
    await next();
    if (!READS.has(c.req.method) && !LINK_NEUTRAL.test(c.req.path)) forgetLinks();
  };
}

const MEMORABLE_SLUG = /^[A-Za-z0-9_-]{1,64}$/;
const NOT_MEMORABLE: ReadonlySet<string> = new Set([...RESERVED_SLUGS, ...TAB_KEYS, 'media', 'index', '404', '500']);

/**
 * Share-link redirects (design.md): `/r/<short_code>`, and the memorable URL `/<username>` (or
 * `/<ambassador uid>`) which follows the ambassador's longest-running active campaign. Both go through
 * the ambassador client's public calls (embedded: one D1 query, the click after the answer; remote:
 * GET /v1/share_links/resolve/ and POST /v1/clicks/). Mounted after the tenant and the client, before
 * CSRF and the page context: a visitor needs no session.
 */
export const redirects = new Hono<EdgeEnv>()
  // GET /r/{short_code} - a share link
  .get('/r/:code', async (c) => {
    const code = c.req.param('code');
    if (code.length > SHORT_CODE_MAX || !SHORT_CODE_PATTERN.test(code)) return inactiveLinkPage(c);
    return follow(c, await c.var.client.findShareLink({ short_code: code }));
  })
  // GET /{username} - the memorable URL; custom tabs, reserved paths and everything else fall through
  .get('/:slug', async (c, next) => {
    const slug = c.req.param('slug');
    const lower = slug.toLowerCase();
    if (!MEMORABLE_SLUG.test(slug) || NOT_MEMORABLE.has(lower) || c.var.portal.settings.tabs.custom.some((tab) => tab.slug === lower)) {
      return next();
    }
    const link = await c.var.client.findShareLink({ username: slug });
    if (!link) return next();
    return follow(c, link);
  });
