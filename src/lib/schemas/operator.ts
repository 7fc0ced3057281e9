import { z } from 'zod';

// Operator API (issue 9): what a company's store or back office sends with its operator key. Messages are
// keys of src/lib/i18n/en.ts. Money arrives as a decimal in the company currency ("49.99" or 49.99) and
// is turned into integer minor units by the service (it knows the currency's decimals).

const required = (max: 64 | 255) =>
  z.string({ error: 'required' }).trim().min(1, 'required').max(max, max === 64 ? 'maxChars64' : 'maxChars255');
const optionalText = z.string().trim().max(255, 'maxChars255').nullish().transform((v) => v || null);

/** A decimal amount: a number or a string like "49.99" (no exponent, no thousands separators). */
export const decimalAmount = z
  .union([z.number().finite().nonnegative(), z.string().trim().regex(/^\d{1,12}(?:\.\d{1,6})?$/, 'revenueInvalid')], { error: 'revenueInvalid' })
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => /^\d{1,12}(?:\.\d{1,6})?$/.test(v), 'revenueInvalid');

export const EVENT_TYPES = ['first', 'second'] as const;

export const conversionSchema = z
  .object({
    campaign_uid: required(64),
    transaction_uid: required(255),
    revenue: decimalAmount,
    customer: z.object({
      email: z.string({ error: 'required' }).trim().toLowerCase().max(255, 'maxChars255').pipe(z.email('invalidEmail')),
      first_name: z.string().trim().max(255, 'maxChars255').default(''),
      last_name: z.string().trim().max(255, 'maxChars255').default(''),
    }, { error: 'required' }),
    short_code: z.string().trim().max(32, 'maxChars32').nullish().transform((v) => v || null),
    referrer_email: z.string().trim().toLowerCase().max(255, 'maxChars255').pipe(z.email('invalidEmail')).nullish()
      .transform((v) => v || null),
    event_type: z.enum(EVENT_TYPES, { error: 'invalidField' }).default('first'),
    event_data1: optionalText,
    event_data2: optionalText,
    event_data3: optionalText,
    is_approved: z.boolean({ error: 'invalidField' }).default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.short_code && !v.referrer_email) ctx.addIssue({ code: 'custom', path: ['short_code'], message: 'referrerRequired' });
  });
export type ConversionInput = z.input<typeof conversionSchema>;
export type Conversion = z.infer<typeof conversionSchema>;

export const refundSchema = z.object({
  /** Refunded revenue; absent: everything not refunded yet. */
  revenue: decimalAmount.nullish().transform((v) => v ?? null),
  event_type: z.enum(EVENT_TYPES, { error: 'invalidField' }).default('first'),
});
export type RefundInput = z.input<typeof refundSchema>;

/** Approve / deny of one commission: no fields (an empty body or `{}`). */
export const transitionSchema = z.object({});

export const bulkApproveSchema = z.object({
  uids: z.array(required(64), { error: 'uidListInvalid' }).min(1, 'uidListInvalid').max(100, 'uidListInvalid')
    .transform((uids) => [...new Set(uids)]),
});
export type BulkApproveInput = z.input<typeof bulkApproveSchema>;

/** Payment methods of spec §3 (0 manual ... 8), as the payouts table stores them. */
export const payoutSchema = z.object({
  ambassador_uid: required(64),
  method: z.coerce.number({ error: 'invalidField' }).int('invalidField').min(0, 'invalidField').max(8, 'invalidField'),
  transaction_id: z.string().trim().max(255, 'maxChars255').nullish().transform((v) => v || null),
});
export type PayoutInput = z.input<typeof payoutSchema>;

export const payoutListSchema = z.object({
  ambassador_uid: z.string().trim().max(64, 'maxChars64').optional().transform((v) => v || null),
});

/** `Idempotency-Key`: 1-255 visible ASCII characters (the draft recommends a UUID). */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, 'idempotencyKeyInvalid');
