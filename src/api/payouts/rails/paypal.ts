import { minorToDecimal } from '../../../lib/format';
import { ApiError } from '../../core/errors';
import type { ServiceContext } from '../../core/types';
import { paypalApp, type PayPalApp } from '../paypal-integration';
import { paypalIntegrationStatement } from '../paypal-queries';
import { errorLine, paypalCall, type PayPalError } from './paypal-client';
import type { ItemOutcome, Rail, RailAnswer, RailItem, RailRun } from './types';

// PayPal Payouts (docs/payouts.md, "PayPal Payouts"): a run is one PayPal batch payout whose sender_batch_id is
// the run's uid, each item's sender_item_id its item key. PayPal pays a sender_batch_id once (for 30 days), so
// a send retried after a timeout, or two sends at once, get PayPal's "already exists" answer and read the batch
// that was made instead of paying again. Anything unanswered (a timeout, a 5xx) leaves the items `unknown`: the
// run stays `sending` and is reconciled from the batch's own status.

/** PayPal's pages of a batch's items are at most this long. */
const PAGE_SIZE = 1000;

/** What PayPal says of one item of a batch (GET /v1/payments/payouts/{id}, and the item webhooks' resource). */
export interface PayPalBatchItem {
  payout_item_id?: string;
  transaction_status?: string;
  payout_batch_id?: string;
  sender_batch_id?: string;
  payout_item?: { sender_item_id?: string; receiver?: string };
  errors?: { name?: string; message?: string };
}

interface PayPalBatch {
  batch_header?: { payout_batch_id?: string; batch_status?: string };
  items?: PayPalBatchItem[];
  total_pages?: number;
  links?: { rel?: string; href?: string }[];
}

/**
 * An item's outcome from its transaction_status: paid, failed with the status as reason (a returned item is
 * `unclaimed`: PayPal returns only items nobody claimed, after 30 days or when the sender cancels them), or
 * still `sent` (PENDING, UNCLAIMED while PayPal holds it, ONHOLD, NEW, or a status this code does not know).
 */
export function outcomeOfStatus(status: string | undefined, providerRef: string): ItemOutcome {
  const s = (status ?? '').toUpperCase();
  if (s === 'SUCCESS' || s === 'SUCCEEDED') return { state: 'paid', providerRef };
  if (s === 'RETURNED') return { state: 'failed', reason: 'unclaimed', providerRef };
  if (['FAILED', 'REFUNDED', 'REVERSED', 'BLOCKED', 'DENIED', 'CANCELED'].includes(s)) return { state: 'failed', reason: s.toLowerCase(), providerRef };
  return { state: 'sent', providerRef };
}

/** Whether the company has a PayPal app set (its secret is opened only when a run is sent). */
export async function paypalConfigured(svc: ServiceContext, companyId: string): Promise<boolean> {
  return (await paypalIntegrationStatement(svc.db, companyId).first()) !== null;
}

async function appOf(svc: ServiceContext, companyId: string): Promise<PayPalApp> {
  const app = await paypalApp(svc, companyId);
  if (!app) throw new ApiError('conflict', 'PayPal is not connected: set the credentials with PUT /v1/operator/integrations/paypal.');
  return app;
}

