import {
  emailPreviewAnswer, emailPreviewQuery, emailTemplateListAnswer, emailTestAnswer, emailTestBody,
  emailEventAnswer, emailEventBody, suppressionEmailSchema, suppressionLiftedAnswer, suppressionListAnswer, suppressionListSchema,
} from '../../lib/schemas/email';
import { endpoint } from '../core/endpoint';
import { parseWith } from '../core/validate';
import { readEmailEvent, receiveEmailEvent } from './events';
import { liftSuppression, listSuppressions } from './suppressions';
import { listEmailTemplates, previewEmailTemplate, sendTestEmail } from './template-preview';

// E-mail: the mail provider's signed delivery events, and the company's suppression list they add to.

// POST /v1/email/events - the provider's delivery events (email.bounced, email.complained)
export const receiveEmailEventEndpoint = endpoint({
  method: 'post',
  path: '/email/events',
  auth: 'signature',
  operationId: 'receiveEmailEvent',
  tag: 'E-mail',
  summary: 'Receive the mail provider\'s delivery events',
  description: 'Resend\'s webhook (signed by Svix with the Standard Webhooks scheme under `RESEND_WEBHOOK_SECRET`; without that ' +
    'secret the route answers 404). A permanent bounce or a spam complaint suppresses the address for the company that sent the ' +
    'e-mail. Each `webhook-id` is applied once: it is remembered for a day (a signature older than 5 minutes is refused anyway), so ' +
    'a replay or a redelivery answers 200 with `result: "duplicate"` and changes nothing.',
  body: emailEventBody,
  // Any verified JSON is answered 200: events it does not act on (or cannot read) are `ignored`, not a 400.
  parseIn: 'handler',
  // The signature covers the raw bytes: verified before the body is parsed (./events.ts).
  readRequest: (req, { svc }) => readEmailEvent(req, svc),
  example: { type: 'email.bounced', created_at: '2026-11-24T10:00:00.000Z', data: { email_id: '4ef9a417-02e9-4d39-ad75-9611e0fcc33c', bounce: { type: 'Permanent', message: 'mailbox does not exist' } } },
  answer: { status: 200, schema: emailEventAnswer, description: 'Received (acted on, a duplicate, or ignored)' },
  errors: { 404: 'RESEND_WEBHOOK_SECRET is not set on this deployment' },
  handle: ({ svc, header, body }) => receiveEmailEvent(svc, (header('webhook-id') ?? header('svix-id'))!, body),
});

// GET /v1/operator/email/suppressions - newest first; `email` narrows to addresses containing it
export const listEmailSuppressionsEndpoint = endpoint({
  method: 'get',
  path: '/operator/email/suppressions',
  auth: 'operator',
  operationId: 'listEmailSuppressions',
  tag: 'E-mail',
  summary: 'List suppressed e-mail addresses',
  description: 'Addresses the portal no longer sends to for this company, newest first: after a bounce, a spam complaint, or a ' +
    'recipient the provider refused. E-mails to them stay in the outbox as `suppressed`. `email` narrows to addresses containing it.',
  query: suppressionListSchema,
  answer: { status: 200, schema: suppressionListAnswer, description: 'The suppressed addresses' },
  handle: ({ svc, operator, query }) => listSuppressions(svc.db, operator.companyId, query),
});

// DELETE /v1/operator/email/suppressions/{email} - lift one; 404 when the company has no such entry
export const liftEmailSuppressionEndpoint = endpoint({
  method: 'delete',
  path: '/operator/email/suppressions/:email',
  auth: 'operator',
  operationId: 'liftEmailSuppression',
  tag: 'E-mail',
  summary: 'Lift a suppression',
  description: 'Sends to the address again (e-mails written from now on; the ones suppressed before stay as they are), e.g. once ' +
    'the person fixed their mailbox. The address is URL-encoded in the path.',
  answer: { status: 200, schema: suppressionLiftedAnswer, description: 'The entry that was lifted' },
  errors: { 404: 'The company has no suppression for this address' },
  handle: ({ svc, operator, params }) =>
    liftSuppression(svc.db, operator.companyId, parseWith(suppressionEmailSchema, { email: decodeURIComponent(params.email) }).email),
});

// GET /v1/operator/email/templates - every e-mail the portal writes, and the languages it writes them in
export const listEmailTemplatesEndpoint = endpoint({
  method: 'get',
  path: '/operator/email/templates',
  auth: 'operator',
  operationId: 'listEmailTemplates',
  tag: 'E-mail',
  summary: 'List the e-mails the portal sends',
  description: 'Every e-mail the portal writes to ambassadors (welcome, invitation, set and reset password, payout details ' +
    'changed or removed, redemption, points expiring), with its subject in the company\'s default language and sample data, and ' +
    'the company\'s languages (its default first) each can be previewed in.',
  staffRoles: ['owner', 'admin', 'viewer'],
  answer: { status: 200, schema: emailTemplateListAnswer, description: 'The e-mails and languages' },
  handle: ({ svc, operator }) => listEmailTemplates(svc, operator.companyId),
});

// GET /v1/operator/email/templates/{kind}/preview?lang= - one e-mail written with sample data
export const previewEmailTemplateEndpoint = endpoint({
  method: 'get',
  path: '/operator/email/templates/:kind/preview',
  auth: 'operator',
  operationId: 'previewEmailTemplate',
  tag: 'E-mail',
  summary: 'Preview an e-mail',
  description: 'The e-mail as an ambassador gets it (sender name, subject, plain-text body), composed by the same code as the ' +
    'real one with a sample recipient, code and amounts, in `lang` when the company has that language (else its default; ' +
    '`lang` in the answer says which).',
  query: emailPreviewQuery,
  staffRoles: ['owner', 'admin', 'viewer'],
  answer: { status: 200, schema: emailPreviewAnswer, description: 'The e-mail' },
  errors: { 404: 'No e-mail of this kind' },
  handle: ({ svc, operator, params, query }) => previewEmailTemplate(svc, operator.companyId, params.kind, query.lang),
});

// POST /v1/operator/email/templates/{kind}/test - the preview sent to the signed-in staff member
export const sendTestEmailEndpoint = endpoint({
  method: 'post',
  path: '/operator/email/templates/:kind/test',
  auth: 'operator',
  operationId: 'sendTestEmail',
  tag: 'E-mail',
  summary: 'Send a test e-mail to yourself',
  description: 'Sends the preview to the signed-in staff member\'s own address (only: there is no `to`), through the outbox ' +
    'and the mail provider as every e-mail goes (locally it stays in the dev outbox), with the template name `test_<kind>`. ' +
    'At most 10 per staff member in 10 minutes (429 with Retry-After). A key has no address of its own: 400.',
  body: emailTestBody,
  example: { lang: 'es' },
  answer: { status: 201, schema: emailTestAnswer, description: 'Written to the outbox' },
  errors: { 404: 'No e-mail of this kind', 429: 'More than 10 test e-mails by this staff member in 10 minutes' },
  handle: ({ svc, operator, params, body }) => sendTestEmail(svc, operator.companyId, operator.actor, params.kind, body.lang),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const operatorEndpoints = {
  receiveEmailEvent: receiveEmailEventEndpoint,
  listEmailSuppressions: listEmailSuppressionsEndpoint,
  liftEmailSuppression: liftEmailSuppressionEndpoint,
  listEmailTemplates: listEmailTemplatesEndpoint,
  previewEmailTemplate: previewEmailTemplateEndpoint,
  sendTestEmail: sendTestEmailEndpoint,
};
