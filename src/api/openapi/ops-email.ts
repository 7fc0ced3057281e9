import { z } from 'zod';
import { suppressionListSchema } from '../operator/email-suppressions';
import type { Operation } from './operations';
import { components } from './responses';

// The e-mail suppression list (issue 12): the answers and the rows of its two routes.

const suppression = z.object({
  email: z.string(),
  reason: z.enum(['bounced', 'complained', 'rejected']).describe('A bounce, a spam complaint, or the provider refused the address'),
  detail: z.string(),
  created_at: z.string().describe('ISO 8601 UTC time'),
}).strict().register(components, { id: 'EmailSuppression' });

export const suppressionListAnswer = z.object({ count: z.number().int(), results: z.array(suppression) }).strict()
  .register(components, { id: 'EmailSuppressionList' });
export const suppressionLiftedAnswer = z.object({ lifted: suppression }).strict().register(components, { id: 'EmailSuppressionLifted' });

export const OPERATIONS_EMAIL: Operation[] = [
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
