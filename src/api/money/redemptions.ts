import { batch, row, write } from '../core/named-batch';
import type { RedemptionRow } from './rows';
import { guardedBatch, moneyCode, moneyRefusal } from './errors';
import {
  expireDueStatement, expireLapsedOfRedemptionStatement, holdStatement, reclaimRevokedStatement, settleStatement,
} from './ledger-queries';
import {
  completeStatement, failStatement, placeActivityStatement, placeStatement, redemptionByKeyStatement, returnStockStatements,
  settleActivityStatement, takeStockStatement, type PlacedRedemption,
} from './redemption-queries';

// Redemption operations: place (hold the amount), then settle once: post (fulfilled) or void (release).

export type { PlacedRedemption };

/** The redemption of `key`, or null. */
export const redemptionByKey = (db: D1Database, companyId: string, key: string) =>
  redemptionByKeyStatement(db, companyId, key).first<RedemptionRow>();

/**
 * Place: one batch that lapses the ambassador's due lots, writes the redemption (`processing`), takes one
 * from stock (`out_of_stock` below 0), holds the amount (the ledger refuses an overspend:
 * `insufficient_funds` / `balance_negative`) and notes the activity. A key placed before
 * (`redemption_key_taken`) answers that redemption, `replayed`, and spends nothing.
 */
export async function placeRedemption(db: D1Database, p: PlacedRedemption): Promise<{ redemption: RedemptionRow; replayed: boolean }> {
  try {
    const { redemption } = await batch(db, {
      lapsed: write(expireDueStatement(db, { companyId: p.companyId, ambassadorUid: p.ambassadorUid })),
      placed: write(placeStatement(db, p)),
      stock: write(takeStockStatement(db, p)),
      hold: write(holdStatement(db, { companyId: p.companyId, ambassadorUid: p.ambassadorUid, kind: p.spend, amount: p.amount, redemptionKey: p.key })),
      activity: write(placeActivityStatement(db, p)),
      redemption: row<RedemptionRow>(redemptionByKeyStatement(db, p.companyId, p.key)),
    });
    return { redemption: redemption!, replayed: false };
  } catch (err) {
    if (moneyCode(err) === 'redemption_key_taken') {
      const existing = await redemptionByKey(db, p.companyId, p.key);
      if (existing) return { redemption: existing, replayed: true };
    }
    throw moneyRefusal(err) ?? err;
  }
}

export type Settlement =
  | { status: 'issued'; details: string; provider: string; externalRef: string }
  | { status: 'failed'; reason: string; provider: string };

/**
 * Settle once: post (issued: `completed`, the hold becomes redeemed) or void (failed: the hold is released,
 * the stock and the claimed code returned, what goes back to a revoked lot reversed again, lots that lapsed
 * while held expired). The settlement entry goes first: the status can only leave `processing` when it
 * exists (`hold_not_settled`), and a hold settles once (`hold_already_settled`, `illegal_redemption_transition`).
 */
export async function settleRedemption(db: D1Database, companyId: string, key: string, s: Settlement) {
  if (s.status === 'issued') {
    await guardedBatch(db, {
      post: write(settleStatement(db, companyId, key, 'post')),
      completed: write(completeStatement(db, companyId, key, s.details, s.provider, s.externalRef)),
      activity: write(settleActivityStatement(db, companyId, key, 'redeemed')),
    });
    return;
  }
  const back = returnStockStatements(db, companyId, key);
  await guardedBatch(db, {
    release: write(settleStatement(db, companyId, key, 'release')),
    failed: write(failStatement(db, companyId, key, s.reason, s.provider)),
    activity: write(settleActivityStatement(db, companyId, key, 'denied')),
    rewardStock: write(back.rewardStock),
    variantStock: write(back.variantStock),
    code: write(back.code),
    reclaimed: write(reclaimRevokedStatement(db, companyId, key)),
    lapsed: write(expireLapsedOfRedemptionStatement(db, companyId, key)),
  });
}
