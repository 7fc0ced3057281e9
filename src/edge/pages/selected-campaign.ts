import { ALL_CAMPAIGNS } from '../../lib/campaigns';
import { CAMPAIGN_COOKIE } from '../request-context';

type Cookies = {
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
