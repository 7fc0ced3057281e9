import { COMMISSION_SQL, type CommissionRow } from '../money/rows';

/** The commissions (and clawbacks) a payout settled. */
export const paidCommissionRows = (db: D1Database, companyId: string, payoutId: number) =>
  db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.payout_id = ? ORDER BY m.id`).bind(companyId, payoutId).all<CommissionRow>();
