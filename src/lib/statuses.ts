import { isMessageKey, t } from './i18n.ts';

// Statuses of spec §4 and the words the portal shows for them (translated via the catalogue's
// "status.<kind>.<status>" keys). Transitions between them belong to the API, not here.

// under_review: a commission (and its activity) held by a fraud rule until the company reviews it (issue 20).
export const COMMISSION_STATUSES = ['pending', 'under_review', 'approved', 'paid', 'zero'] as const;
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
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export type RewardStatus = (typeof REWARD_STATUSES)[number];
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const STATUSES = {
  commission: COMMISSION_STATUSES,
  activity: ACTIVITY_STATUSES,
  reward: REWARD_STATUSES,
  redemption: REDEMPTION_STATUSES,
  ledger: LEDGER_STATUSES,
  account: ACCOUNT_STATUSES,
} as const;
export type StatusKind = keyof typeof STATUSES;

/** "fulfillment_failed" -> "Fulfillment failed": readable text for a status the catalogue does not know yet. */
function humanize(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/** Display text of a status, e.g. ('reward', 'fulfilled') -> "Available to redeem". */
export function statusLabel(kind: StatusKind, status: string | null | undefined, lang?: string | null): string {
  const key = `status.${kind}.${status ?? ''}`;
  return isMessageKey(key) ? t(lang, key) : humanize(status ?? '');
}

/** Approved commissions are not paid yet: they count as unpaid (§4). */
export function isUnpaidCommission(status: string | null | undefined): boolean {
  return status === 'approved';
}

export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

const TONES: Partial<Record<StatusKind, Partial<Record<string, StatusTone>>>> = {
  commission: { pending: 'warning', under_review: 'warning', approved: 'warning', paid: 'success' },
  activity: {
    approved: 'success', denied: 'danger', earn: 'success', expired: 'neutral', paid: 'success', pending: 'warning', processing: 'warning',
    redeemed: 'success', under_review: 'warning',
  },
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
