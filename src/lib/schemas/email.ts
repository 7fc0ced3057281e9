import { z } from 'zod';
import { queryInteger } from './numbers';
import { components } from './registry';

// E-mail (operator API): the company's suppression list (addresses the portal stopped sending to after a
// refusal, a bounce or a complaint), and the mail provider's signed events that add to it.

/** GET /operator/email/suppressions: newest first; `email` narrows to addresses containing it. */
export const suppressionListSchema = z.object({
  email: z.string().trim().max(254).optional(),
  limit: queryInteger('invalidField', 1, 200).default(50),
  offset: queryInteger('invalidField', 0, 1_000_000).default(0),
}).strict();
export type SuppressionListQuery = z.output<typeof suppressionListSchema>;

/** DELETE /operator/email/suppressions/{email}: the address, URL-encoded in the path. */
export const suppressionEmailSchema = z.object({ email: z.string().trim().min(3).max(254).pipe(z.email('invalidEmail')) });

const suppression = z.object({
  email: z.string(),
  reason: z.enum(['bounced', 'complained', 'rejected']).describe('A bounce, a spam complaint, or the provider refused the address'),
  detail: z.string(),
  created_at: z.string().describe('ISO 8601 UTC time'),
}).strict().register(components, { id: 'EmailSuppression' });
export type Suppression = z.output<typeof suppression>;

export const suppressionListAnswer = z.object({ count: z.number().int(), results: z.array(suppression) }).strict()
  .register(components, { id: 'EmailSuppressionList' });
export type SuppressionList = z.output<typeof suppressionListAnswer>;
export const suppressionLiftedAnswer = z.object({ lifted: suppression }).strict().register(components, { id: 'EmailSuppressionLifted' });
export type SuppressionLifted = z.output<typeof suppressionLiftedAnswer>;

/** What POST /v1/email/events reads of Resend's event (others pass through unread). */
export const emailEventBody = z.object({
  type: z.string().min(1).describe('`email.bounced` and `email.complained` are acted on; every other type is answered 200 and ignored'),
  created_at: z.string().optional().describe('ISO 8601 UTC time'),
  data: z.object({
    email_id: z.string().min(1).max(200).describe('Resend\'s id of the sent e-mail (the outbox row\'s provider id)'),
    bounce: z.object({ type: z.string().optional().describe('`Transient` bounces are ignored'), message: z.string().optional() }).optional(),
  }).loose(),
}).loose();
export type EmailEventInput = z.input<typeof emailEventBody>;

export const emailEventAnswer = z.object({
  received: z.literal(true),
  result: z.enum(['suppressed', 'duplicate', 'ignored', 'unknown_email'])
    .describe('`duplicate`: this webhook-id was applied before (a replay or a redelivery): nothing changed'),
}).strict().register(components, { id: 'EmailEventReceipt' });
export type EmailEventReceipt = z.output<typeof emailEventAnswer>;
