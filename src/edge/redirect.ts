import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { sha256Hex } from '../api/core/crypto';
import { insertClick } from '../api/sharing/click-queries';
import { findMemorableTarget, findRedirectTarget, type RedirectTargetRow } from '../api/sharing/queries';
import { t } from '../lib/i18n';
import { RESERVED_SLUGS, TAB_KEYS } from '../lib/schemas/customization';
import { SHORT_CODE_MAX, SHORT_CODE_PATTERN } from '../lib/schemas/share-link';
import { requestLanguage } from './context';
import type { EdgeEnv } from './types';

/** A second click of the same client on the same link within this window is stored but not counted. */
export const REPEAT_WINDOW_MS = 30 * 60 * 1000;

// Link previewers, crawlers, monitors and HTTP libraries. Their clicks are stored with counted = 0.
const BOT_PATTERN = new RegExp(
  [
    'bot\\b', 'bot/', 'crawl', 'spider', 'slurp', 'facebookexternalhit', 'facebookcatalog', 'embedly', 'quora link preview',
    'outbrain', 'pinterest/', 'vkshare', 'w3c_validator', 'whatsapp', 'skypeuripreview', 'bitlybot', 'preview',
    'headlesschrome', 'phantomjs', 'lighthouse', 'pingdom', 'uptime', 'monitor', 'curl/', 'wget/', 'httpie',
    'python-requests', 'python-urllib', 'aiohttp', 'go-http-client', 'java/', 'okhttp', 'apache-httpclient', 'node-fetch',
    'undici', 'axios/', 'libwww-perl', 'scrapy', 'autocannon', 'k6/', 'postman',
  ].join('|'),
  'i',
);

/** Known bots by user agent; a missing user agent counts as a bot too (every browser sends one). */
export function isBot(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || BOT_PATTERN.test(ua);
}

/** The target with `mbsy=<short_code>&campaignid=<id>` added; the target's own query parameters stay. */
export function redirectLocation(target: string, shortCode: string, campaignId: number): string {
  const url = new URL(target);
  url.searchParams.set('mbsy', shortCode);
  url.searchParams.set('campaignid', String(campaignId));
  return url.toString();
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase() || null;
  } catch {
    return null;
  }
}

type EdgeCtx = Context<EdgeEnv>;

/** Records the click after the response went out; the raw IP is only ever an input to the salted hash. */
async function recordClick(c: EdgeCtx, link: RedirectTargetRow) {
  const ip = c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
  const ua = c.req.header('user-agent') ?? '';
  const clientHash = await sha256Hex(`${c.env.CLICK_HASH_SALT ?? ''}\n${ip}\n${ua}`);
  const now = Date.now();
  const cf = (c.req.raw as Request & { cf?: { country?: string } }).cf;
  await insertClick(c.env.DB, {
    companyId: link.company_id,
    shareLinkUid: link.uid,
    campaignId: link.campaign_id,
    ambassadorUid: link.ambassador_uid,
    referrerHost: hostOf(c.req.header('referer')),
    country: typeof cf?.country === 'string' ? cf.country.slice(0, 2).toUpperCase() : null,
    clientHash,
    bot: isBot(ua),
    now: new Date(now).toISOString(),
    repeatSince: new Date(now - REPEAT_WINDOW_MS).toISOString(),
  });
}

/** 302 (never a cached 301) to the link's target; the click is written through waitUntil. */
function follow(c: EdgeCtx, link: RedirectTargetRow | null) {
  if (!link || !link.campaign_active || link.deactivated_by_self) return inactiveLinkPage(c);
  let location: string;
  try {
    location = redirectLocation(link.redirect_url || link.campaign_url, link.short_code, link.campaign_id);
  } catch {
    console.error('redirect: bad target URL for link', link.uid);
    return inactiveLinkPage(c);
  }
  if (c.req.method === 'GET') {
    c.executionCtx.waitUntil(recordClick(c, link).catch((err) => console.error('redirect: click not recorded', link.uid, err)));
  }
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
const colour = (v: string | null | undefined, fallback: string) => (v && /^#[0-9a-fA-F]{3,8}$/.test(v) ? v : fallback);

/** The branded 404 for an unknown or inactive link: the tenant's title, logo and colours, no JavaScript. */
export function inactiveLinkPage(c: EdgeCtx) {
  const portal = c.var.portal;
  const s = portal.settings;
  const lang = requestLanguage(portal, getCookie(c, 'language'), c.req.header('accept-language'));
  const title = s.meta.head_title || 'Ambassador Portal';
  const logo = s.theme.campaign_portal_logo || s.login.logo || '/default-logo.svg';
  const brand = colour(s.theme.button_color, '#3579a6');
  const brandText = colour(s.theme.button_text_color, '#ffffff');
  const favicon = s.meta.favicon ? `<link rel="icon" href="${escapeHtml(s.meta.favicon)}">` : '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(t(lang, 'linkNotFoundTitle'))} · ${escapeHtml(title)}</title>${favicon}<meta name="robots" content="noindex">`
    + `<style>body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7fc;color:#1f2937;display:grid;place-items:center;min-height:100vh}`
    + `main{background:#fff;border-radius:14px;padding:2rem;max-width:420px;margin:1rem;text-align:center;box-shadow:0 10px 30px rgba(15,23,42,.08)}`
    + `img{max-height:64px;max-width:100%}h1{font-size:1.4rem}a.btn{display:inline-block;padding:.6rem 1.2rem;border-radius:8px;background:${brand};color:${brandText};text-decoration:none;font-weight:600}</style></head>`
    + `<body><main><img src="${escapeHtml(logo)}" alt="${escapeHtml(portal.company_name)}"><h1>${escapeHtml(t(lang, 'linkNotFoundTitle'))}</h1>`
    + `<p>${escapeHtml(t(lang, 'linkNotFound', { company: portal.company_name }))}</p>`
    + `<p><a class="btn" href="/">${escapeHtml(t(lang, 'linkNotFoundHome', { company: portal.company_name }))}</a></p></main></body></html>`;
  return c.html(html, 404, { 'Cache-Control': 'no-store' });
}

const MEMORABLE_SLUG = /^[A-Za-z0-9_-]{1,64}$/;
const NOT_MEMORABLE: ReadonlySet<string> = new Set([...RESERVED_SLUGS, ...TAB_KEYS, 'media', 'index', '404', '500']);

/**
 * Share-link redirects (design.md): `/r/<short_code>`, and the memorable URL `/<username>` (or
 * `/<ambassador uid>`) which follows the ambassador's longest-running active campaign. Mounted after the
 * tenant and before session and CSRF: a visitor needs neither.
 */
export const redirects = new Hono<EdgeEnv>()
  // GET /r/{short_code} - a share link
  .get('/r/:code', async (c) => {
    const code = c.req.param('code');
    if (code.length > SHORT_CODE_MAX || !SHORT_CODE_PATTERN.test(code)) return inactiveLinkPage(c);
    return follow(c, await findRedirectTarget(c.env.DB, c.var.portal.uid, code));
  })
  // GET /{username} - the memorable URL; custom tabs, reserved paths and everything else fall through
  .get('/:slug', async (c, next) => {
    const slug = c.req.param('slug');
    const lower = slug.toLowerCase();
    if (!MEMORABLE_SLUG.test(slug) || NOT_MEMORABLE.has(lower) || c.var.portal.settings.tabs.custom.some((tab) => tab.slug === lower)) {
      return next();
    }
    const link = await findMemorableTarget(c.env.DB, c.var.portal.uid, slug);
    if (!link) return next();
    return follow(c, link);
  });
