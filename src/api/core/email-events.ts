import { Hono } from 'hono';
import { z } from 'zod';
import { verifyWebhook } from '../webhooks/signing';
import { ApiError } from './errors';
import type { ApiEnv } from './types';

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

type EventResult = 'suppressed' | 'ignored' | 'unknown_email';

/** Records one verified provider event: the address suppressed for the row's company, the row marked. */
async function recordEmailEvent(db: D1Database, event: EmailEvent): Promise<EventResult> {
  const bounced = event.type === 'email.bounced';
  // A transient bounce (a full mailbox) is the provider's to retry, not a reason to stop writing.
  if ((!bounced && event.type !== 'email.complained') || (bounced && event.data.bounce?.type === 'Transient')) return 'ignored';
  const row = await db
    .prepare('SELECT id, company_id, to_email FROM email_outbox WHERE provider_id = ?')
    .bind(event.data.email_id)
    .first<{ id: number; company_id: string; to_email: string }>();
  if (!row) return 'unknown_email';
  const detail = (bounced ? `bounced: ${event.data.bounce?.message ?? ''}` : 'complained').slice(0, 500);
  await db.batch([
    db.prepare('INSERT INTO email_suppressions (company_id, email, reason, detail) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(row.company_id, row.to_email, bounced ? 'bounced' : 'complained', detail),
    // A bounced e-mail never arrived; a complained-about one did (it stays sent, with the complaint noted).
    db.prepare(`UPDATE email_outbox SET last_error = ?, status = ${bounced ? "'failed'" : 'status'} WHERE id = ? AND company_id = ?`)
      .bind(detail, row.id, row.company_id),
  ]);
  return 'suppressed';
}

export const emailEvents = new Hono<ApiEnv>()
  // POST /v1/email/events - the provider's delivery events (email.bounced, email.complained)
  .post('/email/events', async (c) => {
    const secret = c.env.RESEND_WEBHOOK_SECRET;
    if (!secret) throw new ApiError('not_found', 'notFound');
    const body = await c.req.text();
    if (!(await verifyWebhook(secret, c.req.raw.headers, body))) throw new ApiError('unauthorized', 'Invalid webhook signature.');
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ApiError('bad_request', 'Body is not JSON.');
    }
    const event = emailEventSchema.safeParse(json);
    // Events this endpoint does not read (email.sent, email.opened, ...) carry other data: answered 200 so
    // the provider does not retry them.
    const result = event.success ? await recordEmailEvent(c.env.DB, event.data) : 'ignored';
    return c.json({ received: true, result });
  });
