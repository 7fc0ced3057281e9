import { minorToDecimal } from '../../lib/format';
import type { z } from 'zod';
import type { PayableBlockingReason, PayableList, PayoutAnswer, PayoutList, payoutListSchema, payoutSchema } from '../../lib/schemas/payouts';
import { isoNow, newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { ambassadorRules, companyRules } from './rules';
import { payoutCreated } from './events';
import type { Operator } from '../core/operator-keys';
import { batch, row, rows } from '../core/named-batch';
import { payable, payOut } from '../money/payouts';
import { PAYOUT_SQL, type PayoutRow } from '../money/rows';
import { payoutView } from './view';
import { hasPayoutMethodOf } from './next-payout';
import { payableByAmbassador } from './queries';
import { taxFormMissing, taxStandings } from '../tax/forms';

const DAY_MS = 86_400_000;

/**
 * POST /v1/operator/payouts {ambassador_uid, method, transaction_id?}: pays the ambassador what is payable
 * (customization `payouts.holding_days`, 0-90, default 30; `payouts.minimum_minor`, default 0) through the
 * money operation payOut, one guarded batch. Above the yearly `payouts.tax_form_threshold_minor` it waits for a
 * tax form (src/api/tax/). A payout that lost a race answers 409 and changes nothing.
 */
export async function createPayout(svc: ServiceContext, op: Operator, input: z.output<typeof payoutSchema>): Promise<PayoutAnswer> {
  const { db } = svc;
  const company = op.companyId;
  const [{ custom, rules }, ambassador] = await Promise.all([
    ambassadorRules(db, company, input.ambassador_uid),
    db.prepare('SELECT uid FROM ambassadors WHERE company_id = ? AND uid = ?').bind(company, input.ambassador_uid).first(),
  ]);
  if (!ambassador) throw new ApiError('not_found', 'notFound');
  const { holdingDays, minimum } = rules;
  const cutoff = new Date(Date.now() - holdingDays * DAY_MS).toISOString();
  const { n, total, earned } = await payable(db, company, input.ambassador_uid, cutoff);
  if (earned === 0) throw new ApiError('conflict', 'nothingPayable');
  if (total <= 0 || total < minimum) {
    throw new ApiError('conflict', 'payoutBelowMinimum', undefined, undefined, {
      amount: minorToDecimal(total, op.currency), minimum: minorToDecimal(minimum, op.currency),
    });
  }
  if (await taxFormMissing(db, company, input.ambassador_uid, custom.company.payouts.tax_form_threshold_minor, total)) {
    throw new ApiError('conflict', 'taxFormMissing');
  }
  const { payout: row } = await payOut(db, {
    companyId: company, ambassadorUid: input.ambassador_uid, cutoff, uid: newUid('po'), count: n, total, now: isoNow(),
    currency: op.currency, method: input.method, transactionId: input.transaction_id,
  });
  if (!row) throw new ApiError('conflict', 'payoutConflict');
  await payoutCreated(svc, company, row);
  return { payout: payoutView(row) };
}

/** GET /v1/operator/payouts?ambassador_uid= - the company's payouts, newest first (at most 500). */
export async function listPayouts(svc: ServiceContext, op: Operator, input: z.output<typeof payoutListSchema>): Promise<PayoutList> {
  const { db } = svc;
  const amb = input.ambassador_uid;
  const { known, payouts } = await batch(db, {
    known: row<{ n: number }>(db.prepare('SELECT COUNT(*) AS n FROM ambassadors WHERE company_id = ? AND uid = ?').bind(op.companyId, amb ?? '')),
    payouts: rows<PayoutRow>(db.prepare(`${PAYOUT_SQL} WHERE p.company_id = ?1 AND (?2 IS NULL OR p.ambassador_uid = ?2) ORDER BY p.created_at DESC, p.id DESC LIMIT 500`)
      .bind(op.companyId, amb)),
  });
  if (amb && known!.n === 0) throw new ApiError('not_found', 'notFound');
  const results = payouts.map(payoutView);
  return { count: results.length, results };
}

/**
 * GET /v1/operator/payouts/payable - every ambassador with approved commissions in no payout: what a payout
 * would pay now (the same holding period, minimum and clawbacks as createPayout), what waits and until when,
 * and what blocks a payout (nothing payable yet, below the minimum, no payout method, on hold, no tax form above
 * the yearly threshold).
 */
export async function listPayable(svc: ServiceContext, op: Operator): Promise<PayableList> {
  return (await readPayable(svc, op)).list;
}

/**
 * What listPayable answers, the company's holding period's cutoff it read with (a payout run keeps it), and the
 * cutoff of each ambassador whose own or group's holding period differs (a run keeps it on their item).
 */
export async function readPayable(svc: ServiceContext, op: Operator): Promise<{ list: PayableList; cutoff: string; cutoffs: Map<string, string> }> {
  const { db } = svc;
  const [rules, company] = await Promise.all([
    companyRules(db, op.companyId),
    db.prepare('SELECT payout_preference_options FROM companies WHERE id = ?').bind(op.companyId).first<{ payout_preference_options: string }>(),
  ]);
  const { holdingDays, minimum } = rules.base;
  const nowMs = Date.now();
  const cutoffOf = (days: number) => new Date(nowMs - days * DAY_MS).toISOString();
  const cutoff = cutoffOf(holdingDays);
  // One read per holding period in use (the company's, and each group's or ambassador's own): each
  // ambassador's row comes from the read of theirs.
  const first = await payableByAmbassador(db, op.companyId, cutoff);
  const periods = [...new Set(first.results.map((r) => rules.of(r.uid).holdingDays).filter((d) => d !== holdingDays))];
  const [reads, tax] = await Promise.all([
    Promise.all(periods.map(async (d) => [d, new Map((await payableByAmbassador(db, op.companyId, cutoffOf(d))).results.map((r) => [r.uid, r]))] as const)),
    taxStandings(db, op.companyId, rules.custom.company.payouts.tax_form_threshold_minor),
  ]);
  const byPeriod = new Map(reads);
  const cutoffs = new Map<string, string>();
  const results = first.results.map((r) => {
    const own = rules.of(r.uid);
    if (own.holdingDays === holdingDays) return r;
    cutoffs.set(r.uid, cutoffOf(own.holdingDays));
    return byPeriod.get(own.holdingDays)?.get(r.uid) ?? r;
  }).sort((a, b) => b.payable - a.payable || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const list: PayableList = {
    currency: op.currency, holding_days: holdingDays, minimum,
    results: results.map((r) => {
      const own = rules.of(r.uid);
      const method = hasPayoutMethodOf(r.payout_preference, r.paypal_email, company?.payout_preference_options);
      const blocked: PayableBlockingReason[] = [];
      if (r.earned === 0) blocked.push('nothing_payable');
      else if (r.payable <= 0 || r.payable < own.minimum) blocked.push('below_minimum');
      if (!method) blocked.push('no_payout_method');
      if (r.deactivated_by_self) blocked.push('on_hold');
      if (r.payable > 0 && tax.missing(r.uid, r.payable)) blocked.push('tax_form_missing');
      return {
        ambassador_uid: r.uid, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email, payable: r.payable, commissions: r.n,
        later: r.later, next_payable_on: r.next_created ? new Date(Date.parse(r.next_created) + own.holdingDays * DAY_MS).toISOString() : null,
        payout_preference: r.payout_preference, has_payout_method: method, blocked_by: blocked,
      };
    }),
  };
  return { list, cutoff, cutoffs };
}
