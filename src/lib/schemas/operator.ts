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

/** GET /v1/operator/commissions: `held=true` the holds waiting for review, `held=false` the others; one ambassador's. */
export const commissionListSchema = z.object({
  held: z.enum(['true', 'false'], { error: 'invalidField' }).optional().transform((v) => (v === undefined ? null : v === 'true')),
  ambassador_uid: z.string().trim().max(64, 'maxChars64').optional().transform((v) => v || null),
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

// Loyalty: a company credits, corrects or claws back points and cash, and settles redemptions
// it fulfils by hand. Amounts are integers: points, or cash in minor units of the company currency.
export const loyaltyEntrySchema = z
  .object({
    kind: z.enum(['points', 'cash'], { error: 'ledgerEntryInvalid' }),
    amount: z.number({ error: 'ledgerEntryInvalid' }).int('ledgerEntryInvalid').min(-1_000_000_000, 'ledgerEntryInvalid')
      .max(1_000_000_000, 'ledgerEntryInvalid').refine((n) => n !== 0, 'ledgerEntryInvalid'),
    /** earn (amount > 0), adjust (either sign), reverse (amount < 0: a clawback, oldest-expiring first). Default: earn or adjust by sign. */
    entry_type: z.enum(['earn', 'adjust', 'reverse'], { error: 'ledgerEntryInvalid' }).optional(),
    description: required(255),
    /** When the lot lapses (ISO time), or after how many days; neither: the company's loyalty.points_expire_days. */
    expire_at: z.iso.datetime({ offset: true, error: 'invalidField' }).nullish(),
    expire_days: z.number().int('invalidField').min(1, 'invalidField').max(3650, 'invalidField').optional(),
    /** Your own id of this entry: the same uid again answers the first entry and credits nothing. */
    uid: z.string().trim().regex(/^[\x21-\x7e]{1,100}$/, 'invalidField').optional(),
  })
  .superRefine((v, ctx) => {
    const type = v.entry_type ?? (v.amount > 0 ? 'earn' : 'adjust');
    if ((type === 'earn' && v.amount < 0) || (type === 'reverse' && v.amount > 0)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'ledgerEntryInvalid' });
    }
  });
export type LoyaltyEntryInput = z.input<typeof loyaltyEntrySchema>;

export const completeRedemptionSchema = z.object({
  details: z.object({
    card_number: optionalText, card_code: optionalText, card_pin: optionalText, redemption_url: optionalText,
    security_url: optionalText, security_code: optionalText, order_id: optionalText,
  }).partial().default({}),
});

export const failRedemptionSchema = z.object({ reason: optionalText });
