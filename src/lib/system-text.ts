import { t, type MessageKey } from './i18n';

// Texts the portal itself writes into stored data (an activity's event data, a ledger entry's description):
// stored as a message key (the seed) or, in rows written before that and by older writers, as the
// English words. Shown to a person they are rendered in the page language; a text a company wrote is its
// own and is shown as it is.

const SYSTEM_TEXTS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['rewards.entry.referralReward', 'rewards.entry.referralReward'],
  ['Referral reward', 'rewards.entry.referralReward'],
  ['rewards.entry.welcome', 'rewards.entry.welcome'],
  ['Welcome bonus', 'rewards.entry.welcome'],
]);

/** `value` in `lang` when the portal wrote it, else as it is. */
export function systemText(value: string, lang: string): string {
  const key = SYSTEM_TEXTS.get(value);
  return key ? t(lang, key) : value;
}

/** Every stored form of the portal's own texts with its words in `lang` (for the tables' label set). */
export function systemTexts(lang: string): Record<string, string> {
  return Object.fromEntries([...SYSTEM_TEXTS].map(([stored, key]) => [stored, t(lang, key)]));
}
