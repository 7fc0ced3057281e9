import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events.ts';
import { queryInteger } from './numbers.ts';
import { components } from './registry';

// Outgoing webhooks: what a company sends to register and edit its endpoints and read their
// delivery log, and what it reads back (never a secret but in the answer that makes one). The operator API speaks English, so messages are plain English text. Whether a URL may
// receive webhooks at all (https, public address) is the URL guard's call (src/api/webhooks/url-guard.ts),
// made by the service because it depends on the deployment (WEBHOOKS_ALLOW_HTTP_LOCAL). The event types
// are the one list of src/lib/webhook-events.ts.

const url = z.string({ error: 'Required: the https URL that receives the events.' }).trim()
  .min(1, 'Required: the https URL that receives the events.').max(2048, 'At most 2048 characters.');

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `One of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), {
    error: 'A list of event types, e.g. ["commission.created"].',
  })
  .min(1, 'Subscribe to at least one event type.')
  .max(WEBHOOK_EVENT_TYPES.length * 2, 'Too many entries.')
  .transform((types) => [...new Set(types)]);

const description = z.string({ error: 'Text, at most 500 characters.' }).trim().max(500, 'At most 500 characters.');
const enabled = z.boolean({ error: 'true or false.' });

/** POST /v1/operator/webhooks/endpoints */
export const createEndpointSchema = z.strictObject({
  url,
  event_types: eventTypes,
  description: description.default(''),
  enabled: enabled.default(true),
});
export type CreateEndpointInput = z.input<typeof createEndpointSchema>;

/** PATCH /v1/operator/webhooks/endpoints/{id}: any of the fields; the others stay. */
export const updateEndpointSchema = z.strictObject({
  url: url.optional(),
  event_types: eventTypes.optional(),
  description: description.optional(),
  enabled: enabled.optional(),
});
export type UpdateEndpointInput = z.input<typeof updateEndpointSchema>;

/** POST /v1/operator/webhooks/endpoints/{id}/rotate-secret */
export const rotateSecretSchema = z.strictObject({
  previous_secret_hours: z.number({ error: 'Whole hours, 0 to 168.' }).int('Whole hours, 0 to 168.').min(0, 'Whole hours, 0 to 168.')
    .max(168, 'Whole hours, 0 to 168.').default(24),
});

/** POST /v1/operator/webhooks/deliveries/{id}/replay: no fields (an empty body or `{}`). */
export const replaySchema = z.strictObject({});

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** GET /v1/operator/webhooks/endpoints/{id}/deliveries */
export const deliveryListSchema = z.object({
  status: z.enum(DELIVERY_STATUSES, { error: `One of ${DELIVERY_STATUSES.join(', ')}.` }).optional(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES, { error: `One of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }).optional(),
  limit: queryInteger('A number from 1 to 100.', 1, 100).default(50),
  before: z.string().trim().regex(/^dlv_[0-9a-f]{24}$/, 'A delivery id from `next_before`.').optional(),
});

// Answers ------------------------------------------------------------------------------------------

const isoTime = z.string().describe('ISO 8601 UTC time');
const eventType = z.enum(WEBHOOK_EVENT_TYPES);

const endpointSchema = z
  .object({
    id: z.string().describe('`ep_...`'),
    url: z.string(),
    description: z.string(),
    event_types: z.array(eventType),
    enabled: z.boolean(),
    previous_secret_expires_at: isoTime.nullable().describe('After a rotation: until then the previous secret signs too'),
    created_at: isoTime,
    updated_at: isoTime.nullable(),
  })
  .strict()
  .register(components, { id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.output<typeof endpointSchema>;
const secret = z.string().describe('`whsec_` + base64 of 32 bytes: the HMAC-SHA256 key. Shown in this answer only (and its Idempotency-Key replays)');
export const endpointAnswer = z.object({ endpoint: endpointSchema }).strict().register(components, { id: 'WebhookEndpointAnswer' });
export type WebhookEndpointAnswer = z.output<typeof endpointAnswer>;
export const endpointSecretAnswer = z
  .object({ endpoint: endpointSchema, secret })
  .strict()
  .register(components, { id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.output<typeof endpointSecretAnswer>;
export const endpointListAnswer = z
  .object({ count: z.number().int(), results: z.array(endpointSchema) })
  .strict()
  .register(components, { id: 'WebhookEndpointList' });
export type WebhookEndpointList = z.output<typeof endpointListAnswer>;
export const endpointDeletedAnswer = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .strict()
  .register(components, { id: 'WebhookEndpointDeleted' });
export type WebhookEndpointDeleted = z.output<typeof endpointDeletedAnswer>;

const deliverySchema = z
  .object({
    id: z.string().describe('`dlv_...`'),
    endpoint_id: z.string(),
    event_id: z.string().describe('`msg_...`: the `webhook-id` header of every attempt and replay'),
    event_type: eventType,
    status: z.enum(DELIVERY_STATUSES).describe('pending: will be (re)tried at `next_attempt_at`; failed: gave up (8 attempts), refused URL or disabled endpoint'),
    attempts: z.number().int(),
    next_attempt_at: isoTime.nullable(),
    last_attempt_at: isoTime.nullable(),
    last_response_status: z.number().int().nullable().describe('HTTP status of the last answer (null: none came)'),
    last_response_body: z.string().nullable().describe('The first 1024 bytes of the last answer'),
    last_error: z.string().nullable().describe('Why the last attempt failed (`HTTP 500`, `no answer within 10 s`, `URL refused: ...`)'),
    replay_of: z.string().nullable().describe('The delivery this one replays'),
    created_at: isoTime,
    updated_at: isoTime.nullable(),
  })
  .strict()
  .register(components, { id: 'WebhookDelivery' });
export type WebhookDelivery = z.output<typeof deliverySchema>;
export const deliveryListAnswer = z
  .object({
    count: z.number().int(),
    results: z.array(deliverySchema),
    next_before: z.string().nullable().describe('Pass as `before` for the next page; null: no more'),
  })
  .strict()
  .register(components, { id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.output<typeof deliveryListAnswer>;

/** What a receiver gets: the request body of every webhook POST. */
export const webhookPayloadSchema = z
  .object({
    type: eventType,
    timestamp: isoTime.describe('When the event happened (the same on every retry)'),
    data: z.record(z.string(), z.unknown()).describe(
      '`{ commission }` (commission.*; commission.paid adds `payout_uid`), `{ payout }` (payout.paid adds `run_uid`), ' +
      '`{ run_uid, ambassador_uid, amount, currency, failure }` (payout.failed; on a rail also `payout_uid`, `payout`), ' +
      '`{ payout, run_uid, provider_ref }` (payout.sent), `{ run_uid, item_key, payout_uid, ambassador_uid, amount, currency, confirm }` ' +
      '(payout.requested), `{ redemption }` (without issued codes), ' +
      '`{ ambassador_uid, email, first_name, last_name, language, group_uid, campaign_uids, source }` (ambassador.registered; ' +
      'source `registration`, `operator` or `import`). Commissions and payouts have the shape of this API\'s answers',
    ),
  })
  .strict()
  .register(components, { id: 'WebhookPayload' });
export type WebhookPayload = z.output<typeof webhookPayloadSchema>;
export const deliveryAnswer = z
  .object({ delivery: deliverySchema.extend({ payload: webhookPayloadSchema.describe('The exact body it sends') }).strict() })
  .strict()
  .register(components, { id: 'WebhookDeliveryAnswer' });
export type WebhookDeliveryAnswer = z.output<typeof deliveryAnswer>;
