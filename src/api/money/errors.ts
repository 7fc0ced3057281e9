import { ApiError, type ApiErrorCode } from '../core/errors';
import { batch, type Answers, type Steps } from '../core/named-batch';

/**
 * The codes a money write can fail with: the messages of the triggers' RAISE(ABORT, '<code>') in
 * migrations 0005, 0006, 0017, 0021 and 0027. Each maps, exactly, to what the person is told; `null` marks a code
 * that no request can cause (a bug if it happens): it stays the unhandled 500 it always was.
 */
export const MONEY_ERRORS = {
  insufficient_funds: { kind: 'validation', key: 'notEnoughFunds' },
  balance_negative: { kind: 'validation', key: 'notEnoughFunds' },
  lot_overdrawn: { kind: 'conflict', key: 'notEnoughFunds' },
  out_of_stock: { kind: 'conflict', key: 'outOfStock' },
  ledger_uid_taken: { kind: 'conflict', key: 'duplicateEntry' },
  hold_already_settled: { kind: 'conflict', key: 'redemptionAlreadySettled' },
  illegal_redemption_transition: { kind: 'conflict', key: 'redemptionAlreadySettled' },
  hold_not_settled: { kind: 'conflict', key: 'redemptionAlreadySettled' },
  redemption_key_taken: { kind: 'conflict', key: 'duplicateEntry' },
  payout_amount_invalid: { kind: 'conflict', key: 'payoutConflict' },
  // migrations 0021: a held commission (fraud review) is never paid.
  commission_held: { kind: 'conflict', key: 'illegalTransition' },
  // migration 0027: an amount above MAX_MONEY_MINOR; every input refuses one first, so this is a bug if it happens.
  amount_out_of_range: null,
  ledger_append_only: null,
  lot_uses_append_only: null,
  ledger_entry_invalid: null,
  settlement_mismatch: null,
  lot_mismatch: null,
} as const satisfies Record<string, { kind: ApiErrorCode; key: string } | null>;

export type MoneyCode = keyof typeof MONEY_ERRORS;

const isCode = (word: string): word is MoneyCode => Object.hasOwn(MONEY_ERRORS, word);

/**
 * The code a failed batch was refused with, or null. D1 wraps the trigger's message
 * ("D1_ERROR: insufficient_funds: SQLITE_CONSTRAINT ..."); a code is one word of it, matched whole.
 */
export function moneyCode(err: unknown): MoneyCode | null {
  const message = err instanceof Error ? err.message : String(err);
  return message.split(/[^A-Za-z0-9_]+/).find(isCode) ?? null;
}

/** What a refused money write means for the person, or null when the failure is not a refusal. `cause`: D1's error. */
export function moneyRefusal(err: unknown): ApiError | null {
  const code = moneyCode(err);
  const answer = code ? MONEY_ERRORS[code] : null;
  if (!answer) return null;
  const refusal = new ApiError(answer.kind, answer.key);
  refusal.cause = err;
  return refusal;
}

/** One money operation's batch: the named steps in one transaction; a refusal becomes its ApiError. */
export async function guardedBatch<S extends Steps>(db: D1Database, steps: S): Promise<Answers<S>> {
  try {
    return await batch(db, steps);
  } catch (err) {
    throw moneyRefusal(err) ?? err;
  }
}
