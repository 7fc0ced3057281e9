import { t } from './i18n.ts';
import type { MessageKey } from './i18n/en.ts';

// Payment method codes and labels of spec §3. Statuses (§4) live in statuses.ts, re-exported here.

/** Code -> label slug; "unpaid" stands for "no payment method yet". */
export const PAYMENT_METHODS = {
  0: 'manual',
  1: 'paypal',
  2: 'dwolla',
  3: 'magento',
  4: 'tangocard',
  5: 'voucher',
  6: 'bank-to-bank',
  7: 'hyperwallet',
  8: 'portal-rewards',
} as const;

export type PaymentMethodCode = keyof typeof PAYMENT_METHODS;
export type PaymentMethodSlug = (typeof PAYMENT_METHODS)[PaymentMethodCode] | 'unpaid';

export const PAYMENT_METHOD_CODES = Object.keys(PAYMENT_METHODS).map(Number) as PaymentMethodCode[];

/** Slug for a code (number or numeric text); null/undefined/unknown -> "unpaid". */
export function paymentMethodSlug(code: number | string | null | undefined): PaymentMethodSlug {
  if (code === null || code === undefined || code === '') return 'unpaid';
  const n = Number(code);
  return Number.isInteger(n) && n in PAYMENT_METHODS ? PAYMENT_METHODS[n as PaymentMethodCode] : 'unpaid';
}

/** Display name: "PayPal", "Direct bank deposit", "Unpaid" ... */
export function paymentMethodLabel(code: number | string | null | undefined, lang?: string | null): string {
  return t(lang, `paymentMethod.${paymentMethodSlug(code)}` as MessageKey);
}

/**
 * A company's name for one of its payout options (payout_preference_options: code -> name), in the page
 * language when it is the method's own English name ("Manual" is "Manuel" on a French page);
 * a name the company wrote itself is its text and is shown as written.
 */
export function payoutOptionLabel(code: number | string, name: string | null | undefined, lang?: string | null): string {
  const own = (name ?? '').trim();
  const slug = paymentMethodSlug(code);
  if (slug !== 'unpaid' && (!own || own.toLowerCase() === paymentMethodLabel(code, 'en').toLowerCase())) return paymentMethodLabel(code, lang);
  return own;
}

// Gift-card products whose catalogue names are long ("Virtual Prepaid Visa® Card (USD)") are shown short (§3).
const SHORT_PRODUCT_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/virtual\s+prepaid\s+master\s*card/i, 'Virtual Prepaid MasterCard'],
  [/virtual\s+prepaid\s+visa/i, 'Virtual Prepaid Visa'],
];

export function shortProductName(name: string | null | undefined): string {
  const value = name ?? '';
  return SHORT_PRODUCT_NAMES.find(([pattern]) => pattern.test(value))?.[1] ?? value;
}

export {
  ACCOUNT_STATUSES,
  ACTIVITY_STATUSES,
  COMMISSION_STATUSES,
  LEDGER_STATUSES,
  REDEMPTION_STATUSES,
  REWARD_STATUSES,
  STATUSES,
  isUnpaidCommission,
  statusChoices,
  statusLabel,
  statusTone,
} from './statuses.ts';
export type {
  AccountStatus,
  ActivityStatus,
  CommissionStatus,
  LedgerStatus,
  RedemptionStatus,
  RewardStatus,
  StatusKind,
  StatusTone,
} from './statuses.ts';
