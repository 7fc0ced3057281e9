import { row, write } from '../core/named-batch';
import type { PayoutRow } from './rows';
import { guardedBatch } from './errors';
import {
  markPaidStatement, payableStatement, payoutActivityStatement, payoutByUidStatement, payoutGuardStatement, payoutStatement,
  type PayoutInput,
} from './payout-queries';

export type { PayoutInput };

/** What is payable to an ambassador now (commissions older than `cutoff`, and every clawback). */
export const payable = async (db: D1Database, companyId: string, ambassadorUid: string, cutoff: string) =>
  (await payableStatement(db, companyId, ambassadorUid, cutoff).first<{ n: number; total: number; earned: number }>())!;

/**
 * Pay out: the payout, its commissions marked paid, the guard and the activity, in one batch (see
 * ./payout-queries.ts). A commission is never paid twice nor a payout left short: when the payable set
 * changed since it was read, the batch is refused (`payout_amount_invalid`, the API's payoutConflict) or
 * writes nothing (`payout` null).
 * `alongside`: the caller's own record of it, written in the same batch (a payout run's item marked paid, or
 * `sent` for a payout recorded `processing` on a rail, guarded by the payout's existence), so the two never
 * disagree. `p.status` `processing`: the commissions are committed to the payout all the same, and the run's
 * settle (src/api/payouts/settle.ts) later marks it paid, or failed with them given back.
 */
export async function payOut(db: D1Database, p: PayoutInput, alongside?: D1PreparedStatement) {
  const { payout } = await guardedBatch(db, {
    insert: write(payoutStatement(db, p)),
    markPaid: write(markPaidStatement(db, p)),
    guard: write(payoutGuardStatement(db, p)),
    activity: write(payoutActivityStatement(db, p.companyId, p.uid)),
    alongside: write(alongside ?? db.prepare('SELECT 1')),
    payout: row<PayoutRow>(payoutByUidStatement(db, p.companyId, p.uid)),
  });
  return { payout };
}
