import type { MiddlewareHandler } from 'hono';
import { requestCookie } from './cookies';
import { ALL_CAMPAIGNS, selectCampaigns, type CampaignSelection } from '../lib/campaigns';
import { resolveLanguage, type Language } from '../lib/languages';
import { inLanguage } from '../lib/customization-language';
import { resolveCustomization, type Customization } from '../lib/schemas/customization';
import { setClientLanguage } from './api-client';
import { ClientError, type Me } from './client';
import type { EdgeContext, EdgeEnv, Portal } from './types';

/** Cookie that mirrors the `campaignId` storage key so the server paints the selected campaign first. */
export const CAMPAIGN_COOKIE = 'campaignId';
/** Cookie of the language chosen on the language menu or the profile. */
export const LANGUAGE_COOKIE = 'language';

export type Campaign = Me['urls'][number];
export type PageSelection = CampaignSelection<Campaign> & { value: string };

/**
 * Everything a page knows about its request before it renders, set once by `requestContext()`:
 * the tenant, who is signed in (verified: one token check), the page language, the spec §4 campaign
 * selection and the customization resolved with the precedence campaign > company > defaults.
 */
export interface RequestContext {
  portal: Portal;
  /** The verified ambassador, or null when there is no session or it is not valid any more. */
  me: Me | null;
  /** A session cookie was sent but the API refused it (spec §2: go to /login). */
  sessionInvalid: boolean;
  lang: Language;
  selection: PageSelection;
  /** Customization of the selected campaign over the company's over the defaults, its texts in `lang`. */
  settings: Customization;
  /** Group uids of the signed-in ambassador (tab visibility, spec §4). */
  groupUids: string[];
}

/** The saved campaign choice (an id or `all`), as the store writes it to the cookie. */
export function savedChoice(value: string | undefined): string | null {
  let v = value ?? '';
  try {
    v = decodeURIComponent(v);
  } catch {
    return null;
  }
  return v === ALL_CAMPAIGNS || /^\d{1,12}$/.test(v) ? v : null;
}

/**
 * The page language (spec §9): the person's stored choice (the language cookie of the
 * language menu, else the profile's language), else the browser's Accept-Language when it names a
 * language we have (es-AR -> es-419), else the default the company set explicitly, else English.
 * A stored "system" follows the browser.
 */
export function requestLanguage(portal: Portal, stored: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  const explicitDefault = (portal.customization as { default_language?: string }).default_language ?? null;
  return resolveLanguage(stored ?? null, acceptLanguage ?? null, explicitDefault);
}

// A campaign's resolved customization, once per tenant record (kept in the isolate by ./tenant.ts) and
// campaign: resolving validates the layers against the schema, about a millisecond per page.
const campaignSettings = new WeakMap<Portal, Map<string, Customization>>();

/** The customization for a selected campaign: the tenant's resolved settings unless the campaign overrides them. */
export function settingsFor(portal: Portal, campaignId: number | null): Customization {
  const layer = campaignId !== null ? portal.campaign_customizations[String(campaignId)] : undefined;
  if (!layer) return portal.settings;
  let kept = campaignSettings.get(portal);
  if (!kept) campaignSettings.set(portal, (kept = new Map()));
  let settings = kept.get(String(campaignId));
  if (!settings) kept.set(String(campaignId), (settings = resolveCustomization(portal.customization, layer)));
  return settings;
}

/** Spec §4 selection for a page, from the ambassador's campaigns and the saved choice. */
export function pageSelection<C extends Campaign>(urls: C[], saved: string | null, companyName: string): CampaignSelection<C> & { value: string } {
  const selection = selectCampaigns(urls, saved, companyName);
  return { ...selection, value: selection.allCampaigns ? ALL_CAMPAIGNS : String(selection.selectedCampaignId ?? '') };
}

/** Builds the context from the tenant, the verified ambassador (if any) and the request's cookies. */
export function buildContext(c: EdgeContext, me: Me | null, sessionInvalid: boolean): RequestContext {
  const portal = c.get('portal');
  const choice = new URL(c.req.url).searchParams.get('campaign');
  const saved = savedChoice(choice ?? requestCookie(c, CAMPAIGN_COOKIE));
  const selection = pageSelection(me?.urls ?? [], saved, portal.company_name);
  const lang = requestLanguage(portal, c.get('previewLanguage') ?? requestCookie(c, LANGUAGE_COOKIE) ?? me?.language, c.req.header('accept-language'));
  return {
    portal,
    me,
    sessionInvalid,
    lang,
    selection,
    // The company's own texts in the page language where it wrote them (src/lib/customization-language.ts).
    settings: inLanguage(settingsFor(portal, selection.selectedCampaignId), lang),
    groupUids: me ? portal.groups.filter((g) => g.group_id === me.group_id).map((g) => g.uid) : [],
  };
}

/**
 * Sets `c.var.requestContext` for page requests. With a session cookie the ambassador is verified here, once
 * (embedded: one D1 round trip that also brings the campaigns); pages reuse it.
 */
export function requestContext(): MiddlewareHandler<EdgeEnv> {
  return async function requestContext(c, next) {
    let me: Me | null = null;
    let invalid = false;
    if (c.get('session')) {
      try {
        me = await c.get('client').me();
      } catch (err) {
        if (!(err instanceof ClientError) || (err.status !== 401 && err.status !== 404)) throw err;
        invalid = true;
      }
    }
    let context = buildContext(c, me, invalid);
    // Every API call after this one carries the page language (spec §7: the language header).
    setClientLanguage(c.get('client'), context.lang);
    // The first call carried the language known before it (cookie, browser, company default); when the
    // profile's own language decides the page's, the campaigns' texts are asked again in it.
    // Embedded, that is no D1 statement: the token check's campaigns are kept for the request.
    if (me && context.lang !== requestLanguage(context.portal, requestCookie(c, LANGUAGE_COOKIE), c.req.header('accept-language'))) {
      me = await c.get('client').me();
      context = buildContext(c, me, invalid);
    }
    c.set('requestContext', context);
    await next();
  };
}
