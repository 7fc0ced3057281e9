import { z } from 'zod';
import { PAYABLE_BLOCKING_REASONS } from './payouts';
import { components } from './registry';

// Payout runs: a batch of payouts drafted from who can be paid, approved by a second actor, then sent on a
// rail (`manual`: the company pays by hand; see docs/payouts.md). Amounts are integer minor units of `currency`.

const isoTime = z.string().describe('ISO 8601 UTC time');

export const RUN_STATUSES = ['draft', 'approved', 'sending', 'paid', 'partially_failed', 'failed'] as const;
export const RUN_ITEM_STATUSES = ['included', 'excluded', 'sent', 'paid', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export type RunItemStatus = (typeof RUN_ITEM_STATUSES)[number];
/** Why an item that was handed to a provider did not reach the ambassador (any other provider reason reads `failed`). */
export const FAILURE_CODES = ['failed', 'returned', 'unclaimed', 'blocked', 'refunded', 'account_closed', 'provider_rejected', 'reversed', 'not_sent'] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];
export const RAILS = ['manual', 'paypal', 'stripe', 'external'] as const;

const actor = z.object({ kind: z.enum(['key', 'staff', 'schedule']), id: z.string(), label: z.string() }).strict();

export const payoutRunItem = z
  .object({
    ambassador_uid: z.string(),
    name: z.string(),
    email: z.string(),
    amount: z.number().int().describe('What the draft read as payable, integer minor units of `currency`'),
    commissions: z.number().int().describe('How many commissions and clawbacks that amount settles'),
    status: z.enum(RUN_ITEM_STATUSES),
    reason: z.enum(PAYABLE_BLOCKING_REASONS).nullable().describe('Why an `excluded` item is left out'),
    payout_uid: z.string().nullable().describe('The payout of a `sent`, `paid` or `failed` item (a `sent` one is `processing` until settled)'),
    provider_ref: z.string().nullable().describe('The rail\'s id of the item (PayPal payout_item_id, Stripe transfer id, the external rail\'s item key)'),
    attempts: z.number().int().describe('How many times the item was handed to its rail (always with the same item key)'),
    failure: z.string().nullable().describe('Why a `failed` item was not paid: `payable_changed` (its commissions changed since the draft), ' +
      '`no_payout_method`, or what the rail said: `failed`, `returned`, `unclaimed`, `blocked`, `refunded`, `account_closed`, `provider_rejected`'),
  })
  .strict();
export type PayoutRunItem = z.output<typeof payoutRunItem>;

export const payoutRunRecord = z
  .object({
    uid: z.string(),
    status: z.enum(RUN_STATUSES),
    rail: z.enum(RAILS).describe('How the run pays: `manual` (by hand), `paypal`, `stripe`, `external` (the company\'s own system)'),
    provider_batch_id: z.string().nullable().describe('The provider\'s id of the run (PayPal payout_batch_id), once known'),
    currency: z.string(),
    total: z.number().int().describe('Sum of the included items, integer minor units of `currency`'),
    included: z.number().int(),
    excluded: z.number().int(),
    created_by: actor,
    approved_by: actor.nullable(),
    created_at: isoTime,
    approved_at: isoTime.nullable(),
    sent_at: isoTime.nullable(),
    finished_at: isoTime.nullable(),
  })
  .strict()
  .register(components, { id: 'PayoutRun' });
export type PayoutRun = z.output<typeof payoutRunRecord>;

export const payoutRunAnswer = z
  .object({ run: payoutRunRecord, items: z.array(payoutRunItem) })
  .strict()
  .register(components, { id: 'PayoutRunAnswer' });
export type PayoutRunAnswer = z.output<typeof payoutRunAnswer>;

export const payoutRunListAnswer = z
  .object({ count: z.number().int(), results: z.array(payoutRunRecord) })
  .strict()
  .register(components, { id: 'PayoutRunList' });
export type PayoutRunList = z.output<typeof payoutRunListAnswer>;

/** GET /operator/payout-runs/{uid}/export: the batch file of a provider that pays by hand. */
export const payoutRunExportQuery = z.object({
  format: z.enum(['paypal', 'wise'], { error: 'invalidField' }),
});

export const payoutRunCsv = z
  .string()
  .describe('CSV (RFC 4180) of the items to pay. paypal: Email/Phone, Amount, Currency code, Reference ID, Note to recipient, ' +
    'Recipient wallet (PayPal Payouts). wise: name, recipientEmail, paymentReference, receiverType, amountCurrency, amount, ' +
    'sourceCurrency, targetCurrency (Wise batch payments, e-mail recipients).')
  .register(components, { id: 'PayoutRunCsv' });

/** POST /operator/payout-runs/{uid}/approve, .../send, .../reconcile, .../retry: no body (or `{}`). */
export const payoutRunActionSchema = z.object({});

/** POST /operator/payout-runs: the rail (default `manual`). */
export const payoutRunCreateSchema = z.object({
  rail: z.enum(RAILS, { error: 'invalidField' }).optional().describe('The rail the run pays on (default `manual`)'),
});

/** POST /operator/payout-runs/{uid}/items/{ambassador_uid}/confirm: the external rail's answer for one item. */
export const payoutItemConfirmSchema = z.object({
  status: z.enum(['paid', 'failed'], { error: 'invalidField' }),
  reason: z.enum(['failed', 'returned', 'unclaimed', 'blocked', 'refunded', 'account_closed', 'provider_rejected'], { error: 'invalidField' })
    .optional().describe('Why it failed (default `failed`); only with `status: failed`'),
  reference: z.string().trim().min(1).max(255, 'maxChars255').optional().describe('Your own id of the payment, kept as the payout\'s transaction id'),
});

/** GET /operator/payout-runs/rails: the rails the company can pay on now. */
export const payoutRailsAnswer = z.object({ rails: z.array(z.enum(RAILS)) }).strict().register(components, { id: 'PayoutRails' });
