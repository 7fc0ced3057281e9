// How the pages pick the campaign they paint first: the campaignId cookie the store writes, the no-JS
// selector form (?campaign=), and spec §4's rules on the profile's campaigns.
import { describe, expect, it } from 'vitest';
import { pageSelection as selectionFor, savedChoice } from '../../src/edge/request-context';
import { rememberCampaignChoice } from '../../src/edge/pages/selected-campaign';

function jar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const sets: [string, string, Record<string, unknown>][] = [];
  return {
    get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined),
    set: (name: string, value: string, options: Record<string, unknown>) => { values.set(name, value); sets.push([name, value, options]); },
    sets,
  };
}

const campaign = (id: number, extra: Record<string, unknown> = {}) => ({
  campaign_id: id, campaign_uid: `cmp-${id}`, campaign_name: `C${id}`, is_hidden_dashboard: false, is_active: true, url: `http://p.test/r/c${id}`, short_code: `c${id}`, ...extra,
});
const shell = (urls: unknown[]) => urls as never[];
const savedCampaignChoice = (cookies: ReturnType<typeof jar>) => savedChoice(cookies.get('campaignId')?.value);
const pageSelection = (urls: never[], cookies: ReturnType<typeof jar>, company: string) => selectionFor(urls, savedCampaignChoice(cookies), company);

describe('the campaign a page paints first', () => {
  it('reads the saved id or "all" from the cookie and ignores anything else', () => {
    expect(savedCampaignChoice(jar({ campaignId: '102' }))).toBe('102');
    expect(savedCampaignChoice(jar({ campaignId: 'all' }))).toBe('all');
    expect(savedCampaignChoice(jar({ campaignId: '%31%30%31' }))).toBe('101');
    for (const bad of ['abc', '1;2', '%E0%A4%A', '']) expect(savedCampaignChoice(jar({ campaignId: bad }))).toBeNull();
    expect(savedCampaignChoice(jar())).toBeNull();
  });

  it('saves a choice made with the no-JS form in the same cookie', () => {
    const cookies = jar();
    expect(rememberCampaignChoice(cookies, new URL('http://p.test/app?campaign=101'), true)).toBe(true);
    expect(cookies.sets[0]).toEqual(['campaignId', '101', expect.objectContaining({ path: '/', secure: true, httpOnly: false })]);
    expect(rememberCampaignChoice(jar(), new URL('http://p.test/app?campaign=x'), false)).toBe(false);
    expect(rememberCampaignChoice(jar(), new URL('http://p.test/app'), false)).toBe(false);
  });

  it('applies spec §4: hidden dropped, saved one kept, else the first, all campaigns, inactive flagged', () => {
    const urls = [campaign(102), campaign(101), campaign(103, { is_hidden_dashboard: true }), campaign(104, { is_active: false })];
    expect(pageSelection(shell(urls), jar(), 'Demo Co')).toMatchObject({ selectedCampaignId: 102, value: '102', selectorEnabled: true });
    expect(pageSelection(shell(urls), jar({ campaignId: '101' }), 'Demo Co').value).toBe('101');
    expect(pageSelection(shell(urls), jar({ campaignId: '103' }), 'Demo Co').value).toBe('102');
    expect(pageSelection(shell(urls), jar({ campaignId: 'all' }), 'Demo Co')).toMatchObject({ allCampaigns: true, value: 'all', selectedCampaign: null });
    expect(pageSelection(shell(urls), jar({ campaignId: '104' }), 'Demo Co')).toMatchObject({ showInactiveCampaign: true, value: '104' });
    expect(pageSelection(shell([campaign(5)]), jar({ campaignId: 'all' }), 'Demo Co')).toMatchObject({ selectorEnabled: false, value: '5' });
    expect(pageSelection(shell([]), jar(), 'Demo Co')).toMatchObject({ showNoCampaign: true, noCampaignMessageKey: 'noCampaignsCompany', value: '' });
  });
});
