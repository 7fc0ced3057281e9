import { paypalEvent, type PayPalEvent, type PayPalHookReceipt } from '../../lib/schemas/paypal';
import type { RawRequest } from '../core/endpoint';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { paypalApp } from './paypal-integration';
import {
  companyPayPalHookStatement, paypalEventSeenStatement, paypalItemStatement, paypalRunSentStatement, paypalRunStatement,
  recordPayPalEventStatement,
} from './paypal-queries';
import { itemOfKey } from './rails';
import { outcomeOfStatus, type PayPalBatchItem } from './rails/paypal';
import { paypalCall } from './rails/paypal-client';
import type { ItemOutcome } from './rails/types';
import { reconcile } from './runs';
import { settleItem } from './settle';

// PayPal's webhooks for a company (POST /v1/hooks/paypal/{company_id}). A delivery is believed only when PayPal
// itself answers SUCCESS to verify-webhook-signature for its transmission headers, the company's webhook id and
// the event; then an item event settles that item (by PayPal's payout_item_id, or by its sender_item_id when the
// webhook came before the send's answer), and a batch event settles the batch's items from PayPal's own status.
// Settling is guarded by the item's status (./settle.ts), so an event applied twice changes nothing; the event id
// is recorded after its effect (hook_events, provider 'paypal') and a redelivery answers `duplicate` at once.

const TRANSMISSION_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

/** What an item event says when its resource names no transaction_status. */
const ITEM_EVENT_STATUS: Record<string, string> = {
  SUCCEEDED: 'SUCCESS', FAILED: 'FAILED', RETURNED: 'RETURNED', UNCLAIMED: 'UNCLAIMED', BLOCKED: 'BLOCKED',
  REFUNDED: 'REFUNDED', REVERSED: 'REVERSED', HELD: 'ONHOLD', CANCELED: 'RETURNED', DENIED: 'DENIED',
};

/**
 * The verified event of a delivery: 404 unknown company, 400 PayPal not connected, a transmission header missing,
 * not a PayPal event, or PayPal not answering SUCCESS; 502 when PayPal cannot be asked (it delivers again later).
 */
export async function readPayPalHook(req: RawRequest, svc: ServiceContext, companyId: string): Promise<PayPalEvent> {
  const text = await req.text();
  const company = companyId.length <= 64
    ? await companyPayPalHookStatement(svc.db, companyId).first<{ id: string; webhook_id: string | null }>()
    : null;
  if (!company) throw new ApiError('not_found', 'notFound');
  const app = company.webhook_id ? await paypalApp(svc, companyId) : null;
  if (!app) throw new ApiError('bad_request', 'PayPal is not connected for this company: set it with PUT /v1/operator/integrations/paypal.');
  const transmission: Record<string, string> = {};
  for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
    const value = req.header(header)?.trim();
    if (!value || value.length > 500) throw new ApiError('bad_request', `The ${header.toUpperCase()} header is missing.`);
    transmission[field] = value;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'invalidJson');
  }
  const parsed = paypalEvent.safeParse(raw);
  if (!parsed.success) throw new ApiError('bad_request', 'Not a PayPal webhook event.');
  const reply = await paypalCall<{ verification_status?: string }>(companyId, app, 'POST', '/v1/notifications/verify-webhook-signature',
    { ...transmission, webhook_id: app.webhookId, webhook_event: raw });
  if (reply.kind === 'unknown') throw new ApiError('upstream_failed', 'PayPal could not be asked to verify this delivery; it will be delivered again.');
  if (reply.kind !== 'ok' || reply.body.verification_status !== 'SUCCESS') {
    throw new ApiError('bad_request', 'PayPal did not verify this delivery for this company’s webhook.');
  }
  return parsed.data;
}

/** Settles one item; whether its status changed (paid, or failed: the amount given back). */
async function settle(svc: ServiceContext, companyId: string, item: { id: number; status: string }, outcome: ItemOutcome): Promise<boolean> {
  await settleItem(svc, companyId, { itemId: item.id }, outcome);
  const after = await paypalItemStatement(svc.db, companyId, { itemId: item.id }).first<{ status: string }>();
  return after !== null && after.status !== item.status;
}

async function applyItemEvent(svc: ServiceContext, companyId: string, event: PayPalEvent): Promise<PayPalHookReceipt['result']> {
  const resource = (event.resource ?? {}) as PayPalBatchItem;
  const providerRef = resource.payout_item_id;
  if (!providerRef) return 'ignored';
  const suffix = event.event_type.slice('PAYMENT.PAYOUTS-ITEM.'.length);
  const outcome = outcomeOfStatus(resource.transaction_status ?? ITEM_EVENT_STATUS[suffix], providerRef);
  // By PayPal's id once the send's answer recorded it, else by the sender_item_id the send gave (an early webhook).
  const byRef = await paypalItemStatement(svc.db, companyId, { providerRef }).first<{ id: number; status: string }>();
  const senderItemId = resource.payout_item?.sender_item_id;
  const named = senderItemId ? itemOfKey(senderItemId) : null;
  const item = byRef ?? (named ? await paypalItemStatement(svc.db, companyId, named).first<{ id: number; status: string }>() : null);
  // A `sent` item settles either way; a `paid` one only fails (PayPal refunded or reversed it after paying).
  if (!item || !(item.status === 'sent' || (item.status === 'paid' && outcome.state === 'failed'))) return 'unchanged';
  return (await settle(svc, companyId, item, outcome)) ? 'settled' : 'unchanged';
}

async function applyBatchEvent(svc: ServiceContext, companyId: string, event: PayPalEvent): Promise<PayPalHookReceipt['result']> {
  const header = (event.resource as { batch_header?: { payout_batch_id?: string; sender_batch_header?: { sender_batch_id?: string } } } | undefined)?.batch_header;
  const batchId = header?.payout_batch_id;
  if (!batchId) return 'ignored';
  const run = await paypalRunStatement(svc.db, companyId, batchId, header.sender_batch_header?.sender_batch_id ?? null).first<{ uid: string }>();
  if (!run) return 'unchanged';
  // PayPal's batch events carry no items: the run is reconciled from PayPal's own status of the batch.
  const before = await unsettledCount(svc.db, companyId, run.uid);
  if (before === 0) return 'unchanged';
  await reconcile(svc, companyId, run.uid);
  return (await unsettledCount(svc.db, companyId, run.uid)) < before ? 'settled' : 'unchanged';
}

const unsettledCount = async (db: D1Database, companyId: string, runUid: string) =>
  (await paypalRunSentStatement(db, companyId, runUid).first<{ n: number }>())?.n ?? 0;

/** Applies a verified event once per event id. */
export async function receivePayPalEvent(svc: ServiceContext, companyId: string, event: PayPalEvent): Promise<PayPalHookReceipt> {
  if (await paypalEventSeenStatement(svc.db, companyId, event.id).first()) return { received: true, result: 'duplicate' };
  const result = event.event_type.startsWith('PAYMENT.PAYOUTS-ITEM.') ? await applyItemEvent(svc, companyId, event)
    : event.event_type.startsWith('PAYMENT.PAYOUTSBATCH.') ? await applyBatchEvent(svc, companyId, event)
    : 'ignored';
  await recordPayPalEventStatement(svc.db, companyId, event.id, event.event_type).run();
  return { received: true, result };
}
