import { z } from 'zod';
import { plainNumber } from './numbers.ts';

// Operator API: what a company's store or back office sends with its operator key. Messages are
// keys of src/lib/i18n/en.ts. Money arrives as a decimal in the company currency ("49.99" or 49.99) and
// is turned into integer minor units by the service (it knows the currency's decimals).

const required = (max: 64 | 255) =>
  z.string({ error: 'required' }).trim().min(1, 'required').max(max, max === 64 ? 'maxChars64' : 'maxChars255');
const optionalText = z.string().trim().max(255, 'maxChars255').nullish().transform((v) => v || null);

/**
 * A decimal amount: a number or a string like "49.99" (no exponent, no thousands separators). In minor units
 * it is at most MAX_MONEY_MINOR (src/lib/money-limits.ts): the service refuses more when it knows the currency.
 */
export const decimalAmount = z
  .preprocess(plainNumber, z.union([z.number().finite().nonnegative(), z.string().trim().regex(/^\d{1,12}(?:\.\d{1,6})?$/, 'revenueFormat')], { error: 'revenueFormat' }))
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => /^\d{1,12}(?:\.\d{1,6})?$/.test(v), 'revenueFormat');

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

/** POST /v1/operator/commissions/deny: 1-100 commissions denied together, all or none (as bulk approve). */
export const bulkDenySchema = bulkApproveSchema;
export type BulkDenyInput = z.input<typeof bulkDenySchema>;

/**
 * GET /v1/operator/commissions: `held=true` the holds waiting for review, `held=false` the others; one
 * ambassador's; `status` one status's (the review inbox asks `held=false&status=pending`); `order=oldest` the
 * oldest first (default: newest first).
 */
export const commissionListSchema = z.object({
  held: z.enum(['true', 'false'], { error: 'invalidField' }).optional().transform((v) => (v === undefined ? null : v === 'true')),
  ambassador_uid: z.string().trim().max(64, 'maxChars64').optional().transform((v) => v || null),
  status: z.enum(['pending', 'approved', 'paid', 'zero', 'denied'], { error: 'invalidField' }).optional().transform((v) => v ?? null),
  order: z.enum(['newest', 'oldest'], { error: 'invalidField' }).optional().transform((v) => v ?? 'newest'),
});

/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header: an RFC 8941 sf-string): a quoted string
 * (`"9f0c…"`, printable ASCII with `\"` and `\\` escapes) or, as most clients send it, the same
 * characters bare (1-255 visible ASCII). `"k"` and `k` are one key: src/api/core/idempotency.ts unquotes.
 */
export const idempotencyKeySchema = z.string().regex(
  /^(?:[\x21\x23-\x7e][\x21-\x7e]{0,254}|"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\]){1,255}")$/,
  'idempotencyKeyInvalid',
);

// Redemptions a company fulfils by hand.
