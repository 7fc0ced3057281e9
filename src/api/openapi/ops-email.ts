import { z } from 'zod';
import { suppressionListSchema } from '../email/suppressions';
import type { Operation } from './operations';
import { components } from './responses';

// The e-mail suppression list: the answers and the rows of its two routes.

const suppression = z.object({
  email: z.string(),
  reason: z.enum(['bounced', 'complained', 'rejected']).describe('A bounce, a spam complaint, or the provider refused the address'),
  detail: z.string(),
  created_at: z.string().describe('ISO 8601 UTC time'),
}).strict().register(components, { id: 'EmailSuppression' });

export const suppressionListAnswer = z.object({ count: z.number().int(), results: z.array(suppression) }).strict()
  .register(components, { id: 'EmailSuppressionList' });
export const suppressionLiftedAnswer = z.object({ lifted: suppression }).strict().register(components, { id: 'EmailSuppressionLifted' });

/** What POST /v1/email/events reads of Resend's event (others pass through unread). */
const emailEventBody = z.object({
  type: z.string().min(1).describe('`email.bounced` and `email.complained` are acted on; every other type is answered 200 and ignored'),
  created_at: z.string().optional().describe('ISO 8601 UTC time'),
  data: z.object({
    email_id: z.string().min(1).max(200).describe('Resend\'s id of the sent e-mail (the outbox row\'s provider id)'),
    bounce: z.object({ type: z.string().optional().describe('`Transient` bounces are ignored'), message: z.string().optional() }).optional(),
  }).loose(),
}).loose();

export const emailEventAnswer = z.object({
  received: z.literal(true),
  result: z.enum(['suppressed', 'duplicate', 'ignored', 'unknown_email'])
    .describe('`duplicate`: this webhook-id was applied before (a replay or a redelivery): nothing changed'),
}).strict().register(components, { id: 'EmailEventReceipt' });

export const OPERATIONS_EMAIL: Operation[] = [
  {
    method: 'post',
    path: '/v1/email/events',
    tag: 'E-mail',
    operationId: 'receiveEmailEvent',
    summary: 'Receive the mail provider\'s delivery events',
    description: 'Resend\'s webhook (signed by Svix with the Standard Webhooks scheme under `RESEND_WEBHOOK_SECRET`; without that ' +
      'secret the route answers 404). A permanent bounce or a spam complaint suppresses the address for the company that sent the ' +
      'e-mail. Each `webhook-id` is applied once: it is remembered for a day (a signature older than 5 minutes is refused anyway), so ' +
      'a replay or a redelivery answers 200 with `result: "duplicate"` and changes nothing.',
    auth: 'signature',
    body: emailEventBody,
    example: { type: 'email.bounced', created_at: '2026-11-24T10:00:00.000Z', data: { email_id: '4ef9a417-02e9-4d39-ad75-9611e0fcc33c', bounce: { type: 'Permanent', message: 'mailbox does not exist' } } },
    ok: { status: 200, schema: emailEventAnswer, description: 'Received (acted on, a duplicate, or ignored)' },
    errors: { 404: 'RESEND_WEBHOOK_SECRET is not set on this deployment' },
  },
  {
    method: 'get',
    path: '/v1/operator/email/suppressions',
    tag: 'E-mail',
    operationId: 'listEmailSuppressions',
    summary: 'List suppressed e-mail addresses',
    description: 'Addresses the portal no longer sends to for this company, newest first: after a bounce, a spam complaint, or a ' +
      'recipient the provider refused. E-mails to them stay in the outbox as `suppressed`. `email` narrows to addresses containing it.',
    query: suppressionListSchema,
    ok: { status: 200, schema: suppressionListAnswer, description: 'The suppressed addresses' },
    errors: {},
  },
  {
    method: 'delete',
    path: '/v1/operator/email/suppressions/:email',
    tag: 'E-mail',
    operationId: 'liftEmailSuppression',
    summary: 'Lift a suppression',
    description: 'Sends to the address again (e-mails written from now on; the ones suppressed before stay as they are), e.g. once ' +
      'the person fixed their mailbox. The address is URL-encoded in the path.',
    ok: { status: 200, schema: suppressionLiftedAnswer, description: 'The entry that was lifted' },
    errors: { 404: 'The company has no suppression for this address' },
  },
];
