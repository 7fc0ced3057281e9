import { batch, row, write, type Steps } from '../core/named-batch';
import { guardedBatch } from './errors';
import {
  balanceStatement, debitStatement, earnStatement, entryByUidStatement, expireDueStatement, lastEntryStatement,
  type EarnEntry, type EntryRow, type LedgerKind,
} from './ledger-queries';

// Ledger operations: earn, adjust (+/-), claw back (reverse) and expire points and cash. Each is one
// guarded batch; the triggers of migrations 0005/0017 open and spend the lots, keep the balances, and
// refuse (with a code, see ./errors.ts) a spend the lots cannot cover.

export type { EarnEntry, EntryRow, LedgerKind };

export interface LedgerEntryInput {
  companyId: string;
  ambassadorUid: string;
  kind: LedgerKind;
  /** Signed: > 0 earns (a lot), < 0 spends (adjust or reverse). */
  amount: number;
  description: string;
  uid: string | null;
  /** For an earning: when its lot lapses (null: never). */
  expireAt: string | null;
  /** earn | adjust for a credit, adjust | reverse for a debit. */
  entryType: 'earn' | 'adjust' | 'reverse';
}

export type BalanceRow = Record<string, number>;

/** The entry of `uid` (an operator's scoped uid), or null. */
export const entryByUid = (db: D1Database, companyId: string, uid: string) => entryByUidStatement(db, companyId, uid).first<EntryRow>();

/** An ambassador's balances, or null before their first entry. */
export const balanceOf = (db: D1Database, companyId: string, ambassadorUid: string) =>
  balanceStatement(db, companyId, ambassadorUid).first<BalanceRow>();

/** Earn, adjust or claw back: one entry, read back with the balance it leaves, in one batch. */
export async function postLedgerEntry(db: D1Database, e: LedgerEntryInput) {
  const base = { companyId: e.companyId, ambassadorUid: e.ambassadorUid, kind: e.kind, description: e.description, uid: e.uid };
  const entry = e.amount > 0
    ? earnStatement(db, { ...base, amount: e.amount, expireAt: e.expireAt, entryType: e.entryType === 'adjust' ? 'adjust' : 'earn' })
    : debitStatement(db, { ...base, amount: -e.amount, entryType: e.entryType === 'reverse' ? 'reverse' : 'adjust' });
  const { written, balance } = await guardedBatch(db, {
    entry: write(entry),
    written: row<EntryRow>(lastEntryStatement(db, e.companyId)),
    balance: row<BalanceRow>(balanceStatement(db, e.companyId, e.ambassadorUid)),
  });
  return { entry: written!, balance };
}

/** A debit of `amount` (> 0) from the lots, soonest-expiring first, or from one lot (`lotId`). */
export async function debit(
  db: D1Database,
  e: { companyId: string; ambassadorUid: string; kind: LedgerKind; amount: number; description: string; entryType: 'adjust' | 'reverse'; lotId?: number | null },
) {
  await guardedBatch(db, { entry: write(debitStatement(db, e)) });
}

/** An earning (a lot), on its own. */
export async function earn(db: D1Database, e: EarnEntry) {
  await guardedBatch(db, { entry: write(earnStatement(db, e)) });
}

/**
 * Earnings in one batch with the caller's own rows around each (a task's completion before its points,
 * its activity after): all of them or none. `first` runs before everything and its first row comes back.
 * A failure is thrown as D1 raised it (the caller tells a lost race, `ledger_uid_taken`, by moneyCode()).
 */
export async function earnWith<T>(
  db: D1Database,
  first: D1PreparedStatement,
  earnings: { entry: EarnEntry; before: D1PreparedStatement[]; after: D1PreparedStatement[] }[],
) {
  const steps: Steps = { first: row<T>(first) };
  earnings.forEach(({ entry, before, after }, i) => {
    before.forEach((s, j) => (steps[`before${i}.${j}`] = write(s)));
    steps[`earn${i}`] = write(earnStatement(db, entry));
    after.forEach((s, j) => (steps[`after${i}.${j}`] = write(s)));
  });
  const answers = await batch(db, steps);
  return { first: answers.first as T | null };
}

/**
 * Expire: what is left of every lot whose expire_at has passed, at most `limit` lots, for one ambassador,
 * one company or everyone (null). Answers how many lots lapsed. Safe to run twice (a lot's CHECK refuses
 * a second expiry of the same amount; the SELECT only finds lots with something left).
 */
export async function expireDue(db: D1Database, scope: { companyId: string; ambassadorUid?: string } | null, limit = 500) {
  const { results } = await expireDueStatement(db, scope, limit).all();
  return results.length;
}
