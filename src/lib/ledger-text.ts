import { t } from './i18n';
import { systemText } from './system-text';

// The descriptions the portal itself writes on ledger entries (src/api/commissions/service.ts, the seed,
// src/api/loyalty/service.ts) are stored in English; shown to a person they are rendered in the page
// language. A description a company wrote (an operator entry) is its own text and is shown as it is.
// A task's entry names the task as it was called when it was written, in the company's default language:
// `taskName` is the task's name now in the page language, when the entry names a task that exists.

export function ledgerText(description: string, referredName: string | null, lang: string, taskName: string | null = null): string {
  if (description.startsWith('Referral: ') && referredName) return t(lang, 'rewards.entry.referral', { name: referredName });
  if (description.startsWith('Task completed: ')) return t(lang, 'rewards.entry.task', { task: taskName ?? description.slice('Task completed: '.length) });
  // A redemption's hold names what was redeemed (src/api/money/ledger-queries.ts): the company's name for it.
  if (description.startsWith('Redeemed: ')) return t(lang, 'rewards.entry.redeemed', { item: description.slice('Redeemed: '.length) });
  // A hold given back (a failed or cancelled redemption, src/api/money/ledger-queries.ts) names it the same way.
  if (description.startsWith('Returned: ')) return t(lang, 'records.returned', { item: description.slice('Returned: '.length) });
  return systemText(description, lang);
}
