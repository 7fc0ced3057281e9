import { browserCampaignStorage } from './campaign-storage.ts';

// The browser side of the campaign selector (campaign-selector-markup.ts): a choice is remembered
// (localStorage and the campaignId cookie, spec §3) and the page is loaded again, so every number on it
// is the server's for that campaign.

/** What the server selected: the option marked selected, else the first (the browser shows that one). */
const serverChoice = (select: HTMLSelectElement) =>
  [...select.options].find((o) => o.defaultSelected)?.value ?? select.options[0]?.value ?? '';

export function enhanceCampaignSelector(select: HTMLSelectElement, reload: () => void = () => location.reload()): void {
  const initial = serverChoice(select);
  const choose = () => {
    if (select.value === initial || ![...select.options].some((o) => o.value === select.value)) return;
    browserCampaignStorage.set(select.value);
    reload();
  };
  select.addEventListener('change', choose);
  // A choice made before this script ran (the page still loading) counts too.
  choose();
}
