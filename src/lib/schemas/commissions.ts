import { z } from 'zod';
import { components } from './registry';

// Commissions (operator API): what a conversion, a refund, an approval or a denial answers, and the list
// with the fraud holds to review. Amounts are integer minor units of `currency`. What the store sends is in
// ./operator.ts (conversionSchema, refundSchema, bulkApproveSchema, commissionListSchema).

/** Why a commission is held for review (the fraud rules: src/api/commissions/fraud-rules.ts). */
export const HOLD_REASONS = ['own_email', 'own_click', 'disposable_email', 'velocity'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

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

export const bulkDenyAnswer = z
  .object({ denied: z.number().int(), commissions: z.array(commissionSchema) })
  .strict()
  .register(components, { id: 'BulkDenyAnswer' });

export type Commission = z.output<typeof commissionSchema>;
export type CommissionList = z.output<typeof commissionListAnswer>;
export type ConversionAnswer = z.output<typeof conversionAnswer>;
export type RefundAnswer = z.output<typeof refundAnswer>;
export type CommissionAnswer = z.output<typeof commissionAnswer>;
export type BulkApproveAnswer = z.output<typeof bulkApproveAnswer>;
export type BulkDenyAnswer = z.output<typeof bulkDenyAnswer>;
