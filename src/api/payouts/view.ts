import type { Payout } from '../../lib/schemas/payouts';
import type { PayoutRow } from '../money/rows';

/** A payout as the operator API and its webhook events show it. */
export function payoutView(p: PayoutRow): Payout {
  return {
    uid: p.uid,
    ambassador_uid: p.ambassador_uid,
    /** Minor units of `currency`. */
    amount: p.amount_minor,
    currency: p.currency,
    method: p.payment_method,
    status: p.status,
    transaction_id: p.transaction_id,
    paid_at: p.paid_at,
    created_at: p.created_at,
    commissions: p.commissions,
  };
}
