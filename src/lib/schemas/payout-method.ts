import { z } from 'zod';
import { components } from './registry';

// How an ambassador is paid (docs/payouts.md, "The ambassador's side"): a PayPal e-mail proven by a 6-digit
// code e-mailed to it, a Stripe connected account, the rail they chose among the ready ones, and when the next
// scheduled run is drafted. Amounts are integer minor units of `currency`.

export const PAYOUT_RAILS = ['paypal', 'stripe'] as const;
export type PayoutRail = (typeof PAYOUT_RAILS)[number];

/** PUT /ambassadors/{id}/payout_destinations/paypal: the PayPal e-mail to prove. */
export const paypalDestinationSchema = z.object({
  email: z.string({ error: 'required' }).trim().min(1, 'required').max(254, 'invalidEmail').pipe(z.email({ error: 'invalidEmail' }))
    .transform((v) => v.toLowerCase()),
}).strict();
export type PaypalDestinationInput = z.input<typeof paypalDestinationSchema>;

/** POST /ambassadors/{id}/payout_destinations/paypal/confirm: the code the e-mail carried. */
export const paypalConfirmSchema = z.object({
  code: z.string({ error: 'required' }).transform((v) => v.replace(/\s/g, '')).pipe(z.string().regex(/^\d{6}$/, 'payoutCodeFormat')),
}).strict();
export type PaypalConfirmInput = z.input<typeof paypalConfirmSchema>;

/** PUT /ambassadors/{id}/payout_rail: the rail to be paid on (its destination must be ready). */
export const payoutRailSchema = z.object({ rail: z.enum(PAYOUT_RAILS, { error: 'invalidField' }) }).strict();
export type PayoutRailInput = z.input<typeof payoutRailSchema>;

const destination = z.object({
  rail: z.enum(PAYOUT_RAILS),
  status: z.enum(['pending', 'ready']).describe('`pending` until proven (the PayPal code typed, the Stripe account able to receive payouts)'),
  email_masked: z.string().nullable().describe('The PayPal e-mail, masked (`a•••@e•••.com`)'),
  code_expires_at: z.string().nullable().describe('When the PayPal code e-mailed last stops working (pending only)'),
}).strict();

export const SCHEDULE_EVERY = ['off', 'monthly', 'weekly'] as const;

export const payoutMethodAnswer = z.object({
  payout_rail: z.enum(PAYOUT_RAILS).nullable().describe('The rail the ambassador chose'),
  destinations: z.array(destination),
  method: z.object({ rail: z.enum(PAYOUT_RAILS), email_masked: z.string().nullable() }).strict().nullable()
    .describe('How the next payout is sent: the chosen rail when its destination is ready, else null'),
  schedule: z.object({
    every: z.enum(SCHEDULE_EVERY).describe('Company customization `payouts.schedule.every`'),
    next_run_on: z.string().nullable().describe('The day (YYYY-MM-DD, UTC) the next run is drafted; null without a schedule'),
  }).strict(),
  in_run: z.object({
    amount: z.number().int().describe('Integer minor units of `currency`'),
    status: z.enum(['draft', 'approved', 'sending']),
    created_at: z.string().describe('When the run was drafted'),
  }).strict().nullable().describe('The caller\'s payout scheduled in a run not sent yet (the first step of its journey), else null'),
  currency: z.string(),
  minimum: z.number().int().describe('The least a payout of this ambassador can be (the ambassador\'s, group\'s or company\'s rule)'),
  holding_days: z.number().int().describe('Days after the sale a commission of this ambassador becomes payable'),
}).strict().register(components, { id: 'PayoutMethod' });
export type PayoutMethod = z.output<typeof payoutMethodAnswer>;

/** A payout's way to the ambassador, step by step (GET /ambassadors/{id}/payouts/{uid}/journey/). */
export const JOURNEY_STEPS = ['scheduled', 'sent', 'paid', 'failed'] as const;
export const payoutJourneyAnswer = z.object({
  payout_uid: z.string(),
  steps: z.array(z.object({
    step: z.enum(JOURNEY_STEPS),
    at: z.string().nullable().describe('When it happened (ISO 8601); `scheduled`: the run\'s draft'),
    rail: z.string().nullable().describe('`sent`: the rail it was handed to (paypal, stripe, external, manual)'),
    reason: z.string().nullable().describe('`failed`: why (failed, returned, unclaimed, blocked, refunded, reversed, provider_rejected, payable_changed, not_sent)'),
    returned: z.number().int().nullable().describe('`failed`: what came back to the balance, integer minor units'),
  }).strict()),
}).strict().register(components, { id: 'PayoutJourney' });
export type PayoutJourney = z.output<typeof payoutJourneyAnswer>;

/** PUT /operator/groups/{uid}/payout_rules and /operator/ambassadors/{uid}/payout_rules: null keeps the level above. */
export const payoutRulesSchema = z.object({
  minimum_minor: z.number({ error: 'invalidField' }).int('invalidField').min(0, 'invalidField').max(100_000_000, 'invalidField').nullable().default(null),
  holding_days: z.number({ error: 'invalidField' }).int('invalidField').min(0, 'invalidField').max(90, 'invalidField').nullable().default(null),
}).strict();
export const payoutRulesAnswer = z.object({
  minimum_minor: z.number().int().nullable().describe('This level\'s minimum, integer minor units (null: the level above)'),
  holding_days: z.number().int().nullable().describe('This level\'s holding period in days (null: the level above)'),
  effective: z.object({ minimum_minor: z.number().int(), holding_days: z.number().int() }).strict()
    .describe('What applies at this level with the levels above (an ambassador: their own, else their group\'s, else the company\'s)'),
}).strict().register(components, { id: 'PayoutRules' });
export type PayoutRules = z.output<typeof payoutRulesAnswer>;
