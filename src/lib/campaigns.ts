import { t } from './i18n.ts';
import type { MessageKey } from './i18n/en.ts';

// Campaign selection of spec §4, as a pure function so the server and the dashboard island pick the
// same campaign from the same inputs.

/** The fields selection needs; the full shape is `Campaign` in schemas/campaign.ts. */
export interface CampaignLike {
  campaign_id: number;
  campaign_uid?: string | null;
  campaign_name?: string | null;
  is_hidden_dashboard?: boolean | null;
  is_active?: boolean | null;
}

/** Stored choice and selector value meaning "every campaign at once". */
export const ALL_CAMPAIGNS = 'all';

export interface CampaignSelection<C extends CampaignLike = CampaignLike> {
  /** Campaigns the dashboard may show (hidden ones dropped). */
  campaigns: C[];
  selectedCampaign: C | null;
  selectedCampaignId: number | null;
  /** The all-campaigns option is chosen (then no single campaign is selected). */
  allCampaigns: boolean;
  selectorEnabled: boolean;
  showNoCampaign: boolean;
  showInactiveCampaign: boolean;
  noCampaignMessageKey: Extract<MessageKey, 'noCampaigns' | 'noCampaignsCompany'> | null;
  noCampaignMessageParams: { company: string } | null;
  inactiveCampaignMessageKey: Extract<MessageKey, 'inactiveCampaign'> | null;
  status: 'idle' | 'loaded';
}

export function emptySelection<C extends CampaignLike>(): CampaignSelection<C> {
  return {
    campaigns: [],
    selectedCampaign: null,
    selectedCampaignId: null,
    allCampaigns: false,
    selectorEnabled: false,
    showNoCampaign: false,
    showInactiveCampaign: false,
    noCampaignMessageKey: null,
    noCampaignMessageParams: null,
    inactiveCampaignMessageKey: null,
    status: 'idle',
  };
}

/** Whether a saved id (campaign_id or campaign_uid, as text or number) names this campaign. */
export function isSavedCampaign(campaign: CampaignLike, savedId: string | number | null | undefined): boolean {
  if (savedId === null || savedId === undefined || savedId === '') return false;
  const saved = String(savedId);
  return String(campaign.campaign_id) === saved || (!!campaign.campaign_uid && campaign.campaign_uid === saved);
}

/** The selection with `selected` chosen (null = all campaigns), inactive flag derived. */
export function withSelected<C extends CampaignLike>(state: CampaignSelection<C>, selected: C | null): CampaignSelection<C> {
  const inactive = selected !== null && selected.is_active === false;
  return {
    ...state,
    selectedCampaign: selected,
    selectedCampaignId: selected?.campaign_id ?? null,
    allCampaigns: selected === null && state.campaigns.length > 0,
    showNoCampaign: state.campaigns.length === 0,
    showInactiveCampaign: inactive,
    inactiveCampaignMessageKey: inactive ? 'inactiveCampaign' : null,
  };
}

/**
 * Spec §4: hidden campaigns are dropped; the saved campaign is selected if it is still listed,
 * otherwise the first; the selector is enabled only for more than one campaign. With none, the
 * no-campaign message shows (naming the company when its name is known). A saved "all" choice
 * restores the all-campaigns option when there is more than one campaign to combine.
 */
export function selectCampaigns<C extends CampaignLike>(
  campaigns: readonly C[] | null | undefined,
  savedId?: string | number | null,
  companyName?: string | null,
): CampaignSelection<C> {
  const visible = (campaigns ?? []).filter((c) => !c.is_hidden_dashboard);
  if (visible.length === 0) {
    const company = companyName?.trim();
    return {
      ...emptySelection<C>(),
      showNoCampaign: true,
      noCampaignMessageKey: company ? 'noCampaignsCompany' : 'noCampaigns',
      noCampaignMessageParams: company ? { company } : null,
      status: 'loaded',
    };
  }
  const base: CampaignSelection<C> = { ...emptySelection<C>(), campaigns: visible, selectorEnabled: visible.length > 1, status: 'loaded' };
  if (savedId === ALL_CAMPAIGNS && visible.length > 1) return withSelected(base, null);
  return withSelected(base, visible.find((c) => isSavedCampaign(c, savedId)) ?? visible[0] ?? null);
}

export interface CampaignOption {
  value: string;
  label: string;
}

/** Selector entries: "All campaigns" first, then each campaign by name; none when the selector is disabled. */
export function campaignOptions(selection: CampaignSelection, lang?: string | null): CampaignOption[] {
  if (!selection.selectorEnabled) return [];
  return [
    { value: ALL_CAMPAIGNS, label: t(lang, 'allCampaigns') },
    ...selection.campaigns.map((c) => ({ value: String(c.campaign_id), label: c.campaign_name ?? String(c.campaign_id) })),
  ];
}
