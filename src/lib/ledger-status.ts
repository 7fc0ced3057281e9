// The reward-ledger statuses of spec §4, derived from what happened to a lot (an earning): nothing is
// stored, so a status can never disagree with the entries (migrations/0005_loyalty_ledger.sql).

export const LEDGER_STATUSES = [
  'posted', 'consumed_partial', 'consumed_full', 'expired_partial', 'expired_full', 'consumed_reversed', 'revoked',
] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** A lot's amount and the sums of its uses by kind (spent = redeem + adjust minus what releases gave back). */
export interface LotUses {
  amount: number;
  remaining: number;
  spent: number;
  expired: number;
  revoked: number;
  /** Whether a release ever gave something back to this lot. */
  released: boolean;
}

/**
 * - revoked: a clawback took from it;
 * - expired_full / expired_partial: it expired with nothing / something spent before;
 * - consumed_full / consumed_partial: spent entirely / in part (and not expired);
 * - consumed_reversed: it was spent, and every spend was given back (a failed redemption);
 * - posted: untouched.
 */
export function ledgerStatus(l: LotUses): LedgerStatus {
  if (l.revoked > 0) return 'revoked';
  if (l.expired > 0) return l.spent > 0 ? 'expired_partial' : 'expired_full';
  if (l.spent >= l.amount) return 'consumed_full';
  if (l.spent > 0) return 'consumed_partial';
  if (l.released) return 'consumed_reversed';
  return 'posted';
}
