import {
  createEndpointSchema, deliveryAnswer, deliveryListAnswer, deliveryListSchema, endpointAnswer, endpointDeletedAnswer, endpointListAnswer,
  endpointSecretAnswer, replaySchema, rotateSecretSchema, updateEndpointSchema,
} from '../../lib/schemas/webhooks';
import { endpoint } from '../core/endpoint';
import { ENDPOINT_DISABLED, getDelivery, listDeliveries, replayDelivery } from './delivery-log';
import {
  createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, rotateSecret, TOO_MANY_ENDPOINTS, updateEndpoint,
} from './receivers';

// Company-key calls: webhook endpoints, delivery log, replay. An answer that carries a signing secret is
// `Cache-Control: no-store`; an Idempotency-Key replay of it answers the same secret (the secret is kept for
// signing anyway, and a client that lost the first answer needs it).

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
/** An answer with a secret is never cached, its Idempotency-Key replays neither. */
const SECRET_HEADERS = { 'Cache-Control': 'no-store' };

/** The console's integrations and webhooks screens are theirs: no other staff role reads them (secrets' tails, URLs, payloads). */
const OWNERS_AND_ADMINS = ['owner', 'admin'] as const;

// POST /v1/operator/webhooks/endpoints - register an endpoint; its secret is in this answer only
export const createWebhookEndpointEndpoint = endpoint({
  method: 'post',
  path: '/operator/webhooks/endpoints',
  auth: 'operator',
  operationId: 'createWebhookEndpoint',
  stepUp: true,
  tag: 'Webhooks',
  summary: 'Register a webhook endpoint',
  description: 'Registers a URL that receives the company\'s events of `event_types`. The answer carries the signing `secret`, ' +
    'shown this once (rotate it to get a new one). At most 20 endpoints per company (409 beyond). ' + URL_RULES + SIGNING,
  body: createEndpointSchema,
  example: {
    url: 'https://hooks.example.com/portal', event_types: ['commission.created', 'commission.approved', 'payout.created'],
    description: 'Back office sync',
  },
  answer: { status: 201, schema: endpointSecretAnswer, description: 'The endpoint and its secret' },
  headers: SECRET_HEADERS,
  // Keyed by the English message itself (no catalogue key): the document's example is then the real body.
  errors: { 409: { [TOO_MANY_ENDPOINTS]: 'the company has 20 endpoints already' } },
  handle: ({ svc, operator, body }) => createEndpoint(svc, operator, body),
});

// GET /v1/operator/webhooks/endpoints - the company's endpoints, oldest first
export const listWebhookEndpointsEndpoint = endpoint({
  method: 'get',
  path: '/operator/webhooks/endpoints',
  auth: 'operator',
  operationId: 'listWebhookEndpoints',
  staffRoles: OWNERS_AND_ADMINS,
  tag: 'Webhooks',
  summary: 'List webhook endpoints',
  description: 'The company\'s endpoints, oldest first (never their secrets).',
  answer: { status: 200, schema: endpointListAnswer, description: 'The endpoints' },
  handle: ({ svc, operator }) => listEndpoints(svc, operator),
});

// GET /v1/operator/webhooks/endpoints/{id} - one endpoint
export const getWebhookEndpointEndpoint = endpoint({
  method: 'get',
  path: '/operator/webhooks/endpoints/:id',
  auth: 'operator',
  operationId: 'getWebhookEndpoint',
  staffRoles: OWNERS_AND_ADMINS,
  tag: 'Webhooks',
  summary: 'Get a webhook endpoint',
  description: 'One endpoint (never its secret).',
  answer: { status: 200, schema: endpointAnswer, description: 'The endpoint' },
  errors: { 404: noEndpoint },
  handle: ({ svc, operator, params }) => getEndpoint(svc, operator, params.id),
});

// PATCH /v1/operator/webhooks/endpoints/{id} - change url, event types, description or enabled
export const updateWebhookEndpointEndpoint = endpoint({
  method: 'patch',
  path: '/operator/webhooks/endpoints/:id',
  auth: 'operator',
  operationId: 'updateWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Edit a webhook endpoint',
  description: 'Changes the fields sent; the others stay. A new `url` meets the same rules as at registration. `enabled: false` ' +
    'stops deliveries at once: its pending ones fail (`endpoint disabled`) and can be replayed once it is enabled again.',
  body: updateEndpointSchema,
  example: { event_types: ['commission.paid', 'payout.created'], enabled: false },
  answer: { status: 200, schema: endpointAnswer, description: 'The endpoint as it is now' },
  errors: { 404: noEndpoint },
  handle: ({ svc, operator, params, body }) => updateEndpoint(svc, operator, params.id, body),
});

