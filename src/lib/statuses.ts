import { isMessageKey, t, type MessageKey } from './i18n.ts';

// Statuses of spec §4 and the words the portal shows for them (translated via the catalogue's
// "status.<kind>.<status>" keys). Transitions between them belong to the API, not here.

// under_review: a commission (and its activity) held by a fraud rule until the company reviews it.
export const COMMISSION_STATUSES = ['pending', 'under_review', 'approved', 'paid', 'denied', 'zero'] as const;
export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'failed'] as const;
export const ACTIVITY_STATUSES = ['approved', 'denied', 'earn', 'expired', 'paid', 'pending', 'processing', 'redeemed', 'under_review'] as const;
export const REWARD_STATUSES = [
  'pending', 'approved_held', 'approved', 'processing', 'fulfillment_failed', 'fulfilled', 'fraud', 'denied',
  'closed', 'expired', 'transferred',
] as const;
export const REDEMPTION_STATUSES = ['processing', 'canceled', 'failed', 'completed', 'reversed_to_ledger', 'reversed_to_company'] as const;
export const LEDGER_STATUSES = [
  'posted', 'consumed_partial', 'consumed_full', 'expired_partial', 'expired_full', 'consumed_reversed', 'revoked',
] as const;
export const ACCOUNT_STATUSES = ['active', 'deactivated'] as const;

export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export type RewardStatus = (typeof REWARD_STATUSES)[number];
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const STATUSES = {
  commission: COMMISSION_STATUSES,
  payout: PAYOUT_STATUSES,
  activity: ACTIVITY_STATUSES,
  reward: REWARD_STATUSES,
  redemption: REDEMPTION_STATUSES,
  ledger: LEDGER_STATUSES,
  account: ACCOUNT_STATUSES,
} as const;
export type StatusKind = keyof typeof STATUSES;

// The status map (spec §4 display rules: one status vocabulary): the one place a status value
// becomes words. A commission is the same thing on the dashboard's activity, the tables, their filters,
// the detail views, the CSV and e-mails, so a commission state and the activity row that reports it
// (its status is the commission's, src/api/stats/activity-queries.ts) share one word: "approved" is
// "Approved" (it still counts as unpaid in the sums, §4), never "Approved" here and "Unpaid" there.
// A state only a fraud hold gives (under_review) is one shared entry.
const SHARED = {
  pending: 'status.activity.pending', approved: 'status.activity.approved', paid: 'status.activity.paid',
  denied: 'status.activity.denied', processing: 'status.activity.processing', under_review: 'status.activity.under_review',
} as const;

const WORDS: Record<StatusKind, Record<string, string>> = {
  commission: { pending: SHARED.pending, approved: SHARED.approved, paid: SHARED.paid, denied: SHARED.denied, zero: 'status.commission.zero', under_review: SHARED.under_review },
  payout: { pending: SHARED.pending, processing: SHARED.processing, paid: SHARED.paid, failed: 'status.payout.failed' },
  activity: Object.fromEntries(ACTIVITY_STATUSES.map((s) => [s, `status.activity.${s}`])),
  reward: Object.fromEntries(REWARD_STATUSES.map((s) => [s, `status.reward.${s}`])),
  redemption: { ...Object.fromEntries(REDEMPTION_STATUSES.map((s) => [s, `status.redemption.${s}`])), processing: SHARED.processing },
  ledger: Object.fromEntries(LEDGER_STATUSES.map((s) => [s, `status.ledger.${s}`])),
  account: Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, `status.account.${s}`])),
};

/** "fulfillment_failed" -> "Fulfillment failed": readable text for a status the map does not know yet. */
function humanize(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/** The message key of a status's word, when the map (and the catalogue) has one. */
export function statusKey(kind: StatusKind, status: string | null | undefined): MessageKey | undefined {
  const key = Object.hasOwn(WORDS[kind], status ?? '') ? WORDS[kind][status ?? ''] : undefined;
  return isMessageKey(key) ? key : undefined;
}

/** Display text of a status, e.g. ('reward', 'fulfilled') -> "Available to redeem". */
export function statusLabel(kind: StatusKind, status: string | null | undefined, lang?: string | null): string {
  const key = statusKey(kind, status);
  return key ? t(lang, key) : humanize(status ?? '');
}

/** The choices of a status filter: each value with the key of its word (tables, CSV). */
export function statusChoices(kind: StatusKind, values: readonly string[] = STATUSES[kind]): { value: string; label_key?: MessageKey }[] {
  return values.map((value) => {
    const label_key = statusKey(kind, value);
    return label_key ? { value, label_key } : { value };
  });
}

/** Approved commissions are not paid yet: they count as unpaid (§4). */
export function isUnpaidCommission(status: string | null | undefined): boolean {
  return status === 'approved';
}

export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

const TONES: Partial<Record<StatusKind, Partial<Record<string, StatusTone>>>> = {
  commission: { pending: 'warning', approved: 'success', paid: 'success', denied: 'danger', under_review: 'warning' },
  payout: { pending: 'warning', processing: 'warning', paid: 'success', failed: 'danger' },
  activity: { approved: 'success', under_review: 'warning', denied: 'danger', earn: 'success', expired: 'neutral', paid: 'success', pending: 'warning', processing: 'warning', redeemed: 'success' },
  reward: {
    pending: 'warning', approved_held: 'warning', approved: 'warning', processing: 'warning', fulfillment_failed: 'warning',
    fulfilled: 'success', fraud: 'danger', denied: 'danger', closed: 'neutral', expired: 'neutral', transferred: 'neutral',
  },
  redemption: { processing: 'warning', canceled: 'neutral', failed: 'danger', completed: 'success', reversed_to_ledger: 'neutral', reversed_to_company: 'neutral' },
  ledger: { posted: 'success', consumed_partial: 'success', consumed_full: 'neutral', expired_partial: 'warning', expired_full: 'neutral', consumed_reversed: 'neutral', revoked: 'danger' },
  account: { active: 'success', deactivated: 'danger' },
};

/** Colour family for a status badge. */
export function statusTone(kind: StatusKind, status: string | null | undefined): StatusTone {
  return TONES[kind]?.[status ?? ''] ?? 'neutral';
}
