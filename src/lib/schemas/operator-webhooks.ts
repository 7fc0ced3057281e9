import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events.ts';
import { queryInteger } from './numbers.ts';

// Outgoing webhooks: what a company sends to register and edit its endpoints and read their
// delivery log. The operator API speaks English, so messages are plain English text. Whether a URL may
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
