import { commissionStatuses, type ProgramOverview } from '../../lib/schemas/staff';
import type { Staff } from '../core/staff-auth';
import type { ServiceContext } from '../core/types';
import { programOverview, type CommissionSumRow } from './overview-queries';

// The console's first screen: the program at a glance for any role of the staff member's own company.

const OWED = new Set(['pending', 'approved']);

/** Sums of `rows` per currency, currencies in alphabetical order. */
function byCurrency(sums: CommissionSumRow[], pick: (r: CommissionSumRow) => number) {
  const totals = new Map<string, number>();
  for (const r of sums) totals.set(r.currency, (totals.get(r.currency) ?? 0) + pick(r));
  return [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount_minor]) => ({ currency, amount_minor }));
}

/** GET /staff/overview/ - counts, revenue, commissions by status and what the company owes. */
export async function overview(svc: ServiceContext, staff: Staff): Promise<ProgramOverview> {
  const { counts, commissions } = await programOverview(svc.db, staff.companyId);
  const monetary = commissions.filter((r) => r.is_monetary === 1);
  const points = (list: CommissionSumRow[]) => list.filter((r) => r.is_monetary === 0).reduce((sum, r) => sum + r.amount_minor, 0);
  return {
    clicks: counts?.clicks ?? 0,
    shares: counts?.shares ?? 0,
    referrals: counts?.referrals ?? 0,
    ambassadors: counts?.ambassadors ?? 0,
    revenue: byCurrency(commissions.filter((r) => r.status !== 'denied'), (r) => r.revenue_minor),
    commissions: commissionStatuses.map((status) => {
      const of = commissions.filter((r) => r.status === status);
      return {
        status, count: of.reduce((sum, r) => sum + r.n, 0),
        money: byCurrency(of.filter((r) => r.is_monetary === 1), (r) => r.amount_minor), points: points(of),
      };
    }),
    owed: byCurrency(monetary.filter((r) => OWED.has(r.status)), (r) => r.amount_minor),
    owed_points: points(commissions.filter((r) => OWED.has(r.status))),
  };
}
