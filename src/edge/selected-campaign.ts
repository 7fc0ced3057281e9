import { ALL_CAMPAIGNS, selectCampaigns } from '../lib/campaigns';
import type { Campaign } from '../lib/schemas/campaign';
import { CAMPAIGN_COOKIE, savedChoice } from './shell-context';
import type { ShellData } from './page-data';

/** A saved choice as the store writes it: a campaign id or `all`. */
export const savedCampaignChoice = savedChoice;

type Cookies = {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: Record<string, unknown>): void;
};

const ONE_YEAR_SECONDS = 365 * 24 * 3600;


/**
 * Saves a choice made without JavaScript (`?campaign=<id|all>` from the selector's GET form) the way
 * the island's store does: the campaignId cookie, readable by the page so localStorage can follow.
 */
export function rememberCampaignChoice(cookies: Cookies, url: URL, secure: boolean): boolean {
  const asked = url.searchParams.get('campaign');
  if (asked === null || !(asked === ALL_CAMPAIGNS || /^\d{1,12}$/.test(asked))) return false;
  cookies.set(CAMPAIGN_COOKIE, asked, { path: '/', maxAge: ONE_YEAR_SECONDS, sameSite: 'lax', secure, httpOnly: false });
  return true;
}

/** Spec §4 selection for a page, from the profile's campaigns and the saved choice. */
export function pageSelection(data: ShellData, cookies: Cookies, companyName: string) {
  const saved = savedChoice(cookies);
  const selection = selectCampaigns(data.profile.urls as unknown as Campaign[], saved, companyName);
  return { ...selection, value: selection.allCampaigns ? ALL_CAMPAIGNS : String(selection.selectedCampaignId ?? '') };
}

/** `&campaign_uid=...` for API calls about the selected campaign ('' for all campaigns). */
export const campaignQuery = (campaign: { campaign_uid?: string | null } | null) =>
  campaign?.campaign_uid ? `&campaign_uid=${encodeURIComponent(campaign.campaign_uid)}` : '';

/** A JSON answer of the API or null (logged): a section that cannot load must not take the page down. */
export async function getJsonOrNull<T>(locals: App.Locals, path: string): Promise<T | null> {
  try {
    const res = await locals.upstream(path);
    if (!res.ok) {
      console.error('page data:', path, res.status);
      return null;
    }
    return (await res.json()) as T;
  } catch (err) {
    console.error('page data:', path, err);
    return null;
  }
}
