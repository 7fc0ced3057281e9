import { z } from 'zod';
import { components } from './registry';

// The company's PayPal app for PayPal Payouts (docs/payouts.md, "PayPal Payouts"): what an operator sends to
// connect it and what is shown back (the client secret never is).

/** PUT /v1/operator/integrations/paypal: the REST app's credentials, its mode and the webhook PayPal made for it. */
export const paypalIntegrationSchema = z.strictObject({
  client_id: z.string({ error: 'required' }).trim()
    .regex(/^[A-Za-z0-9_-]{8,255}$/, 'Paste the Client ID of your PayPal REST app (letters, digits, - and _).')
    .describe('The Client ID of the PayPal REST app (developer.paypal.com → Apps & Credentials)'),
  client_secret: z.string({ error: 'required' }).trim()
    .regex(/^[\x21-\x7e]{8,255}$/, 'Paste the Secret of your PayPal REST app (8 to 255 characters, no spaces).')
    .describe('The app\'s Secret; sealed at rest and never shown again'),
  mode: z.enum(['sandbox', 'live'], { error: 'Choose sandbox or live.' })
    .describe('`sandbox` pays with PayPal\'s test accounts (api-m.sandbox.paypal.com), `live` with real money (api-m.paypal.com)'),
  webhook_id: z.string({ error: 'required' }).trim()
    .regex(/^[A-Za-z0-9]{1,50}$/, 'Paste the Webhook ID PayPal shows for the webhook that posts to this portal (letters and digits).')
    .describe('The id PayPal gave the app\'s webhook that posts to `webhook_url`; every delivery is verified against it'),
});

export const paypalIntegration = z.object({
  provider: z.literal('paypal'),
  is_set: z.boolean().describe('Whether the app\'s credentials are stored'),
  client_id: z.string().nullable().describe('The Client ID, masked: its first 4 and last 4 characters'),
  mode: z.enum(['sandbox', 'live']).nullable(),
  webhook_id: z.string().nullable().describe('The webhook id deliveries are verified against'),
  updated_at: z.string().nullable().describe('ISO 8601 UTC time the credentials were last set'),
  webhook_url: z.string().describe('The URL to give PayPal as the app\'s webhook: `/v1/hooks/paypal/<company id>` on this portal'),
}).strict().register(components, { id: 'PayPalIntegration' });

/** A PayPal webhook event as it arrives (PAYMENT.PAYOUTS-ITEM.*, PAYMENT.PAYOUTSBATCH.*); other fields pass through. */
export const paypalEvent = z.looseObject({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(100),
  resource_type: z.string().optional(),
  resource: z.looseObject({}).optional(),
});

export const paypalHookReceipt = z.object({
  received: z.literal(true),
  result: z.enum(['settled', 'unchanged', 'ignored', 'duplicate'])
    .describe('`settled` (an item\'s outcome was recorded), `unchanged` (known already, or not a run\'s item), `ignored` (a type that settles nothing), `duplicate` (this event id was applied before)'),
}).strict().register(components, { id: 'PayPalHookReceipt' });

export type PayPalIntegration = z.output<typeof paypalIntegration>;
export type PayPalEvent = z.output<typeof paypalEvent>;
export type PayPalHookReceipt = z.output<typeof paypalHookReceipt>;
