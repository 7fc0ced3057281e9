import { z } from 'zod';
import {
  createEndpointSchema, deliveryListSchema, DELIVERY_STATUSES, replaySchema, rotateSecretSchema, updateEndpointSchema,
} from '../../lib/schemas/operator-webhooks';
import { ENDPOINT_DISABLED } from '../webhooks/delivery-log';
import { TOO_MANY_ENDPOINTS, type deleteEndpoint } from '../webhooks/endpoints';
import { WEBHOOK_EVENT_TYPES } from '../../lib/webhook-events';
import type { DeliveryView, EndpointView } from '../webhooks/store';
import type { Operation } from './operations';
import { components } from './responses';

// Outgoing webhooks: the answers (registered in the document's components), the payload a
// receiver gets, and the rows of the endpoint and delivery-log routes.

const isoTime = z.string().describe('ISO 8601 UTC time');
const eventType = z.enum(WEBHOOK_EVENT_TYPES);

export const endpointSchema = z
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
const secret = z.string().describe('`whsec_` + base64 of 32 bytes: the HMAC-SHA256 key. Shown in this answer only (and its Idempotency-Key replays)');
export const endpointAnswer = z.object({ endpoint: endpointSchema }).strict().register(components, { id: 'WebhookEndpointAnswer' });
export const endpointSecretAnswer = z
  .object({ endpoint: endpointSchema, secret })
  .strict()
  .register(components, { id: 'WebhookEndpointWithSecret' });
export const endpointListAnswer = z
  .object({ count: z.number().int(), results: z.array(endpointSchema) })
  .strict()
  .register(components, { id: 'WebhookEndpointList' });
export const endpointDeletedAnswer = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .strict()
  .register(components, { id: 'WebhookEndpointDeleted' });

export const deliverySchema = z
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
export const deliveryListAnswer = z
  .object({
    count: z.number().int(),
    results: z.array(deliverySchema),
    next_before: z.string().nullable().describe('Pass as `before` for the next page; null: no more'),
  })
  .strict()
  .register(components, { id: 'WebhookDeliveryList' });

/** What a receiver gets: the request body of every webhook POST. */
export const webhookPayloadSchema = z
  .object({
    type: eventType,
    timestamp: isoTime.describe('When the event happened (the same on every retry)'),
    data: z.record(z.string(), z.unknown()).describe(
      '`{ commission }` (commission.*; commission.paid adds `payout_uid`), `{ payout }`, `{ redemption }` (without issued codes), ' +
      '`{ ambassador_uid, email, first_name, last_name, language, group_uid, campaign_uids, source }` (ambassador.registered; ' +
      'source `registration`, `operator` or `import`). Commissions and payouts have the shape of this API\'s answers',
    ),
  })
  .strict()
  .register(components, { id: 'WebhookPayload' });
export const deliveryAnswer = z
  .object({ delivery: deliverySchema.extend({ payload: webhookPayloadSchema.describe('The exact body it sends') }).strict() })
  .strict()
  .register(components, { id: 'WebhookDeliveryAnswer' });

// Compile-time: the documented answers are exactly what the services return.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type _SameAsServices = [
  Expect<Same<z.infer<typeof endpointSchema>, EndpointView>>,
  Expect<Same<z.infer<typeof deliverySchema>, DeliveryView>>,
  Expect<Same<z.infer<typeof endpointDeletedAnswer>, Awaited<ReturnType<typeof deleteEndpoint>>>>,
];

const SIGNING =
  'Each event is POSTed as JSON (`content-type: application/json`) with the headers of the Standard Webhooks ' +
  'specification (standardwebhooks.com): `webhook-id` (the event id `msg_...`, the same on every retry and replay: ' +
  'use it to drop duplicates), `webhook-timestamp` (Unix seconds of the attempt: refuse one more than 5 minutes off) and ' +
  '`webhook-signature` (`v1,` + base64 of HMAC-SHA256 over `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the ' +
  'base64-decoded part of the secret after `whsec_`; several space-separated signatures while a rotated secret still ' +
  'signs: accept if one matches). Any Standard Webhooks library verifies them. The body is `{ type, timestamp, data }` ' +
  '(components `WebhookPayload`). A 2xx answer within 10 s is a success; anything else (a redirect too: none is followed) ' +
  'is retried after 30 s, 2 min, 10 min, 1 h, 6 h, 12 h and 12 h, then the delivery fails (8 attempts) and can be replayed. ';
const URL_RULES =
  '`url` must be https on port 443 or 8443, without user or password, on a public host: IP literals in private, loopback, ' +
  'link-local, CGNAT, multicast, reserved or documentation ranges (IPv4 in any spelling, IPv6, IPv4-mapped IPv6) and names ' +
  'like `localhost`, `*.local` or `*.internal` are refused with a 400 naming the reason (`{ url: ["Refused: ..."] }`). ';
const noEndpoint = 'Unknown endpoint (or of another company)';
const noDelivery = 'Unknown delivery (or of another company)';

