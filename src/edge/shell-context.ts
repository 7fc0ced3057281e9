import { resolveCustomization, type Customization } from '../lib/schemas/customization';
import { pickLanguage, type Language } from '../lib/i18n';
import type { ShellData } from './page-data';
import { ALL_CAMPAIGNS, selectCampaigns } from '../lib/campaigns';

/** Cookie that mirrors the `campaignId` storage key so the server paints the selected campaign first. */
export const CAMPAIGN_COOKIE = 'campaignId';

export interface ShellContext extends ShellData {
  settings: Customization;
  lang: Language;
  selectedCampaignId: number | null;
  groupUids: string[];
}

type Cookies = { get(name: string): { value: string } | undefined };

/** The saved campaign choice (an id or `all`), as the store writes it to the cookie. */
export function savedChoice(cookies: Cookies): string | null {
  let value = cookies.get(CAMPAIGN_COOKIE)?.value ?? '';
  try {
    value = decodeURIComponent(value);
  } catch {
    return null;
  }
  return value === ALL_CAMPAIGNS || /^\d{1,12}$/.test(value) ? value : null;
}

/**
 * The page language (spec §9): the person's stored choice, else the default the company set explicitly,
 * else the browser's language, else English. A company that never chose a language lets the browser decide.
 */
export function requestLanguage(portal: App.Locals['portal'], stored: string | null | undefined, request: Request): Language {
  const explicitDefault = (portal.customization as { default_language?: string }).default_language ?? null;
  return pickLanguage(stored ?? null, request.headers.get('accept-language'), explicitDefault) as Language;
}

/** Everything the app shell derives from the request: language, selected campaign, its customization. */
export function shellContext(locals: App.Locals, cookies: Cookies, request: Request, data: ShellData): ShellContext {
  const portal = locals.portal;
  // The same spec §4 selection the pages and the selector island use (an "all" choice selects none).
  const selectedCampaignId = selectCampaigns(data.profile.urls, savedChoice(cookies), portal.company_name).selectedCampaignId ?? null;
  // The company-level settings are already resolved by the tenant step; only a campaign override needs work.
  const campaignLayer = selectedCampaignId !== null ? portal.campaign_customizations[String(selectedCampaignId)] : undefined;
  const settings = campaignLayer ? resolveCustomization(portal.customization, campaignLayer) : portal.settings;
  const lang = requestLanguage(portal, cookies.get('language')?.value ?? data.profile.language, request);
  const groupUids = portal.groups.filter((g) => g.group_id === data.profile.group_id).map((g) => g.uid);
  return { ...data, settings, lang, selectedCampaignId, groupUids };
}
