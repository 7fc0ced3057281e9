// Where the chosen campaign id is remembered between visits (spec §3), apart from the campaign store so the
// campaign selector's page script carries no more than this (no selection rules, no catalogue).

/** Where the chosen campaign id is remembered between visits (the "campaignId" storage key of §3). */
export interface CampaignStorage {
  get(): string | null;
  set(id: string | null): void;
}

export const CAMPAIGN_STORAGE_KEY = 'campaignId';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Browser storage: localStorage, mirrored to a "campaignId" cookie so the server renders the same
 * selection on the next page. Harmless on the server (no window, no document): it remembers nothing.
 */
export const browserCampaignStorage: CampaignStorage = {
  get() {
    try {
      return globalThis.localStorage?.getItem(CAMPAIGN_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  },
  set(id) {
    try {
      if (id === null) globalThis.localStorage?.removeItem(CAMPAIGN_STORAGE_KEY);
      else globalThis.localStorage?.setItem(CAMPAIGN_STORAGE_KEY, id);
    } catch {
      // Storage can be disabled (private mode); the selection still works for this page.
    }
    if (typeof document !== 'undefined') {
      const value = id === null ? '' : encodeURIComponent(id);
      const age = id === null ? 0 : ONE_YEAR_SECONDS;
      document.cookie = `${CAMPAIGN_STORAGE_KEY}=${value}; Path=/; Max-Age=${age}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
    }
  },
};
