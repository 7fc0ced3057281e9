import { z } from 'zod';
import { HOLD_REASONS } from '../money/rows';
import type { bulkApprove, listCommissions, refund, transition } from '../commissions/operator';
import type { recordConversion } from '../commissions/service';

/**
 * The answers of the operator API as zod schemas, for the OpenAPI document only (the routes build their
 * answers with the views of src/api/commissions/queries.ts; nothing parses them). They cannot drift from
 * the services unnoticed: each is checked at compile time to infer EXACTLY the service's return type
 * (`Same<...>` below), and tests/worker/openapi.test.ts parses live answers with them.
 *
 * `components` is the registry the document's `components.schemas` are generated from (ids become
 * `#/components/schemas/<id>` references).
 */
export { components } from '../../lib/schemas/registry';
import { components } from '../../lib/schemas/registry';

const isoTime = z.string().describe('ISO 8601 UTC time');
const minor = (what: string) => z.number().int().describe(`${what}, integer minor units of \`currency\``);

export const commissionSchema = z
  .object({
    uid: z.string(),
    kind: z.enum(['commission', 'clawback']),
    status: z.enum(['pending', 'approved', 'paid', 'zero', 'denied']),
    amount: minor('Commission (negative for a clawback)'),
    currency: z.string().describe('ISO 4217 code of the company currency'),
    is_monetary: z.boolean().describe('false: store credit, never paid out'),
    event_type: z.enum(['first', 'second']),
    transaction_uid: z.string(),
    revenue: minor('Revenue still counted'),
    refunded_revenue: minor('Revenue refunded so far on this row'),
    campaign_uid: z.string(),
    ambassador_uid: z.string(),
    referral_id: z.number().int().nullable(),
    payout_uid: z.string().nullable().describe('The payout that paid it'),
    reverses_uid: z.string().nullable().describe('Clawbacks: the paid commission it corrects'),
    event_data1: z.string().nullable(),
    event_data2: z.string().nullable(),
    event_data3: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime.nullable(),
    held_reason: z.enum(HOLD_REASONS).nullable().describe(
      'Fraud hold: own_email, own_click, disposable_email or velocity (the rate limit). Set while held for review; ' +
      'approve clears it, deny keeps it beside `status: denied`',
    ),
    held_at: isoTime.nullable().describe('When a fraud rule held it'),
    held_signals: z.array(z.enum(['ip', 'device'])).describe(
      'own_click: what the sale\'s click shared with the ambassador\'s own logins: `ip` (their network), `device` (their browser)',
    ),
  })
  .strict()
  .register(components, { id: 'Commission' });

export const commissionListAnswer = z
  .object({
    count: z.number().int(),
    results: z.array(commissionSchema.extend({
      ambassador: z.object({ uid: z.string(), email: z.string().nullable(), name: z.string() }).strict(),
      customer_email: z.string().nullable().describe('The referred customer\'s e-mail'),
    }).strict()),
  })
  .strict()
  .register(components, { id: 'CommissionList' });

export const referralSchema = z
  .object({
    id: z.number().int(),
    ambassador_uid: z.string(),
    campaign_uid: z.string(),
    share_link_uid: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    created_at: isoTime,
  })
  .strict()
  .register(components, { id: 'Referral' });

export const conversionAnswer = z
  .object({ referral: referralSchema.nullable(), commission: commissionSchema })
  .strict()
  .register(components, { id: 'ConversionAnswer' });
export const refundAnswer = z
  .object({ commission: commissionSchema, clawback: commissionSchema.nullable().describe('Set when a paid commission was refunded') })
  .strict()
  .register(components, { id: 'RefundAnswer' });
export const commissionAnswer = z.object({ commission: commissionSchema }).strict().register(components, { id: 'CommissionAnswer' });
export const bulkApproveAnswer = z
  .object({ approved: z.number().int(), commissions: z.array(commissionSchema) })
  .strict()
  .register(components, { id: 'BulkApproveAnswer' });

