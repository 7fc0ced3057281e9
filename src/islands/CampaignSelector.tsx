import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { ALL_CAMPAIGNS, selectCampaigns } from '../lib/campaigns';
import type { Campaign } from '../lib/schemas/campaign';
import { $campaigns, loadCampaigns, selectCampaign } from '../lib/stores/campaigns';

// The dashboard's campaign selector (spec §4). The server already painted the selected campaign (from
// the campaignId cookie); choosing another one goes through the $campaigns store, which saves it to
// localStorage and the cookie, and the page is loaded again so every number on it is the server's.
// Without JavaScript the surrounding GET form does the same (?campaign=<id>).

export interface CampaignSelectorProps {
  campaigns: Campaign[];
  /** What the server selected: a campaign id, or `all`. */
  selected: string;
  companyName: string;
  labels: { campaign: string; allCampaigns: string };
}

export default function CampaignSelector({ campaigns, selected, companyName, labels }: CampaignSelectorProps) {
  const id = useId();
  const state = useStore($campaigns);
  useEffect(() => {
    loadCampaigns(campaigns, { companyName, savedId: selected });
  }, [campaigns, companyName, selected]);
  // Until the store is loaded (server render, first client render) the same pure rule gives the same answer.
  const view = state.status === 'loaded' ? state : selectCampaigns(campaigns, selected, companyName);
  const value = view.allCampaigns ? ALL_CAMPAIGNS : String(view.selectedCampaignId ?? '');
  if (view.campaigns.length === 0) return null;

  function onChange(next: string) {
    if (next === value) return;
    // A choice made before the effect above ran (just after hydration) still counts: load the list first.
    if (state.status !== 'loaded') loadCampaigns(campaigns, { companyName, savedId: selected });
    if (selectCampaign(next)) location.reload();
  }

  return (
    <div className="field campaign-selector">
      <label htmlFor={id}>{labels.campaign}</label>
      <select id={id} name="campaign" value={value} disabled={!view.selectorEnabled} data-campaign-selector
        onChange={(e) => onChange(e.currentTarget.value)}>
        {view.selectorEnabled && <option value={ALL_CAMPAIGNS}>{labels.allCampaigns}</option>}
        {view.campaigns.map((c) => (
          <option key={c.campaign_id} value={String(c.campaign_id)}>{c.campaign_name}</option>
        ))}
      </select>
    </div>
  );
}
