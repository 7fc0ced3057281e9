import { ALL_CAMPAIGNS } from '../../lib/campaigns.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

// The dashboard's campaign selector (spec §4), written as text (a React island's server render
// cost more CPU than the select itself). The server already chose the selected campaign (the campaignId
// cookie); inside the dashboard's GET form the select works without JavaScript (?campaign=<id>), and
// src/ui/campaign-selector/campaign-selector.ts saves a choice to localStorage and the cookie and loads the page again.

export interface CampaignSelectorProps {
  campaigns: readonly { campaign_id: number | string; campaign_name?: string | null }[];
  /** What the server selected: a campaign id, or `all`. */
  value: string;
  /** False with one campaign: the select only shows it. */
  enabled: boolean;
  labels: { campaign: string; allCampaigns: string };
}

/** The id of the one selector a page has (its label's `for`). */
export const CAMPAIGN_SELECTOR_ID = 'campaign-selector';

const option = (value: string, label: string, selected: string) =>
  `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;

export function campaignSelectorHtml({ campaigns, value, enabled, labels }: CampaignSelectorProps): string {
  if (campaigns.length === 0) return '';
  const options = (enabled ? option(ALL_CAMPAIGNS, labels.allCampaigns, value) : '')
    + campaigns.map((c) => option(String(c.campaign_id), c.campaign_name ?? String(c.campaign_id), value)).join('');
  // autocomplete=off: a reload shows the server's choice, never the browser's remembered one.
  return `<div class="field campaign-selector"><label for="${CAMPAIGN_SELECTOR_ID}">${escapeHtml(labels.campaign)}</label>`
    + `<select id="${CAMPAIGN_SELECTOR_ID}" name="campaign" autocomplete="off" data-campaign-selector${enabled ? '' : ' disabled'}>${options}</select></div>`;
}
