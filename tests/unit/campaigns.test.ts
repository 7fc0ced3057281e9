import { describe, expect, it } from 'vitest';
import { ALL_CAMPAIGNS, campaignOptions, selectCampaigns, type CampaignLike } from '../../src/lib/campaigns.ts';

const campaign = (id: number, over: Partial<CampaignLike & { campaign_name: string }> = {}) => ({
  campaign_id: id,
  campaign_uid: `cmp-${id}`,
  campaign_name: `Campaign ${id}`,
  is_hidden_dashboard: false,
  is_active: true,
  ...over,
});

describe('campaign selection (§4)', () => {
  it('selects the first campaign when nothing was saved, and disables the selector for one campaign', () => {
    const s = selectCampaigns([campaign(1)], null, 'Demo Co');
    expect(s.selectedCampaign?.campaign_id).toBe(1);
    expect(s.selectedCampaignId).toBe(1);
    expect(s.selectorEnabled).toBe(false);
    expect(s.showNoCampaign).toBe(false);
    expect(s.status).toBe('loaded');
  });

  it('enables the selector for more than one campaign', () => {
    expect(selectCampaigns([campaign(1), campaign(2)], null).selectorEnabled).toBe(true);
  });

  it('selects the saved campaign when it is still listed (by id text, number or uid)', () => {
    const list = [campaign(1), campaign(2), campaign(3)];
    expect(selectCampaigns(list, '2').selectedCampaignId).toBe(2);
    expect(selectCampaigns(list, 3).selectedCampaignId).toBe(3);
    expect(selectCampaigns(list, 'cmp-2').selectedCampaignId).toBe(2);
  });

  it('falls back to the first campaign when the saved one is gone', () => {
    expect(selectCampaigns([campaign(1), campaign(2)], '99').selectedCampaignId).toBe(1);
  });

  it('drops campaigns hidden from the dashboard, even the saved one', () => {
    const s = selectCampaigns([campaign(1, { is_hidden_dashboard: true }), campaign(2), campaign(3)], '1');
    expect(s.campaigns.map((c) => c.campaign_id)).toEqual([2, 3]);
    expect(s.selectedCampaignId).toBe(2);
  });

  it('counts only visible campaigns when deciding whether to enable the selector', () => {
    expect(selectCampaigns([campaign(1), campaign(2, { is_hidden_dashboard: true })]).selectorEnabled).toBe(false);
  });

  it('with no campaigns empties the selection, disables the selector and shows the no-campaign message naming the company', () => {
    const s = selectCampaigns([], '1', 'Acme Outdoor');
    expect(s.campaigns).toEqual([]);
    expect(s.selectedCampaign).toBeNull();
    expect(s.selectedCampaignId).toBeNull();
    expect(s.selectorEnabled).toBe(false);
    expect(s.showNoCampaign).toBe(true);
    expect(s.noCampaignMessageKey).toBe('noCampaignsCompany');
    expect(s.noCampaignMessageParams).toEqual({ company: 'Acme Outdoor' });
    expect(s.status).toBe('loaded');
  });

  it('uses the default no-campaign wording when the company name is unknown', () => {
    const s = selectCampaigns(undefined, null, '  ');
    expect(s.noCampaignMessageKey).toBe('noCampaigns');
    expect(s.noCampaignMessageParams).toBeNull();
  });

  it('treats a list of only hidden campaigns as no campaigns', () => {
    expect(selectCampaigns([campaign(1, { is_hidden_dashboard: true })]).showNoCampaign).toBe(true);
  });

  it('flags an inactive selected campaign', () => {
    const s = selectCampaigns([campaign(1, { is_active: false }), campaign(2)], null);
    expect(s.showInactiveCampaign).toBe(true);
    expect(s.inactiveCampaignMessageKey).toBe('inactiveCampaign');
    const active = selectCampaigns([campaign(1, { is_active: false }), campaign(2)], '2');
    expect(active.showInactiveCampaign).toBe(false);
    expect(active.inactiveCampaignMessageKey).toBeNull();
  });

  it('restores a saved all-campaigns choice when there is more than one campaign', () => {
    const s = selectCampaigns([campaign(1), campaign(2)], ALL_CAMPAIGNS);
    expect(s.allCampaigns).toBe(true);
    expect(s.selectedCampaign).toBeNull();
    expect(s.selectedCampaignId).toBeNull();
    expect(s.showInactiveCampaign).toBe(false);
    expect(s.showNoCampaign).toBe(false);
  });

  it('selects the only campaign when all campaigns was saved but just one is left', () => {
    const s = selectCampaigns([campaign(5)], ALL_CAMPAIGNS);
    expect(s.allCampaigns).toBe(false);
    expect(s.selectedCampaignId).toBe(5);
  });
});

describe('campaign selector options', () => {
  it('offers all campaigns first, then each campaign by name', () => {
    expect(campaignOptions(selectCampaigns([campaign(1), campaign(2, { campaign_name: 'Summer' })]), 'en')).toEqual([
      { value: 'all', label: 'All campaigns' },
      { value: '1', label: 'Campaign 1' },
      { value: '2', label: 'Summer' },
    ]);
  });

  it('offers nothing while the selector is disabled', () => {
    expect(campaignOptions(selectCampaigns([campaign(1)]))).toEqual([]);
  });
});
