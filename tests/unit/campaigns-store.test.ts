import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../src/lib/schemas/campaign.ts';
import { campaignSchema } from '../../src/lib/schemas/campaign.ts';
import {
  $campaigns,
  browserCampaignStorage,
  loadCampaigns,
  resetCampaigns,
  selectAllCampaigns,
  selectCampaign,
  setCampaignStorage,
  setStatsStatus,
  type CampaignStorage,
} from '../../src/ui/campaign-selector/campaign-store.ts';

const campaign = (id: number, over: Partial<Campaign> = {}): Campaign =>
  campaignSchema.parse({ campaign_id: id, campaign_uid: `cmp-${id}`, campaign_name: `Campaign ${id}`, ...over });

function memoryStorage(initial: string | null = null): CampaignStorage & { value: string | null } {
  return {
    value: initial,
    get() { return this.value; },
    set(id) { this.value = id; },
  };
}

let store = memoryStorage();
let previous: CampaignStorage;

beforeEach(() => {
  store = memoryStorage();
  previous = setCampaignStorage(store);
  resetCampaigns();
});

afterEach(() => {
  cleanStores($campaigns);
  setCampaignStorage(previous);
});

describe('$campaigns store', () => {
  it('starts idle with nothing selected', () => {
    resetCampaigns();
    expect($campaigns.get()).toMatchObject({ status: 'idle', campaigns: [], selectedCampaign: null, statsStatus: 'idle' });
  });

  it('loads campaigns and selects the one remembered in storage', () => {
    store.value = '2';
    loadCampaigns([campaign(1), campaign(2)], { companyName: 'Demo Co' });
    expect($campaigns.get().selectedCampaignId).toBe(2);
    expect($campaigns.get().status).toBe('loaded');
  });

  it('prefers an explicit saved id over storage', () => {
    store.value = '2';
    loadCampaigns([campaign(1), campaign(2)], { savedId: 1 });
    expect($campaigns.get().selectedCampaignId).toBe(1);
  });

  it('shows the no-campaign message when the ambassador has none', () => {
    loadCampaigns([], { companyName: 'Acme Outdoor' });
    expect($campaigns.get()).toMatchObject({ showNoCampaign: true, noCampaignMessageKey: 'noCampaignsCompany', selectorEnabled: false });
  });

  it('selecting a campaign resets stats to idle, clears no-campaign and remembers the choice', () => {
    loadCampaigns([campaign(1), campaign(2, { is_active: false })]);
    setStatsStatus('fetched');
    $campaigns.setKey('showNoCampaign', true);
    expect(selectCampaign(2)).toBe(true);
    const s = $campaigns.get();
    expect(s.selectedCampaignId).toBe(2);
    expect(s.statsStatus).toBe('idle');
    expect(s.showNoCampaign).toBe(false);
    expect(s.showInactiveCampaign).toBe(true);
    expect(store.value).toBe('2');
  });

  it('notifies listeners once per selection', () => {
    loadCampaigns([campaign(1), campaign(2)]);
    const seen: (number | null)[] = [];
    const unbind = $campaigns.listen((s) => seen.push(s.selectedCampaignId));
    selectCampaign('2');
    selectCampaign('1');
    unbind();
    expect(seen).toEqual([2, 1]);
  });

  it('ignores an id that is not listed', () => {
    loadCampaigns([campaign(1), campaign(2)]);
    setStatsStatus('fetched');
    expect(selectCampaign(99)).toBe(false);
    expect($campaigns.get().selectedCampaignId).toBe(1);
    expect($campaigns.get().statsStatus).toBe('fetched');
    expect(store.value).toBeNull();
  });

  it('offers an all-campaigns option that selects no single campaign and is remembered', () => {
    loadCampaigns([campaign(1, { is_active: false }), campaign(2)]);
    expect(selectAllCampaigns()).toBe(true);
    expect($campaigns.get()).toMatchObject({ allCampaigns: true, selectedCampaign: null, selectedCampaignId: null, showInactiveCampaign: false });
    expect(store.value).toBe('all');
    loadCampaigns([campaign(1), campaign(2)]);
    expect($campaigns.get().allCampaigns).toBe(true);
  });

  it('refuses all campaigns when there are none', () => {
    loadCampaigns([]);
    expect(selectAllCampaigns()).toBe(false);
  });

  it('reset forgets the selection and the remembered choice', () => {
    loadCampaigns([campaign(1), campaign(2)]);
    selectCampaign(2);
    resetCampaigns();
    expect($campaigns.get().status).toBe('idle');
    expect(store.value).toBeNull();
  });
});

describe('browser campaign storage', () => {
  it('remembers nothing and does not throw where there is no window (server rendering)', () => {
    expect(browserCampaignStorage.get()).toBeNull();
    expect(() => browserCampaignStorage.set('3')).not.toThrow();
  });

  it('keeps the choice in localStorage and mirrors it to a campaignId cookie for the server', () => {
    const items = new Map<string, string>();
    const doc = { cookie: '' };
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
    vi.stubGlobal('document', doc);
    vi.stubGlobal('location', { protocol: 'https:' });
    try {
      browserCampaignStorage.set('7');
      expect(browserCampaignStorage.get()).toBe('7');
      expect(doc.cookie).toMatch(/^campaignId=7; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
      browserCampaignStorage.set(null);
      expect(browserCampaignStorage.get()).toBeNull();
      expect(doc.cookie).toContain('Max-Age=0');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
