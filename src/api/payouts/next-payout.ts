import { batch, row, rows as allRows } from '../core/named-batch';
import { resolveCustomization } from '../../lib/schemas/customization';
import { memoized } from '../../lib/intl-cache';
import type { Caller, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { browserLanguage } from '../../lib/languages';
import { ownCampaign } from '../sharing/membership';
import {
  companyCustomizationStatement, lastPayoutStatement, pendingPayoutsStatement, unpaidStatement,
  type PayoutRow, type UnpaidRow,
} from './next-payout-queries';
import { nextPayoutQuery, type BlockingReason, type NextPayout, type NextPayoutQuery } from '../../lib/schemas/payouts';
import { ambassadorOverrideStatement, type OverrideRow } from './rule-queries';
import { withOverride } from './rules';

// "When will I get paid": what the operator's next payout would take for the caller, and what
// stands in the way. It mirrors src/api/payouts/operator.ts: a commission's holding period starts at its
// `created_at` (the conversion, not the approval), clawbacks are deducted whatever their age, only
// monetary approved commissions in no payout count, and a payout needs a payable commission and a total
// above zero and at or above the company minimum. One D1 round trip: the reads leave as one batch.
//
// With `campaign_uid` every figure is that campaign's, as the dashboard's other figures are when a campaign
// is selected (one scope per screen): what of it is payable or held, its part of each payout. A payout
// pays the person, though, so whether it can be paid (the minimum) is still weighed on everything payable.

const DAY_MS = 86_400_000;
/** Rows listed in the answer (the sums always cover every row). */
export const NEXT_PAYOUT_LIST_LIMIT = 100;


/** A payout method is set: a payout preference (PayPal needs its e-mail) or, without one, a PayPal e-mail. */
function hasPayoutMethod(caller: Caller): boolean {
  return hasPayoutMethodOf(caller.ambassador.payout_preference, caller.ambassador.paypal_email, caller.company.payout_preference_options);
}

/**
 * Whether an ambassador can be paid: a chosen payout method (one named like PayPal also needs the PayPal
 * e-mail), or, without a choice, a PayPal e-mail.
 */
export function hasPayoutMethodOf(pref: string | null, paypal: string | null, optionsJson: string | null | undefined): boolean {
  if (!pref) return !!paypal;
  let names: Record<string, string> = {};
  try {
    names = JSON.parse(optionsJson || '{}') as Record<string, string>;
  } catch {
    /* no names: any preference counts */
  }
  return /paypal/i.test(names[pref] ?? '') ? !!paypal : true;
}

// The payout rules of a company's stored settings, resolved once per settings text and isolate: resolving
// validates the whole customization (about a millisecond of the dashboard's CPU).
const payoutRules = memoized(64, (settings: string) => resolveCustomization(settings || undefined).payouts);

export const isoPlusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** A payout as the answer gives it: the whole amount, and the part the asked campaign makes of it. */
const payoutView = (p: PayoutRow) => ({
  uid: p.uid,
  /** Minor units: the whole payout. */
  amount: p.amount_minor,
  /** Minor units: what commissions of the asked campaign make of it (`amount` without a campaign). */
  campaign_amount: p.campaign_amount_minor,
  currency: p.currency,
  method: p.payment_method,
  status: p.status,
  created_at: p.created_at,
});

/** GET /v1/ambassadors/{id}/payouts/next/ - the caller's payable and held amounts, blockers, payouts on the way and last payout. */
export async function nextPayout(svc: ServiceContext, caller: Caller, now: Date = new Date(), query: NextPayoutQuery = {}): Promise<NextPayout> {
  const { db } = svc;
  const companyId = caller.company.id;
  const uid = caller.ambassador.uid;
  const campaign = ownCampaign(caller, parseWith(nextPayoutQuery, query).campaign_uid);
  const campaignId = campaign?.campaign_id ?? null;
  const { custom, override, unpaid, lastRow, pending } = await batch(db, {
    custom: row<{ settings: string }>(companyCustomizationStatement(db, companyId)),
    override: row<OverrideRow>(ambassadorOverrideStatement(db, companyId, uid)),
    unpaid: allRows<UnpaidRow>(unpaidStatement(db, companyId, uid, browserLanguage(svc.acceptLanguage))),
    lastRow: row<PayoutRow>(lastPayoutStatement(db, companyId, uid, campaignId)),
    pending: allRows<PayoutRow>(pendingPayoutsStatement(db, companyId, uid, campaignId)),
  });
  // The company's rules, or the caller's group's or own where they set them (./rules.ts).
  const company = payoutRules(custom?.settings ?? '');
  const { holdingDays, minimum } = withOverride({ holdingDays: company.holding_days, minimum: company.minimum_minor }, override);
  const nowIso = now.toISOString();

  const everyRow = unpaid.map((r) => {
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
  const rows = campaign ? everyRow.filter((r) => r.campaign_uid === campaign.campaign_uid) : everyRow;
  const payable = rows.filter((r) => r.payable_now);
  const held = rows.filter((r) => !r.payable_now).sort((a, b) => a.payable_on.localeCompare(b.payable_on));
  const sum = (list: typeof rows) => list.reduce((t, r) => t + r.amount, 0);
  const payableNow = sum(payable);
  const nextOn = held[0]?.payable_on ?? null;
  // The payout itself takes everything payable, of every campaign.
  const payoutNow = campaign ? sum(everyRow.filter((r) => r.payable_now)) : payableNow;

  const blockedBy: BlockingReason[] = [];
  if (!payable.some((r) => r.kind === 'commission')) blockedBy.push('nothing_payable');
  else if (payoutNow <= 0 || payoutNow < minimum) blockedBy.push('below_minimum');
  const method = hasPayoutMethod(caller);
  if (!method) blockedBy.push('no_payout_method');
  const onHold = !!caller.ambassador.deactivated_by_self;
  if (onHold) blockedBy.push('on_hold');

  return {
    ambassador_uid: uid,
    /** The campaign every figure below is of (null: every campaign). */
    campaign_uid: campaign?.campaign_uid ?? null,
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
    /** Payouts made but not paid yet (pending, processing, or failed with its commissions), newest first, at most 10. */
    pending_payouts: pending.map(payoutView),
    last_payout: lastRow ? { ...payoutView(lastRow), paid_at: lastRow.paid_at ?? lastRow.created_at } : null,
  };
}

