import { batch, row, rows as allRows } from '../core/named-batch';
import { resolveCustomization } from '../../lib/schemas/customization';
import { memoized } from '../../lib/intl-cache';
import type { Caller, ServiceContext } from '../core/types';
import { browserLanguage } from '../../lib/languages';
import {
  companyCustomizationStatement, lastPayoutStatement, unpaidStatement,
  type LastPayoutRow, type UnpaidRow,
} from './queries';

// "When will I get paid" (issue 9): what the operator's next payout would take for the caller, and what
// stands in the way. It mirrors src/api/operator/payouts.ts: a commission's holding period starts at its
// `created_at` (the conversion, not the approval), clawbacks are deducted whatever their age, only
// monetary approved commissions in no payout count, and a payout needs a payable commission and a total
// above zero and at or above the company minimum. One D1 round trip: the three reads leave as one batch.

const DAY_MS = 86_400_000;
/** Rows listed in the answer (the sums always cover every row). */
export const NEXT_PAYOUT_LIST_LIMIT = 100;

export const BLOCKING_REASONS = ['nothing_payable', 'below_minimum', 'no_payout_method', 'on_hold'] as const;
export type BlockingReason = (typeof BLOCKING_REASONS)[number];

/** A payout method is set: a payout preference (PayPal needs its e-mail) or, without one, a PayPal e-mail. */
function hasPayoutMethod(caller: Caller): boolean {
  const { payout_preference: pref, paypal_email: paypal } = caller.ambassador;
  if (!pref) return !!paypal;
  let names: Record<string, string> = {};
  try {
    names = JSON.parse(caller.company.payout_preference_options || '{}') as Record<string, string>;
  } catch {
    /* no names: any preference counts */
  }
  return /paypal/i.test(names[pref] ?? '') ? !!paypal : true;
}

// The payout rules of a company's stored settings, resolved once per settings text and isolate: resolving
// validates the whole customization (about a millisecond of the dashboard's CPU, issue 19).
const payoutRules = memoized(64, (settings: string) => resolveCustomization(settings || undefined).payouts);

const isoPlusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** GET /v1/ambassadors/{id}/payouts/next/ - the caller's payable and held amounts, blockers and last payout. */
export async function nextPayout(svc: ServiceContext, caller: Caller, now: Date = new Date()) {
  const { db } = svc;
  const companyId = caller.company.id;
  const uid = caller.ambassador.uid;
  const { custom, unpaid, lastRow } = await batch(db, {
    custom: row<{ settings: string }>(companyCustomizationStatement(db, companyId)),
    unpaid: allRows<UnpaidRow>(unpaidStatement(db, companyId, uid, browserLanguage(svc.acceptLanguage))),
    lastRow: row<LastPayoutRow>(lastPayoutStatement(db, companyId, uid)),
  });
  const { holding_days: holdingDays, minimum_minor: minimum } = payoutRules(custom?.settings ?? '');
  const nowIso = now.toISOString();

  const rows = unpaid.map((r) => {
    // The same instant the operator's cutoff compares with: created_at <= now - holding days.
    const payableOn = r.kind === 'clawback' ? r.created_at : isoPlusDays(r.created_at, holdingDays);
    return {
      uid: r.uid,
      kind: r.kind,
      /** Minor units of `currency` (negative for a clawback). */
      amount: r.amount_minor,
      currency: r.currency,
      transaction_uid: r.transaction_id,
      campaign_uid: r.campaign_uid,
      campaign_name: r.campaign_name,
      created_at: r.created_at,
      payable_on: payableOn,
      payable_now: payableOn <= nowIso,
    };
  });
  const payable = rows.filter((r) => r.payable_now);
  const held = rows.filter((r) => !r.payable_now).sort((a, b) => a.payable_on.localeCompare(b.payable_on));
  const sum = (list: typeof rows) => list.reduce((t, r) => t + r.amount, 0);
  const payableNow = sum(payable);
  const nextOn = held[0]?.payable_on ?? null;

  const blockedBy: BlockingReason[] = [];
  if (!payable.some((r) => r.kind === 'commission')) blockedBy.push('nothing_payable');
  else if (payableNow <= 0 || payableNow < minimum) blockedBy.push('below_minimum');
  const method = hasPayoutMethod(caller);
  if (!method) blockedBy.push('no_payout_method');
  const onHold = !!caller.ambassador.deactivated_by_self;
  if (onHold) blockedBy.push('on_hold');

  return {
    ambassador_uid: uid,
    currency: caller.company.currency,
    /** Days after the conversion a commission becomes payable (company customization `payouts.holding_days`). */
    holding_days: holdingDays,
    /** Minor units: the least a payout can be (customization `payouts.minimum_minor`). */
    minimum,
    /** Minor units payable now (commissions past the holding period minus clawbacks). */
    payable_now: payableNow,
    /** Minor units approved but still in the holding period. */
    held: sum(held),
    /** When the next held commission becomes payable, and the amount that becomes payable then. */
    next_payable_on: nextOn,
    next_payable_amount: nextOn ? sum(held.filter((r) => r.payable_on === nextOn)) : 0,
    has_payout_method: method,
    on_hold: onHold,
    /** Nothing blocks: the operator's next payout would pay `payable_now`. */
    ready: blockedBy.length === 0,
    blocked_by: blockedBy,
    /** Approved unpaid commissions and clawbacks (clawbacks first, then oldest first), at most 100. */
    commissions: rows.slice(0, NEXT_PAYOUT_LIST_LIMIT),
    count: rows.length,
    last_payout: lastRow
      ? { uid: lastRow.uid, paid_at: lastRow.paid_at ?? lastRow.created_at, amount: lastRow.amount_minor, currency: lastRow.currency, method: lastRow.payment_method }
      : null,
  };
}

export type NextPayout = Awaited<ReturnType<typeof nextPayout>>;