export const OPERATIONS_WEBHOOKS: Operation[] = [
  {
    method: 'post',
    path: '/v1/operator/webhooks/endpoints',
    tag: 'Webhooks',
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    description: 'Registers a URL that receives the company\'s events of `event_types`. The answer carries the signing `secret`, ' +
      'shown this once (rotate it to get a new one). At most 20 endpoints per company (409 beyond). ' + URL_RULES + SIGNING,
    body: createEndpointSchema,
    example: {
      url: 'https://hooks.example.com/portal', event_types: ['commission.created', 'commission.approved', 'payout.created'],
      description: 'Back office sync',
    },
    ok: { status: 201, schema: endpointSecretAnswer, description: 'The endpoint and its secret' },
    // Keyed by the English message itself (no catalogue key): the document's example is then the real body.
    errors: { 409: { [TOO_MANY_ENDPOINTS]: 'the company has 20 endpoints already' } },
  },
  {
    method: 'get',
    path: '/v1/operator/webhooks/endpoints',
    tag: 'Webhooks',
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints',
    description: 'The company\'s endpoints, oldest first (never their secrets).',
    ok: { status: 200, schema: endpointListAnswer, description: 'The endpoints' },
    errors: {},
  },
  {
    method: 'get',
    path: '/v1/operator/webhooks/endpoints/:id',
    tag: 'Webhooks',
    operationId: 'getWebhookEndpoint',
    summary: 'Get a webhook endpoint',
    description: 'One endpoint (never its secret).',
    ok: { status: 200, schema: endpointAnswer, description: 'The endpoint' },
    errors: { 404: noEndpoint },
  },
  {
    method: 'patch',
    path: '/v1/operator/webhooks/endpoints/:id',
    tag: 'Webhooks',
    operationId: 'updateWebhookEndpoint',
    summary: 'Edit a webhook endpoint',
    description: 'Changes the fields sent; the others stay. A new `url` meets the same rules as at registration. `enabled: false` ' +
      'stops deliveries at once: its pending ones fail (`endpoint disabled`) and can be replayed once it is enabled again.',
    body: updateEndpointSchema,
    example: { event_types: ['commission.paid', 'payout.created'], enabled: false },
    ok: { status: 200, schema: endpointAnswer, description: 'The endpoint as it is now' },
    errors: { 404: noEndpoint },
  },
  {
    method: 'delete',
    path: '/v1/operator/webhooks/endpoints/:id',
    tag: 'Webhooks',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: 'Removes the endpoint and its delivery log; nothing more is sent to it.',
    ok: { status: 200, schema: endpointDeletedAnswer, description: 'Deleted' },
    errors: { 404: noEndpoint },
  },
  {
    method: 'post',
    path: '/v1/operator/webhooks/endpoints/:id/rotate-secret',
    tag: 'Webhooks',
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate an endpoint\'s signing secret',
    description: 'A new secret, shown this once. The previous one keeps signing beside it (a second `v1,` signature) for ' +
      '`previous_secret_hours` (default 24, 0 to 168; 0 stops it at once, e.g. after a leak), so the receiver can switch without losing events.',
    body: rotateSecretSchema,
    example: { previous_secret_hours: 24 },
    ok: { status: 200, schema: endpointSecretAnswer, description: 'The endpoint and its new secret' },
    errors: { 404: noEndpoint },
  },
  {
    method: 'get',
    path: '/v1/operator/webhooks/endpoints/:id/deliveries',
    tag: 'Webhooks',
    operationId: 'listWebhookDeliveries',
    summary: 'An endpoint\'s delivery log',
    description: 'Deliveries to the endpoint, newest first: status, attempts, the next attempt, the last answer\'s status and ' +
      'the start of its body. Kept 30 days after they finish.',
    query: deliveryListSchema,
    ok: { status: 200, schema: deliveryListAnswer, description: 'A page of deliveries' },
    errors: { 404: noEndpoint },
  },
  {
    method: 'get',
    path: '/v1/operator/webhooks/deliveries/:id',
    tag: 'Webhooks',
    operationId: 'getWebhookDelivery',
    summary: 'Get a delivery',
    description: 'One delivery with the exact payload it sends.',
    ok: { status: 200, schema: deliveryAnswer, description: 'The delivery' },
    errors: { 404: noDelivery },
  },
  {
    method: 'post',
    path: '/v1/operator/webhooks/deliveries/:id/replay',
    tag: 'Webhooks',
    operationId: 'replayWebhookDelivery',
    summary: 'Replay a delivery',
    description: 'Sends the delivery\'s event to its endpoint again, now, as a new delivery (`replay_of`) with its own retries. ' +
      'Same payload and `webhook-id` (a fresh timestamp and signature). Answers after the first attempt. No body (or `{}`).',
    body: replaySchema,
    example: {},
    ok: { status: 201, schema: deliveryAnswer, description: 'The new delivery after its first attempt' },
    errors: { 404: noDelivery, 409: { [ENDPOINT_DISABLED]: 'the endpoint is disabled' } },
  },
];
