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

// The console's e-mail screen: every e-mail the portal writes, previewed with sample data in a language, and
// a test send to the signed-in staff member's own address (src/api/email/template-preview.ts).

export const emailKinds = [
  'welcome', 'invite', 'set_password', 'reset_password', 'payout_details_changed', 'payout_details_cleared', 'redemption', 'points_expiring', 'payout_failed',
] as const;

export const emailTemplateListAnswer = z.object({
  languages: z.array(z.string()).describe('The company\'s languages, its default first: the ones an e-mail can be written in'),
  default_language: z.string(),
  results: z.array(z.object({
    kind: z.enum(emailKinds),
    subject: z.string().describe('The subject in the default language, with sample data'),
  }).strict()),
}).strict().register(components, { id: 'EmailTemplateList' });
export type EmailTemplateList = z.output<typeof emailTemplateListAnswer>;

export const emailPreviewQuery = z.object({ lang: z.string().trim().max(10).optional() }).strict();

export const emailPreviewAnswer = z.object({
  kind: z.enum(emailKinds),
  lang: z.string().describe('The language it was written in (the asked one when the company has it, else its default)'),
  from_name: z.string().describe('The sender\'s name the recipient sees: the company\'s'),
  subject: z.string(),
  text: z.string().describe('The plain-text body, exactly as sent (with a sample recipient, code and amounts)'),
}).strict().register(components, { id: 'EmailPreview' });
export type EmailPreview = z.output<typeof emailPreviewAnswer>;

export const emailTestBody = z.object({ lang: z.string().trim().max(10).optional() }).strict();

export const emailTestAnswer = z.object({
  kind: z.enum(emailKinds),
  lang: z.string(),
  sent_to: z.string().describe('The signed-in staff member\'s own address: a test never goes anywhere else'),
}).strict().register(components, { id: 'EmailTestSent' });
export type EmailTestSent = z.output<typeof emailTestAnswer>;
