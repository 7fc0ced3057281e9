import { Hono } from 'hono';
import { z } from 'zod';
import { findCompanyByHost } from '../portal/queries';
import { ApiError } from './errors';
import { serviceContext } from './service-context';
import type { ApiEnv, ServiceContext } from './types';
import { parseWith } from './validate';

// E-mail leaves the API through a sender; the one we ship writes to the email_outbox table. Delivery
// to a real provider is a separate step (deliverOutbox) that reads unsent rows, so a slow provider
// never holds up a request and every message can be inspected locally (scripts/outbox.mjs, /dev/outbox).

export interface EmailMessage {
  companyId: string;
  to: string;
  /** welcome, reset_password, set_password, ... */
  template: string;
  subject: string;
  text: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** The sender every endpoint uses: one row in email_outbox per message. */
export function outboxSender(db: D1Database): EmailSender {
  return {
    async send(m) {
      await db
        .prepare('INSERT INTO email_outbox (company_id, to_email, template, subject, body_text) VALUES (?, ?, ?, ?, ?)')
        .bind(m.companyId, m.to, m.template, m.subject, m.text)
        .run();
    },
  };
}

/** A mail provider (an HTTP e-mail API); none is wired in yet. */
export interface EmailProvider {
  deliver(message: EmailMessage & { id: number }): Promise<void>;
}

interface OutboxRow {
  id: number; company_id: string; to_email: string; template: string; subject: string; body_text: string;
  created_at: string; sent_at: string | null;
}

/**
 * Sends up to `max` unsent outbox rows through a provider and stamps sent_at on each one delivered.
 * Meant for a scheduled handler once a provider is chosen; a failure leaves the row for the next run.
 */
export async function deliverOutbox(db: D1Database, provider: EmailProvider, max = 50) {
  const { results } = await db
    .prepare('SELECT * FROM email_outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?')
    .bind(max)
    .all<OutboxRow>();
  let sent = 0;
  for (const row of results) {
    try {
      await provider.deliver({ id: row.id, companyId: row.company_id, to: row.to_email, template: row.template, subject: row.subject, text: row.body_text });
      await db.prepare('UPDATE email_outbox SET sent_at = ? WHERE id = ? AND company_id = ?').bind(new Date().toISOString(), row.id, row.company_id).run();
      sent++;
    } catch (err) {
      console.error('email: delivery failed', row.id, err);
    }
  }
  return sent;
}

export function listOutbox(db: D1Database, companyId: string, to?: string, limit = 50) {
  return db
    .prepare(
      `SELECT id, to_email, template, subject, body_text, created_at, sent_at FROM email_outbox
        WHERE company_id = ?1 AND (?2 IS NULL OR to_email = ?2 COLLATE NOCASE) ORDER BY id DESC LIMIT ?3`,
    )
    .bind(companyId, to ?? null, limit)
    .all<Omit<OutboxRow, 'company_id'>>()
    .then((r) => r.results);
}

export const outboxQuery = z.object({
  host: z.string({ error: 'required' }).min(1, 'required').max(253, 'invalidField'),
  to: z.string({ error: 'invalidField' }).trim().max(254, 'invalidField').optional(),
  limit: z.coerce.number({ error: 'invalidField' }).int('invalidField').min(1, 'invalidField').max(200, 'invalidField').optional(),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

/**
 * GET /dev/outbox/?host=&to= - the tenant's latest outbox messages, for local development only:
 * it answers 404 unless the Worker runs with DEV_OUTBOX=1, which production never sets.
 */
export async function devOutboxMessages(svc: ServiceContext, query: OutboxQuery) {
  if (svc.env.DEV_OUTBOX !== '1') throw new ApiError('not_found', 'notFound');
  const q = parseWith(outboxQuery, query);
  const company = await findCompanyByHost(svc.db, q.host);
  if (!company) throw new ApiError('not_found', 'invalidCompany');
  return { results: await listOutbox(svc.db, company.id, q.to || undefined, q.limit) };
}

export const devOutbox = new Hono<ApiEnv>()
  .get('/dev/outbox/', async (c) => {
    const result = await devOutboxMessages(serviceContext(c), c.req.query() as unknown as OutboxQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(result);
  });