// DELETE /v1/operator/webhooks/endpoints/{id} - the endpoint and its delivery log
export const deleteWebhookEndpointEndpoint = endpoint({
  method: 'delete',
  path: '/operator/webhooks/endpoints/:id',
  auth: 'operator',
  operationId: 'deleteWebhookEndpoint',
  tag: 'Webhooks',
  summary: 'Delete a webhook endpoint',
  description: 'Removes the endpoint and its delivery log; nothing more is sent to it.',
  answer: { status: 200, schema: endpointDeletedAnswer, description: 'Deleted' },
  errors: { 404: noEndpoint },
  handle: ({ svc, operator, params }) => deleteEndpoint(svc, operator, params.id),
});

// POST /v1/operator/webhooks/endpoints/{id}/rotate-secret - a new secret; the old one signs beside it for a while
export const rotateWebhookSecretEndpoint = endpoint({
  method: 'post',
  path: '/operator/webhooks/endpoints/:id/rotate-secret',
  auth: 'operator',
  operationId: 'rotateWebhookSecret',
  stepUp: true,
  tag: 'Webhooks',
  summary: 'Rotate an endpoint\'s signing secret',
  description: 'A new secret, shown this once. The previous one keeps signing beside it (a second `v1,` signature) for ' +
    '`previous_secret_hours` (default 24, 0 to 168; 0 stops it at once, e.g. after a leak), so the receiver can switch without losing events.',
  body: rotateSecretSchema,
  example: { previous_secret_hours: 24 },
  answer: { status: 200, schema: endpointSecretAnswer, description: 'The endpoint and its new secret' },
  headers: SECRET_HEADERS,
  errors: { 404: noEndpoint },
  handle: ({ svc, operator, params, body }) => rotateSecret(svc, operator, params.id, body),
});

// GET /v1/operator/webhooks/endpoints/{id}/deliveries - the delivery log, newest first
export const listWebhookDeliveriesEndpoint = endpoint({
  method: 'get',
  path: '/operator/webhooks/endpoints/:id/deliveries',
  auth: 'operator',
  operationId: 'listWebhookDeliveries',
  staffRoles: OWNERS_AND_ADMINS,
  tag: 'Webhooks',
  summary: 'An endpoint\'s delivery log',
  description: 'Deliveries to the endpoint, newest first: status, attempts, the next attempt, the last answer\'s status and ' +
    'the start of its body. Kept 30 days after they finish.',
  query: deliveryListSchema,
  answer: { status: 200, schema: deliveryListAnswer, description: 'A page of deliveries' },
  errors: { 404: noEndpoint },
  handle: ({ svc, operator, params, query }) => listDeliveries(svc, operator, params.id, query),
});

// GET /v1/operator/webhooks/deliveries/{id} - one delivery with the exact payload it sends
export const getWebhookDeliveryEndpoint = endpoint({
  method: 'get',
  path: '/operator/webhooks/deliveries/:id',
  auth: 'operator',
  operationId: 'getWebhookDelivery',
  staffRoles: OWNERS_AND_ADMINS,
  tag: 'Webhooks',
  summary: 'Get a delivery',
  description: 'One delivery with the exact payload it sends.',
  answer: { status: 200, schema: deliveryAnswer, description: 'The delivery' },
  errors: { 404: noDelivery },
  handle: ({ svc, operator, params }) => getDelivery(svc, operator, params.id),
});

// POST /v1/operator/webhooks/deliveries/{id}/replay - send the event again now, as a new delivery
export const replayWebhookDeliveryEndpoint = endpoint({
  method: 'post',
  path: '/operator/webhooks/deliveries/:id/replay',
  auth: 'operator',
  operationId: 'replayWebhookDelivery',
  tag: 'Webhooks',
  summary: 'Replay a delivery',
  description: 'Sends the delivery\'s event to its endpoint again, now, as a new delivery (`replay_of`) with its own retries. ' +
    'Same payload and `webhook-id` (a fresh timestamp and signature). Answers after the first attempt. No body (or `{}`).',
  body: replaySchema,
  example: {},
  answer: { status: 201, schema: deliveryAnswer, description: 'The new delivery after its first attempt' },
  errors: { 404: noDelivery, 409: { [ENDPOINT_DISABLED]: 'the endpoint is disabled' } },
  handle: ({ svc, operator, params }) => replayDelivery(svc, operator, params.id),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const operatorEndpoints = {
  createWebhookEndpoint: createWebhookEndpointEndpoint,
  listWebhookEndpoints: listWebhookEndpointsEndpoint,
  getWebhookEndpoint: getWebhookEndpointEndpoint,
  updateWebhookEndpoint: updateWebhookEndpointEndpoint,
  deleteWebhookEndpoint: deleteWebhookEndpointEndpoint,
  rotateWebhookSecret: rotateWebhookSecretEndpoint,
  listWebhookDeliveries: listWebhookDeliveriesEndpoint,
  getWebhookDelivery: getWebhookDeliveryEndpoint,
  replayWebhookDelivery: replayWebhookDeliveryEndpoint,
};
