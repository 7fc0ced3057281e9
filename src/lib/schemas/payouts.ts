import { z } from 'zod';
import { jsonInteger } from './numbers.ts';
import { components } from './registry';

// Payouts: what an ambassador asks of theirs ("when will I get paid") and what a company's back office
// sends and reads back (the operator API). Amounts are integer minor units of `currency`.

const isoTime = z.string().describe('ISO 8601 UTC time');
const minor = (what: string) => z.number().int().describe(`${what}, integer minor units of \`currency\``);

/** POST /operator/payouts: payment methods of spec §3 (0 manual ... 8), as the payouts table stores them. */
export const payoutSchema = z.object({
  ambassador_uid: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'maxChars64'),
  method: jsonInteger('invalidField', 0, 8),
  transaction_id: z.string().trim().max(255, 'maxChars255').nullish().transform((v) => v || null),
});
export type PayoutInput = z.input<typeof payoutSchema>;

/** GET /operator/payouts: one ambassador's payouts. */
export const payoutListSchema = z.object({
  ambassador_uid: z.string().trim().max(64, 'maxChars64').optional().transform((v) => v || null),
});

/** A payout as the operator API and its webhook events show it. */
export const payoutRecord = z
  .object({
    uid: z.string(),
    ambassador_uid: z.string(),
    amount: minor('Amount paid'),
    currency: z.string(),
    method: z.number().int().describe('Payment method code of spec §3 (0-8)'),
    status: z.string(),
    transaction_id: z.string().nullable().describe('Payment reference'),
    paid_at: isoTime.nullable(),
    created_at: isoTime,
    commissions: z.number().int().describe('How many commissions (and clawbacks) it paid'),
  })
  .strict()
  .register(components, { id: 'Payout' });
export type Payout = z.output<typeof payoutRecord>;

export const payoutAnswer = z.object({ payout: payoutRecord }).strict().register(components, { id: 'PayoutAnswer' });
export type PayoutAnswer = z.output<typeof payoutAnswer>;
export const payoutListAnswer = z
  .object({ count: z.number().int(), results: z.array(payoutRecord) })
  .strict()
  .register(components, { id: 'PayoutList' });
export type PayoutList = z.output<typeof payoutListAnswer>;

/** What keeps the operator from paying an ambassador: the ambassador's own reasons, and a tax form missing. */
export const PAYABLE_BLOCKING_REASONS = ['nothing_payable', 'below_minimum', 'no_payout_method', 'on_hold', 'tax_form_missing'] as const;
export type PayableBlockingReason = (typeof PAYABLE_BLOCKING_REASONS)[number];

/** GET /operator/payouts/payable: who a payout would pay today, and who waits and why. */
export const payableListAnswer = z
  .object({
    currency: z.string(),
    holding_days: z.number().int().describe('Days after the sale before an approved commission is payable'),
    minimum: minor('The least a payout can be'),
    results: z.array(z.object({
      ambassador_uid: z.string(),
      name: z.string(),
      email: z.string(),
      payable: minor('What a payout would pay now (commissions past the holding period, less clawbacks)'),
      commissions: z.number().int().describe('How many commissions and clawbacks that payout would settle'),
      later: minor('Approved commissions still in the holding period'),
      next_payable_on: isoTime.nullable().describe('When the next of those becomes payable'),
      payout_preference: z.string().nullable().describe('The payout method the ambassador chose (the company\'s `payout_preference_options` name)'),
      has_payout_method: z.boolean(),
      blocked_by: z.array(z.enum(PAYABLE_BLOCKING_REASONS)).describe('Why a payout would not go out now (empty: ready); `tax_form_missing`: ' +
        'the year\'s payouts with this one pass the company\'s `payouts.tax_form_threshold_minor` and no tax form is on file'),
    }).strict()),
  })
  .strict()
  .register(components, { id: 'PayableList' });
export type PayableList = z.output<typeof payableListAnswer>;

export const BLOCKING_REASONS = ['nothing_payable', 'below_minimum', 'no_payout_method', 'on_hold'] as const;
export type BlockingReason = (typeof BLOCKING_REASONS)[number];

/** GET /ambassadors/{id}/payouts/next/: `campaign_uid` narrows every figure to one of the caller's campaigns. */
export const nextPayoutQuery = z.object({
  campaign_uid: z.string().trim().max(64, 'invalidField').optional(),
});
export type NextPayoutQuery = z.input<typeof nextPayoutQuery>;

const payoutOnTheWay = z.object({
  uid: z.string(),
  amount: minor('The whole payout'),
  campaign_amount: minor('What commissions of the asked campaign make of it (`amount` without a campaign)'),
  currency: z.string(),
  method: z.number().int().describe('Payment method code of spec §3 (0-8)'),
  status: z.enum(['pending', 'processing', 'paid', 'failed']),
  created_at: isoTime,
});

export const nextPayoutAnswer = z
  .object({
    ambassador_uid: z.string(),
    campaign_uid: z.string().nullable().describe('The campaign every figure is of (null: every campaign)'),
    currency: z.string(),
    holding_days: z.number().int().describe('Days after the conversion a commission becomes payable'),
    minimum: minor('The least a payout can be'),
    payable_now: minor('Payable now: commissions past the holding period minus clawbacks'),
    held: minor('Approved but still in the holding period'),
    next_payable_on: isoTime.nullable().describe('When the next held commission becomes payable'),
    next_payable_amount: minor('What becomes payable then'),
    has_payout_method: z.boolean(),
    on_hold: z.boolean().describe('The ambassador paused their own account'),
    ready: z.boolean().describe('Nothing blocks: the next payout would pay `payable_now`'),
    blocked_by: z.array(z.enum(BLOCKING_REASONS)),
    commissions: z.array(z.object({
      uid: z.string(),
      kind: z.enum(['commission', 'clawback']),
      amount: minor('Commission (negative for a clawback)'),
      currency: z.string(),
      transaction_uid: z.string(),
      campaign_uid: z.string(),
      campaign_name: z.string(),
      created_at: isoTime,
      payable_on: isoTime,
      payable_now: z.boolean(),
    })).describe('Approved unpaid commissions and clawbacks (clawbacks first, then oldest first), at most 100'),
    count: z.number().int(),
    pending_payouts: z.array(payoutOnTheWay).describe('Payouts made but not paid yet, newest first, at most 10'),
    last_payout: payoutOnTheWay.extend({ paid_at: isoTime }).nullable(),
  })
  .register(components, { id: 'NextPayout' });
export type NextPayout = z.output<typeof nextPayoutAnswer>;
