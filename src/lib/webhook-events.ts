// No imports: src/lib/schemas/webhooks.ts reads the list below, and lib modules may be loaded by
// Node scripts too.

/**
 * Event types a company's webhooks can subscribe to: the one list (the endpoint schema, the OpenAPI
 * document and the README read it). A new type goes here, then gets its `webhookEvent` call at its source
 * (src/api/webhooks/events.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'ambassador.registered',
  'commission.created',
  'commission.held',
  'commission.approved',
  'commission.denied',
  'commission.paid',
  'payout.created',
  'payout.requested',
  'payout.sent',
  'payout.paid',
  'payout.failed',
  'redemption.completed',
  'redemption.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
