import { commissionStatuses, type ProgramOverview } from '../../lib/schemas/staff';
import type { Staff } from '../core/staff-auth';
import type { ServiceContext } from '../core/types';
import { resolveCustomization } from '../../lib/schemas/customization';
import { isoPlusDays } from '../payouts/next-payout';
import { programOverview, type CommissionSumRow } from './overview-queries';

// The console's first screen: the program at a glance for any role of the staff member's own company.

const OWED = new Set(['pending', 'approved']);

/** Sums of `rows` per currency, currencies in alphabetical order. */
function byCurrency<T extends { currency: string }>(sums: T[], pick: (r: T) => number) {
  const totals = new Map<string, number>();
  for (const r of sums) totals.set(r.currency, (totals.get(r.currency) ?? 0) + pick(r));
  return [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount_minor]) => ({ currency, amount_minor }));
}

/** GET /staff/overview/ - counts, revenue, commissions by status, what the company owes, what its ambassadors hold, the next payouts. */
export async function overview(svc: ServiceContext, staff: Staff, now: Date = new Date()): Promise<ProgramOverview> {
  const { counts, commissions, balances, unpaid, payouts, settings } = await programOverview(svc.db, staff.companyId);
  const rules = resolveCustomization(settings?.settings || undefined).payouts;
  const nowIso = now.toISOString();
  // As a payout run decides (src/api/payouts/next-payout.ts): a commission is payable `holding_days` after it was made, a clawback at once.
  const dated = unpaid.map((r) => ({ ...r, payable_on: r.kind === 'clawback' ? r.created_at : isoPlusDays(r.created_at, rules.holding_days) }));
  const later = dated.filter((r) => r.payable_on > nowIso).sort((a, b) => a.payable_on.localeCompare(b.payable_on));
  const sumsOf = (list: { currency: string; amount_minor: number }[]) => byCurrency(list, (r) => r.amount_minor);
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
    outstanding: {
      points: balances?.points ?? 0,
      cash: { currency: staff.currency, amount_minor: balances?.cash_minor ?? 0 },
      holders: balances?.holders ?? 0,
    },
    next_payouts: {
      holding_days: rules.holding_days,
      minimum_minor: rules.minimum_minor,
      payable_now: sumsOf(dated.filter((r) => r.payable_on <= nowIso)),
      later: sumsOf(later),
      next_payable_on: later[0]?.payable_on ?? null,
      on_the_way: (['pending', 'processing'] as const).map((status) => {
        const of = payouts.filter((p) => p.status === status);
        return { status, count: of.reduce((n, p) => n + p.n, 0), money: sumsOf(of) };
      }).filter((p) => p.count > 0),
    },
  };
}
