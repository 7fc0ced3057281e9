import { map } from 'nanostores';
import {
  ALL_CAMPAIGNS,
  emptySelection,
  isSavedCampaign,
  selectCampaigns,
  withSelected,
  type CampaignSelection,
} from '../../lib/campaigns.ts';
import type { Campaign } from '../../lib/schemas/campaign.ts';
import type { LoadStatus } from '../../lib/status.ts';
import { browserCampaignStorage, type CampaignStorage } from './campaign-storage.ts';

export { browserCampaignStorage, CAMPAIGN_STORAGE_KEY, type CampaignStorage } from './campaign-storage.ts';

// Campaign state of spec §3/§4 for islands: the selection plus the status of the stats that depend on
// it. Islands read $campaigns with useStore and call the actions; nothing else writes it.

export interface CampaignState extends CampaignSelection<Campaign> {
  /** Stats of the selected campaign; a new selection makes them stale (idle) so they are fetched again. */
  statsStatus: LoadStatus;
}

let storage: CampaignStorage = browserCampaignStorage;

/** Swap the storage (tests, or a page that keeps the choice elsewhere); returns the previous one. */
export function setCampaignStorage(next: CampaignStorage): CampaignStorage {
  const previous = storage;
  storage = next;
  return previous;
}

const initialState = (): CampaignState => ({ ...emptySelection<Campaign>(), statsStatus: 'idle' });

export const $campaigns = map<CampaignState>(initialState());

/**
 * Loads the ambassador's campaigns (profile `urls`) and selects one per §4: the remembered one if it
 * is still listed, else the first. `savedId` overrides the stored choice (e.g. the server's pick).
 */
export function loadCampaigns(campaigns: readonly Campaign[], options: { companyName?: string | null; savedId?: string | number | null } = {}): void {
  const saved = options.savedId !== undefined ? options.savedId : storage.get();
  $campaigns.set({ ...selectCampaigns(campaigns, saved, options.companyName), statsStatus: 'idle' });
}

/**
 * Selects a listed campaign by id (or ALL_CAMPAIGNS), resets the stats status to idle, clears the
 * no-campaign flag and remembers the choice. Returns false, changing nothing, for an unknown id.
 */
export function selectCampaign(id: string | number): boolean {
  const state = $campaigns.get();
  const all = id === ALL_CAMPAIGNS;
  const campaign = all ? null : state.campaigns.find((c) => isSavedCampaign(c, id));
  if (!all && !campaign) return false;
  if (all && state.campaigns.length === 0) return false;
  $campaigns.set({ ...withSelected(state, campaign ?? null), showNoCampaign: false, statsStatus: 'idle' });
  storage.set(all ? ALL_CAMPAIGNS : String(campaign!.campaign_id));
  return true;
}

export function selectAllCampaigns(): boolean {
  return selectCampaign(ALL_CAMPAIGNS);
}

/** Stats islands report their fetch cycle here so a new selection can mark them stale. */
export function setStatsStatus(status: LoadStatus): void {
  $campaigns.setKey('statsStatus', status);
}

/** Forget everything, the remembered choice too (logout: clearing storage keeps only company and host, §3). */
export function resetCampaigns(): void {
  $campaigns.set(initialState());
  storage.set(null);
}