// Loyalty. Points are integers; cash is in minor units of the company currency.
const ledgerEntrySchema = z
  .object({
    id: z.number().int(),
    uid: z.string().nullable().describe('Your uid of the entry (when you gave one)'),
    kind: z.enum(['points', 'cash']),
    entry_type: z.enum(['earn', 'adjust', 'redeem', 'post', 'release', 'expire', 'reverse']),
    amount: z.number().int().describe('Signed: + credits, - debits'),
    description: z.string(),
    expire_at: isoTime.nullable(),
    created_at: isoTime,
  })
  .register(components, { id: 'LedgerEntry' });
const balanceSchema = z
  .object(Object.fromEntries(['points', 'cash'].flatMap((k) => ['earned', 'available', 'held', 'redeemed', 'expired']
    .map((f) => [`${k}_${f}`, z.number().int()]))))
  .describe('held: reserved by redemptions not fulfilled yet')
  .register(components, { id: 'LoyaltyBalance' });
export const loyaltyEntryAnswer = z
  .object({ entry: ledgerEntrySchema, balance: balanceSchema.nullable() })
  .register(components, { id: 'LoyaltyEntryAnswer' });
export const loyaltyAnswer = z
  .object({
    balance: balanceSchema.nullable(),
    open_lots: z.array(z.object({ id: z.number().int(), kind: z.enum(['points', 'cash']), amount: z.number().int(), remaining: z.number().int(),
      expire_at: isoTime.nullable(), created_at: isoTime })).describe('What is left of each earning, soonest-expiring first'),
    entries: z.array(ledgerEntrySchema).describe('The newest 50 entries'),
  })
  .register(components, { id: 'LoyaltyAnswer' });
export const redemptionAnswer = z
  .object({
    redemption: z.looseObject({
      id: z.number().int(), status: z.enum(['processing', 'canceled', 'failed', 'completed', 'reversed_to_ledger', 'reversed_to_company']),
      requested_amount: z.number().int(), spend_kind: z.enum(['points', 'cash']), failure_reason: z.string().nullable(),
      gift_card: z.looseObject({}).nullable().describe('Gift card details (spec §3) once completed'),
    }),
  })
  .register(components, { id: 'RedemptionAnswer' });
export const loyaltyRunAnswer = z
  .object({ expired: z.number().int(), voided: z.number().int(), warned: z.number().int() })
  .register(components, { id: 'LoyaltyRunAnswer' });

const params = z.record(z.string(), z.union([z.string(), z.number()])).describe('Placeholders of the message');

/** `{ detail, code, params? }` (src/api/core/errors.ts errorBody). */
export const errorSchema = z
  .object({
    detail: z.string().describe('English text'),
    code: z.string().describe('Stable message key (e.g. illegalTransition)'),
    params: params.optional(),
  })
  .register(components, { id: 'Error' });

/** `{ field: [english], error_codes: { field: [{ code, params? }] } }`. */
export const fieldErrorsSchema = z
  .object({
    error_codes: z.record(z.string(), z.array(z.object({ code: z.string(), params: params.optional() }))),
  })
  .catchall(z.array(z.string()))
  .describe('Per field (dotted path): English messages, and their message keys under error_codes')
  .register(components, { id: 'FieldErrors' });

// Compile-time: each documented answer infers exactly what its service returns (tsc fails otherwise).
// (Mutual assignability: refund's union of `clawback: null` and `clawback: Commission` is one object here.)
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type _SameAsServices = [
  Expect<Same<z.infer<typeof conversionAnswer>, Answer<typeof recordConversion>['body']>>,
  Expect<Same<z.infer<typeof refundAnswer>, Answer<typeof refund>>>,
  Expect<Same<z.infer<typeof commissionAnswer>, Answer<typeof transition>>>,
  Expect<Same<z.infer<typeof bulkApproveAnswer>, Answer<typeof bulkApprove>>>,
  Expect<Same<z.infer<typeof commissionListAnswer>, Answer<typeof listCommissions>>>,
];
