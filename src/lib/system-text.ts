import { SUPPORTED_LANGUAGES, t, type MessageKey } from './i18n';
import { MEDIUM_SUGGESTIONS, SOURCE_SUGGESTIONS } from './schemas/share-link';

// Texts the portal itself writes into stored data (an activity's event data, a ledger entry's description,
// a commission's note): stored as data, a message key (the seed, `rewards.entry.welcome`) or a message key
// and the reference it names (`records.stripeCheckout cs_123`, written by recordText()). Rows written before
// that hold the English words ("Welcome bonus", "stripe checkout cs_123"); both forms are recognised here, so
// no stored row needs rewriting. Shown to a person they are rendered in the page language; a text a company
// wrote is its own and is shown as it is.

const SYSTEM_TEXTS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['rewards.entry.referralReward', 'rewards.entry.referralReward'],
  ['Referral reward', 'rewards.entry.referralReward'],
  ['rewards.entry.welcome', 'rewards.entry.welcome'],
  ['Welcome bonus', 'rewards.entry.welcome'],
  ...([
    ['records.firstPurchase', 'First purchase'],
    ['records.returningPurchase', 'Returning purchase'],
    ['records.storeCredit', 'Store credit'],
    ['records.notRedeemedInTime', 'Not redeemed in time'],
    ['records.giftCard', 'Gift card'],
    ['records.rewardsVault', 'Rewards vault'],
    ['records.expired', 'Expired: not redeemed in time'],
    ['records.refund', 'Refund'],
    ['records.refundClawback', 'Refund (clawback)'],
  ] as const).flatMap(([key, english]): [string, MessageKey][] => [[key, key], [english, key]]),
]);

/** The texts that name a reference (an order, a checkout): the message (with `{ref}`) by the stored forms' prefixes. */
const RECORD_TEXTS = {
  'records.stripeCheckout': ['stripe checkout '],
  'records.stripeInvoice': ['stripe invoice '],
  'records.shopifyOrder': ['shopify order '],
} as const satisfies Partial<Record<MessageKey, readonly string[]>>;

export type RecordTextKey = keyof typeof RECORD_TEXTS;

/** What a writer stores for a text naming `ref`: the message key, a space, the reference. */
export const recordText = (key: RecordTextKey, ref: string): string => `${key} ${ref}`;

/** Every stored prefix of the texts that name a reference, with the message it stands for. */
const RECORD_PREFIXES: readonly (readonly [string, RecordTextKey])[] = Object.entries(RECORD_TEXTS)
  .flatMap(([key, legacy]) => [`${key} `, ...legacy].map((prefix) => [prefix, key as RecordTextKey] as const));

/** `value` in `lang` when the portal wrote it, else as it is. */
export function systemText(value: string, lang: string): string {
  const key = SYSTEM_TEXTS.get(value);
  if (key) return t(lang, key);
  const pattern = RECORD_PREFIXES.find(([prefix]) => value.startsWith(prefix) && value.length > prefix.length);
  return pattern ? t(lang, pattern[1], { ref: value.slice(pattern[0].length) }) : value;
}

/** Every stored form of the portal's own texts with its words in `lang` (for the tables' label set). */
export function systemTexts(lang: string): Record<string, string> {
  return Object.fromEntries([...SYSTEM_TEXTS].map(([stored, key]) => [stored, t(lang, key)]));
}

/** The texts naming a reference in `lang`: each stored prefix with the words before and after the reference. */
export function recordTextPatterns(lang: string): { prefix: string; before: string; after: string }[] {
  return RECORD_PREFIXES.map(([prefix, key]) => {
    const [before = '', after = ''] = t(lang, key, { ref: '\u0000' }).split('\u0000');
    return { prefix, before, after };
  });
}

/** The sources and media a share-link form suggests, by the words of every catalogue (the stored value is what was typed or picked). */
const SUGGESTED_WORDS: ReadonlyMap<string, MessageKey> = new Map(
  ([...SOURCE_SUGGESTIONS.map((s) => `sharing.source.${s}`), ...MEDIUM_SUGGESTIONS.map((m) => `sharing.medium.${m}`)] as MessageKey[]).flatMap((key) =>
    SUPPORTED_LANGUAGES.map((code): [string, MessageKey] => [t(code, key).toLocaleLowerCase(code), key])),
);

/**
 * A share link's source or medium in `lang` when it is one the form suggested ("personal website" picked on an
 * English page reads "site web personnel" in French); one the ambassador typed is shown as typed. The link
 * itself keeps the stored words (they are its utm_source and utm_medium).
 */
export function shareLinkWord(value: string, lang: string): string {
  const key = SUGGESTED_WORDS.get(value.trim().toLocaleLowerCase());
  return key ? t(lang, key) : value;
}
