import { t } from './i18n';
import { systemText } from './system-text';

// The descriptions the portal itself writes on ledger entries (src/api/operator/service.ts, the seed,
// src/api/loyalty/service.ts) are stored in English; shown to a person they are rendered in the page
// language. A description a company wrote (an operator entry) is its own text and is shown as it is.

export function ledgerText(description: string, referredName: string | null, lang: string): string {
  if (description.startsWith('Referral: ') && referredName) return t(lang, 'rewards.entry.referral', { name: referredName });
  if (description.startsWith('Task completed: ')) return t(lang, 'rewards.entry.task', { task: description.slice('Task completed: '.length) });
  return systemText(description, lang);
}
