import { Hono } from 'hono';
import { z } from 'zod';
import { t, type Language } from '../../lib/i18n';
import { queryInteger } from '../../lib/schemas/numbers';
import { hasUrlShape } from '../../lib/url-shape';
import { findCompanyByHost } from '../companies/queries';
import { dispatchOutbox } from './delivery';
import { insertOutboxRow, outboxRows } from './queries';
import { ApiError } from '../core/errors';
import { serviceContext } from '../core/service-context';
import type { ApiEnv, ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';

// E-mail leaves the API through a sender; the one we ship writes to the email_outbox table and hands
// the row to delivery (./delivery.ts: the e-mail queue, a provider, retries), so a slow provider
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

/** What a sender needs to hand a new row to delivery after the answer (a ServiceContext has both). */
export interface OutboxDelivery {
  env: Env;
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * The sender every endpoint uses: one row in email_outbox per message. With `delivery` the row goes out
 * at once (queue or provider, after the answer); without it the cron's sweep picks it up.
 */
export function outboxSender(db: D1Database, delivery?: OutboxDelivery): EmailSender {
  return {
    async send(m) {
      const id = await insertOutboxRow(db, m);
      if (delivery && id !== null) delivery.waitUntil(dispatchOutbox(delivery.env, [id]));
    },
  };
}

/**
 * The first name an e-mail may greet its recipient with, or '' (greet without a name). A name is typed by
 * whoever registered the address, an import or a single sign-on, not by the recipient: one that holds a
 * link or anything a reader could take for one (a scheme, www., a domain or e-mail address, an IP address:
 * src/lib/url-shape.ts) is dropped, whole, so no e-mail carries a link or address someone else chose.
 */
export function greetingName(firstName: string | null | undefined): string {
  const name = firstName?.trim() ?? '';
  return name && !hasUrlShape(name) ? name : '';
}

/** "Hi {name}," or, without a name it may use (`greetingName`), "Hi there,". */
export function emailGreeting(lang: Language, firstName: string | null | undefined): string {
  const name = greetingName(firstName);
  return name ? t(lang, 'emailHello', { name }) : t(lang, 'emailHelloAnonymous');
}

export function listOutbox(db: D1Database, companyId: string, to?: string, limit = 50) {
  return outboxRows(db, companyId, to ?? null, limit);
}

export const outboxQuery = z.object({
  host: z.string({ error: 'required' }).min(1, 'required').max(253, 'invalidField'),
  to: z.string({ error: 'invalidField' }).trim().max(254, 'invalidField').optional(),
  limit: queryInteger('invalidField', 1, 200).optional(),
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

/**
 * The route of `devOutboxMessages`: hand-written, not an endpoint, so the API reference (built from the
 * endpoints) never lists a route no deployment serves; tests/worker/openapi.test.ts names it as left out.
 */
export const devOutbox = new Hono<ApiEnv>()
  .get('/dev/outbox/', async (c) => {
    const result = await devOutboxMessages(serviceContext(c), c.req.query() as unknown as OutboxQuery);
    c.header('Cache-Control', 'no-store');
    return c.json(result);
  });
