import { paypalEvent, paypalHookReceipt, paypalIntegration, paypalIntegrationSchema } from '../../lib/schemas/paypal';
import { endpoint } from '../core/endpoint';
import { deletePayPalIntegration, getPayPalIntegration, setPayPalIntegration } from './paypal-integration';
import { readPayPalHook, receivePayPalEvent } from './paypal-hook';

// PayPal Payouts: the company's PayPal app and PayPal's webhooks (docs/payouts.md, "PayPal Payouts").

/** Like the stores' secrets: only owners and admins see or change them. */
const OWNERS_AND_ADMINS = ['owner', 'admin'] as const;
const TAG = 'Payouts';

// GET /v1/operator/integrations/paypal - whether PayPal is connected (the client id masked, never the secret)
export const getPayPalIntegrationEndpoint = endpoint({
  method: 'get',
  path: '/operator/integrations/paypal',
  auth: 'operator',
  operationId: 'getPayPalIntegration',
  staffRoles: OWNERS_AND_ADMINS,
  tag: TAG,
  summary: 'Show the PayPal connection',
  description: 'Whether the company\'s PayPal REST app is set: its client id masked, the mode, the webhook id and the webhook URL to ' +
    'give PayPal. The client secret is never shown.',
  answer: { status: 200, schema: paypalIntegration, description: 'The connection' },
  handle: ({ svc, operator }) => getPayPalIntegration(svc, operator.companyId),
});

// PUT /v1/operator/integrations/paypal - set or replace the PayPal app's credentials
export const setPayPalIntegrationEndpoint = endpoint({
  method: 'put',
  path: '/operator/integrations/paypal',
  auth: 'operator',
  operationId: 'setPayPalIntegration',
  staffRoles: OWNERS_AND_ADMINS,
  stepUp: true,
  tag: TAG,
  summary: 'Connect PayPal',
  description: 'The client id and secret of the company\'s PayPal REST app (with the Payouts feature), `sandbox` or `live`, and the id ' +
    'of the app\'s webhook that posts to `webhook_url`. The secret is sealed with the deployment\'s INTEGRATION_KEY and never shown ' +
    'again (409 when the deployment has none). Replaces the ones before; payout runs on the PayPal rail use them from now on.',
  body: paypalIntegrationSchema,
  example: { client_id: 'AaBbCcDdEeFf0123456789', client_secret: 'EeFfGgHh0123456789abcdef', mode: 'sandbox', webhook_id: '8PT597110X687430LKGECATA' },
  answer: { status: 200, schema: paypalIntegration, description: 'The connection as stored' },
  errors: { 409: { conflict: 'INTEGRATION_KEY is not set on this deployment' } },
  handle: ({ svc, operator, body }) => setPayPalIntegration(svc, operator.companyId, body),
});

// DELETE /v1/operator/integrations/paypal - forget the PayPal app
export const deletePayPalIntegrationEndpoint = endpoint({
  method: 'delete',
  path: '/operator/integrations/paypal',
  auth: 'operator',
  operationId: 'deletePayPalIntegration',
  staffRoles: OWNERS_AND_ADMINS,
  stepUp: true,
  tag: TAG,
  summary: 'Disconnect PayPal',
  description: 'Forgets the PayPal app\'s credentials. PayPal runs cannot be sent, and PayPal\'s webhooks are refused, until they are set again.',
  answer: { status: 200, schema: paypalIntegration, description: 'The connection, now unset' },
  handle: ({ svc, operator }) => deletePayPalIntegration(svc, operator.companyId),
});

// POST /v1/hooks/paypal/{company_id} - PayPal's Payouts webhooks, verified by PayPal's verify-webhook-signature
export const receivePayPalEventEndpoint = endpoint({
  method: 'post',
  path: '/hooks/paypal/:company_id',
  auth: 'paypal',
  operationId: 'receivePayPalEvent',
  tag: TAG,
  summary: 'Receive PayPal events',
  description: 'PayPal\'s webhook for the company. The delivery\'s PAYPAL-TRANSMISSION-* headers, the company\'s webhook id and the event ' +
    'are sent to PayPal\'s `POST /v1/notifications/verify-webhook-signature`; only `verification_status: SUCCESS` is accepted, else 400 and ' +
    'nothing changes. `PAYMENT.PAYOUTS-ITEM.*` settles the run item it names (by `payout_item_id`, or by `sender_item_id` when it comes ' +
    'before the send\'s answer); `PAYMENT.PAYOUTSBATCH.*` settles the batch\'s items from PayPal\'s status of the batch. Each event id ' +
    'applies once; other types answer 200 `ignored`.',
  body: paypalEvent,
  maxBytes: 256 * 1024,
  // The event is believed only once PayPal has verified it (./paypal-hook.ts).
  readRequest: (req, { svc, params }) => readPayPalHook(req, svc, params.company_id),
  example: { id: 'WH-7Y7254563A4550640-11V2185806837105M', event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', resource_type: 'payouts_item', resource: { payout_item_id: '8AELMXH8UB2P8', transaction_status: 'SUCCESS', payout_batch_id: 'Q8KVJG9TZTNN4', payout_item: { sender_item_id: 'po-3f9c2a1b' } } },
  answer: { status: 200, schema: paypalHookReceipt, description: 'Received' },
  errors: { 404: 'No company has this id' },
  handle: ({ svc, params, body }) => receivePayPalEvent(svc, params.company_id, body),
});

export const paypalEndpoints = {
  getPayPalIntegration: getPayPalIntegrationEndpoint,
  setPayPalIntegration: setPayPalIntegrationEndpoint,
  deletePayPalIntegration: deletePayPalIntegrationEndpoint,
  receivePayPalEvent: receivePayPalEventEndpoint,
};