/** PayPal-Request-Id of a send: the run and a hash of exactly the items it carries. */
async function requestIdOf(run: RailRun, items: RailItem[]): Promise<string> {
  const keys = items.map((i) => i.itemKey).sort().join('\n');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(keys)));
  return `${run.runUid}-${[...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The batch id of PayPal's "Batch with given sender_batch_id already exists" answer, from its link; else null. */
export function existingBatchId(error: PayPalError): string | null {
  for (const detail of error.details ?? []) {
    if (!/sender_batch_id already exists/i.test(detail.issue ?? '') && detail.field !== 'SENDER_BATCH_ID') continue;
    for (const link of detail.link ?? []) {
      const m = /\/v1\/payments\/payouts\/([^/?#]+)/.exec(link.href ?? '');
      if (m) return decodeURIComponent(m[1]!);
    }
  }
  return null;
}

const isDuplicateBatch = (error: PayPalError) =>
  (error.details ?? []).some((d) => d.field === 'SENDER_BATCH_ID' || /sender_batch_id already exists/i.test(d.issue ?? ''));
const isDuplicateRequest = (error: PayPalError) =>
  (error.details ?? []).some((d) => /DUPLICATE_REQUEST_ID/i.test(d.issue ?? '')) || /DUPLICATE_REQUEST_ID/i.test(error.name ?? '');

/** Every item of a batch (paged), or null when PayPal could not be asked or does not know the batch. */
async function readBatch(companyId: string, app: PayPalApp, batchId: string): Promise<PayPalBatchItem[] | null> {
  const all: PayPalBatchItem[] = [];
  for (let page = 1; page <= 1000; page++) {
    const reply = await paypalCall<PayPalBatch>(companyId, app, 'GET',
      `/v1/payments/payouts/${encodeURIComponent(batchId)}?page=${page}&page_size=${PAGE_SIZE}&total_required=true`);
    if (reply.kind !== 'ok') return null;
    const items = reply.body.items ?? [];
    all.push(...items);
    const more = reply.body.total_pages !== undefined ? page < reply.body.total_pages : (reply.body.links ?? []).some((l) => l.rel === 'next');
    if (!more || items.length === 0) break;
  }
  return all;
}

/** Outcomes of the run's items from the batch's items (matched by sender_item_id); missing ones stay unknown. */
function outcomesOf(items: RailItem[], batch: PayPalBatchItem[] | null): Map<string, ItemOutcome> {
  const outcomes = new Map<string, ItemOutcome>();
  if (!batch) return outcomes;
  const wanted = new Set(items.map((i) => i.itemKey));
  for (const item of batch) {
    const key = item.payout_item?.sender_item_id;
    if (!key || !wanted.has(key) || !item.payout_item_id) continue;
    outcomes.set(key, outcomeOfStatus(item.transaction_status, item.payout_item_id));
  }
  return outcomes;
}

async function answerFromBatch(companyId: string, app: PayPalApp, batchId: string, items: RailItem[]): Promise<RailAnswer> {
  return { outcomes: outcomesOf(items, await readBatch(companyId, app, batchId)), providerBatchId: batchId };
}

/** Every item failed with the same reason (nothing was paid), the reason's detail kept. */
function allFailed(items: RailItem[], reason: string, detail: string): RailAnswer {
  return { outcomes: new Map(items.map((i) => [i.itemKey, { state: 'failed', reason, detail } as ItemOutcome])) };
}

async function send(svc: ServiceContext, run: RailRun, items: RailItem[]): Promise<RailAnswer> {
  const app = await appOf(svc, run.companyId);
  if (run.providerBatchId) return answerFromBatch(run.companyId, app, run.providerBatchId, items);
  const outcomes = new Map<string, ItemOutcome>();
  const payable = items.filter((i) => {
    if (i.destination.rail === 'paypal') return true;
    outcomes.set(i.itemKey, { state: 'failed', reason: 'no_payout_method' });
    return false;
  });
  if (payable.length === 0) return { outcomes };
  const body = {
    sender_batch_header: { sender_batch_id: run.runUid, recipient_type: 'EMAIL' },
    items: payable.map((i) => ({
      recipient_type: 'EMAIL',
      amount: { value: minorToDecimal(i.amountMinor, i.currency), currency: i.currency.toUpperCase() },
      receiver: (i.destination as { email: string }).email,
      sender_item_id: i.itemKey,
    })),
  };
  const reply = await paypalCall<PayPalBatch>(run.companyId, app, 'POST', '/v1/payments/payouts', body,
    { 'PayPal-Request-Id': await requestIdOf(run, payable) });
  if (reply.kind === 'unknown') return { outcomes };
  if (reply.kind === 'ok') {
    const batchId = reply.body.batch_header?.payout_batch_id;
    if (!batchId) return { outcomes };
    const answer = await answerFromBatch(run.companyId, app, batchId, payable);
    for (const [key, outcome] of outcomes) answer.outcomes.set(key, outcome);
    return answer;
  }
  const { error } = reply;
  if (isDuplicateBatch(error)) {
    // Sent before (a timeout, a retry, another send at the same time): the batch PayPal made is the answer.
    const batchId = existingBatchId(error);
    return batchId ? answerFromBatch(run.companyId, app, batchId, payable) : { outcomes };
  }
  // The same PayPal-Request-Id with another body, or PayPal's own credentials refused: whether it was paid
  // before cannot be told from this answer, so nothing is settled.
  if (isDuplicateRequest(error) || reply.status === 401) return { outcomes };
  // PayPal refused the whole batch (validation, INSUFFICIENT_FUNDS, an unverified sender): nothing was paid.
  const detail = errorLine(error);
  console.warn('paypal: the batch was refused, its items fail provider_rejected', run.companyId, run.runUid, detail);
  const failed = allFailed(payable, 'provider_rejected', detail);
  for (const [key, outcome] of outcomes) failed.outcomes.set(key, outcome);
  return failed;
}

async function status(svc: ServiceContext, run: RailRun, items: RailItem[]): Promise<RailAnswer> {
  // Without the batch id (the send's answer was lost), sending again is how PayPal names the batch: the same
  // sender_batch_id answers "already exists" with its link, and pays nothing twice.
  if (!run.providerBatchId) return send(svc, run, items);
  const app = await appOf(svc, run.companyId);
  return answerFromBatch(run.companyId, app, run.providerBatchId, items);
}

export const paypalRail: Rail = { name: 'paypal', send, status };
