import { z } from 'zod';
import type { EmailEventInput, EmailEventReceipt } from '../../lib/schemas/email';
import type { RawRequest } from '../core/endpoint';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { mediaType, parseJson, unsupportedMediaType } from '../core/validate';
import { verifyWebhook } from '../webhooks/signing';
import { deleteOldEventReceipts, outboxRowByProviderId, suppressFromEvent } from './queries';

// The mail provider's events (Resend, signed by Svix: the Standard Webhooks scheme). A bounce or a
// complaint puts the address on the sending company's suppression list, so the portal stops writing to
// a dead or unwilling mailbox; the company is the one whose outbox row the provider's e-mail id names.

const emailEventSchema = z.object({
  type: z.string().min(1),
  data: z.object({
    email_id: z.string().min(1).max(200),
    bounce: z.object({ type: z.string().optional(), message: z.string().optional() }).optional(),
  }),
});
type EmailEvent = z.infer<typeof emailEventSchema>;

type EventResult = EmailEventReceipt['result'];

/**
 * How long a delivered event's `webhook-id` is remembered. A replay needs a valid signature, and a
 * signature is refused 5 minutes after its timestamp (verifyWebhook); a day covers that with room, and
 * the provider's own redeliveries (which keep the id) within it.
 */
export const EVENT_ID_RETENTION_MS = 86_400_000;

/**
 * Records one verified provider event, once per `webhook-id`: the address suppressed for the row's
 * company and the row marked, in one batch that first claims the id. A replay (or a redelivery racing
 * the first) finds the id taken and changes nothing, so a suppression the operator lifted in between
 * stays lifted.
 */
async function recordEmailEvent(db: D1Database, webhookId: string, event: EmailEvent): Promise<EventResult> {
  const bounced = event.type === 'email.bounced';
  // A transient bounce (a full mailbox) is the provider's to retry, not a reason to stop writing.
  if ((!bounced && event.type !== 'email.complained') || (bounced && event.data.bounce?.type === 'Transient')) return 'ignored';
  const row = await outboxRowByProviderId(db, event.data.email_id);
  if (!row) return 'unknown_email';
  const detail = (bounced ? `bounced: ${event.data.bounce?.message ?? ''}` : 'complained').slice(0, 500);
  // The statements after the claim apply only under this delivery's nonce: the guard is in SQL.
  const nonce = crypto.randomUUID();
  const { receipt } = await suppressFromEvent(db, { webhookId, nonce, outbox: row, bounced, detail });
  return receipt.changes === 1 ? 'suppressed' : 'duplicate';
}

/** Forgets event ids older than EVENT_ID_RETENTION_MS (the scheduled run). */
export async function pruneEmailEventIds(db: D1Database, now: Date): Promise<number> {
  const { meta } = await deleteOldEventReceipts(db, new Date(now.getTime() - EVENT_ID_RETENTION_MS).toISOString());
  return meta.changes;
}

/** The headers a Standard Webhooks signature is read from (Svix sends the `svix-` names). */
const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'svix-id', 'svix-timestamp', 'svix-signature'];

/**
 * The raw event of POST /v1/email/events, once its signature holds: 404 when the deployment has no
 * RESEND_WEBHOOK_SECRET, 401 when the Standard Webhooks signature does not verify over the exact bytes, then
 * the one body reader's content type and JSON rules (415, 400 invalidJson). Any JSON passes: the handler
 * reads the events it acts on and answers the others 200, so the provider does not retry them.
 */
export async function readEmailEvent(req: RawRequest, svc: ServiceContext): Promise<EmailEventInput> {
  const secret = svc.env.RESEND_WEBHOOK_SECRET;
  if (!secret) throw new ApiError('not_found', 'notFound');
  const body = await req.text();
  const headers = new Headers();
  for (const name of SIGNATURE_HEADERS) {
    const value = req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  if (!(await verifyWebhook(secret, headers, body))) throw new ApiError('unauthorized', 'Invalid webhook signature.');
  // After the signature (it covers the raw bytes): the one body reader's content type and JSON rules.
  if (mediaType({ req }) !== 'application/json') throw unsupportedMediaType('application/json');
  // Not checked against the event's shape here: receiveEmailEvent reads what it acts on (parseIn: 'handler').
  return parseJson(body) as EmailEventInput;
}

/** Applies a verified event (`webhook-id`, or Svix's `svix-id`: verifyWebhook refused a request without one). */
export async function receiveEmailEvent(svc: ServiceContext, webhookId: string, body: unknown): Promise<EmailEventReceipt> {
  const event = emailEventSchema.safeParse(body);
  // Events this endpoint does not read (email.sent, email.opened, ...) carry other data: answered 200 so
  // the provider does not retry them.
  const result = event.success ? await recordEmailEvent(svc.db, webhookId, event.data) : 'ignored';
  return { received: true, result };
}
